"""The Timing procedure (RG-R7): near the game's end, when a Colony Ship or New Military Tactics
could change whether it ends, the Settle phase is taken in turn in timing order (RG-R6)."""

from events.rulesets.race_for_the_galaxy.placing import GIVING_UP
from events.rulesets.race_for_the_galaxy.state import TABLEAU_END, Game, Player


def settle_in_turn(game: Game) -> bool:
    """Whether the Settle phase beginning now is taken in turn: someone may give up a card, and
    the phase can decide whether a tableau reaches 12 (RG-G1), judged on public facts alone."""
    if not any(_giving_up(game, p) for p in game.players):
        return False
    could = any(len(p.tableau) + bool(p.hand) >= TABLEAU_END for p in game.players)
    # only New Military Tactics lowers a tableau: Colony Ship leaves with the world it places
    must = any(
        len(p.tableau) - _giving_up(game, p, ("temporary_military",)) >= TABLEAU_END
        for p in game.players
    )
    return could and not must


def turn(game: Game) -> int | None:
    """The seat whose turn it is in a phase taken in turn; None once all have taken theirs."""
    return next((seat for seat in game.order if seat not in game.taken), None)


def _giving_up(game: Game, player: Player, kinds: tuple[str, ...] = GIVING_UP) -> int:
    """The player's tableau cards with a power of these kinds; all work once the phase begins."""
    cards = (game.cards.card(c) for c in player.tableau)
    return sum(any(p.kind in kinds for p in card.powers) for card in cards)

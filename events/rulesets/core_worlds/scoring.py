"""The end of the game: bonus and printed Empire Points, then the tie-breakers (CW-F)."""

from events.rulesets.core_worlds.happenings import GameScored
from events.rulesets.core_worlds.state import Cards, Game, Player, Score


def empire(player: Player) -> Cards:
    """Hand, draw pile, discard pile, Warzone and tucked colonists (CW-F2, CW-F3)."""
    return (
        player.hand
        + player.draw
        + player.discard
        + player.warzone
        + player.colonists
        + player.picks
    )


def score(game: Game, seat: int) -> Score:
    cards, player = game.cards.cards, game.players[seat]
    held = [cards[c] for c in empire(player)]
    bonus = 0
    for card_id in empire(player):  # CW-F2
        for ability in cards[card_id].abilities:
            if ability.kind == "bonus_warzone" and card_id in player.warzone:
                bonus += ability.points
            elif ability.kind == "bonus_per_type":
                bonus += ability.points * sum(
                    1 for card in held if any(card.counts_as(t) for t in ability.types)
                )
    printed = sum(card.ep for card in held)  # CW-F3
    worlds = [cards[c] for c in player.warzone if cards[c].is_world]
    return Score(
        seat=seat,
        bonus=bonus,
        printed=printed,
        total=bonus + printed,
        world_energy=sum(w.energy for w in worlds),
        worlds=len(worlds),
    )


def final_scores(game: Game) -> GameScored:
    scores = tuple(score(game, seat) for seat in range(game.seats))
    rank = [(s.total, s.world_energy, s.worlds) for s in scores]  # CW-F4
    best = max(rank)
    winners = tuple(seat for seat, r in enumerate(rank) if r == best)
    return GameScored(scores=scores, winners=winners)

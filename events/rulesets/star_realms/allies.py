"""Which abilities a card in play has now: factions, Stealth Needle's copy, ally unlocks."""

from events.rulesets.star_realms.cardset import Card, Effect
from events.rulesets.star_realms.state import Game


def copied(game: Game, card: int) -> int | None:
    """The ship a Stealth Needle copies this turn, if any (SR-E13)."""
    return next((ship for needle, ship in game.turn.copies if needle == card), None)


def acting_as(game: Game, card: int) -> Card:
    """The card whose abilities `card` has: its own, or the ship it copies."""
    ship = copied(game, card)
    return game.cards.card(card if ship is None else ship)


def factions(game: Game, card: int) -> set[str]:
    own = game.cards.card(card).faction
    ship = copied(game, card)
    found = {own} if own else set()
    if ship is not None and (other := game.cards.card(ship).faction):
        found.add(other)
    return found


def in_play(game: Game, seat: int) -> tuple[int, ...]:
    bases = game.players[seat].bases
    return (*bases, *game.turn.ships) if seat == game.active else bases


def ally_unlocked(game: Game, card: int) -> bool:
    """At some moment this turn the card was in play with another card of its ally's faction,
    or one that allies with every faction; it stays unlocked once it was (SR-P3, SR-E17)."""
    faction = acting_as(game, card).ally_faction
    cards = game.cards

    def allies(other: int) -> bool:
        return other != card and (
            faction in factions(game, other)
            or bool(cards.card(other).static_amount("ally_for_all_factions"))
        )

    return any(card in moment and any(map(allies, moment)) for moment in game.turn.together)


def clause(game: Game, card: int, slot: str) -> tuple[Effect, ...]:
    return acting_as(game, card).clause(slot)


def usable(game: Game, card: int, slot: str) -> bool:
    """Whether the seat in turn may use this ability of its card now (SR-P2 … SR-P4)."""
    if card not in in_play(game, game.active) or (card, slot) in game.turn.used:
        return False
    if not clause(game, card, slot):
        return False
    if slot == "primary":
        return game.cards.card(card).is_base
    if slot == "ally":
        return ally_unlocked(game, card)
    return slot == "scrap"

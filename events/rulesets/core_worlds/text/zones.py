"""The zones a command names cards in, as the seat's view lists them, and taking cards from them."""

from collections.abc import Callable

from events.naming import Unreadable
from events.rulesets.core_worlds.cardset import INVASION_ACTIVE, Card
from events.rulesets.core_worlds.state import Game, Phase
from events.rulesets.core_worlds.text.grammar import Spec
from events.rulesets.core_worlds.text.naming import Zone, resolve

Wanted = Callable[[Card], bool]


def _anything(card: Card) -> bool:
    return True


def central(game: Game, wanted: Wanted = _anything) -> Zone:
    """A name means the copy carrying an energy token, when one does: it is worth +1 (CW-G6)."""
    cards = game.cards.cards
    pool = sorted(
        (c for c in game.central if wanted(cards[c])), key=lambda c: c not in game.tokened
    )
    if game.phase == Phase.SECTOR0:
        return Zone("the Sector 0 cards", "among the Sector 0 cards", game.central, tuple(pool))
    return Zone("the Central Zone", "in the Central Zone", game.central, tuple(pool))


def hand(game: Game, seat: int, wanted: Wanted = _anything) -> Zone:
    cards, held = game.cards.cards, game.players[seat].hand
    return Zone("your hand", "in your hand", held, tuple(c for c in held if wanted(cards[c])))


def warzone(game: Game, seat: int, wanted: Wanted = _anything, extra: tuple[int, ...] = ()) -> Zone:
    """A name means the copy holding the most energy tokens (Genetic Super Soldier's strength)."""
    player, cards = game.players[seat], game.cards.cards
    pool = sorted(
        (c for c in player.warzone if wanted(cards[c])), key=lambda c: -player.tokens_on(c)
    )
    return Zone("your Warzone", "in your Warzone", player.warzone, tuple(pool), extra)


def actions(game: Game, seat: int) -> Zone:
    """Cards with an "as an Action" ability: in the Warzone, or Tactics in hand."""
    player, cards = game.players[seat], game.cards.cards
    tactics = tuple(c for c in player.hand if cards[c].is_tactic and cards[c].has("action"))
    zone = warzone(game, seat, lambda c: c.has("action"))
    return Zone(zone.title, zone.where, zone.cards, (*zone.pool, *tactics), player.hand)


def within(zone: Zone, pool: tuple[int, ...]) -> Zone:
    """The same positions, names taken from the cards a command already chose."""
    return Zone(zone.title, zone.where, zone.cards, pool)


def default_ability(card: Card, kinds: tuple[str, ...]) -> int:
    """The ability a command means when it names none: the card's first of these kinds."""
    return next((i for i, a in enumerate(card.abilities) if a.kind in kinds), 0)


def invasion_card(card: Card) -> bool:
    return card.is_tactic and card.has("strength", *INVASION_ACTIVE)


def card(game: Game, zone: Zone, ref: str, used: set[int] | None = None) -> int:
    return resolve(game.cards.cards, zone, ref, used if used is not None else set())


def cards(game: Game, zone: Zone, refs: list[str], used: set[int]) -> tuple[int, ...]:
    """Each named card in turn, copies taken one after another (`used` grows)."""
    chosen = []
    for ref in refs:
        chosen.append(card(game, zone, ref, used))
        used.add(chosen[-1])
    return tuple(chosen)


def ability(
    game: Game, zone: Zone, spec: Spec, before: list[tuple[int, int]], kinds: tuple[str, ...]
) -> tuple[int, int]:
    """The card and ability a spec names; copies already named for that ability are skipped."""
    known = game.cards.cards

    def index(named: int) -> int:
        return default_ability(known[named], kinds) if spec.ability is None else spec.ability

    chosen = card(game, zone, spec.ref, {c for c, a in before if a == index(c)})
    if spec.ability is not None and spec.ability >= len(known[chosen].abilities):
        raise Unreadable(f"{known[chosen].name} has no ability #{spec.ability + 1}")
    return chosen, index(chosen)

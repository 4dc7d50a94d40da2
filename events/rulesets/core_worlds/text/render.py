"""Writing a decision as the command that says it: `parse(render(d)) == d`."""

from typing import Any

from events.rulesets.core_worlds.cardset import INVASION_ACTIVE
from events.rulesets.core_worlds.decisions import (
    Declare,
    Deploy,
    Draft,
    Invade,
    Keep,
    Pick,
    Reshuffle,
    UseAction,
)
from events.rulesets.core_worlds.phases import TABLE
from events.rulesets.core_worlds.state import Game
from events.rulesets.core_worlds.text import zones
from events.rulesets.core_worlds.text.naming import Zone, reference


def render(game: Game, seat: int, decision: Any) -> str:
    """The canonical text of a decision the seat may take: as its ask writes it, where it
    declares how."""
    if (written := TABLE.written(game, seat, decision)) is not None:
        return written
    match decision:
        case Pick(card=card):
            return f"pick {_name(game, zones.central(game), card)}"
        case Draft(card=card):
            return f"draft {_name(game, zones.central(game, lambda c: not c.is_world), card)}"
        case Deploy(units=units):
            return f"deploy {_names(game, zones.hand(game, seat, lambda c: c.is_unit), units)}"
        case Invade():
            return _invade(game, seat, decision)
        case UseAction():
            return _use(game, seat, decision)
        case Declare():
            return _declare(game, seat, decision)
        case Keep(card=None):
            return "keep nothing"
        case Keep(card=card):
            return f"keep {_name(game, zones.hand(game, seat), card)}"
        case Reshuffle(shuffle=shuffle):
            return "shuffle" if shuffle else "no shuffle"
    raise TypeError(f"Core Worlds has no decision {type(decision).__name__}")


def _name(game: Game, zone: Zone, card: int, used: set[int] | None = None) -> str:
    return reference(game.cards.cards, zone, card, used if used is not None else set())


def _names(game: Game, zone: Zone, chosen: tuple[int, ...], used: set[int] | None = None) -> str:
    """Named in turn, as parse takes copies one after another (`used` grows)."""
    used = used if used is not None else set()
    written = []
    for card in chosen:
        written.append(_name(game, zone, card, used))
        used.add(card)
    return ", ".join(written)


def _spec(
    game: Game,
    zone: Zone,
    card: int,
    ability: int,
    before: list[tuple[int, int]],
    kinds: tuple[str, ...],
) -> str:
    """`Name`, with `#N` when the ability is not the card's first of these kinds."""
    name = _name(game, zone, card, {c for c, a in before if a == ability})
    cards = game.cards.cards
    plain = 0 <= card < len(cards) and ability == zones.default_ability(cards[card], kinds)
    return name if plain else f"{name}#{ability + 1}"


def _invade(game: Game, seat: int, decision: Invade) -> str:
    field = zones.warzone(game, seat, lambda c: c.is_unit)
    world = _name(game, zones.central(game, lambda c: c.is_world), decision.world)
    parts = [f"invade {world}"]
    if decision.units:
        parts.append(f"with {_names(game, field, decision.units)}")
    spent: set[int] = set()
    if decision.tactics:
        tactics = zones.hand(game, seat, zones.invasion_card)
        parts.append(f"playing {_names(game, tactics, decision.tactics, spent)}")
    used = zones.within(field, (*decision.units, *decision.tactics))
    clause: list[str] = []
    for index, use in enumerate(decision.uses):
        before = [(u.card, u.ability) for u in decision.uses[:index]]
        text = _spec(game, used, use.card, use.ability, before, INVASION_ACTIVE)
        text += f":{use.choice}" if use.choice else ""
        clause.append(text + (f" x{use.times}" if use.times != 1 else ""))
        if use.discards:
            discards = _names(game, zones.hand(game, seat), use.discards, spent)
            parts.append(f"using {', '.join(clause)} discarding {discards}")
            clause = []
    if clause:
        parts.append(f"using {', '.join(clause)}")
    if decision.colonist is not None:
        colonist = _name(game, zones.within(field, decision.units), decision.colonist)
        parts.append(f"colonise {colonist}")
    return " ".join(parts)


def _use(game: Game, seat: int, decision: UseAction) -> str:
    zone = zones.actions(game, seat)
    text = f"use {_spec(game, zone, decision.card, decision.ability, [], ('action',))}"
    if decision.discards:
        spent = {decision.card} if decision.card in game.players[seat].hand else set()
        text += f" discard {_names(game, zones.hand(game, seat), decision.discards, spent)}"
    return text


def _declare(game: Game, seat: int, decision: Declare) -> str:
    player, cards = game.players[seat], game.cards.cards
    spent: set[int] = set()
    clauses = []
    if decision.surges:
        surges = zones.hand(game, seat, lambda c: c.has("surge"))
        clauses.append(f"play {_names(game, surges, decision.surges, spent)}")
    field = zones.warzone(game, seat, lambda c: c.has("energy_exchange"))
    for index, exchange in enumerate(decision.exchanges):
        discards = _names(game, zones.hand(game, seat), exchange.discards, spent)
        discard = f" discard {discards}" if discards else ""
        home = zones.default_ability(cards[player.home], ("energy_exchange",))
        if exchange.source == player.home and exchange.ability == home:
            clauses.append(f"explore{discard}")
            continue
        before = [(e.source, e.ability) for e in decision.exchanges[:index]]
        source = _spec(game, field, exchange.source, exchange.ability, before, ("energy_exchange",))
        clauses.append(f"use {source}{discard}")
    return "; ".join(clauses) or "pass"

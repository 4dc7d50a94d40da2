"""One line per event, for one seat's eyes: cards from a hand or a deck are named only to
their owner ("Ben drew 6 cards"); what is played, drafted or conquered is named to all."""

from collections.abc import Sequence
from typing import Any

from events.kit.words import count, listing
from events.rulesets.core_worlds.asked import asked
from events.rulesets.core_worlds.cardset import DECKS
from events.rulesets.core_worlds.happenings import (
    ActionUsed,
    CardsReturned,
    DeckShuffled,
    Deployed,
    Drafted,
    Drew,
    EnergyDeclared,
    EnergyProduced,
    GalacticDrawn,
    GameScored,
    Invaded,
    InvasionFailed,
    Kept,
    Passed,
    PhaseBegan,
    Picked,
    ReshuffleChosen,
    RoundEnded,
    Sector0Dealt,
    Sector0Ended,
    Setup,
    TokensPlaced,
    TurnBegan,
)
from events.rulesets.core_worlds.loader import load
from events.rulesets.core_worlds.phases import TABLE
from events.rulesets.core_worlds.state import PHASE_NAMES, Game, Phase
from events.rulesets.core_worlds.words import Words


def narrate(before: Game | None, event: Any, seat: int | None, players: Sequence[str]) -> str:
    if isinstance(event, Setup):
        return _setup(Words(load(event.card_set).cards, seat, players), event)
    if type(event) in _EVENTS and before is not None:
        return _EVENTS[type(event)](Words(before.cards.cards, seat, players), before, event)
    # a decision sent before the game was set up names its cards by number
    return asked(Words(before.cards.cards if before else (), seat, players), event)


def _setup(w: Words, e: Setup) -> str:
    homes = listing(f"{w.who(s)} {w.name(h)}" for s, h in enumerate(e.homes))
    line = f"The game is set up. Home Worlds: {homes}; {w.who(e.destiny)} holds Destiny"
    tokens = [f"{n} for {w.who(s)}" for s, n in enumerate(e.surge_tokens) if n]
    if tokens:
        line += f"; Energy Surge tokens: {listing(tokens)}"
    return line + (", and the Sector 0 draft comes first" if e.sector0 else "")


def _sector0_dealt(w: Words, g: Game, e: Sector0Dealt) -> str:
    set_aside = listing(dict.fromkeys(w.name(c) for c in e.removed))
    return (
        f"Sector 0 draft: every player sets aside {set_aside}; "
        f"{count(len(e.cards))} are dealt face up: {w.names(e.cards)}"
    )


def _picked(w: Words, g: Game, e: Picked) -> str:
    return f"{w.who(e.seat)} picked {w.name(e.card)} for the starting deck"


def _sector0_ended(w: Words, g: Game, e: Sector0Ended) -> str:
    return f"The Sector 0 draft is over; unpicked, {w.names(e.unpicked)} left the game"


def _deck_shuffled(w: Words, g: Game, e: DeckShuffled) -> str:
    who, size = w.who(e.seat), count(len(e.order))
    if g.phase == Phase.SECTOR0:
        return f"{who} shuffled the Sector 0 picks into the starting deck: {size}"
    if g.phase == Phase.RESHUFFLE:
        return f"{who} shuffled the discard pile into the draw pile: {size}"
    return f"{who}'s draw pile ran out: the discard pile was shuffled into a new one of {size}"


def _drew(w: Words, g: Game, e: Drew) -> str:
    return f"{w.who(e.seat)} drew {w.secret(e.seat, e.cards)}"


def _phase_began(w: Words, g: Game, e: PhaseBegan) -> str:
    if e.phase == Phase.DRAW:
        return f"Round {g.round}: the Draw phase began"
    if e.phase == Phase.RESHUFFLE:
        return "Entering Sector V, each player may shuffle the discard pile into the draw pile"
    return f"The {PHASE_NAMES[e.phase]} began"


def _energy_produced(w: Words, g: Game, e: EnergyProduced) -> str:
    return "Worlds produced energy: " + listing(f"{w.who(s)} +{n}" for s, n in enumerate(e.amounts))


def _energy_declared(w: Words, g: Game, e: EnergyDeclared) -> str:
    who = w.who(e.seat)
    if not e.surges and not e.exchanges:
        return f"{who} declared no energy boost"
    parts = [f"played {w.names(e.surges)}"] if e.surges else []
    for exchange in e.exchanges:
        discards = w.secret(e.seat, exchange.discards)
        parts.append(f"used {w.name(exchange.source)}, discarding {discards}")
    return f"{who} {listing(parts)}: {e.gain:+d} energy"


def _cards_returned(w: Words, g: Game, e: CardsReturned) -> str:
    return (
        f"{count(len(e.cards))} with energy tokens left the Central Zone for the top of "
        f"their Galactic decks: {w.names(e.cards)}"
    )


def _tokens_placed(w: Words, g: Game, e: TokensPlaced) -> str:
    return f"An energy token went on each card left in the Central Zone: {w.names(e.cards)}"


def _galactic_drawn(w: Words, g: Game, e: GalacticDrawn) -> str:
    return (
        f"{count(len(e.cards))} from Galactic deck {DECKS[e.deck]} entered the Central "
        f"Zone: {w.names(e.cards)}"
    )


def _turn_began(w: Words, g: Game, e: TurnBegan) -> str:
    player = g.players[e.seat]
    points = count(player.action_points, "action point")
    return f"{w.who(e.seat)}'s turn: {points}, {player.energy} energy"


def _drafted(w: Words, g: Game, e: Drafted) -> str:
    line = f"{w.who(e.seat)} drafted {w.name(e.card)} for {e.cost} energy"
    card = w.card(e.card)
    if card is not None and card.kind == "prestige":
        line += ", straight into the Warzone"
    if e.token:
        line += ", and its energy token gave +1 energy"
    elif e.card in g.tokened:  # a Prestige card's token gives nothing (CW-G6)
        line += ", and its energy token went back"
    return line


def _deployed(w: Words, g: Game, e: Deployed) -> str:
    costs = listing(f"{w.name(u)} ({n} energy)" for u, n in zip(e.units, e.costs, strict=True))
    return f"{w.who(e.seat)} deployed {costs}"


def _invaded(w: Words, g: Game, e: Invaded) -> str:
    world = w.card(e.world)
    need = (world.fleet, world.ground) if world is not None else (0, 0)
    line = (
        f"{w.who(e.seat)} conquered {w.name(e.world)}: fleet {e.fleet} of {need[0]}, "
        f"ground {e.ground} of {need[1]}, with {w.names(e.units) if e.units else 'no Units'}"
    )
    if e.tactics:
        line += f", playing {w.names(e.tactics)}"
    if e.discards:
        line += f", discarding {w.secret(e.seat, e.discards)}"
    line += f"; {e.energy} energy" + (", +1 from its energy token" if e.token else "")
    if e.colonist is not None:
        line += f"; {w.name(e.colonist)} colonises it"
    if e.survivors:
        line += f"; {w.names(e.survivors)} stayed in the Warzone"
    return line


def _invasion_failed(w: Words, g: Game, e: InvasionFailed) -> str:
    world = w.card(e.world)
    need = (world.fleet, world.ground) if world is not None else (0, 0)
    line = (
        f"{w.who(e.seat)}'s invasion of {w.name(e.world)} fell short: "
        f"fleet {e.fleet} of {need[0]}, ground {e.ground} of {need[1]}"
    )
    if e.tactics:
        line += f", playing {w.names(e.tactics)}"
    if e.discards:
        line += f", discarding {w.secret(e.seat, e.discards)}"
    return line + f"; {e.energy} energy spent"


def _action_used(w: Words, g: Game, e: ActionUsed) -> str:
    costs = [f"paying {e.energy} energy"] if e.energy else []
    costs += [f"discarding {w.secret(e.seat, e.discards)}"] if e.discards else []
    gains = [f"+{e.gain} energy"] if e.gain else []
    gains += [f"{count(e.counter, 'energy token')} on it"] if e.counter else []
    line = f'{w.who(e.seat)} used the "as an Action" ability of {w.name(e.card)}'
    line += f", {listing(costs)}" if costs else ""
    return line + (f": {listing(gains)}" if gains else "")


def _passed(w: Words, g: Game, e: Passed) -> str:
    who, player = w.who(e.seat), g.players[e.seat]
    if not e.forced:
        left = f", giving up {count(player.action_points, 'action point')}"
        return f"{who} passed" + (left if player.action_points else "")
    if player.action_points == 0:
        return f"{who} was passed: no action points left"
    return f"{who} was passed: no energy left, and nothing to do without it"


def _kept(w: Words, g: Game, e: Kept) -> str:
    who, hand = w.who(e.seat), g.players[e.seat].hand
    lost = g.players[e.seat].energy
    energy = f"; {lost} unspent energy is lost" if lost else ""
    if not hand:
        return f"{who} had no cards to discard{energy}"
    rest = tuple(c for c in hand if c != e.card) if e.card is not None else hand
    discarded = f"discarded {w.secret(e.seat, rest)}" if rest else "discarded nothing"
    if e.card is None:
        return f"{who} kept nothing and {discarded}{energy}"
    kept = w.name(e.card) if w.seat == e.seat else "a card"
    return f"{who} kept {kept} and {discarded}{energy}"


def _round_ended(w: Words, g: Game, e: RoundEnded) -> str:
    sector = g.cards.sector(e.round)
    return (
        f"Round {g.round} is over. Round {e.round}, Sector {DECKS[sector.number]} "
        f"({sector.name}): {w.who(e.destiny)} holds Destiny; "
        f"{count(e.action_points, 'action point')} each"
    )


def _reshuffle_chosen(w: Words, g: Game, e: ReshuffleChosen) -> str:
    who = w.who(e.seat)
    if e.shuffle:
        return f"{who} chose to shuffle the discard pile into the draw pile"
    if not g.players[e.seat].discard:
        return f"{who} had no discard pile to shuffle in"
    return f"{who} chose to leave the discard pile as it is"


def _game_scored(w: Words, g: Game, e: GameScored) -> str:
    ranked = sorted(e.scores, key=lambda s: -s.total)
    totals = listing(f"{w.who(s.seat)} {s.total} ({s.printed} + {s.bonus} bonus)" for s in ranked)
    winners = listing(w.who(s) for s in e.winners)
    verdict = f"{winners} wins" if len(e.winners) == 1 else f"{winners} share the victory"
    tied = sum(1 for s in e.scores if s.total == ranked[0].total) > len(e.winners)
    return f"Game over: {verdict}" + (" on the tie-breakers" if tied else "") + f". {totals}"


_EVENTS: dict[type, Any] = {
    Sector0Dealt: _sector0_dealt,
    Picked: _picked,
    Sector0Ended: _sector0_ended,
    DeckShuffled: _deck_shuffled,
    Drew: _drew,
    PhaseBegan: _phase_began,
    EnergyProduced: _energy_produced,
    EnergyDeclared: _energy_declared,
    CardsReturned: _cards_returned,
    TokensPlaced: _tokens_placed,
    GalacticDrawn: _galactic_drawn,
    TurnBegan: _turn_began,
    Drafted: _drafted,
    Deployed: _deployed,
    Invaded: _invaded,
    InvasionFailed: _invasion_failed,
    ActionUsed: _action_used,
    Passed: _passed,
    Kept: _kept,
    RoundEnded: _round_ended,
    ReshuffleChosen: _reshuffle_chosen,
    GameScored: _game_scored,
    **TABLE.narrations(),  # the events told beside the asks that write them
}

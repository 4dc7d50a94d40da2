"""Reading a command: the text a player sends, as the decision the rules judge."""

from collections.abc import Callable
from typing import Any

from events.rulesets.core_worlds.cardset import INVASION_ACTIVE
from events.rulesets.core_worlds.decisions import (
    Declare,
    Deploy,
    Draft,
    Exchange,
    Invade,
    Keep,
    Pass,
    Pick,
    Reshuffle,
    Use,
    UseAction,
    UseSurgeToken,
)
from events.rulesets.core_worlds.state import ENERGY, SECTOR0, Game
from events.rulesets.core_worlds.text import grammar, zones
from events.rulesets.core_worlds.text.help import help_text
from events.rulesets.core_worlds.text.naming import TextError, Unreadable, Zone, normal, resolve
from events.rulesets.core_worlds.text.naming import suggest as nearest

SHUFFLE = {"shuffle", "reshuffle", "shuffle yes", "reshuffle yes"}
NO_SHUFFLE = {"no shuffle", "dont shuffle", "shuffle no", "no reshuffle", "reshuffle no"}
NOTHING = {"nothing", "none", "no card"}
HELP = {"help", "?", "commands"}


def parse(game: Game, seat: int, text: str) -> Any:
    """The decision `text` says, or a TextError saying what was expected."""
    if not 0 <= seat < game.seats:
        return TextError(f"there is no seat {seat} in this {game.seats}-player game")
    try:
        return _read(game, seat, text)
    except Unreadable as error:
        return TextError(error.message)


def _read(game: Game, seat: int, text: str) -> Any:
    text = text.strip().rstrip(".!")
    said = normal(text)
    if text.strip().lower() in HELP:
        raise Unreadable(help_text(game, seat))
    if said in SHUFFLE or said in NO_SHUFFLE:
        return Reshuffle(shuffle=said in SHUFFLE)
    verb, _, rest = text.partition(" ")
    verb = normal(verb)
    if verb in DECLARING and (game.phase == ENERGY or verb not in READERS):
        return _declare(game, seat, text)
    reader = READERS.get(verb)
    if reader is None:
        near = nearest(verb, [*READERS, *DECLARING])
        guess = f"did you mean {near}? " if near else ""
        what = f"'{verb}' is not a command" if verb else "say a command"
        raise Unreadable(f"{what}; {guess}'help' lists the commands you may give now")
    return reader(game, seat, rest.strip())


def _card(game: Game, zone: Zone, ref: str, used: set[int] | None = None) -> int:
    return resolve(game.cards.cards, zone, ref, used if used is not None else set())


def _cards(game: Game, zone: Zone, refs: list[str], used: set[int]) -> tuple[int, ...]:
    """Each named card in turn, copies taken one after another (`used` grows)."""
    chosen = []
    for ref in refs:
        chosen.append(_card(game, zone, ref, used))
        used.add(chosen[-1])
    return tuple(chosen)


def _alone(verb: str, rest: str) -> None:
    if rest:
        raise Unreadable(f"'{verb}' takes nothing after it, not '{rest}'")


def _pick(game: Game, seat: int, rest: str) -> Pick | Draft:
    if not rest:
        raise Unreadable("name a card to take: 'draft Hercules Bomber', or its position")
    if game.phase == SECTOR0:
        return Pick(card=_card(game, zones.central(game), rest))
    return Draft(card=_card(game, zones.central(game, lambda c: not c.is_world), rest))


def _deploy(game: Game, seat: int, rest: str) -> Deploy:
    refs = grammar.items(rest)
    if not refs:
        raise Unreadable("name the Units to deploy from your hand, in order")
    return Deploy(units=_cards(game, zones.hand(game, seat, lambda c: c.is_unit), refs, set()))


def _invade(game: Game, seat: int, rest: str) -> Invade:
    world_ref, clauses = grammar.invasion(rest)
    if not world_ref:
        raise Unreadable("name the World to invade: 'invade Zeus with 3 5 7'")
    world = _card(game, zones.central(game, lambda c: c.is_world), world_ref)
    parts: dict[str, list[str]] = {"units": [], "tactics": [], "uses": [], "colonist": []}
    for part, clause in clauses:
        parts[part] += [clause] if part in ("uses", "colonist") else grammar.items(clause)
    if len(parts["colonist"]) > 1:
        raise Unreadable("one Unit at most colonises the World")
    field = zones.warzone(game, seat, lambda c: c.is_unit)
    units = _cards(game, field, parts["units"], set())
    spent: set[int] = set()  # hand cards played or discarded, each once
    tactics = _cards(game, zones.hand(game, seat, zones.invasion_card), parts["tactics"], spent)
    uses: list[Use] = []
    for clause in parts["uses"]:
        before, discards = grammar.discarding(clause)
        specs = [grammar.spec(item) for item in grammar.items(before)]
        if not specs:
            raise Unreadable("after 'using' name a Unit or Tactic of this invasion")
        for spec in specs:
            named = [(u.card, u.ability) for u in uses]
            card, ability = _ability(game, zones.within(field, (*units, *tactics)), spec, named)
            last = spec is specs[-1]
            chosen = _cards(game, zones.hand(game, seat), discards, spent) if last else ()
            uses.append(
                Use(
                    card=card,
                    ability=ability,
                    times=spec.times,
                    discards=chosen,
                    choice=spec.choice,
                )
            )
    colonist = None
    for ref in parts["colonist"]:
        colonist = _card(game, zones.within(field, units), ref)
    return Invade(world=world, units=units, tactics=tactics, uses=tuple(uses), colonist=colonist)


def _ability(
    game: Game,
    zone: Zone,
    spec: grammar.Spec,
    before: list[tuple[int, int]],
    kinds: tuple[str, ...] = INVASION_ACTIVE,
) -> tuple[int, int]:
    """The card and ability a spec names; copies already named for that ability are skipped."""
    cards = game.cards.cards

    def index(card: int) -> int:
        return zones.default_ability(cards[card], kinds) if spec.ability is None else spec.ability

    card = _card(game, zone, spec.ref, {c for c, a in before if a == index(c)})
    if spec.ability is not None and spec.ability >= len(cards[card].abilities):
        raise Unreadable(f"{cards[card].name} has no ability #{spec.ability + 1}")
    return card, index(card)


def _use(game: Game, seat: int, rest: str) -> UseAction:
    before, discards = grammar.discarding(rest)
    spec = grammar.spec(before)
    if not spec.ref:
        raise Unreadable('name the card whose "as an Action" ability you use')
    if spec.choice or spec.times != 1:
        raise Unreadable('an "as an Action" ability takes no choice and is used once')
    player, cards = game.players[seat], game.cards.cards
    tactics = tuple(c for c in player.hand if cards[c].is_tactic and cards[c].has("action"))
    zone = zones.warzone(game, seat, lambda c: c.has("action"), extra=player.hand)
    zone = Zone(zone.title, zone.where, zone.cards, (*zone.pool, *tactics), zone.extra)
    card, ability = _ability(game, zone, spec, [], ("action",))
    spent = {card} if card in player.hand else set()
    return UseAction(
        card=card, ability=ability, discards=_cards(game, zones.hand(game, seat), discards, spent)
    )


def _declare(game: Game, seat: int, text: str) -> Declare:
    """Energy Surge cards played and Energy-phase abilities used, in one declaration (CW-E2)."""
    player, cards = game.players[seat], game.cards.cards
    surges: tuple[int, ...] = ()
    exchanges: list[Exchange] = []
    spent: set[int] = set()  # hand cards played or discarded, each once
    clauses = grammar.declarations(text)
    for clause in clauses:
        verb, _, rest = clause.partition(" ")
        verb, rest = normal(verb), rest.strip()
        before, discards = grammar.discarding(rest)
        if verb == "pass":
            _alone("pass", rest if len(clauses) == 1 else "; ".join(c for c in clauses[1:]))
        elif verb == "play":
            if not rest:
                raise Unreadable("name the Energy Surge cards to play: 'play Energy Surge'")
            played = zones.hand(game, seat, lambda c: c.has("surge"))
            surges += _cards(game, played, grammar.items(rest), spent)
        elif verb == "explore":
            if before.strip():
                raise Unreadable("explore discards cards from your hand: 'explore discard 2 9'")
            ability = zones.default_ability(cards[player.home], ("energy_exchange",))
            chosen = _cards(game, zones.hand(game, seat), discards, spent)
            exchanges.append(Exchange(source=player.home, ability=ability, discards=chosen))
        elif verb == "use":
            spec = grammar.spec(before)
            if not spec.ref or spec.choice or spec.times != 1:
                raise Unreadable("say which card's Energy-phase ability: 'use <card> discard 3'")
            field = zones.warzone(game, seat, lambda c: c.has("energy_exchange"))
            named = [(e.source, e.ability) for e in exchanges]
            source, ability = _ability(game, field, spec, named, ("energy_exchange",))
            chosen = _cards(game, zones.hand(game, seat), discards, spent)
            exchanges.append(Exchange(source=source, ability=ability, discards=chosen))
        else:
            raise Unreadable(
                f"'{clause}' is not an Energy-phase declaration: say 'play Energy Surge', "
                "'explore discard 2 9', 'use <card> discard <cards>' or 'pass'"
            )
    return Declare(surges=surges, exchanges=tuple(exchanges))


def _keep(game: Game, seat: int, rest: str) -> Keep:
    if normal(rest) in NOTHING:
        return Keep()
    if not rest:
        raise Unreadable("keep which card? name one from your hand, or say 'keep nothing'")
    return Keep(card=_card(game, zones.hand(game, seat), rest))


def _pass(game: Game, seat: int, rest: str) -> Pass:
    _alone("pass", rest)
    return Pass()


def _surge(game: Game, seat: int, rest: str) -> UseSurgeToken:
    _alone("surge", rest)
    if game.phase == ENERGY:
        raise Unreadable(
            "the Energy Surge token is used on your turn in the Action phase; "
            "to play Energy Surge cards now, say 'play Energy Surge'"
        )
    return UseSurgeToken()


def _shuffle(game: Game, seat: int, rest: str) -> Reshuffle:
    raise Unreadable(
        "say 'shuffle' to shuffle your discard pile into your draw pile, or 'no shuffle'"
    )


Reader = Callable[[Game, int, str], Any]
READERS: dict[str, Reader] = {
    "pick": _pick,
    "draft": _pick,
    "deploy": _deploy,
    "invade": _invade,
    "use": _use,
    "surge": _surge,
    "pass": _pass,
    "keep": _keep,
    "shuffle": _shuffle,
    "reshuffle": _shuffle,
}
DECLARING = ("play", "explore", "use", "pass")

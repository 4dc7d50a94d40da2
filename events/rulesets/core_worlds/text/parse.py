"""Reading a command: the text a player sends, as the decision the rules judge."""

from collections.abc import Callable
from typing import Any

from events.kit.commands import command
from events.naming import Unreadable, normal
from events.naming import suggest as nearest
from events.rulesets.core_worlds.cardset import INVASION_ACTIVE
from events.rulesets.core_worlds.decisions import (
    Deploy,
    Draft,
    Invade,
    Keep,
    Pick,
    Reshuffle,
    Use,
    UseAction,
)
from events.rulesets.core_worlds.phases import TABLE
from events.rulesets.core_worlds.state import Game, Phase
from events.rulesets.core_worlds.text import grammar, zones
from events.rulesets.core_worlds.text.declare import declare
from events.rulesets.core_worlds.text.help import help_text

SHUFFLE = {"shuffle", "reshuffle", "shuffle yes", "reshuffle yes"}
NO_SHUFFLE = {"no shuffle", "dont shuffle", "shuffle no", "no reshuffle", "reshuffle no"}
NOTHING = {"nothing", "none", "no card"}
HELP = {"help", "?", "commands"}


def parse(game: Game, seat: int, text: str) -> Any:
    """The decision `text` says, or a TextError saying what was expected."""
    return command(_read, game, seat, game.seats, text)


def _read(game: Game, seat: int, text: str) -> Any:
    text = text.strip().rstrip(".!")
    said = normal(text)
    if text.strip().lower() in HELP:
        raise Unreadable(help_text(game, seat))
    if said in SHUFFLE or said in NO_SHUFFLE:
        return Reshuffle(shuffle=said in SHUFFLE)
    verb, _, rest = text.partition(" ")
    verb = normal(verb)
    if verb in DECLARING and (game.phase == Phase.ENERGY or verb not in READERS):
        return declare(game, seat, text)
    reader = READERS.get(verb)
    if reader is None:
        near = nearest(verb, [*READERS, *DECLARING])
        guess = f"did you mean {near}? " if near else ""
        what = f"'{verb}' is not a command" if verb else "say a command"
        raise Unreadable(f"{what}; {guess}'help' lists the commands you may give now")
    return reader(game, seat, rest.strip())


def _pick(game: Game, seat: int, rest: str) -> Pick | Draft:
    if not rest:
        raise Unreadable("name a card to take: 'draft Hercules Bomber', or its position")
    if game.phase == Phase.SECTOR0:
        return Pick(card=zones.card(game, zones.central(game), rest))
    return Draft(card=zones.card(game, zones.central(game, lambda c: not c.is_world), rest))


def _deploy(game: Game, seat: int, rest: str) -> Deploy:
    refs = grammar.items(rest)
    if not refs:
        raise Unreadable("name the Units to deploy from your hand, in order")
    return Deploy(units=zones.cards(game, zones.hand(game, seat, lambda c: c.is_unit), refs, set()))


def _invade(game: Game, seat: int, rest: str) -> Invade:
    world_ref, clauses = grammar.invasion(rest)
    if not world_ref:
        raise Unreadable("name the World to invade: 'invade Zeus with 3 5 7'")
    world = zones.card(game, zones.central(game, lambda c: c.is_world), world_ref)
    parts: dict[str, list[str]] = {"units": [], "tactics": [], "uses": [], "colonist": []}
    for part, clause in clauses:
        parts[part] += [clause] if part in ("uses", "colonist") else grammar.items(clause)
    if len(parts["colonist"]) > 1:
        raise Unreadable("one Unit at most colonises the World")
    field = zones.warzone(game, seat, lambda c: c.is_unit)
    units = zones.cards(game, field, parts["units"], set())
    spent: set[int] = set()  # hand cards played or discarded, each once
    tactics = zones.cards(
        game, zones.hand(game, seat, zones.invasion_card), parts["tactics"], spent
    )
    uses: list[Use] = []
    for clause in parts["uses"]:
        before, discards = grammar.discarding(clause)
        specs = [grammar.spec(item) for item in grammar.items(before)]
        if not specs:
            raise Unreadable("after 'using' name a Unit or Tactic of this invasion")
        for spec in specs:
            named = [(u.card, u.ability) for u in uses]
            zone = zones.within(field, (*units, *tactics))
            card, ability = zones.ability(game, zone, spec, named, INVASION_ACTIVE)
            last = spec is specs[-1]
            chosen = zones.cards(game, zones.hand(game, seat), discards, spent) if last else ()
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
        colonist = zones.card(game, zones.within(field, units), ref)
    return Invade(world=world, units=units, tactics=tactics, uses=tuple(uses), colonist=colonist)


def _use(game: Game, seat: int, rest: str) -> UseAction:
    before, discards = grammar.discarding(rest)
    spec = grammar.spec(before)
    if not spec.ref:
        raise Unreadable('name the card whose "as an Action" ability you use')
    if spec.choice or spec.times != 1:
        raise Unreadable('an "as an Action" ability takes no choice and is used once')
    card, ability = zones.ability(game, zones.actions(game, seat), spec, [], ("action",))
    spent = {card} if card in game.players[seat].hand else set()
    return UseAction(
        card=card,
        ability=ability,
        discards=zones.cards(game, zones.hand(game, seat), discards, spent),
    )


def _keep(game: Game, seat: int, rest: str) -> Keep:
    if normal(rest) in NOTHING:
        return Keep()
    if not rest:
        raise Unreadable("keep which card? name one from your hand, or say 'keep nothing'")
    return Keep(card=zones.card(game, zones.hand(game, seat), rest))


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
    **TABLE.readers(),  # the commands asks declare with their rule
    "keep": _keep,
    "shuffle": _shuffle,
    "reshuffle": _shuffle,
}
DECLARING = ("play", "explore", "use", "pass")

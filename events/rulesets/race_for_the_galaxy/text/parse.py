"""Reading a command: the text a player sends, as the decision the rules judge. Cards are
named as printed (any case, a unique beginning or a later word) or by position in the zone
the view lists, counting from 1; lists are split by commas or "and"."""

import re
from collections.abc import Collection
from typing import Any

from events.naming import POSITION, TextError, Unreadable, normal
from events.rulesets.race_for_the_galaxy.card_names import one
from events.rulesets.race_for_the_galaxy.decisions import (
    ACTION_WORDS,
    ChooseActions,
    Consume,
    Develop,
    Discard,
    Keep,
    Settle,
    Windfall,
)
from events.rulesets.race_for_the_galaxy.state import Cards, Game
from events.rulesets.race_for_the_galaxy.steps import TABLE
from events.rulesets.race_for_the_galaxy.text.help import help_text

HELP = {"help", "commands", "?"}
NOTHING = {"nothing", "none", "no"}
ACTIONS = {normal(w): a for a, w in ACTION_WORDS.items()}
ACTIONS |= {"explore 1 1": "explore_1_1", "explore": "explore_5", "2x": "consume_2x"}
ACTIONS |= {"consume 2x vp": "consume_2x", "2x vp": "consume_2x", "consume trade": "trade"}
_LIST = re.compile(r",|\band\b", re.IGNORECASE)
_CLAUSE = re.compile(r"\b(paying|discarding|on|with|gamble)\b", re.IGNORECASE)
READERS = TABLE.readers()  # the commands asks declare with their rule
_VERBS = ("choose", "discard", "keep", "develop", "settle", "pay for", *READERS, "use", "produce")
_VERB = re.compile(rf"^\s*({'|'.join(_VERBS)})\b", re.IGNORECASE)


def parse(game: Game, seat: int, text: str) -> Any:
    """The decision `text` says, or a TextError saying what was expected."""
    if not 0 <= seat < len(game.players):
        return TextError(f"there is no seat {seat}")
    if normal(text) in HELP or text.strip() in HELP:
        return TextError(help_text(game, seat))
    found = _VERB.match(text)
    if found is None:
        return TextError(f"'{text.strip()[:40]}' is no command; say 'help' for the commands")
    verb, rest = normal(found.group(1)), text[found.end() :]
    try:
        return _read(game, seat, verb, rest)
    except Unreadable as error:
        return TextError(error.message)


def _read(game: Game, seat: int, verb: str, rest: str) -> Any:
    player = game.players[seat]
    head, clauses = _clauses(rest)
    if verb in READERS:
        return READERS[verb](game, seat, head, clauses)
    if verb == "choose":
        return ChooseActions(actions=tuple(_action(a) for a in _items(head)))
    if verb in ("discard", "keep"):
        zone = player.hand if verb == "discard" else player.drawn
        cards = _cards(game, zone, "in your hand" if verb == "discard" else "explored", head)
        return Discard(cards=cards) if verb == "discard" else Keep(cards=cards)
    if verb in ("develop", "settle", "pay for"):
        if normal(head) in NOTHING and not clauses:
            return Develop() if verb == "develop" else Settle()
        if normal(head) in NOTHING and verb == "settle" and set(clauses) == {"discarding"}:
            tableau, giving = player.tableau, clauses["discarding"]
            return Settle(discarding=_cards(game, tableau, "in your tableau", giving))  # RG-W7
        card = one(game, player.hand, "in your hand", head)
        paying = _cards(game, player.hand, "in your hand", clauses.get("paying", ""), {card})
        if verb == "develop":
            return Develop(card=card, paying=paying)
        giving = _cards(game, player.tableau, "in your tableau", clauses.get("discarding", ""))
        return Settle(card, paying, discarding=giving, pay_for_military=verb == "pay for")
    if verb == "use":
        return _use(game, seat, head, clauses)
    world = one(game, player.tableau, "in your tableau", clauses.get("on", head))
    with_card = clauses.get("with")
    card = one(game, player.tableau, "in your tableau", with_card) if with_card else None
    return Windfall(world=world, card=card)


def _use(game: Game, seat: int, head: str, clauses: dict[str, str]) -> Consume:
    player = game.players[seat]
    card = one(game, player.tableau, "in your tableau", head)
    kinds = [p.kind for p in game.cards.card(card).powers if p.phase == "IV"]
    if "gamble" in clauses:
        number = clauses["gamble"].strip()
        if not POSITION.fullmatch(number):
            raise Unreadable("say 'gamble' and a number from 1 to 7")
        return Consume(card, _power(kinds, "gamble"), number=int(number))
    if "discarding" in clauses:
        cards = _cards(game, player.hand, "in your hand", clauses["discarding"])
        return Consume(card, _power(kinds, "discard_for_vp"), cards=cards)
    worlds = _cards(game, player.tableau, "in your tableau", clauses.get("on", ""))
    power = next((i for i, k in enumerate(kinds) if k in ("consume", "consume_all", "trade")), 0)
    return Consume(card, power, worlds=worlds)


def _power(kinds: list[str], kind: str) -> int:
    return kinds.index(kind) if kind in kinds else 0


def _clauses(text: str) -> tuple[str, dict[str, str]]:
    """The words before the first clause keyword, and each clause's words by keyword."""
    parts = _CLAUSE.split(text)
    clauses = {parts[i].lower(): parts[i + 1] for i in range(1, len(parts) - 1, 2)}
    return parts[0], clauses


def _items(text: str) -> list[str]:
    return [p.strip() for p in _LIST.split(text) if p.strip()]


def _action(text: str) -> str:
    said = normal(text)
    if said not in ACTIONS:
        raise Unreadable(f"no action '{text}'; the actions: {', '.join(ACTION_WORDS.values())}")
    return ACTIONS[said]


def _cards(game: Game, zone: Cards, where: str, text: str, used: Collection[int] = ()) -> Cards:
    if normal(text) in NOTHING or not text.strip():
        return ()
    taken: set[int] = set(used)
    found = []
    for ref in _items(text):
        found.append(one(game, zone, where, ref, taken))
        taken.add(found[-1])
    return tuple(found)

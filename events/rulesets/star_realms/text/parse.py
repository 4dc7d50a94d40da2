"""Reading a command: the text a player sends, as the decision the rules judge."""

import re
from collections.abc import Callable
from typing import Any

from events.kit.commands import command
from events.kit.named import card_in_zone
from events.naming import Unreadable, normal, suggest
from events.rulesets.star_realms.allies import usable
from events.rulesets.star_realms.decisions import (
    Buy,
    BuyExplorer,
    Choose,
    EndTurn,
    Play,
    PlayAll,
    Select,
    Use,
)
from events.rulesets.star_realms.prompts import TABLE
from events.rulesets.star_realms.state import Game
from events.rulesets.star_realms.text import zones
from events.rulesets.star_realms.text.help import help_text

HELP = {"help", "commands"}
NOTHING = {"nothing", "none", "no", "skip"}
ENDING = {"end", "end turn", "done", "pass"}
_SEPARATOR = re.compile(r",|\band\b", re.IGNORECASE | re.ASCII)
_TOP = re.compile(r"\s+(?:to|on)?\s*top$", re.IGNORECASE | re.ASCII)
_FROM = re.compile(r"\s+from\s+(?:your\s+|the\s+)?(hand|discard(?: pile)?)$", re.IGNORECASE)
_PLACE = {  # where a choice's cards are, said after them: read, and left out of the names
    "scrap_trade_row": re.compile(r"\s+from\s+(?:the\s+)?(?:trade\s+)?row$", re.IGNORECASE),
    "scrap_hand": re.compile(r"\s+from\s+(?:your\s+)?hand$", re.IGNORECASE),
}


def parse(game: Game, seat: int, text: str) -> Any:
    """The decision `text` says, or a TextError saying what was expected."""
    return command(_read, game, seat, len(game.players), text)


def _read(game: Game, seat: int, text: str) -> Any:
    text = text.strip().rstrip(".!")
    if normal(text) in HELP or text.strip() == "?":
        raise Unreadable(help_text(game, seat))
    if normal(text) in ENDING:
        return EndTurn()
    verb, _, rest = text.partition(" ")
    verb, rest = normal(verb), rest.strip()
    choosing = verb in CHOOSING or normal(text) in NOTHING
    if choosing and game.turn.pending is not None and game.active == seat:
        return _choice(game, seat, verb, rest, text)
    reader = READERS.get(verb)
    if reader is None and choosing:
        raise Unreadable("no ability asks you to choose now; 'help' lists what you may do")
    if reader is None:
        near = suggest(verb, [*READERS, *CHOOSING])
        guess = f"did you mean {near}? " if near else ""
        what = f"'{verb}' is not a command" if verb else "say a command"
        raise Unreadable(f"{what}; {guess}'help' lists the commands you may give now")
    return reader(game, seat, rest)


def _play(game: Game, seat: int, rest: str) -> Play | PlayAll:
    if normal(rest) == "all":
        return PlayAll()
    if not rest:
        raise Unreadable("name a card of your hand: 'play Scout', or 'play all'")
    return Play(card=card_in_zone(game.cards, zones.hand(game, seat), "in your hand", rest))


def _use(game: Game, seat: int, rest: str) -> Use:
    words = rest.split()
    slot = ""
    if words and normal(words[-1]) in ("ally", "primary"):
        slot, rest = normal(words[-1]), " ".join(words[:-1])
    if not rest:
        raise Unreadable("name a card you have in play: 'use Blob Wheel', 'use Cutter ally'")
    chosen = card_in_zone(game.cards, zones.field(game, seat), "in play on your side", rest)
    if not slot:
        slot = (
            "ally"
            if not usable(game, chosen, "primary") and usable(game, chosen, "ally")
            else "primary"
        )
    return Use(card=chosen, slot=slot)


def _ally(game: Game, seat: int, rest: str) -> Use:
    return _use(game, seat, f"{rest} ally")


def _scrap(game: Game, seat: int, rest: str) -> Use:
    if not rest:
        raise Unreadable(
            "name a card you have in play whose scrap ability to use: 'scrap Explorer'"
        )
    chosen = card_in_zone(game.cards, zones.field(game, seat), "in play on your side", rest)
    return Use(card=chosen, slot="scrap")


def _buy(game: Game, seat: int, rest: str) -> Buy | BuyExplorer:
    top = bool(_TOP.search(rest))
    rest = _TOP.sub("", rest).strip()
    if normal(rest) in ("explorer", "explorers", "an explorer"):
        return BuyExplorer(top=top)
    if not rest:
        raise Unreadable("name a card of the Trade Row, or 'explorer': 'buy Cutter'")
    return Buy(card=card_in_zone(game.cards, game.row, "in the Trade Row", rest), top=top)


def _choice(game: Game, seat: int, verb: str, rest: str, text: str) -> Choose | Select:
    effect, zone = zones.pending_zone(game, seat)
    if effect.kind == "choose_one":
        words = [zones.option_word(o) for o in effect.options]
        said = normal(rest if verb == "choose" else text)
        for index, word in enumerate(words):
            if said in (word, str(index + 1), ("first", "second")[index]) or (
                said and word.startswith(said)
            ):
                return Choose(option=index)
        raise Unreadable(f"choose {words[0]} or {words[1]}")
    if normal(text) in NOTHING or normal(rest) in NOTHING:
        return Select()
    if normal(rest) in ("explorer", "an explorer") and effect.kind == "acquire_free_ship_to_top":
        return Select(explorer=True)
    player, cards = game.players[seat], game.cards
    chosen: list[int] = []
    for item in filter(None, (p.strip() for p in _SEPARATOR.split(rest))):
        where, pile = "among the cards you may choose", zone
        found = _FROM.search(item)
        if found and effect.kind in zones.MIXED:
            source = "hand" if normal(found.group(1)) == "hand" else "discard"
            pile = player.hand if source == "hand" else player.discard
            where, item = (
                f"in your {source if source == 'hand' else 'discard pile'}",
                item[: found.start()],
            )
        elif (place := _PLACE.get(effect.kind)) and (said := place.search(item)):
            item = item[: said.start()]
        chosen.append(card_in_zone(cards, pile, where, item, chosen))
    if not chosen:
        raise Unreadable(f"name the cards: '{zones.verb(effect)} <cards>', or 'none'")
    return Select(cards=tuple(chosen))


CHOOSING = {"choose", "scrap", "discard", "destroy", "take", "acquire", "copy", "select"}
READERS: dict[str, Callable[[Game, int, str], Any]] = {
    "play": _play,
    "use": _use,
    "ally": _ally,
    "scrap": _scrap,
    "buy": _buy,
    "acquire": _buy,
    **TABLE.readers(),  # the commands asks declare with their rule
}

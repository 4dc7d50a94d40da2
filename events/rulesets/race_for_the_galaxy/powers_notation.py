"""The power notation of the card list (§2.2), one pattern per primitive, and the scoring
lines of §2.4. A clause that no pattern reads is refused by the loader."""

import re
from collections.abc import Callable

from events.rulesets.race_for_the_galaxy.cardset import GOODS, Power, Score

_K = "(" + "|".join(GOODS) + ")"
_G = "(any|" + "|".join(GOODS) + ")"
_N = r"(\d+)"
_REWARD = r"(?:(\d+) VP)?(?: \+ )?(?:(\d+) cards?)?"

Reading = Callable[[str, str, tuple[str, ...]], Power]


def _n(kind: str, good: int | None = None, optional: bool = False) -> Reading:
    """A primitive with a number first and, at group `good`, a kind of good."""

    def read(phase: str, text: str, g: tuple[str, ...]) -> Power:
        chosen = g[good] if good is not None else ""
        return Power(phase, kind, text, n=int(g[0]), good=chosen, optional=optional)

    return read


def _consume(upto: bool = False) -> Reading:
    def read(phase: str, text: str, g: tuple[str, ...]) -> Power:
        n, good, vp, cards = g
        reward = {"vp": int(vp or 0), "cards": int(cards or 0)}
        return Power(phase, "consume", text, n=int(n), good=good, upto=upto, **reward)

    return read


def _fixed(kind: str, n: int = 0, good: str = "") -> Reading:
    return lambda phase, text, g: Power(phase, kind, text, n=n, good=good)


def _of_kind(kind: str) -> Reading:
    """A primitive naming a kind of good and no number."""
    return lambda phase, text, g: Power(phase, kind, text, n=1, good=g[0])


def _discard_for_vp(phase: str, text: str, g: tuple[str, ...]) -> Power:
    return Power(phase, "discard_for_vp", text, n=int(g[0]), vp=int(g[1]), optional=True)


PATTERNS: dict[str, list[tuple[re.Pattern[str], Reading]]] = {
    "I": [
        (re.compile(rf"draw \+{_N}"), _n("explore_draw")),
        (re.compile(rf"keep \+{_N}"), _n("explore_keep")),
    ],
    "II": [
        (re.compile(rf"draw {_N} at start"), _n("develop_draw_at_start")),
        (re.compile(rf"develop cost -{_N}"), _n("develop_discount")),
        (re.compile(rf"draw {_N} after developing"), _n("develop_draw_after")),
    ],
    "III": [
        (re.compile(r"military ([+-]\d+)"), _n("military")),
        (re.compile(rf"military \+{_N} vs {_K}"), _n("military_vs", good=1)),
        (re.compile(rf"military \+{_N} vs (Rebel)"), _n("military_vs", good=1)),
        (re.compile(rf"settle cost -{_N}"), _n("settle_discount")),
        (re.compile(rf"settle cost -{_N} {_K}"), _n("settle_discount", good=1)),
        (re.compile(r"may discard this: settle cost (0)"), _n("colony_ship", optional=True)),
        (
            re.compile(rf"may discard this: military \+{_N} this phase"),
            _n("temporary_military", optional=True),
        ),
        (
            re.compile(rf"may pay for military: cost = defense -{_N}"),
            _n("pay_for_military", optional=True),
        ),
        (re.compile(rf"draw {_N} after settling"), _n("settle_draw_after")),
    ],
    "$": [
        (re.compile(rf"\+{_N} cards? \((any) good\)"), _n("trade_bonus", good=1)),
        (re.compile(rf"\+{_N} cards? for {_K}"), _n("trade_bonus", good=1)),
        (re.compile(rf"\+{_N} cards? for (this) world's good"), _n("trade_bonus", good=1)),
    ],
    "IV": [
        (re.compile(rf"consume {_N} {_G} goods? -> {_REWARD}"), _consume()),
        (re.compile(rf"consume up to {_N} {_G} goods -> {_REWARD} each"), _consume(upto=True)),
        (re.compile(rf"consume {_N} goods of (different) kinds -> {_REWARD}"), _consume()),
        (re.compile(r"consume all goods -> \(count - 1\) VP"), _fixed("consume_all", n=-1)),
        (re.compile(rf"draw {_N}"), _n("consume_draw")),
        (re.compile(r"gamble"), _fixed("gamble")),
        (re.compile(rf"may discard up to {_N} hand cards -> {_N} VP each"), _discard_for_vp),
        (re.compile(r"trade 1 good, no \$ bonuses"), _fixed("trade", n=1)),
        (re.compile(r"trade 1 good, with \$ bonuses"), _fixed("trade", n=1, good="bonuses")),
    ],
    "V": [
        (re.compile(rf"produce {_K}"), _of_kind("produce")),
        (re.compile(rf"draw {_N} if produced here"), _n("draw_if_produced")),
        (re.compile(rf"windfall-produce {_G}"), _of_kind("windfall")),
        (re.compile(rf"draw {_N}"), _n("produce_draw")),
        (re.compile(rf"draw 1 per {_K} good produced"), _of_kind("draw_per_good")),
        (re.compile(r"draw 1 per kind produced"), _fixed("draw_per_kind", n=1)),
        (re.compile(rf"draw {_N} if most {_K} produced"), _n("draw_if_most", good=1)),
        (re.compile(rf"draw 1 per {_K} world"), _of_kind("draw_per_world")),
    ],
}

_SCORE = re.compile(
    r"\+(\d+) per (?:"
    rf"(?P<mode>production|windfall) world(?: {_K})?"
    rf"|(?P<kind>{_K}) world"
    r"|(?P<plain>ALIEN card|6-cost development|development|world|military world"
    r"|Rebel military world|3 VP chips|total military)"
    r"|(?P<typed>development|world) with an? (?P<row>I|IV|\$) power"
    r"|named (?P<name>.+))"
)


def power(phase: str, text: str) -> Power | None:
    """The primitive `text` writes in `phase`, or None if it is none of the vocabulary."""
    for pattern, read in PATTERNS.get(phase, []):
        if found := pattern.fullmatch(text):
            return read(phase, text, found.groups())
    return None


def score(text: str) -> Score | None:
    """One scoring line ("+2 per production world Rare"), or None."""
    found = _SCORE.fullmatch(text)
    if found is None:
        return None
    vp, groups = int(found.group(1)), found.groupdict()
    if groups["mode"]:
        return Score(vp, f"{groups['mode']} world", good=found.group(3) or "")
    if groups["kind"]:
        return Score(vp, "world", good=groups["kind"])
    if groups["typed"]:
        return Score(vp, f"{groups['typed']} with power", row=groups["row"])
    if groups["name"]:
        return Score(vp, "named", name=groups["name"])
    return Score(vp, groups["plain"])

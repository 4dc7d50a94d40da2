"""`help`: the commands a seat may give now, each with examples from the game in front of it."""

from typing import Any

from events.rulesets.core_worlds.checks import PHASE_NAMES
from events.rulesets.core_worlds.decisions import (
    Declare,
    Deploy,
    Draft,
    Invade,
    Keep,
    Pass,
    Pick,
    Reshuffle,
    UseAction,
    UseSurgeToken,
)
from events.rulesets.core_worlds.legal import legal
from events.rulesets.core_worlds.state import ACTION, Game
from events.rulesets.core_worlds.text.render import render
from events.rulesets.core_worlds.to_act import to_act

EXAMPLES = 3
FORMS: list[tuple[type, str]] = [
    (Pick, "pick <Sector 0 card>: it joins your starting deck"),
    (Draft, "draft <card in the Central Zone>"),
    (Deploy, "deploy <Units from your hand, in order>"),
    (
        Invade,
        "invade <World> with <Units> [playing <Tactics>] "
        "[using <card>[:fleet|:ground][ xN][ discarding <cards>]] [colonise <Unit>]",
    ),
    (UseAction, 'use <card> [discard <cards>]: an "as an Action" ability'),
    (UseSurgeToken, "surge: your Energy Surge token, +2 energy; your turn goes on"),
    (Pass, "pass: no more turns for you this round"),
    (Keep, "keep <card from your hand>, or keep nothing: the rest is discarded"),
    (Reshuffle, "shuffle, or no shuffle: your discard pile into your draw pile"),
]
NAMING = (
    "Name cards as printed, in any case, or by a unique beginning ('herc'); "
    "or by position, counting from 1 as your view lists the zone: your Warzone for Units "
    "(with 3 5 7), your hand for cards you play or discard, the Central Zone for draft and invade."
)


def help_text(game: Game, seat: int) -> str:
    if not 0 <= seat < game.seats:
        return f"there is no seat {seat} in this {game.seats}-player game"
    options = legal(game, seat)
    phase = PHASE_NAMES[game.phase]
    if not options:
        seats = to_act(game)
        waiting = ", ".join(str(s) for s in seats)
        more = f"; waiting for seat{'s' if len(seats) > 1 else ''} {waiting}" if seats else ""
        return f"Nothing for you to decide now ({phase}, round {game.round}){more}."
    player = game.players[seat]
    head = f"{phase[0].upper()}{phase[1:]}, round {game.round}"
    if game.phase == ACTION:
        head += f": {player.action_points} action points, {player.energy} energy"
    lines = [f"{head}. You may say:"]
    if isinstance(options[0], Declare):
        lines += _declarations(game, seat, options)
    for kind, form in FORMS:
        said = [render(game, seat, d) for d in options if type(d) is kind]
        if said:
            lines.append(f"  {form}{_examples(said, form, 1 if kind is Invade else EXAMPLES)}")
    return "\n".join([*lines, NAMING])


def _declarations(game: Game, seat: int, options: list[Any]) -> list[str]:
    """The Energy-phase clauses on offer, combined with ';' into one declaration (CW-E2)."""
    clauses = [c for d in options for c in render(game, seat, d).split("; ")]
    lines = []
    for verb, form in (
        ("play", "play <Energy Surge cards>"),
        ("explore", "explore discard <cards>: your Home World's energy exploration"),
        ("use", "use <card> discard <cards>: an Energy-phase ability"),
    ):
        said = [c for c in dict.fromkeys(clauses) if c.split(" ")[0] == verb]
        if said:
            lines.append(f"  {form}{_examples(said, form)}")
    fullest = max(options, key=lambda d: len(d.surges) + len(d.exchanges))
    if len(fullest.surges) + len(fullest.exchanges) > 1:
        lines.append(f"  several at once, with ';': e.g. '{render(game, seat, fullest)}'")
    return [*lines, "  pass: declare nothing"]


def _examples(said: list[str], form: str, most: int = EXAMPLES) -> str:
    """The shortest few naming cards rather than positions, unless the form says it all."""
    named = [s for s in dict.fromkeys(said) if s != form.split(":")[0]]
    shown = sorted(named, key=lambda s: (any(w.strip(",").isdigit() for w in s.split()), len(s)))
    shown = shown[:most]
    quoted = ", ".join(f"'{s}'" for s in shown)
    return f"; e.g. {quoted}" if shown else ""

"""`help`: the commands a seat may give now, each with examples from the game in front of it;
the forms are those of the phase's asks (`phases.py`), the loop the kit's."""

from typing import Any

from events.kit.phases import EXAMPLES, help_lines, waiting
from events.rulesets.core_worlds.decisions import Declare, Invade
from events.rulesets.core_worlds.phases import TABLE, legal
from events.rulesets.core_worlds.state import PHASE_NAMES, Game, Phase
from events.rulesets.core_worlds.text.render import render

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
        seats = waiting(TABLE, game).must
        listed = ", ".join(str(s) for s in seats)
        more = f"; waiting for seat{'s' if len(seats) > 1 else ''} {listed}" if seats else ""
        return f"Nothing for you to decide now ({phase}, round {game.round}){more}."
    player = game.players[seat]
    head = f"{phase[0].upper()}{phase[1:]}, round {game.round}"
    if game.phase == Phase.ACTION:
        head += f": {player.action_points} action points, {player.energy} energy"
    lines = [f"{head}. You may say:"]
    if isinstance(options[0], Declare):
        lines += _declarations(game, seat, options)
    forms = [(ask.decision, ask.form) for ask in TABLE.prompt(game).asks if ask.form]
    lines += help_lines(forms, options, lambda d: render(game, seat, d), _examples)
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
            shown = ", ".join(f"'{s}'" for s in _examples(Declare, said, form))
            lines.append(f"  {form}; e.g. {shown}" if shown else f"  {form}")
    fullest = max(options, key=lambda d: len(d.surges) + len(d.exchanges))
    if len(fullest.surges) + len(fullest.exchanges) > 1:
        lines.append(f"  several at once, with ';': e.g. '{render(game, seat, fullest)}'")
    return [*lines, "  pass: declare nothing"]


def _examples(kind: type, said: list[str], form: str) -> list[str]:
    """The shortest few naming cards rather than positions, unless the form says it all; one
    invasion, they are long."""
    named = [s for s in said if s != form.split(":")[0]]
    shown = sorted(named, key=lambda s: (any(w.strip(",").isdigit() for w in s.split()), len(s)))
    return shown[: 1 if kind is Invade else EXAMPLES]

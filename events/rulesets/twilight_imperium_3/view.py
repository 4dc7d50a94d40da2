"""What a seat may see (`view`) and a state it cannot tell from the real one (`resample`): the
public deck's order and the others' unscored secret objectives are hidden (TI-S8, TI-S9),
while the galaxy is built, the others' tiles and the face-down one (building.py), and the
action deck's order, the others' hands and sealed answers (action_cards.py)."""

import random

import msgspec

from events.rulesets.twilight_imperium_3 import action_cards, building
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.setup import (
    IMPERIUM_REX,
    PUBLIC_STAGE_ONE,
    PUBLIC_STAGE_TWO,
)
from events.rulesets.twilight_imperium_3.state import Game

HIDDEN = ""


def view(game: Game, seat: int | None) -> Game:
    """The others' hands of tiles and the face-down tile hidden too (TI-G4, TI-G8)."""
    players = tuple(
        p if s == seat or p.secret in p.scored else msgspec.structs.replace(p, secret=HIDDEN)
        for s, p in enumerate(game.players)
    )
    objectives = (HIDDEN,) * len(game.objectives)
    galaxy = building.hidden(game.galaxy, seat)
    game = msgspec.structs.replace(game, players=players, objectives=objectives, galaxy=galaxy)
    return action_cards.seen_by(game, seat)


def resample(game: Game, seat: int, rng: random.Random) -> Game:
    """The deck dealt anew from the objectives not revealed, stage I above stage II with
    Imperium Rex among them; the others' unseen secrets from those the seat cannot see."""
    objectives = load().objectives
    seen = set(game.revealed)
    stage = {
        s: sorted(o for o, v in objectives.items() if v.stage == s and o not in seen)
        for s in ("I", "II", "secret")
    }
    first_left = PUBLIC_STAGE_ONE - sum(objectives[o].stage == "I" for o in game.revealed)
    second_left = PUBLIC_STAGE_TWO - sum(
        objectives[o].stage == "II" and o != IMPERIUM_REX for o in game.revealed
    )
    second = [o for o in stage["II"] if o != IMPERIUM_REX]
    rng.shuffle(stage["I"])
    rng.shuffle(second)
    bottom = second[:second_left] + ([IMPERIUM_REX] if IMPERIUM_REX not in seen else [])
    rng.shuffle(bottom)
    deck = (*stage["I"][:first_left], *bottom)
    known = {p.secret for s, p in enumerate(game.players) if s == seat or p.secret in p.scored}
    unseen = [o for o in stage["secret"] if o not in known]
    rng.shuffle(unseen)
    dealt = iter(unseen)
    players = tuple(
        p if s == seat or p.secret in p.scored else msgspec.structs.replace(p, secret=next(dealt))
        for s, p in enumerate(game.players)
    )
    galaxy = building.resampled(game.galaxy, seat, rng)
    game = msgspec.structs.replace(game, players=players, objectives=deck, galaxy=galaxy)
    return action_cards.dealt_anew(game, seat, rng)

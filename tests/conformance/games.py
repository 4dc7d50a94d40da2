"""Every registered game, and whole matches of it played through the pure interface alone,
as the judge plays them: `react` until settled, one random source per decision."""

import random
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import Any, NamedTuple

# registers race-to-21, sealed-picks and last-word beside the built-in games
import tests.sealed_ruleset
import tests.tiny_ruleset
import tests.window_ruleset  # noqa: F401
from events.chance import chance_for
from events.ruleset import Accepted, Ruleset, load_rulesets
from tests.reacting import bounded

RULESETS = load_rulesets()
GAMES = sorted(RULESETS)
MOST_SEAT_COUNTS = 4  # min, min+1 … of a game's seat counts, to bound the run time
MATCHES = 3  # played per game and seat count for the properties that look at positions
MAX_DECISIONS = 5_000  # a match still going after this many is taken never to end

# How a seat chooses: (ruleset, state, seat, rng) -> decision.
Chooser = Callable[[Ruleset, Any, int, random.Random], Any]


def seat_counts(game: str) -> range:
    ruleset = RULESETS[game]
    return range(ruleset.min_seats, min(ruleset.max_seats, ruleset.min_seats + 3) + 1)


def game_seats() -> list[tuple[str, int]]:
    return [(game, seats) for game in GAMES for seats in seat_counts(game)]


def variants(game: str) -> list[dict[str, Any]]:
    """Every option value a game declares other than its default, one option at a time."""
    return [
        {name: value}
        for name, option in RULESETS[game].options.items()
        for value in option.choices
        if value != option.default
    ]


def game_variants() -> list[tuple[str, dict[str, Any]]]:
    return [(game, options) for game in GAMES for options in variants(game)]


class Position(NamedTuple):
    """A settled state the game waits in, and the decision taken there."""

    state: Any
    seat: int
    decision: Any


class Played(NamedTuple):
    positions: list[Position]
    end: Any


def random_choice(ruleset: Ruleset, state: Any, seat: int, rng: random.Random) -> Any:
    options = ruleset.legal(state, seat)
    assert options, f"{ruleset.name}: seat {seat} is waited for but has no legal decision"
    return rng.choice(options)


def bot(level: str) -> Chooser:
    def choose(ruleset: Ruleset, state: Any, seat: int, rng: random.Random) -> Any:
        return ruleset.default_decision(state, seat, level, rng)

    return choose


def play(
    game: str,
    seats: int,
    seed: str,
    choose: Chooser = random_choice,
    options: dict[str, Any] | None = None,
) -> Played:
    """One match to its end; every decision taken must be accepted."""
    ruleset, rng = RULESETS[game], random.Random(seed)
    state = None

    def apply(events: list[Any]) -> None:
        nonlocal state
        for event in events:
            state = ruleset.evolve(state, event)

    chance = chance_for(seed, 0)
    apply(ruleset.initial(seats, options or {}, chance))
    positions = []
    for number in range(1, MAX_DECISIONS + 1):
        react = bounded(ruleset, chance)
        while derived := react(state):
            apply(derived)
        if ruleset.is_over(state):
            return Played(positions, state)
        waiting = ruleset.waiting(state)
        seat = rng.choice(waiting.must + waiting.may)
        decision = choose(ruleset, state, seat, rng)
        chance = chance_for(seed, number)
        verdict = ruleset.decide(state, seat, decision, chance)
        assert isinstance(verdict, Accepted), (game, seed, number, seat, decision, verdict)
        positions.append(Position(state, seat, decision))
        apply(verdict.events)
    raise AssertionError(f"{game} ({seats} seats, seed {seed!r}) did not end in {MAX_DECISIONS}")


def mixed(ruleset: Ruleset, state: Any, seat: int, rng: random.Random) -> Any:
    """Half the time a random legal decision, else a bot's of a random level: bots go deeper
    into a game than random play, random play into corners bots avoid."""
    if rng.random() < 0.5:
        return random_choice(ruleset, state, seat, rng)
    return ruleset.default_decision(state, seat, rng.choice(sorted(ruleset.bots)), rng)


@cache
def positions(game: str, seats: int) -> tuple[Position, ...]:
    """Where the properties look: every position of a few mixed matches, and of one in each
    variant of the game's options, played once per game and seat count."""
    matches = [({}, f"conformance-{game}-{seats}-{n}") for n in range(MATCHES)]
    matches += [(options, f"conformance-{game}-{seats}-{options}") for options in variants(game)]
    return tuple(
        position
        for options, seed in matches
        for position in play(game, seats, seed, mixed, options).positions
    )


def sample(positions: Sequence[Position], most: int) -> Iterator[Position]:
    """At most `most` positions spread over the whole match, first and last included."""
    if len(positions) <= most:
        yield from positions
        return
    step = (len(positions) - 1) / (most - 1)
    yield from (positions[round(n * step)] for n in range(most))

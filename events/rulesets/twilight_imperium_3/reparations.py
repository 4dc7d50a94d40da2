"""Reparations (LOST.planet, TI-Q73): once the active player has taken a planet from its holder,
by invasion combat or by landing on it undefended, that player exhausts a ready planet of the
taker's and readies one of his own worth no more resources than the planet lost (`play
Reparations on Jord readying Moll Primus`). The step that takes the planet opens the window
(tactical.py); the state keeps who lost what (`Tactic.lost`)."""

from collections.abc import Iterator

from events.kit.batch import Batch
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3.card_decisions import PlayCard
from events.rulesets.twilight_imperium_3.card_effects import Effect
from events.rulesets.twilight_imperium_3.happenings import Exhausted
from events.rulesets.twilight_imperium_3.planets import controlled, holding, planet, ready
from events.rulesets.twilight_imperium_3.state import Game

REPARATIONS = "reparations"


def _lost(game: Game, seat: int) -> tuple[str, ...]:
    """The planets just taken from him by the active player."""
    t = game.tactic
    return tuple(p for p, holder in t.lost if holder == seat) if t is not None else ()


def _worth(name: str) -> tuple[int, int, str]:
    found = planet(name)
    return (found.resources, found.influence, name)


def _readied(game: Game, seat: int) -> tuple[str, ...]:
    """His exhausted planets worth no more resources than the most a planet lost was worth,
    best first."""
    most = max((planet(p).resources for p in _lost(game, seat)), default=-1)
    tired = (n for n in controlled(game.forces, seat) if holding(game.forces, n).exhausted)
    return tuple(sorted((n for n in tired if planet(n).resources <= most), key=_worth)[::-1])


def _exhaustible(game: Game) -> tuple[str, ...]:
    """The taker's ready planets, best first."""
    assert game.tactic is not None
    return tuple(sorted(ready(game.forces, game.tactic.seat), key=_worth)[::-1])


def _refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if not _lost(game, seat):
        return Rejection("TI-Q73", "play it once another player has taken a planet of yours")
    if not d.planet and not d.target:
        return Rejection(
            "TI-Q73", "name a planet of the taker's to exhaust, or one of yours to ready"
        )
    if d.planet and d.planet not in _exhaustible(game):
        return Rejection("TI-Q73", "name a ready planet of the player who took yours")
    if d.target and d.target not in _readied(game, seat):
        lost = ", ".join(_lost(game, seat))
        return Rejection(
            "TI-Q73", f"name an exhausted planet of yours worth no more resources than {lost}"
        )
    return None


def _reparations(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    assert batch.game.tactic is not None
    if d.planet:
        batch.emit(Exhausted(seat=batch.game.tactic.seat, planets=(d.planet,)))
    if d.target:
        batch.emit(Exhausted(seat=seat, planets=(d.target,), ready=True))


def _offers(game: Game, seat: int) -> Iterator[PlayCard]:
    """The best first: his planet worth most exhausted, and the best of his own readied."""
    if not _lost(game, seat):
        return
    theirs, mine = _exhaustible(game), _readied(game, seat)
    for exhausting in (*theirs, *("",) * (not theirs)):
        for readying in (*mine, *("",) * (not mine)):
            if exhausting or readying:
                yield PlayCard(REPARATIONS, planet=exhausting, target=readying)


EFFECTS = {REPARATIONS: Effect("TI-Q73", _refusal, _reparations, _offers)}

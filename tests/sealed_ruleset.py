"""Sealed picks: a tiny game of sealed simultaneous choices, for testing the platform's seals.

Every round each seat picks a star in secret and may change it until all have picked; then
the picks are revealed together, and a seat whose star no one else picked scores a point.
The match ends after `rounds` rounds (2 unless the options say otherwise).
"""

import random
from collections.abc import Sequence
from typing import Any

import msgspec

from events.platform_rules import MALFORMED
from events.ruleset import (
    Accepted,
    Description,
    Fact,
    Field,
    Option,
    Rejection,
    Ruleset,
    Section,
    Standing,
    Waiting,
    as_declared,
    register,
    seat_refusal,
)

STARS = ("comet", "nebula", "pulsar", "quasar")
ROUNDS = 2
RULES = {
    "SP-1": "Pick one star in secret; you may change it until every seat has picked.",
    "SP-2": "Once all have picked, the picks are shown together; a star no one else picked "
    "scores a point.",
    "SP-3": "The match ends after its last round.",
}


class Pick(msgspec.Struct, frozen=True, tag="sealed.pick"):
    star: str


class Began(msgspec.Struct, frozen=True, tag="sealed.began"):
    seats: int
    rounds: int


class Picked(msgspec.Struct, frozen=True, tag="sealed.picked"):
    """A seat's sealed pick, replacing any earlier one of the round."""

    seat: int
    star: str


class Revealed(msgspec.Struct, frozen=True, tag="sealed.revealed"):
    round: int
    picks: tuple[str, ...]  # per seat


class PicksState(msgspec.Struct, frozen=True):
    rounds: int
    picks: tuple[str | None, ...]  # this round's, sealed
    scores: tuple[int, ...]
    round: int = 1
    last: tuple[str, ...] = ()  # the last round's picks, as revealed


class PicksView(msgspec.Struct, frozen=True):
    round: int
    rounds: int
    scores: tuple[int, ...]
    picked: tuple[bool, ...]  # whether the viewer has picked: the others' are sealed too
    mine: str | None  # the seat's own pick; None for the public
    last: tuple[str, ...]


def _random(state: PicksState, seat: int, rng: random.Random) -> Pick:
    return Pick(star=rng.choice(STARS))


def _first(state: PicksState, seat: int, rng: random.Random) -> Pick:
    return Pick(star=STARS[0])


def _over(state: PicksState) -> bool:
    return state.round > state.rounds


def _waiting(over: bool, picked: Sequence[bool]) -> Waiting:
    """Every seat picks at once; one that has picked may change its pick (SP-1)."""
    if over:
        return Waiting()
    must = tuple(s for s, done in enumerate(picked) if not done)
    may = tuple(s for s, done in enumerate(picked) if done)
    return Waiting(must=must, may=may, simultaneous=True)


class SealedPicks(Ruleset):
    name = "sealed-picks"
    version = "1"
    min_seats = 2
    max_seats = 4
    decision_types = (Pick,)
    event_types = (Began, Picked, Revealed)
    state_type = PicksState
    bots = {"first": _first, "random": _random}
    view_type = PicksView
    options = {"rounds": Option("the rounds played", ROUNDS)}

    def initial(self, seats: int, options: dict[str, Any], chance: random.Random) -> list[Any]:
        return [Began(seats=seats, rounds=options.get("rounds", ROUNDS))]

    def options_error(self, seats: int, options: dict[str, Any]) -> str | None:
        return None if 0 < options.get("rounds", ROUNDS) < 100 else "rounds: 1 to 99"

    def decide(
        self, state: PicksState, seat: int, decision: Any, chance: random.Random
    ) -> Accepted | Rejection:
        if refusal := seat_refusal(seat, len(state.picks)):
            return refusal
        decision = as_declared(decision, self.decision_types)
        if isinstance(decision, Rejection):
            return decision
        if _over(state):
            return Rejection("SP-3", "the match is over")
        if decision.star not in STARS:
            return Rejection("SP-1", f"pick one of {', '.join(STARS)}, not {decision.star!r}")
        return Accepted("SP-1", [Picked(seat=seat, star=decision.star)])

    def evolve(self, state: PicksState | None, event: Any) -> PicksState:
        match event:
            case Began(seats=seats, rounds=rounds):
                return PicksState(rounds=rounds, picks=(None,) * seats, scores=(0,) * seats)
            case Picked(seat=seat, star=star):
                picks = tuple(star if s == seat else p for s, p in enumerate(state.picks))
                return msgspec.structs.replace(state, picks=picks)
            case Revealed(picks=picks):
                scores = tuple(
                    score + (picks.count(star) == 1)
                    for score, star in zip(state.scores, picks, strict=True)
                )
                return msgspec.structs.replace(
                    state,
                    picks=(None,) * len(picks),
                    scores=scores,
                    round=state.round + 1,
                    last=picks,
                )
        raise TypeError(f"sealed-picks has no event {event!r}")

    def react(self, state: PicksState, chance: random.Random) -> list[Any]:
        if _over(state) or None in state.picks:
            return []
        return [Revealed(round=state.round, picks=tuple(p or "" for p in state.picks))]

    def sealed_event(self, event: Any) -> int | None:
        return event.seat if isinstance(event, Picked) else None

    def reveals(self, event: Any) -> bool:
        return isinstance(event, Revealed)

    def needs_fresh_view(self, decision: Any) -> bool:
        return False  # a pick does not depend on the others'

    def view(self, state: PicksState, seat: int | None) -> PicksView:
        return PicksView(
            round=state.round,
            rounds=state.rounds,
            scores=state.scores,
            picked=tuple(p is not None and s == seat for s, p in enumerate(state.picks)),
            mine=state.picks[seat] if seat is not None else None,
            last=state.last,
        )

    def resample(self, state: PicksState, seat: int, rng: random.Random) -> PicksState:
        """Others' picks dealt anew: who has picked shows, not what."""
        picks = tuple(
            p if s == seat or p is None else rng.choice(STARS) for s, p in enumerate(state.picks)
        )
        return msgspec.structs.replace(state, picks=picks)

    def legal(self, state: PicksState, seat: int) -> list[Any]:
        return [] if _over(state) else [Pick(star=star) for star in STARS]

    def waiting(self, state: PicksState) -> Waiting:
        return _waiting(state.round > state.rounds, [p is not None for p in state.picks])

    def standing(self, state: PicksState) -> Standing:
        winners: tuple[int, ...] = ()
        if _over(state):
            best = max(state.scores)
            winners = tuple(s for s, score in enumerate(state.scores) if score == best)
        return Standing(round=state.round, phase="picking", scores=state.scores, winners=winners)

    def is_over(self, state: PicksState) -> bool:
        return _over(state)

    def facts(self, state: PicksState, event: Any) -> list[Fact]:
        return [Fact("picked", event.star, event.seat)] if isinstance(event, Picked) else []

    def describe(self, view: PicksView, players: Sequence[str] = ()) -> Description:
        def who(seat: int) -> str:
            return players[seat] if seat < len(players) else f"seat {seat}"

        fields = [
            Field("Round", f"{min(view.round, view.rounds)} of {view.rounds}"),
            Field("Scores", ", ".join(f"{who(s)} {n}" for s, n in enumerate(view.scores))),
            Field("Your pick", view.mine or "none yet"),
        ]
        if view.last:
            fields.append(Field("Last picks", ", ".join(view.last)))
        waiting = _waiting(view.round > view.rounds, view.picked)
        return Description("Sealed picks", (Section("Picks", tuple(fields)),), waiting)

    def narrate(
        self, before: PicksState | None, event: Any, seat: int | None, players: Sequence[str]
    ) -> str:
        match event:
            case Began(seats=seats, rounds=rounds):
                return f"{seats} seats pick stars in secret for {rounds} rounds"
            case Picked(seat=picker, star=star):
                if picker == seat:
                    return f"{players[picker]} picked {star}"
                return f"{players[picker]} has picked"
            case Revealed(round=round_, picks=picks):
                shown = ", ".join(f"{players[s]} {p}" for s, p in enumerate(picks))
                return f"Round {round_} revealed: {shown}"
            case Pick(star=star):
                return f"pick {star}"
        raise TypeError(f"sealed-picks has no event or decision {event!r}")

    def rule_text(self, rule: str) -> str:
        return RULES.get(rule, "")

    def read_text(self, state: PicksState, seat: int, text: str) -> Any | Rejection:
        verb, _, star = text.strip().lower().partition(" ")
        if verb != "pick" or not star.strip():
            return Rejection(MALFORMED, "write 'pick <star>'")
        return Pick(star=star.strip())

    def write_text(self, state: PicksState, seat: int, decision: Any) -> str:
        return f"pick {decision.star}"

    def text_help(self, state: PicksState, seat: int) -> str:
        if _over(state):
            return ""
        return "Pick a star: " + ", ".join(f"'pick {star}'" for star in STARS)


register(SealedPicks())

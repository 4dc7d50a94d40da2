"""Given / when / then over any game's ruleset, the helper every game's scenario tests share:
a state folded from events or arranged field by field, a decision judged (accepted under a rule,
or rejected under one with its reason), and what follows on its own applied."""

import random
from typing import Any

import msgspec

from events.kit.zones import with_player
from events.ruleset import Accepted, Rejection, Ruleset
from tests.reacting import folded, settled


class Scenario:
    def __init__(self, ruleset: Ruleset) -> None:
        self.rules = ruleset

    def fold(self, events: list[Any], state: Any = None) -> Any:
        return folded(self.rules, events, state)

    def settle(self, state: Any) -> tuple[Any, list[Any]]:
        """Apply what follows on its own, as the rules service does."""
        return settled(self.rules, state, random.Random(0))

    def arrange(self, state: Any, seat: int | None = None, **fields: Any) -> Any:
        """Given: the state (or one seat's player in it) changed as a scenario needs."""
        if seat is None:
            return msgspec.structs.replace(state, **fields)
        return with_player(state, seat, msgspec.structs.replace(state.players[seat], **fields))

    def accepted(self, state: Any, seat: int, decision: Any, rule: str | None = None) -> list[Any]:
        """When `decision`, then it is accepted (under `rule`): its events."""
        verdict = self.rules.decide(state, seat, decision, random.Random(0))
        assert isinstance(verdict, Accepted), verdict
        if rule is not None:
            assert verdict.rule == rule, verdict
        return verdict.events

    def rejected(self, state: Any, seat: int, decision: Any, rule: str) -> str:
        """When `decision`, then it is rejected under `rule`: the reason."""
        verdict = self.rules.decide(state, seat, decision, random.Random(0))
        assert isinstance(verdict, Rejection), verdict
        assert verdict.rule == rule, verdict
        return verdict.reason

    def play(self, state: Any, seat: int, decision: Any) -> tuple[Any, list[Any]]:
        """The decision accepted, applied and settled: the new state and every event."""
        events = self.accepted(state, seat, decision)
        state, derived = self.settle(self.fold(events, state))
        return state, events + derived

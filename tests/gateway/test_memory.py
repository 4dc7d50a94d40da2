"""The gateway's memory stays bounded however many matches it has served: memos forget the
least used, the rate limit forgets tokens gone quiet, and neither forgets what it must."""

import pytest

from services.gateway import limits
from services.gateway.limits import RateLimit
from services.gateway.recent import Recent


def test_a_full_memo_forgets_the_least_recently_used() -> None:
    memo: Recent[str, int] = Recent(size=2)
    memo.put("a", 1)
    memo.put("b", 2)
    assert memo.get("a") == 1  # now "b" is the least recently used
    memo.put("c", 3)
    assert len(memo) == 2
    assert memo.get("b") is None
    assert (memo.get("a"), memo.get("c")) == (1, 3)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(limits.time, "monotonic", clock)
    return clock


def test_a_token_gets_its_twenty_decisions_a_second_and_no_more(clock: Clock) -> None:
    limit = RateLimit(20)
    assert all(limit.allow("t") for _ in range(20))
    assert not limit.allow("t")
    assert limit.allow("other")
    clock.now += limits.WINDOW_S
    assert limit.allow("t")


def test_tokens_gone_quiet_are_forgotten_and_a_busy_one_keeps_its_limit(clock: Clock) -> None:
    limit = RateLimit(20)
    for n in range(1000):
        limit.allow(f"quiet-{n}")
    clock.now += limits.SWEEP_S - 0.5
    assert all(limit.allow("busy") for _ in range(20))
    clock.now += 0.5  # the sweep is due: the quiet ones' last decision is out of the window
    assert not limit.allow("busy")
    assert len(limit) == 1

"""A webhook target's breaker: failures in a row cool the target (it is skipped), a try after
the cooling that fails cools it again at once, a success closes it; targets apart."""

from services.webhooks.breaker import Breaker

DEAD, LIVE = "https://hooks.example.org/dead", "https://hooks.example.org/live"


def test_a_target_failing_in_a_row_is_skipped_while_it_cools() -> None:
    breaker = Breaker(failures=3, cool_s=60)
    assert [breaker.failed(DEAD, now=t) for t in (0, 1, 2)] == [False, False, True]
    assert not breaker.allows(DEAD, now=3) and not breaker.allows(DEAD, now=61.9)
    assert breaker.allows(LIVE, now=3)  # a target of the same host is another target
    assert breaker.allows(DEAD, now=62)
    assert breaker.failed(DEAD, now=62)  # the one try after cooling failed: it cools again
    assert not breaker.allows(DEAD, now=100)
    assert breaker.allows(DEAD, now=122)
    breaker.succeeded(DEAD)
    assert breaker.allows(DEAD, now=122)
    assert not breaker.failed(DEAD, now=123)  # a success started the count afresh


def test_failures_apart_do_not_cool_a_target() -> None:
    breaker = Breaker(failures=3, cool_s=60)
    for t in range(0, 10, 2):
        assert not breaker.failed(DEAD, now=t)
        assert not breaker.failed(DEAD, now=t + 1)
        breaker.succeeded(DEAD)
    assert breaker.allows(DEAD, now=10)

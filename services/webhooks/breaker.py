"""A breaker per webhook target: after FAILURES failures in a row, the target is skipped for
COOL_S, then tried again (one failure more skips it again; a success closes it). Kept in memory
by the one sender (the lease): a restart costs a cooled target a few failed tries more, and no
table is written on every failure. Keyed by the URL, not its host: Discord and Slack serve
every player's target from one host, and one player's dead target must not cool the others."""

import time

FAILURES = 5
COOL_S = 600


class Breaker:
    def __init__(self, failures: int = FAILURES, cool_s: float = COOL_S) -> None:
        self.failures, self.cool_s = failures, cool_s
        self.failed_in_a_row: dict[str, int] = {}
        self.cool_until: dict[str, float] = {}

    def allows(self, url: str, now: float | None = None) -> bool:
        return self.cool_until.get(url, 0) <= (time.monotonic() if now is None else now)

    def failed(self, url: str, now: float | None = None) -> bool:
        """A failure counted; whether the target now cools."""
        count = self.failed_in_a_row[url] = self.failed_in_a_row.get(url, 0) + 1
        if count < self.failures:
            return False
        self.cool_until[url] = (time.monotonic() if now is None else now) + self.cool_s
        return True

    def succeeded(self, url: str) -> None:
        self.failed_in_a_row.pop(url, None)
        self.cool_until.pop(url, None)

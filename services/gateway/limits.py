"""How much one client may ask: decisions a second per seat (on every face: tokens and mail),
reads a second per token (per address when it sends none, or one no gateway has seen stand),
each in a sliding window; push streams open at once per token (per address, watching); and
what a client asks rarely (new players, invite codes tried) per address, by the hour."""

import time
from collections import deque

WINDOW_S = 1.0
SWEEP_S = 10.0  # how often keys quiet for a whole window are forgotten
DECISIONS_PER_S = 20  # per seat, whether sent by a token or by mail


def decision_key(match_id: str, seat: int) -> str:
    """What the decision limit counts by: the seat, so its tokens and its mail share one budget."""
    return f"seat {seat} {match_id}"


class RateLimit:
    """At most `most` a window of `window_s` seconds per key."""

    def __init__(self, most: int = DECISIONS_PER_S, window_s: float = WINDOW_S) -> None:
        self.most, self.window_s = most, window_s
        self._recent: dict[str, deque[float]] = {}
        self._swept_at = time.monotonic()

    def allow(self, key: str) -> bool:
        now = time.monotonic()
        if now - self._swept_at >= SWEEP_S:
            self._sweep(now)
        recent = self._recent.setdefault(key, deque())
        while recent and now - recent[0] >= self.window_s:
            recent.popleft()
        if len(recent) >= self.most:
            return False
        recent.append(now)
        return True

    def _sweep(self, now: float) -> None:
        self._recent = {k: r for k, r in self._recent.items() if r and now - r[-1] < self.window_s}
        self._swept_at = now

    def __len__(self) -> int:
        """Keys remembered: those counted within the window lately."""
        return len(self._recent)


class StreamLimit:
    """At most `most` push streams open at once per key (a token, an address). A stream counts
    from the request that opens it, so ten opened at once are counted at once, to its end."""

    def __init__(self, most: int = 4) -> None:
        self.most = most
        self._open: dict[str, int] = {}

    def take(self, key: str) -> bool:
        """A place for one more stream, if the key has one left."""
        held = self._open.get(key, 0)
        if held >= self.most:
            return False
        self._open[key] = held + 1
        return True

    def closed(self, key: str) -> None:
        left = self._open.pop(key) - 1
        if left:
            self._open[key] = left


class Budget:
    """At most `burst` at once per key, then `per_hour` an hour: for what a client asks rarely,
    where a one-second window would still let through thousands a day."""

    def __init__(self, burst: int, per_hour: int) -> None:
        self.burst, self.per_s = burst, per_hour / 3600
        self._left: dict[str, tuple[float, float]] = {}  # by key: (left, when)
        self._swept_at = time.monotonic()

    def allow(self, key: str) -> bool:
        now = time.monotonic()
        if now - self._swept_at >= SWEEP_S:
            self._sweep(now)
        left = self._refilled(key, now)
        allowed = left >= 1
        self._left[key] = (left - 1 if allowed else left, now)
        return allowed

    def _refilled(self, key: str, now: float) -> float:
        left, when = self._left.get(key, (self.burst, now))
        return min(float(self.burst), left + (now - when) * self.per_s)

    def _sweep(self, now: float) -> None:
        """Keys refilled to the brim are as good as new: forgotten."""
        self._left = {k: v for k, v in self._left.items() if self._refilled(k, now) < self.burst}
        self._swept_at = now

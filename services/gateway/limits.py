"""How much one client may ask: decisions and reads a second per token (per address when it
sends none), in a sliding one-second window, and push streams open at once per token."""

import time
from collections import deque

WINDOW_S = 1.0
SWEEP_S = 10.0  # how often tokens quiet for a whole window are forgotten


class RateLimit:
    def __init__(self, per_second: int = 20) -> None:
        self.per_second = per_second
        self._recent: dict[str, deque[float]] = {}
        self._swept_at = time.monotonic()

    def allow(self, key: str) -> bool:
        now = time.monotonic()
        if now - self._swept_at >= SWEEP_S:
            self._sweep(now)
        recent = self._recent.setdefault(key, deque())
        while recent and now - recent[0] >= WINDOW_S:
            recent.popleft()
        if len(recent) >= self.per_second:
            return False
        recent.append(now)
        return True

    def _sweep(self, now: float) -> None:
        self._recent = {k: r for k, r in self._recent.items() if r and now - r[-1] < WINDOW_S}
        self._swept_at = now

    def __len__(self) -> int:
        """Tokens remembered: those that sent a decision lately."""
        return len(self._recent)


class StreamLimit:
    """At most `most` push streams open at once per token. A stream counts from its first
    push to its end, so one that never started holds nothing."""

    def __init__(self, most: int = 4) -> None:
        self.most = most
        self._open: dict[str, int] = {}

    def full(self, key: str) -> bool:
        return self._open.get(key, 0) >= self.most

    def opened(self, key: str) -> None:
        self._open[key] = self._open.get(key, 0) + 1

    def closed(self, key: str) -> None:
        left = self._open.pop(key) - 1
        if left:
            self._open[key] = left

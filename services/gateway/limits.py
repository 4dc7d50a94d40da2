"""How much one client may ask: decisions a second per seat (on every face: tokens and mail),
reads a second per token (per address when it sends none), each in a sliding window, and push
streams open at once per token."""

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

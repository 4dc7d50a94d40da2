"""At most 20 decisions a second per token: a sliding one-second window."""

import time
from collections import defaultdict, deque


class RateLimit:
    def __init__(self, per_second: int = 20) -> None:
        self.per_second = per_second
        self._recent: dict[str, deque[float]] = defaultdict(deque)

    def allow(self, key: str) -> bool:
        now = time.monotonic()
        recent = self._recent[key]
        while recent and now - recent[0] >= 1.0:
            recent.popleft()
        if len(recent) >= self.per_second:
            return False
        recent.append(now)
        return True

"""The 95 % Wilson score interval of a win rate: honest for few seats and rates near 0 or 1,
where the normal approximation runs past them."""

import math

from services.stats.report import Share

Z = 1.959964  # the normal quantile of 97.5 %


def share(seats: int, win_rate: float) -> Share:
    if seats == 0:
        return Share(0, 0.0, 0.0, 1.0)
    centre = win_rate + Z * Z / (2 * seats)
    spread = Z * math.sqrt(win_rate * (1 - win_rate) / seats + Z * Z / (4 * seats * seats))
    scale = 1 + Z * Z / seats
    low, high = (centre - spread) / scale, (centre + spread) / scale
    return Share(seats, win_rate, max(0.0, low), min(1.0, high))

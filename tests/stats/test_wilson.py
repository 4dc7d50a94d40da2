"""Win rates are shown with their 95 % Wilson interval: inside [0, 1] however few the seats."""

import pytest

from services.stats.wilson import share


def test_half_of_ten_seats_won_is_known_within_about_a_quarter() -> None:
    found = share(10, 0.5)
    assert (found.low, found.high) == (
        pytest.approx(0.2366, abs=1e-4),
        pytest.approx(0.7634, abs=1e-4),
    )


def test_a_clean_sweep_stays_below_one_and_its_interval_says_how_little_it_shows() -> None:
    found = share(3, 1.0)
    assert found.high == 1.0 and found.low == pytest.approx(0.4385, abs=1e-4)


def test_nothing_seen_is_anything_between_nought_and_one() -> None:
    assert (share(0, 0.0).low, share(0, 0.0).high) == (0.0, 1.0)

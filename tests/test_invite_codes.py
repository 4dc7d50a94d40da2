"""An invite code is typed on a command line (`match join --invite CODE`): one starting with
'-' would be read as an option, so none does."""

import secrets

import pytest

from services.gateway.invites import new_code


def test_a_code_that_would_start_with_a_dash_is_drawn_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn = iter(["-starts-like-an-option", "--two-of-them", "Plain_code-1"])
    monkeypatch.setattr(secrets, "token_urlsafe", lambda _n: next(drawn))
    assert new_code() == "Plain_code-1"


def test_codes_are_random_and_none_starts_with_a_dash() -> None:
    codes = {new_code() for _ in range(2000)}  # about 31 would start with '-' if let through
    assert len(codes) == 2000
    assert not any(code.startswith("-") for code in codes)
    assert all(len(code) == 16 for code in codes)

"""Sealed choices on the log: the judge stamps each entry holding one `sealed_for` its seat
(its ruling, whatever the verdict or the way it was written, and the game's event), the fold
knows where the match last revealed them, and `projections.secrecy` shows them to no one but
their seat until then. A game without sealed choices writes its log as before."""

from typing import Any

import pytest

from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, Entry, Ruling, Say
from events.match import PartitionBook
from events.narration import Narrator
from events.platform_rules import SEAT
from events.ruleset import load_rulesets
from projections.secrecy import SEALED, Sealed, hidden, shown
from services.rules.judge import rule_on
from tests.sealed_ruleset import Pick, Picked, PicksState, Revealed, SealedPicks
from tests.support import decision
from tests.tiny_ruleset import Add

SECRET = "quasar"


def _judged(game: str, seats: int, moves: list[tuple[int, Any]]) -> tuple[PartitionBook, list]:
    book, entries = PartitionBook(), []
    sent = [
        decision("m", None, CreateMatch(ruleset=game, seats=seats)),
        *(decision("m", seat, ClaimSeat(player=f"p{seat}")) for seat in range(seats)),
        *(decision("m", seat, body) for seat, body in moves),
    ]
    for offset, d in enumerate(sent):
        outcome = rule_on(
            book, encode(d), partition=0, offset=offset, now_ms=0, fresh_seed=lambda: "s"
        )
        assert isinstance(outcome, list)
        entries.append(outcome)
    return book, entries


def _picks() -> tuple[PartitionBook, list[list[Entry[Any]]]]:
    """Seat 0 picks the secret (then misspells it in text), seat 1 picks: the reveal."""
    moves = [(0, Pick(star=SECRET)), (0, Say(f"pick {SECRET}9")), (1, Pick(star="comet"))]
    return _judged("sealed-picks", 2, moves)


def test_a_sealed_choice_and_its_ruling_are_stamped_for_their_seat() -> None:
    book, batches = _picks()
    picked, misspelt, last = batches[-3:]
    assert [(type(e.body), e.sealed_seat) for e in picked] == [(Ruling, 0), (Picked, 0)]
    assert [e.sealed_seat for e in misspelt] == [0] and not misspelt[0].body.accepted
    kinds = [(type(e.body), e.sealed_seat) for e in last]
    assert kinds == [(Ruling, 1), (Picked, 1), (Revealed, None)]
    assert all(e.sealed_seat is None for batch in batches[:-3] for e in batch)
    assert book.matches["m"].revealed_seq == last[-1].seq
    assert b'"sealed_for":0' in encode(picked[1]) and b"sealed_for" not in encode(last[-1])


def test_a_game_without_sealed_choices_writes_no_stamp() -> None:
    _, batches = _judged("race-to-21", 2, [(0, Add(amount=2)), (0, Add(amount=1))])
    assert all(b"sealed_for" not in encode(e) for batch in batches for e in batch)


def test_a_sealed_entry_shows_to_its_seat_alone_until_revealed() -> None:
    book, batches = _picks()
    ruling, event = batches[-3]
    misspelt = batches[-2][0]
    revealed_at = book.matches["m"].revealed_seq
    before = ruling.seq  # as a reader sees the match before the reveal
    for reader in (None, 1):
        assert hidden(ruling, before, reader) and hidden(event, before, reader)
        kept = shown(ruling, before, reader)
        assert (kept.accepted, kept.rule, kept.reason, bytes(kept.read)) == (
            True,
            SEALED,
            "",
            b"null",
        )
        assert SECRET not in encode(kept).decode() and shown(event, before, reader) == Sealed(0)
        assert SECRET not in encode(shown(misspelt, before, reader)).decode()
    assert shown(ruling, before, 0) is ruling.body and shown(event, before, 0) is event.body
    assert SECRET in shown(misspelt, before, 0).reason
    assert all(shown(e, revealed_at) is e.body for e in (ruling, event, misspelt))


def test_narration_tells_a_sealed_choice_as_made_and_no_more() -> None:
    _, batches = _picks()
    before = batches[-3][0].seq
    entries = [e for batch in batches for e in batch]
    for reader in (None, 0, 1):
        narrator = Narrator(reader)
        lines = [narrator.tell(e, hidden(e, before, reader)) for e in entries[: before + 3]]
        told = " ".join(lines)
        assert (SECRET in told) == (reader == 0), (reader, lines)
        if reader != 0:
            assert "p0 made a sealed choice: accepted" in lines
            assert "p0's sealed choice is kept until the reveal" in lines


class _AskedOnlyOfItsSeats(SealedPicks):
    """Sealed picks, from a game that counts on being asked only about a seat of the match."""

    name = "sealed-picks-of-seats"

    def sealed(self, state: PicksState, seat: int) -> bool:
        assert 0 <= seat < len(state.scores), f"asked about seat {seat}"
        return super().sealed(state, seat)


def test_a_decision_for_no_seat_of_the_match_is_refused_without_asking_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(load_rulesets(), _AskedOnlyOfItsSeats.name, _AskedOnlyOfItsSeats())
    moves = [(2, Pick(star=SECRET)), (-1, Pick(star=SECRET)), (0, Pick(star=SECRET))]
    _, batches = _judged(_AskedOnlyOfItsSeats.name, 2, moves)
    *refused, picked = batches[-3:]
    for [ruling] in refused:
        assert (ruling.body.accepted, ruling.body.rule) == (False, SEAT)
        assert ruling.sealed_seat is None
    assert [e.sealed_seat for e in picked] == [0, 0]

"""Sealed choices on the log: the judge stamps each entry holding one `sealed_for` its seat
(its ruling, whatever the verdict or the way it was written, and the game's event, or the
`SealedRefusal` of a refused one), the fold knows where the match last revealed them, and
`projections.secrecy` shows them, their verdict and the hashes of the states holding them to
no one but their seat until then. A game without sealed choices writes its log as before."""

from typing import Any

import pytest

from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, Entry, Ruling, Say, SealedRefusal
from events.match import PartitionMatches, apply
from events.narration import Narrator
from events.platform_rules import SEAT, VERSION
from events.ruleset import load_rulesets
from projections.projection import kind
from projections.secrecy import SEALED, Sealed, SealedRuling, hash_kept, hidden, shown
from services.rules.judge import rule_on
from services.rules.rejudge import verify
from tests.sealed_ruleset import Pick, Picked, PicksState, Revealed, SealedPicks
from tests.support import decision
from tests.tiny_ruleset import Add

SECRET = "quasar"


def _judged(
    game: str, seats: int, moves: list[tuple[int, Any]], platform_rules: int = VERSION
) -> tuple[PartitionMatches, list]:
    folded, entries = PartitionMatches(), []
    sent = [
        decision("m", None, CreateMatch(ruleset=game, seats=seats)),
        *(decision("m", seat, ClaimSeat(player=f"p{seat}")) for seat in range(seats)),
        *(decision("m", seat, body) for seat, body in moves),
    ]
    for offset, d in enumerate(sent):
        outcome = rule_on(
            folded,
            encode(d),
            partition=0,
            offset=offset,
            now_ms=0,
            fresh_seed=lambda: "s",
            platform_rules=platform_rules,
        )
        assert isinstance(outcome, list)
        entries.append(outcome)
    return folded, entries


def _picks() -> tuple[PartitionMatches, list[list[Entry[Any]]]]:
    """Seat 0 picks the secret (then misspells it in text), seat 1 picks: the reveal."""
    moves = [(0, Pick(star=SECRET)), (0, Say(f"pick {SECRET}9")), (1, Pick(star="comet"))]
    return _judged("sealed-picks", 2, moves)


def test_a_sealed_choice_and_its_ruling_are_stamped_for_their_seat() -> None:
    folded, batches = _picks()
    picked, misspelt, last = batches[-3:]
    assert [(type(e.body), e.sealed_seat) for e in picked] == [(Ruling, 0), (Picked, 0)]
    assert [(type(e.body), e.sealed_seat) for e in misspelt] == [(Ruling, 0), (SealedRefusal, 0)]
    assert not misspelt[0].body.accepted
    kinds = [(type(e.body), e.sealed_seat) for e in last]
    assert kinds == [(Ruling, 1), (Picked, 1), (Revealed, None)]
    assert all(e.sealed_seat is None for batch in batches[:-3] for e in batch)
    assert folded.matches["m"].revealed_seq == last[-1].seq
    assert b'"sealed_for":0' in encode(picked[1]) and b"sealed_for" not in encode(last[-1])


def test_a_game_without_sealed_choices_writes_no_stamp() -> None:
    _, batches = _judged("race-to-21", 2, [(0, Add(amount=2)), (0, Add(amount=1))])
    assert all(b"sealed_for" not in encode(e) for batch in batches for e in batch)


def test_a_sealed_entry_shows_to_its_seat_alone_until_revealed() -> None:
    folded, batches = _picks()
    ruling, event = batches[-3]
    misspelt = batches[-2][0]
    revealed_at = folded.matches["m"].revealed_seq
    before = ruling.seq  # as a reader sees the match before the reveal
    for reader in (None, 1):
        assert hidden(ruling, before, reader) and hidden(event, before, reader)
        kept = shown(ruling, before, reader)
        assert isinstance(kept, SealedRuling)
        assert (kept.accepted, kept.rule, kept.reason, bytes(kept.read)) == (
            None,
            SEALED,
            "",
            b"null",
        )
        assert SECRET not in encode(kept).decode() and shown(event, before, reader) == Sealed(0)
        assert encode(shown(misspelt, before, reader)) == encode(kept)  # the verdict is kept too
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
            # the pick and its misspelling, refused, read the same
            assert (
                lines[-4:]
                == [
                    "p0 made a sealed choice",
                    "p0's sealed choice is kept until the reveal",
                ]
                * 2
            )


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


def _second_choice(second: Any, platform_rules: int = VERSION) -> tuple[PartitionMatches, list]:
    """Seat 0 picks the secret, then sends `second`; seat 1 has not picked yet."""
    return _judged("sealed-picks", 2, [(0, Pick(star=SECRET)), (0, second)], platform_rules)


def _as_others_see(entry: Entry[Any], folded: PartitionMatches) -> tuple[Any, ...]:
    """All another seat or the public reads of an entry of match "m" as it stands."""
    match = folded.matches["m"]
    body = shown(entry, match.revealed_seq)
    hash_shown = None if hash_kept(match, entry.seq) else entry.state_hash
    return entry.seq, kind(body), encode(body), entry.sealed_seat, hash_shown


def test_a_refused_sealed_choice_writes_as_many_entries_as_an_accepted_one() -> None:
    """Seat 0 changes its pick in one match and misspells it in the other: the refusal's
    `SealedRefusal` changes nothing (no state, no hash), and to anyone else the two read the
    same, hashes held back; each match re-judges as written."""
    accepted_matches, accepted = _second_choice(Pick(star="comet"))
    refused_matches, refused = _second_choice(Say(f"pick {SECRET}9"))
    changed, kept = accepted[-1], refused[-1]
    assert [type(e.body) for e in changed] == [Ruling, Picked]
    assert [type(e.body) for e in kept] == [Ruling, SealedRefusal]
    assert (kept[0].body.accepted, kept[1].body, kept[1].sealed_seat) == (
        False,
        SealedRefusal(0),
        0,
    )
    before = refused[-2][-1].state_hash
    assert kept[1].state_hash == kept[0].state_hash == before  # the refusal changed nothing
    assert changed[1].state_hash != before
    seen = [
        [_as_others_see(e, folded) for e in batches[-2] + batches[-1]]
        for folded, batches in ((accepted_matches, accepted), (refused_matches, refused))
    ]
    assert seen[0] == seen[1]
    assert all(hash_shown is None for *_, hash_shown in seen[0])
    for batches in (accepted, refused):
        assert verify([e for batch in batches for e in batch]) is None


def test_a_match_opened_under_platform_rules_1_writes_a_sealed_refusal_as_its_ruling_alone():
    _, batches = _second_choice(Say(f"pick {SECRET}9"), platform_rules=1)
    [ruling] = batches[-1]
    assert (ruling.body.accepted, ruling.sealed_seat) == (False, 0)
    assert verify([e for batch in batches for e in batch]) is None  # judged by its own rules


def test_the_fold_takes_a_sealed_refusal_as_changing_nothing_and_holds_hashes_until_the_reveal():
    """The states from seat 0's first sealed entry hold a secret until seat 1's pick reveals
    it: their hashes are held back from every reader, then shown."""
    _, batches = _picks()
    first_sealed = batches[-3][0].seq
    record = None
    for entry in (e for batch in batches for e in batch):
        before = record and (record.state, record.moved_seq, list(record.sealed_moved_seq))
        record = apply(record, entry)
        if isinstance(entry.body, SealedRefusal):
            assert (record.state, record.moved_seq, record.sealed_moved_seq) == before
            held = [seq for seq in range(1, record.seq + 1) if hash_kept(record, seq)]
            assert held == list(range(first_sealed, record.seq + 1))
    assert record.sealed_since == first_sealed
    assert not any(hash_kept(record, seq) for seq in range(1, record.seq + 1))  # revealed

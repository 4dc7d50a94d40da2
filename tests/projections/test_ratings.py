"""The ratings read model, fed the steps a worker feeds it: who finished each seat of an ended
match and where, who left it to a bot, which results count for ratings; and each player's
reliability counted from the clock's and the organiser's entries. Race to 21 (`tests/
tiny_ruleset.py`) is played to 6, each seat adding 3: seat 1 wins on the second move."""

from typing import Any

import msgspec

from events.clock import Clock, Resign, Timeout
from events.codec import decode_record, encode
from events.envelope import ClaimSeat, CreateMatch, Decision, EntryBatch
from events.match import MatchRecord, PartitionMatches
from events.ruleset import Standing
from events.seats import ReplacePlayer
from projections.projection import Folded
from projections.ratings import Ratings, places
from services.rules.judge import rule_on
from tests.tiny_ruleset import Add

GAME = "race-to-21"
START_MS = 1_800_000_000_000


class Table:
    """One match judged decision by decision (the judge's fold), read back as a worker reads
    it (its own fold), every step handed to one `Ratings` batch."""

    def __init__(self, seats: int, **create: Any) -> None:
        self.judge, self.reader = PartitionMatches(), PartitionMatches()
        self.ratings = Ratings()
        self.sent = 0
        self.send(None, CreateMatch(GAME, seats, {"target": 6}, seed="s", **create), "organiser")

    @property
    def match(self) -> MatchRecord:
        found = self.reader.matches["m"]
        assert isinstance(found, MatchRecord)
        return found

    def send(self, seat: int | None, body: Any, sender: str, at_ms: int = 0) -> None:
        self.sent += 1
        at_ms = at_ms or START_MS + self.sent
        decision = Decision(
            decision_id=f"d{self.sent}",
            match_id="m",
            seat=seat,
            body=msgspec.Raw(encode(body)),
            sender=sender,
            sent_at_ms=at_ms,
        )
        entries = rule_on(
            self.judge,
            encode(decision),
            partition=0,
            offset=self.sent,
            now_ms=at_ms,
            fresh_seed=lambda: "s",
        )
        assert isinstance(entries, list), entries
        batch = EntryBatch(
            writer="w", decision_partition=0, decision_offset=self.sent, entries=entries
        )
        before = self.reader.matches.get("m")
        counted, match = self.reader.fold_match(decode_record(encode(batch)))
        assert match is not None
        self.ratings.take(Folded(counted, before.state_hash if before else "", match))

    def claim(self, *players: str, ids: tuple[str, ...] = ()) -> None:
        """Seats claimed by name; with `ids`, each with its player's id (a player token's)."""
        for seat, player in enumerate(players):
            if player.startswith("bot:"):
                self.send(seat, ClaimSeat(player=player), "organiser")
            else:
                player_id = ids[seat] if ids else msgspec.UNSET
                self.send(seat, ClaimSeat(player, player_id), player)

    def play_out(self) -> None:
        """Each seat to act adds 3 as its holder: seat 1 reaches 6."""
        while not self.reader.matches["m"].over:
            seat = self.match.state.turn
            self.send(seat, Add(amount=3), self.match.seat_players[seat] or "")

    def results(self) -> list[tuple[str, str, int | None, bool]]:
        """(player, outcome, place, rated) of each row, by seat."""
        return [(r[5], r[7], r[8], r[10]) for r in self.ratings.results]

    def reliability(self, player: str, player_id: str = "") -> dict[str, int]:
        counted = self.ratings.reliability[(player, player_id, GAME)]
        return {k: v for k, v in counted.items() if v}


def test_places_put_winners_first_then_scores_and_ties_share_a_place() -> None:
    assert places(Standing(1, "end", (5, 9, 9, 2), winners=(0,)), 4) == [1, 2, 2, 4]
    assert places(Standing(1, "end", (7, 7, 3), winners=(0, 1)), 3) == [1, 1, 3]


def test_two_people_and_a_bot_finish_a_rated_match_the_bot_unrated() -> None:
    table = Table(3)
    table.claim("ann", "bob", "bot:greedy")
    table.play_out()
    assert table.results() == [("ann", "finished", 2, True), ("bob", "finished", 1, True)]
    assert [r[9] for r in table.ratings.results] == [0.0, 1.0]
    assert table.reliability("ann") == {"decisions": 1}
    assert table.reliability("bob") == {"decisions": 1}
    assert ("bot:greedy", "", GAME) not in table.ratings.reliability


def test_one_person_among_bots_is_recorded_and_rates_nothing() -> None:
    table = Table(2)
    table.claim("ann", "bot:greedy")
    table.play_out()
    assert table.results() == [("ann", "finished", 2, False)]


def test_a_match_its_organiser_opened_unrated_rates_nobody() -> None:
    table = Table(2, unrated=True)
    table.claim("ann", "bob")
    table.play_out()
    assert table.results() == [("ann", "finished", 2, False), ("bob", "finished", 1, False)]


def test_one_person_at_two_seats_rates_nobody() -> None:
    table = Table(3)
    table.claim("ann", "ann", "bob")
    table.play_out()
    assert {rated for *_, rated in table.results()} == {False}


def test_a_resignation_is_a_loss_below_every_seat_and_counted_against_its_player() -> None:
    table = Table(3)
    table.claim("ann", "bob", "cara")
    table.send(1, Resign(), "bob")
    table.play_out()
    assert table.results() == [
        ("ann", "finished", 2, True),
        ("bob", "left", 4, True),
        ("cara", "finished", 2, True),
    ]
    assert table.reliability("bob") == {"decisions": 1, "resigned": 1}


def test_a_seat_given_to_another_person_rates_who_finished_it() -> None:
    table = Table(2)
    table.claim("ann", "bob")
    table.send(1, ReplacePlayer(player="dan"), "organiser")
    table.play_out()
    assert table.results() == [
        ("ann", "finished", 2, True),
        ("bob", "replaced", None, False),
        ("dan", "finished", 1, True),
    ]
    assert table.reliability("bob") == {"replaced": 1}
    assert table.reliability("dan") == {"decisions": 1}


def test_a_missed_deadline_handed_to_the_bot_counts_as_a_timeout() -> None:
    table = Table(2, clock=Clock(per_decision_s=60, on_timeout="bot", level="greedy"))
    table.claim("ann", "bob")
    deadline = table.match.timing.deadlines[0]
    late = deadline.due_ms + 1
    table.send(None, Timeout(0, deadline.at_seq, deadline.due_ms), "clock", at_ms=late)
    table.play_out()
    assert table.reliability("ann") == {"missed": 1, "timed_out": 1}
    assert table.results()[0][:3] == ("ann", "left", 3)


def test_results_and_reliability_follow_the_player_id_a_seat_was_joined_with() -> None:
    """Two players named ann, each with her player token: two people, both rated, each row
    with her id; the log holds ids, never a token."""
    table = Table(2)
    table.claim("ann", "ann", ids=("p-first", "p-second"))
    claimed = [e for e in table.reader.matches["m"].player_ids.items()]
    assert claimed == [("0:ann", "p-first"), ("1:ann", "p-second")]
    table.play_out()
    assert [(r[5], r[6], r[10]) for r in table.ratings.results] == [
        ("ann", "p-first", True),
        ("ann", "p-second", True),
    ]
    assert table.reliability("ann", "p-first") == {"decisions": 1}
    assert table.reliability("ann", "p-second") == {"decisions": 1}


def test_one_player_at_two_seats_under_two_names_rates_nobody() -> None:
    table = Table(2)
    table.claim("ann", "anna", ids=("p-same", "p-same"))
    table.play_out()
    assert {rated for *_, rated in table.results()} == {False}


def test_a_replacement_with_a_player_id_rates_that_player() -> None:
    table = Table(2)
    table.claim("ann", "bob", ids=("p-ann", "p-bob"))
    table.send(1, ReplacePlayer(player="dan", player_id="p-dan"), "organiser")
    table.play_out()
    assert [(r[5], r[6], r[7]) for r in table.ratings.results] == [
        ("ann", "p-ann", "finished"),
        ("bob", "p-bob", "replaced"),
        ("dan", "p-dan", "finished"),
    ]
    assert table.reliability("bob", "p-bob") == {"replaced": 1}

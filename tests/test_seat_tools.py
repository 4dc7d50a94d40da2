"""The organiser's seat tools, judged: given a running match, when the organiser replaces a
seat's player or hands the seat to a bot, then the change is an entry with its cause; a player
cannot do either; the former player's decisions are refused, unless seated again by name. The
organiser's message to the players is an entry every seat reads."""

from typing import Any

import msgspec
import pytest

from events import platform_rules as rules
from events.clock import DeadlineCleared, SeatHandedToBot
from events.envelope import ClaimSeat, CreateMatch, Entry, Ruling
from events.messages import Announce, Announced
from events.narration import Narrator
from events.seats import HandToBot, ReplacePlayer, SeatReplaced
from tests.random_play import Table
from tests.test_clock import CLOCK, SECOND, START, bodies, play_variants, verdict
from tests.test_clock import Table as ClockTable
from tests.tiny_ruleset import Add


def _running() -> Table:
    table = Table("seats")
    table.send(None, CreateMatch(ruleset="race-to-21", seats=2, seed="s"))
    table.send(0, ClaimSeat(player="ann"), sender="ann")
    table.send(1, ClaimSeat(player="bob"), sender="bob")
    return table


def _ruling(entries: list[Entry[Any]]) -> Ruling:
    assert isinstance(entries[0].body, Ruling)
    return entries[0].body


def test_only_the_organiser_changes_who_holds_a_seat() -> None:
    table = _running()
    for body in (ReplacePlayer("mallory"), HandToBot()):
        refused = table.send(0, body, sender="ann")
        assert (_ruling(refused).accepted, _ruling(refused).rule) == (False, rules.SEAT_HOLDER)
        assert len(refused) == 1


def test_a_replaced_player_acts_no_more_and_the_newcomer_does() -> None:
    table = _running()
    [ruling, replaced] = table.send(0, ReplacePlayer("dan", "ann left"), sender="organiser")
    assert (_ruling([ruling]).accepted, _ruling([ruling]).rule) == (True, rules.SEAT_HOLDER)
    assert replaced.body == SeatReplaced(0, "dan", "ann", "ann left")
    assert table.folded.matches["seats"].seat_players == ["dan", "bob"]
    late = table.send(0, Add(1), sender="ann")
    assert (_ruling(late).accepted, _ruling(late).rule) == (False, rules.SEAT)
    assert _ruling(table.send(0, Add(1), sender="dan")).accepted
    # seated again under her own name, ann acts again
    table.send(0, ReplacePlayer("ann"), sender="organiser")
    assert _ruling(table.send(0, Add(1), sender="ann")).accepted is False  # bob's turn now
    assert _ruling(table.send(1, Add(1), sender="bob")).accepted
    assert _ruling(table.send(0, Add(1), sender="ann")).accepted


def test_a_seat_handed_to_a_bot_names_the_organiser_as_its_cause() -> None:
    table = _running()
    [ruling, handed] = table.send(1, HandToBot("greedy", "asleep"), sender="organiser")
    assert (_ruling([ruling]).accepted, _ruling([ruling]).rule) == (True, rules.SEAT_HOLDER)
    assert handed.body == SeatHandedToBot(1, "greedy", "bob", "organiser", "asleep")
    assert table.folded.matches["seats"].seat_players == ["ann", "bot:greedy"]
    twice = table.send(1, HandToBot(), sender="organiser")
    assert (_ruling(twice).accepted, _ruling(twice).rule) == (False, rules.SEAT_HOLDER)
    unknown = _ruling(table.send(0, HandToBot("nobody"), sender="organiser"))
    assert (unknown.accepted, unknown.rule) == (False, rules.SEAT_HOLDER)
    assert unknown.reason == "no bot 'nobody' of race-to-21; bots: pass, random, greedy"


def test_a_seat_handed_to_a_bot_of_no_level_gets_the_clocks_bot_else_the_games_first() -> None:
    untimed = _running()
    [_, handed] = untimed.send(0, HandToBot(), sender="organiser")
    assert handed.body == SeatHandedToBot(0, "pass", "ann", "organiser", "")
    timed = ClockTable(msgspec.structs.replace(CLOCK, level="greedy"))
    wrote = bodies(timed.send(1, HandToBot(), at=START, sender="organiser"))
    assert wrote[1:] == [SeatHandedToBot(1, "greedy", "bob", "organiser", "")]


def test_a_game_without_bots_has_none_to_hand_a_seat_to(monkeypatch: pytest.MonkeyPatch) -> None:
    play_variants(monkeypatch)
    table = ClockTable(None, game="race-no-bots")
    refused = verdict(table.send(0, HandToBot(), at=START, sender="organiser"))
    why = "race-no-bots has no bot to take the seat"
    assert (refused.accepted, refused.rule, refused.reason) == (False, rules.SEAT_HOLDER, why)
    assert table.folded.matches["timed"].seat_players == ["ann", "bob"]


def test_an_open_seat_is_joined_not_replaced_and_no_platform_name_is_seated() -> None:
    table = Table("open")
    table.send(None, CreateMatch(ruleset="race-to-21", seats=2, seed="s"))
    open_seat = table.send(0, ReplacePlayer("dan"), sender="organiser")
    assert (_ruling(open_seat).accepted, _ruling(open_seat).rule) == (False, rules.SEAT_HOLDER)
    running = _running()
    bot_name = running.send(0, ReplacePlayer("bot:greedy"), sender="organiser")
    assert (_ruling(bot_name).accepted, _ruling(bot_name).rule) == (False, rules.RESERVED_NAME)


def test_the_organiser_alone_writes_to_the_players_and_the_log_tells_it_to_every_seat() -> None:
    table = _running()
    refused = table.send(None, Announce("free pizza"), sender="ann")
    assert (_ruling(refused).accepted, _ruling(refused).rule) == (False, rules.ANNOUNCE)
    assert len(refused) == 1 and "only the organiser" in _ruling(refused).reason
    before = table.folded.matches["seats"].state
    [ruling, said] = table.send(None, Announce("no play on Friday"), sender="organiser")
    assert (_ruling([ruling]).accepted, _ruling([ruling]).rule) == (True, rules.ANNOUNCE)
    assert said.body == Announced("no play on Friday")
    assert table.folded.matches["seats"].state == before  # words only
    for seat in (0, 1, None):
        narrator = Narrator(seat)
        lines = [narrator.tell(e) for e in table.entries]
        assert lines[-1] == "the organiser wrote to the players: 'no play on Friday'"
        assert lines[-2].startswith("organiser asked to write to the players: accepted (SL-18")
    assert _ruling(table.send(0, Add(1), sender="ann")).accepted  # play goes on


def test_a_seat_tool_names_a_seat_of_the_match_and_only_the_organiser_uses_any() -> None:
    table = _running()
    for seat in (None, 2, -1):
        refused = _ruling(table.send(seat, ReplacePlayer("dan"), sender="organiser"))
        assert (refused.accepted, refused.rule) == (False, rules.SEAT)
        assert refused.reason == f"seat {seat} is not a seat of this 2-seat match"
    by_ann = _ruling(table.send(0, HandToBot(), sender="ann"))
    assert by_ann.reason == "only the organiser changes who holds a seat"
    told = _ruling(table.send(None, Announce("hi"), sender="ann"))
    assert (told.rule, told.reason) == (rules.ANNOUNCE, "only the organiser writes to the players")


def test_a_replaced_seats_running_deadline_is_cleared_so_the_newcomers_time_starts_afresh() -> None:
    table = ClockTable(CLOCK)
    assert 0 in table.timing.deadlines and 0 not in table.timing.late
    wrote = bodies(table.send(0, ReplacePlayer("dan"), at=START + SECOND, sender="organiser"))
    assert wrote[1] == DeadlineCleared(0)
    assert table.timing.deadlines[0].due_ms == START + SECOND + CLOCK.per_decision_s * SECOND
    idle = bodies(table.send(1, ReplacePlayer("eve"), at=START + SECOND, sender="organiser"))
    assert idle[1:] == [SeatReplaced(1, "eve", "bob", "")]  # seat 1 had no time running


def test_a_malformed_seat_tool_is_refused_as_malformed_and_changes_nothing() -> None:
    table = _running()
    for body in ({"type": "match.replace_player"}, {"type": "match.hand_to_bot", "level": 7}):
        refused = _ruling(table.send(1, body, sender="organiser"))
        assert (refused.accepted, refused.rule) == (False, rules.MALFORMED)
    assert table.folded.matches["seats"].seat_players == ["ann", "bob"]

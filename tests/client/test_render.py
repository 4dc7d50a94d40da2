"""Given a seat's view or a match's state, the client shows card names, and between two steps
only what changed."""

import msgspec

from events.match import MatchRecord, apply
from events.ruleset import get_ruleset
from events.rulesets.core_worlds.happenings import Drafted
from services.client import render
from services.selfplay import play_match

CORE_WORLDS = get_ruleset("core-worlds")


ENTRIES = play_match("core-worlds", "shown", 3, "seed-r", ["greedy"]).entries


def _records(count: int) -> list[MatchRecord]:
    """The match after each of its first `count` entries (one record folded, copied as we go)."""
    record, found = None, []
    for entry in ENTRIES[:count]:
        record = apply(record, entry)
        found.append(msgspec.structs.replace(record, holders=list(record.holders)))
    return found


def _view(record: MatchRecord, seat: int | None) -> dict:
    return msgspec.json.decode(msgspec.json.encode(CORE_WORLDS.view(record.state, seat)))


def test_a_seat_view_shows_names_its_own_hand_and_only_the_size_of_others() -> None:
    record = _records(60)[-1]
    view = _view(record, 0)
    lines = render.render(render.table(view))
    text = "\n".join(lines)
    hand = [view["cards"][str(c)] for c in view["hand"]]
    assert f"hand: 1 {hand[0]}" in text
    assert "seat 0 (you):" in text and "seat 1:" in text
    assert f"hand: {_cards(view['players'][1]['hand_size'])}" in text
    central = view["cards"][str(view["central"][0])]
    assert any(line.startswith(f"Central Zone: 1 {central}") for line in lines)
    assert lines[0].startswith(f"round: {view['round']} (Sector ")


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def test_a_full_state_names_cards_from_its_card_set_and_shows_every_hand() -> None:
    record = _records(60)[-1]
    rows = render.table(msgspec.to_builtins(record.state))
    names = CORE_WORLDS.view(record.state, 1).cards
    assert rows["seat 1", "hand"] == tuple(names[c] for c in record.state.players[1].hand)
    assert "seat 0 (you)" not in {group for group, _ in rows}


def test_a_draft_shows_as_the_card_leaving_the_central_zone_for_the_discard_pile() -> None:
    drafted = next(e for e in ENTRIES if isinstance(e.body, Drafted))
    *_, before, after = _records(drafted.seq)
    seat = drafted.body.seat
    card = CORE_WORLDS.view(after.state, seat).cards[drafted.body.card]
    changes = render.diff(*(render.table(_view(r, seat)) for r in (before, after)))
    assert any(line.startswith("Central Zone: ") and f"- {card}" in line for line in changes)
    assert f"seat {seat} (you) discard: + {card}" in changes
    assert render.diff(render.table(_view(after, seat)), render.table(_view(after, seat))) == []


def test_piles_show_cards_gained_and_lost_and_values_old_and_new() -> None:
    before = {("", "phase"): "Draw phase", ("seat 0", "Warzone"): ("Ceto Haven", "Snub Fighter")}
    after = {("", "phase"): "Energy phase", ("seat 0", "Warzone"): ("Ceto Haven", "Raptor")}
    assert render.diff(before, after) == [
        "phase: Draw phase -> Energy phase",
        "seat 0 Warzone: + Raptor; - Snub Fighter",
    ]
    assert render.diff({}, {("", "hand"): ("A", "A")}) == ["hand: + A, A"]
    assert render.diff({("", "draw"): ("A", "B")}, {("", "draw"): ("B", "A")}) == [
        "draw: same cards, new order"
    ]


def test_other_games_show_as_labelled_values() -> None:
    rows = render.table({"count": 3, "seats": [{"score": 1}], "log": [1, 2]})
    assert rows == {("", "count"): "3", ("", "seats.0.score"): "1", ("", "log"): ("1", "2")}
    assert render.table(None) == {}

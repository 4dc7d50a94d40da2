"""Every entry of a judged match is told in a line for each seat's eyes and the public's
(the game's events and decisions by its `narrate`), every rule a ruling cites has words, and
every view, as stored and read back, is described for every seat and the public, waiting for
whom that reader may see waited for (`shown_waiting`)."""

import msgspec
import pytest

from events.codec import encode, game_codec
from events.envelope import Ruling
from events.match import apply
from events.narration import Narrator, rule_words, seat_names
from events.ruleset import Description, shown_waiting

from .games import RULESETS, game_seats
from .judged import judged_match

DESCRIBED = 60  # states described, spread over the match


@pytest.mark.parametrize(("game", "seats"), game_seats())
def test_every_entry_is_told_for_every_seat(game: str, seats: int) -> None:
    ruleset, entries = RULESETS[game], judged_match(game, seats)
    for seat in (*range(seats), None):
        narrator = Narrator(seat)
        for entry in entries:
            line = narrator.tell(entry)
            assert line.strip() and "\n" not in line, (game, seat, entry.seq, entry.body, line)
    cited = {e.body.rule for e in entries if isinstance(e.body, Ruling)}
    assert all(rule_words(ruleset, rule) for rule in cited), [
        rule for rule in cited if not rule_words(ruleset, rule)
    ]
    kinds = {type(e.body) for e in entries}
    assert kinds & set(ruleset.event_types), f"{game}: no game event on the log"


@pytest.mark.parametrize(("game", "seats"), game_seats())
def test_every_view_is_described_for_every_seat(game: str, seats: int) -> None:
    ruleset, entries, codec = RULESETS[game], judged_match(game, seats), game_codec(game)
    record, step = None, max(1, len(entries) // DESCRIBED)
    for n, entry in enumerate(entries):
        record = apply(record, entry)
        if record.state is None or (n % step and n != len(entries) - 1):
            continue
        names, waiting = seat_names(record.seat_players), ruleset.waiting(record.state)
        for seat in (*range(seats), None):
            view = ruleset.view(record.state, seat)
            stored = codec.view(encode(view))  # as the seat-views model keeps it
            assert encode(stored) == encode(view), (game, entry.seq, seat)
            for players in (names, ()):
                described = ruleset.describe(stored, players)
                assert isinstance(described, Description) and described.title
                assert described.sections, (game, entry.seq, seat)
                assert described.waiting == shown_waiting(waiting, seat), (game, entry.seq, seat)
                for board in described.boards:  # each cell once, in a place of its own
                    cells = board.cells
                    assert len({c.code for c in cells}) == len({(c.q, c.r) for c in cells})
                    assert len(cells) == len({c.code for c in cells}), (game, board.label)
                msgspec.json.encode(described)

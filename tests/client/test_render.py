"""The command line shows any game through its descriptions and narration: sections, numbered
cards and aligned tables; a replay jumps by round, entry and decision; cards are looked up."""

import io
from typing import Any

from events.match import apply
from events.narration import NarratedLine
from events.ruleset import (
    Board,
    CardFace,
    CardInfo,
    CardList,
    Cell,
    Description,
    Field,
    Section,
    Table,
    get_ruleset,
)
from services.client import render
from services.client.cards import card_lines, matching
from services.client.match import describe
from services.client.replay import Replay
from services.gateway import api
from services.selfplay import play_match


def test_a_description_shows_sections_fields_numbered_cards_and_aligned_tables() -> None:
    described = Description(
        title="Race to 21",
        sections=(
            Section(
                "The race",
                (Field("Total", "15"), Field("Turn", "Ben")),
                (
                    CardList("Your card", (CardFace(7, "card 7", "number", {"value": 7}),)),
                    CardList("Played", ()),
                ),
                (Table("Adds", ("Player", "Sum"), (("Ana", "9"), ("Benedict", "6"))),),
            ),
        ),
    )
    assert render.render(described) == [
        "Race to 21",
        "The race",
        "  Total: 15 · Turn: Ben",
        "  Your card:",
        "    1 card 7 (number; value 7)",
        "  Played: none",
        "  Adds:",
        "    Player    Sum",
        "    Ana       9",
        "    Benedict  6",
    ]


def test_a_board_reads_as_a_line_a_cell_before_the_sections() -> None:
    galaxy = Board(
        "The galaxy",
        (
            Cell("000", 0, 0, "Mecatol Rex", ("Mecatol Rex 1/6",)),
            Cell("101", 0, -1, "Abyz/Fria", ("2 Cruiser", "1 Carrier"), 1, ("nebula",)),
            Cell("102", 1, -1, owner=4),
            Cell("103", 1, 0, highlight="active system"),
        ),
    )
    described = Description("Your view", (Section("Scores"),), boards=(galaxy,))
    assert render.render(described, ["ann", "bob"]) == [
        "Your view",
        "The galaxy:",
        "  000 Mecatol Rex: Mecatol Rex 1/6",
        "  101 Abyz/Fria (bob): 2 Cruiser; 1 Carrier [nebula]",
        "  102 (seat 4)",
        "  103 <active system>",
        "Scores",
    ]


def test_a_core_worlds_seat_sees_its_hand_numbered_as_commands_count_it() -> None:
    core_worlds = get_ruleset("core-worlds")
    record = None
    for entry in play_match("core-worlds", "shown", 3, "seed-r", ["greedy"]).entries[:60]:
        record = apply(record, entry)
    view = core_worlds.view(record.state, 0)
    lines = render.render(core_worlds.describe(view, ["Ana", "Ben", "Cleo"]))
    hand = lines.index("  Hand:")
    first = view.cards[view.hand[0]]
    assert lines[hand + 1].startswith(f"    1 {first} (")
    assert "Your cards (Ana)" in lines and "Ana (you)" in lines and "Ben" in lines
    assert any(line.startswith("  Energy: ") and "Hand: " in line for line in lines)


class FakeGateway:
    """Replies as the gateway would, from what the test hands it."""

    def __init__(self, told: list[NarratedLine], game: str = "race-to-21") -> None:
        self.told, self.game = told, game
        self.asked: list[str] = []

    def get(self, path: str, shape: type, params: dict[str, Any] | None = None) -> Any:
        self.asked.append(path)
        if path.endswith("/narration"):
            return api.NarrationReply("m", None, self.told)
        if path == "/matches/m":
            return {"match_id": "m", "game": self.game}
        table = Description("Race to 21", (Section("The race", (Field("Total", "3"),)),))
        return api.ReplayReply("m", int(path.rsplit("/", 1)[1]), True, True, {}, "", table)


def test_a_replay_jumps_to_a_round_an_entry_and_a_seat_s_next_decision() -> None:
    told = [
        NarratedLine(1, "A match was opened"),
        NarratedLine(2, "Ana asked to add 1", round=1, decided_by=0),
        NarratedLine(3, "Ana added 1", round=1),
        NarratedLine(4, "Ben asked to add 2", round=2, decided_by=1),
        NarratedLine(5, "Ben added 2", round=2),
        NarratedLine(6, "Ana asked to add 3", round=3, decided_by=0),
    ]
    out = io.StringIO()
    replay = Replay(FakeGateway(told), "m")
    replay.browse(["r 2", "s 0", "p", "g 1", "s 1", "v", "r 9", "g 99", "x", "", "q", "n"], out)
    shown = out.getvalue().splitlines()
    assert shown[1:] == [
        "1/6: A match was opened",
        "4/6, round 2: Ben asked to add 2",
        "6/6, round 3: Ana asked to add 3",
        "5/6, round 2: Ben added 2",
        "1/6: A match was opened",
        "4/6, round 2: Ben asked to add 2",
        "Race to 21",
        "The race",
        "  Total: 3",
        "no round 9 in this match",
        "entries go from 1 to 6",
        shown[-2],
        "5/6, round 2: Ben added 2",
    ]
    assert shown[-2].startswith("keys: ") and "r N round N" in shown[-2]


def test_a_replay_counts_in_the_games_own_word_turns_for_star_realms() -> None:
    told = [NarratedLine(1, "A match was opened"), NarratedLine(2, "Turn 1: Ana begins", round=1)]
    out = io.StringIO()
    Replay(FakeGateway(told, "star-realms"), "m").browse(["r 1", "r 9", "x"], out)
    shown = out.getvalue().splitlines()
    assert shown[2:4] == ["2/2, turn 1: Turn 1: Ana begins", "no turn 9 in this match"]
    assert "r N turn N" in shown[0] and "r N turn N" in shown[4]


def test_cards_are_found_by_name_and_shown_with_numbers_copies_and_text() -> None:
    cards = get_ruleset("core-worlds").cards({})
    [bomber] = matching(cards, "hercules bomber")
    assert card_lines(bomber) == [
        "Hercules Bomber: Unit, Starfighter, Galactic deck I, 2 copies; costs 2",
        "  draft 2 · deploy 2 · fleet 1 · ground 0 · points 1",
        "  During an Invasion: pay 1 energy for +2 Ground.",
    ]
    assert len(matching(cards, "snub")) == 1 and matching(cards, None) == cards
    assert matching([CardInfo("card 1", "number", 1)], "zeus") == []


def test_a_lobby_row_reads_as_a_sentence_running_and_over() -> None:
    row = {"match_id": "m", "game": "g", "players": ["Ana", None], "last_activity": "t"}
    running = {**row, "status": "in_progress", "to_act": [0], "round": 2, "seq": 5}
    shown = describe({**running, "phase": "Energy phase", "scores": [3, 4], "winners": None})
    assert shown[1:3] == ["  round 2, Energy phase; to act: 0; entry 5", "  scores 0: 3, 1: 4"]
    turns = describe({**running, "game": "star-realms", "phase": "main", "scores": None})
    assert turns[1] == "  turn 2, main; to act: 0; entry 5"
    over = describe({**row, "status": "finished", "scores": [3, 4], "winners": [1]})
    assert over[1] == "  won by seat 1; scores 0: 3, 1: 4"
    handed = {**row, "players": ["Ana", "bot:greedy"], "former": [{"seat": 1, "player": "Bo"}]}
    shown = describe({**handed, "status": "finished", "scores": None})
    assert shown[:2] == [
        "m  g  finished  seats 0: Ana, 1: bot:greedy",
        "  played before: seat 1 by Bo",
    ]

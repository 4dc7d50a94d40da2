"""The galaxy built by the players (option galaxy = build): sides picked with 6 players, the
face-down tile laid with 5, placements in snake order judged by the rules, hands hidden and
shown, the highlights of the board, the text commands, and the game going on once built."""

import random

import msgspec

from events.rulesets.twilight_imperium_3.building import (
    HIDDEN,
    GalaxyBuilt,
    HandShown,
    LayFaceDown,
    PickSide,
    Place,
)
from events.rulesets.twilight_imperium_3.galaxy import open_positions, placer, table_order
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.placement import placements
from events.rulesets.twilight_imperium_3.state import Game, Phase
from tests.twilight_imperium_3.play import (
    CHANCE,
    GAME,
    applied,
    refused,
    settled,
    step,
    verdict,
)

BUILD = {"galaxy": "build"}


def building(seats: int, seed: int = 1) -> Game:
    return settled(applied(None, GAME.initial(seats, BUILD, random.Random(seed))))


def placed_by_default(state: Game) -> Game:
    """Every remaining choice of the build made by the `pass` bot."""
    while state.phase == Phase.GALAXY:
        state = step(state, GAME.waiting(state).must[0], "default")
    return state


def test_ti_g3_six_players_pick_sides_in_turn_from_the_speaker() -> None:
    state = building(6)
    first = state.speaker
    assert GAME.waiting(state).must == (first,)
    assert GAME.legal(state, first) == [PickSide(n) for n in range(1, 7)]
    state = step(state, first, PickSide(4))
    assert state.galaxy.home_positions[first] == "310"
    second = (first + 1) % 6
    assert GAME.waiting(state).must == (second,)
    assert refused(state, second, PickSide(4)) == "TI-G3"
    assert refused(state, first, PickSide(5)) == "TI-G3"  # not his turn
    for side in (1, 2, 3, 5, 6):
        state = step(state, GAME.waiting(state).must[0], PickSide(side))
    assert sorted(state.galaxy.home_positions) == ["301", "304", "307", "310", "313", "316"]
    assert [len(h) for h in state.galaxy.hands] == [5] * 6  # dealt once all have picked
    assert GAME.waiting(state).must == (first,)


def test_ti_g3_with_three_to_five_players_the_positions_are_drawn() -> None:
    for seats in (3, 4):
        state = building(seats)
        homes = {h.position for h in load().layouts[seats].homes}
        assert set(state.galaxy.home_positions) == homes
        assert all(isinstance(d, Place) for d in GAME.legal(state, state.speaker))
    five = building(5)
    assert set(five.galaxy.home_positions) == {h.position for h in load().layouts[5].homes}


def test_ti_g8_the_speaker_lays_the_face_down_tile_in_ring_one_and_it_is_turned_up() -> None:
    state = building(5)
    assert GAME.waiting(state).must == (state.speaker,) and not any(state.galaxy.hands)
    assert refused(state, state.speaker, LayFaceDown("201")) == "TI-G8"
    state = step(state, state.speaker, LayFaceDown("103"))
    tile = state.galaxy.tiles["103"]
    assert [len(h) for h in state.galaxy.hands] == [6] * 5
    for seat in (None, *range(5)):
        assert GAME.view(state, seat).galaxy.tiles["103"] == HIDDEN
    cell = next(c for c in GAME.describe(GAME.view(state, 0)).boards[0].cells if c.code == "103")
    assert cell.title == "" and cell.marks == ("face down",)
    while GAME.waiting(state).must:
        seat = GAME.waiting(state).must[0]
        judged = verdict(state, seat, GAME.bots["pass"](state, seat, random.Random(0)))
        state = applied(state, judged.events)
        built = [e for e in GAME.react(state, random.Random(0)) if isinstance(e, GalaxyBuilt)]
        if built:
            assert built[0].face_down == tile
            assert f"at 103 is {load().systems[tile].name}" in GAME.narrate(
                state, built[0], None, ()
            )
        state = settled(state)
        if state.phase != Phase.GALAXY:
            break
    assert GAME.view(state, 1).galaxy.tiles["103"] == tile


def test_ti_g4_placements_go_in_snake_order_and_the_judge_rules_them() -> None:
    state = building(3)
    order = table_order(state.galaxy)
    seen = []
    for _ in range(6):
        seat = GAME.waiting(state).must[0]
        seen.append(seat)
        if len(seen) == 1:
            other = order[1]
            offered = GAME.legal(state, seat)[0]
            assert refused(state, other, Place(offered.system, offered.position)) == "TI-G4"
            assert refused(state, seat, Place(offered.system, "301")) == "TI-G5"
            assert refused(state, seat, Place("mecatol_rex", offered.position)) == "TI-G4"
        state = step(state, seat, "default")
    assert seen == [*order, *reversed(order)]


def test_ti_g4_hands_are_secret_in_views_and_dealt_anew_when_resampled() -> None:
    state = building(4)
    mine = state.galaxy.hands[1]
    seen = GAME.view(state, 1).galaxy
    assert seen.hands[1] == mine
    assert all(set(h) == {HIDDEN} and len(h) == 8 for s, h in enumerate(seen.hands) if s != 1)
    assert all(set(h) == {HIDDEN} for h in GAME.view(state, None).galaxy.hands)
    others = {GAME.resample(state, 1, random.Random(n)).galaxy.hands[2] for n in range(5)} - {
        state.galaxy.hands[2]
    }
    assert others  # dealt anew
    for n in range(5):
        dealt = GAME.resample(state, 1, random.Random(n)).galaxy
        assert dealt.hands[1] == mine and [len(h) for h in dealt.hands] == [8] * 4
        assert GAME.view(msgspec.structs.replace(state, galaxy=dealt), 1).galaxy == seen


def _planetless(state: Game) -> Game:
    """Four players; the speaker holds only systems without planets."""
    galaxy = state.galaxy
    hands = list(galaxy.hands)
    pool = sorted(t for h in hands for t in h)
    empty = [t for t in pool if not load().systems[t].planets][:8]
    assert len(empty) == 8
    rest = [t for t in pool if t not in empty] + [t for t in pool if t in empty][8:]
    others = [s for s in range(4) if s != state.speaker]
    hands[state.speaker] = tuple(empty)
    for n, seat in enumerate(others):
        hands[seat] = tuple(rest[8 * n : 8 * n + 8])
    return msgspec.structs.replace(state, galaxy=msgspec.structs.replace(galaxy, hands=hands))


def test_ti_g6_a_hand_without_planets_is_shown_when_its_turn_comes_again() -> None:
    state = _planetless(building(4, seed=2))
    speaker = state.speaker
    state = step(state, speaker, "default")  # a system without planets
    shown = []
    while placer(state.galaxy) != speaker:
        seat = placer(state.galaxy)
        judged = verdict(state, seat, GAME.bots["pass"](state, seat, random.Random(0)))
        shown += [e for e in judged.events if isinstance(e, HandShown)]
        assert all(set(h) == {HIDDEN} for h in [GAME.view(state, seat).galaxy.hands[speaker]])
        state = settled(applied(state, judged.events))
    assert shown == [HandShown(seat=speaker, hand=state.galaxy.hands[speaker])]
    other = (speaker + 1) % 4
    assert GAME.view(state, other).galaxy.hands[speaker] == state.galaxy.hands[speaker]
    assert "shows the hand" in GAME.narrate(state, shown[0], other, ())
    for n in range(3):  # a shown hand is no longer dealt anew
        dealt = GAME.resample(state, other, random.Random(n)).galaxy
        assert dealt.hands[speaker] == state.galaxy.hands[speaker]


def test_ti_g7_the_engine_refuses_a_special_system_next_to_another_when_avoidable() -> None:
    CHANCE.seed(1)  # the same twelve turns whatever tests drew from the shared chance before
    state = building(3, seed=3)
    for _ in range(12):
        seat = placer(state.galaxy)
        hand = state.galaxy.hands[seat]
        specials = [t for t in hand if load().systems[t].special]
        accepted = {(p.system, p.position) for p in placements(state.galaxy, seat)}
        for tile in specials:
            for position in open_positions(state.galaxy):
                if (tile, position) not in accepted and refused(
                    state, seat, Place(tile, position)
                ) == "TI-G7":
                    return
        state = step(state, seat, "default")
    raise AssertionError("no placement refused under TI-G7 in twelve turns")


def test_the_board_highlights_where_a_tile_may_go_for_the_placer_and_the_others() -> None:
    state = building(3)
    seat = placer(state.galaxy)
    lit = {c.code for c in GAME.describe(GAME.view(state, seat)).boards[0].cells if c.highlight}
    assert lit == {p.position for p in placements(state.galaxy, seat)}
    other = (seat + 1) % 3
    lit = {c.code for c in GAME.describe(GAME.view(state, other)).boards[0].cells if c.highlight}
    assert lit == set(open_positions(state.galaxy)) == {f"10{n}" for n in range(1, 7)}
    sides = building(6)
    lit = {c.code for c in GAME.describe(GAME.view(sides, 0)).boards[0].cells if c.highlight}
    assert lit == {"301", "304", "307", "310", "313", "316"}
    done = placed_by_default(state)
    assert not any(c.highlight for c in GAME.describe(GAME.view(done, 0)).boards[0].cells)


def test_the_build_reads_and_writes_its_text_commands() -> None:
    state = building(3)
    seat = placer(state.galaxy)
    hand = state.galaxy.hands[seat]
    third = GAME.read_text(state, seat, "place 3rd at 102")
    assert third == Place(hand[2], "102")
    named = next(t for t in hand if load().systems[t].planets)
    planet = load().systems[named].planets[0].name
    assert GAME.read_text(state, seat, f"Place {planet} at 104") == Place(named, "104")
    said = GAME.write_text(state, seat, Place(named, "104"))
    assert said == f"place {load().systems[named].name} at 104"
    assert GAME.read_text(state, seat, said) == Place(named, "104")
    assert GAME.read_text(state, seat, "side 4") == PickSide(4)
    assert GAME.read_text(state, seat, "face down at 103") == LayFaceDown("103")
    assert "place <system" in GAME.text_help(state, seat)


def test_once_built_the_units_join_their_homes_and_the_first_round_begins() -> None:
    state = placed_by_default(building(6))
    assert state.galaxy.built and state.phase in (Phase.STATION, Phase.STRATEGY)
    for seat, position in enumerate(state.galaxy.home_positions):
        assert state.galaxy.tiles[position] == state.galaxy.home_systems[seat]
        assert state.forces.fleet(position, seat).units
    while state.phase == Phase.STATION:
        state = step(state, GAME.waiting(state).must[0], "default")
    assert state.phase == Phase.STRATEGY and state.round == 1

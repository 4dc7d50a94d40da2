"""The action cards' deck, hands and draws (TI-Q1), and playing a card, the Sabotage window and
the card windows of the timing points (TI-Q2)."""

import random

import msgspec

from events.rulesets.twilight_imperium_3.action_cards import (
    HAND_LIMIT,
    copies,
    in_deck,
)
from events.rulesets.twilight_imperium_3.card_decisions import (
    Discard,
    NoCard,
    NoSabotage,
    PlayCard,
    Sabotage,
)
from events.rulesets.twilight_imperium_3.card_events import CardsDrawn
from events.rulesets.twilight_imperium_3.card_windows import open_card_window
from events.rulesets.twilight_imperium_3.decisions import Follow, Pass, Play
from events.rulesets.twilight_imperium_3.forces import Holding
from events.rulesets.twilight_imperium_3.happenings import TradeGoodsGained
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.state import Game, Phase, WindowPrompt
from events.rulesets.twilight_imperium_3.steps import _batch
from tests.twilight_imperium_3.arena import JOL_NAR, MENTAK, SOL, arena
from tests.twilight_imperium_3.cards import answered, copy, holding_cards
from tests.twilight_imperium_3.play import (
    GAME,
    applied,
    declined,
    picked,
    refused,
    started,
    stationed,
    step,
    with_player,
)

POLITICAL = 3
COUNCIL = {"council_dissolved", "determine_policy", "discredit", "fantastic_rhetoric", "thugs"}
COUNCIL |= {"veto", "usurper", "cultural_crisis", "multiculturalism"}  # and the racial ones


def test_ti_q1_the_deck_leaves_out_the_council_racial_abilities_and_at_four_the_errata() -> None:
    assert len(copies()) == 103 and len(load().action_cards) == 72
    for seats in (3, 5, 6):
        deck = {copies()[n] for n in in_deck(seats)}
        assert len(in_deck(seats)) == 94 and not deck & COUNCIL
    four = {copies()[n] for n in in_deck(4)}
    assert len(in_deck(4)) == 92 and not four & {"strategic_flexibility", "strategic_shift"}
    state = started(4)
    assert sorted(state.deck) == list(in_deck(4)) and state.deck != in_deck(4)  # shuffled


def test_ti_q1_each_player_draws_one_in_the_status_phase_two_with_neural_motivator() -> None:
    state = picked(stationed(3, seed=1), {0: [2, 3], 1: [4, 5], 2: [6, 7]})
    state = with_player(state, 1, technologies=(*state.players[1].technologies, "neural_motivator"))
    while state.phase == Phase.ACTION:
        state = declined(step(state, GAME.waiting(state).must[0], "default"))
    while state.phase == Phase.SCORE:
        state = step(state, GAME.waiting(state).must[0], "default")
    political = 3  # seat 0 drew 3 with Political's primary
    assert [len(p.hand) for p in state.players] == [political + 1, 2, 1]
    assert len(state.deck) == 94 - political - 4


def test_ti_q1_political_draws_three_and_its_secondary_one_for_a_strategy_counter() -> None:
    state = arena({})
    state = with_player(state, SOL, cards=(POLITICAL,))
    state = msgspec.structs.replace(state, deck=tuple(range(10)))
    state = step(state, SOL, Play(card=POLITICAL))
    assert state.players[SOL].hand == (0, 1, 2)
    assert state.stack[-1].prompt == WindowPrompt.SECONDARY and state.stack[-1].asked == (1, 2)
    state = step(state, MENTAK, Follow())
    assert state.players[MENTAK].hand == (3,) and state.players[MENTAK].strategy == 1


def test_ti_q1_the_discard_pile_is_shuffled_into_a_new_deck_when_the_deck_runs_out() -> None:
    state = with_player(arena({}), SOL, cards=(POLITICAL,))
    state = msgspec.structs.replace(state, deck=(0,), discard=(5, 6, 7))
    state = step(state, SOL, Play(card=POLITICAL))
    assert state.players[SOL].hand[0] == 0 and sorted(state.players[SOL].hand[1:]) != [0]
    assert len(state.players[SOL].hand) == 3 and len(state.deck) + len(state.discard) == 1


def test_ti_q1_over_seven_a_player_discards_down_at_once() -> None:
    state = with_player(arena({}), SOL, cards=(POLITICAL,))
    state = holding_cards(state, SOL, "patrol", "plague", "transport", "uprising", "good_year")
    state = msgspec.structs.replace(state, deck=(copy("sabotage"), copy("armistice"), 20, 21))
    state = step(state, SOL, Play(card=POLITICAL))
    assert len(state.players[SOL].hand) == 8 and GAME.waiting(state).must == (SOL,)
    assert state.stack[-1].prompt == WindowPrompt.HAND_LIMIT
    assert refused(state, SOL, Discard(cards=("patrol", "plague"))) == "TI-Q1"
    assert refused(state, SOL, Discard(cards=("war_footing",))) == "TI-Q1"
    state = step(state, SOL, GAME.read_text(state, SOL, "discard Patrol"))
    assert len(state.players[SOL].hand) == HAND_LIMIT and copy("patrol") in state.discard
    assert state.stack[-1].prompt == WindowPrompt.SECONDARY  # the secondary goes on


def test_ti_q1_hands_are_hidden_but_their_sizes_and_resampling_keeps_ones_own() -> None:
    state = holding_cards(arena({}), MENTAK, "sabotage", "plague")
    state = msgspec.structs.replace(state, deck=tuple(range(30, 40)))
    seen = GAME.view(state, SOL)
    assert seen.players[MENTAK].hand == (-1, -1) and set(seen.deck) == {-1}
    assert GAME.view(state, MENTAK).players[MENTAK].hand == state.players[MENTAK].hand
    dealt = GAME.resample(state, MENTAK, random.Random(3))
    assert dealt.players[MENTAK].hand == state.players[MENTAK].hand
    others = GAME.resample(state, SOL, random.Random(3))
    assert len(others.players[MENTAK].hand) == 2
    assert sorted((*others.deck, *others.players[MENTAK].hand)) == sorted(
        (*state.deck, *state.players[MENTAK].hand)
    )


def _abyz_held() -> Game:
    """The arena, Sol holding Abyz outside his home system: Good Year pays 1."""
    return arena({}, {"Abyz": Holding(SOL)})


def test_ti_q2_an_as_an_action_card_is_the_turn_after_a_sealed_sabotage_window() -> None:
    state = holding_cards(_abyz_held(), SOL, "good_year")
    state = holding_cards(state, MENTAK, "sabotage")
    state = holding_cards(state, JOL_NAR, "plague")
    assert refused(state, SOL, PlayCard("plague")) == "TI-Q2"  # not his
    state = step(state, SOL, GAME.read_text(state, SOL, "play Good Year"))
    window = state.stack[-1]
    assert window.prompt == WindowPrompt.SABOTAGE and window.sealed
    assert window.asked == (MENTAK, JOL_NAR)  # every other seat holding a card
    assert GAME.automatic(state, JOL_NAR) == NoSabotage()  # holds no Sabotage
    assert GAME.automatic(state, MENTAK) is None
    state = step(state, JOL_NAR, NoSabotage())
    assert GAME.view(state, MENTAK).stack[-1].answered == ()  # who answered is sealed
    state = step(state, MENTAK, NoSabotage())
    assert state.stack == () and state.turn == MENTAK  # the action is over
    assert state.discard == (copy("good_year"),) and state.players[MENTAK].hand


def test_ti_q2_the_first_sabotage_in_order_of_play_cancels_the_others_stay_in_hand() -> None:
    state = holding_cards(_abyz_held(), SOL, "good_year")
    state = holding_cards(state, MENTAK, "sabotage")
    state = holding_cards(state, JOL_NAR, "sabotage")
    state = step(state, SOL, PlayCard("good_year"))
    judged = GAME.decide(state, JOL_NAR, Sabotage(), random.Random(0))
    assert [GAME.sealed_event(e) for e in judged.events] == [JOL_NAR]
    state = answered(state, {MENTAK: Sabotage(), JOL_NAR: Sabotage()})
    assert state.discard == (copy("good_year"), copy("sabotage"))
    assert state.players[MENTAK].hand == () and state.players[JOL_NAR].hand
    assert state.players[SOL].trade_goods == 0 and state.turn == MENTAK


def test_ti_q2_no_window_when_no_other_seat_holds_a_card() -> None:
    state = holding_cards(_abyz_held(), SOL, "good_year")
    state, events = _act(state, SOL, PlayCard("good_year"))
    assert TradeGoodsGained(seat=SOL, trade_goods=1) in events and state.turn == MENTAK


def test_ti_q2_a_timing_points_window_reveals_the_cards_together() -> None:
    state = holding_cards(arena({}, {"Abyz": Holding(SOL)}), SOL, "good_year")
    state = holding_cards(state, MENTAK, "plague")
    batch = _batch(state, random.Random(0))
    assert open_card_window(batch, "ACT")
    state = applied(state, batch.events)
    window = state.stack[-1]
    assert window.prompt == WindowPrompt.CARD and window.sealed and window.asked == (SOL, MENTAK)
    assert GAME.automatic(state, MENTAK) == NoCard()  # Plague needs a planet of another's
    state = step(state, MENTAK, NoCard())
    state = step(state, SOL, NoCard())
    assert state.stack == () and state.turn == SOL  # back to what lay beneath


def test_ti_q2_a_window_no_one_could_play_in_is_not_opened() -> None:
    state = holding_cards(arena({}), SOL, "good_year")  # no planet outside his home system
    state = holding_cards(state, MENTAK, "plague")
    batch = _batch(state, random.Random(0))
    assert not open_card_window(batch, "ACT")
    assert batch.events == []


def _act(state, seat, decision):  # type: ignore[no-untyped-def]
    judged = GAME.decide(state, seat, decision, random.Random(0))
    events = list(judged.events)
    state = applied(state, events)
    while more := GAME.react(state, random.Random(0)):
        events += more
        state = applied(state, more)
    return state, events


def test_ti_q2_passing_is_still_refused_before_the_strategic_action() -> None:
    state = with_player(holding_cards(arena({}), SOL, "good_year"), SOL, cards=(POLITICAL,))
    assert refused(state, SOL, Pass()) == "TI-A6"


def _page(state: Game, seat: int | None) -> str:
    return str(GAME.describe(GAME.view(state, seat), ("ann", "bob", "cy")))


def test_ti_q1_the_seat_page_shows_ones_own_hand_in_words_and_the_others_sizes() -> None:
    state = holding_cards(arena({}), SOL, "good_year")
    state = holding_cards(state, MENTAK, "sabotage", "plague")
    mine = _page(state, SOL)
    assert "Good Year (ACT): a trade good for each planet" in mine
    assert "('bob', '2', '')" in mine and "Sabotage" not in mine and "Plague" not in mine


def test_ti_q2_no_view_line_or_page_for_another_seat_names_a_hidden_card_or_sealed_answer() -> None:
    state = holding_cards(_abyz_held(), SOL, "good_year")
    state = holding_cards(state, MENTAK, "sabotage", "plague")
    state = holding_cards(state, JOL_NAR, "uprising")
    state = step(state, SOL, PlayCard("good_year"))
    judged = GAME.decide(state, MENTAK, Sabotage(), random.Random(0))
    after = applied(state, judged.events)
    for reader in (SOL, JOL_NAR, None):
        assert GAME.view(after, reader) == GAME.view(state, reader)
        assert "Sabotage" not in _page(after, reader) and "Plague" not in _page(after, reader)
        for event in judged.events:
            line = GAME.narrate(state, event, reader, ("ann", "bob", "cy"))
            assert "Sabotage" not in line and "sabotage" not in line
    drawn = GAME.narrate(state, CardsDrawn(seat=MENTAK, cards=(copy("plague"),)), SOL, ())
    assert "Plague" not in drawn and "Plague" in GAME.narrate(
        state, CardsDrawn(seat=MENTAK, cards=(copy("plague"),)), MENTAK, ()
    )

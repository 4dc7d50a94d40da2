"""The action cards of the strategy phase, the status phase and the trade agreements (TI-Q50 to
TI-Q61, TI-Q72): their card windows where the round reaches them, and each card's effect.
Three players from seed 1 (speaker seat 0, picking 0, 1, 2 twice), or the arena (arena.py)."""

import random

import msgspec

from events.rulesets.twilight_imperium_3.agreements import Agreement, Trade
from events.rulesets.twilight_imperium_3.card_decisions import Lasting, NoCard, PlayCard
from events.rulesets.twilight_imperium_3.card_windows import open_card_window
from events.rulesets.twilight_imperium_3.decisions import Pick, Play, Redistribute
from events.rulesets.twilight_imperium_3.state import (
    Game,
    Phase,
    WindowPrompt,
    order_of_play,
    pickable,
    reinforcements,
)
from events.rulesets.twilight_imperium_3.steps import _batch
from events.rulesets.twilight_imperium_3.technology import gainable
from tests.twilight_imperium_3.arena import JOL_NAR, MENTAK, SOL, arena
from tests.twilight_imperium_3.cards import answered, holding_cards
from tests.twilight_imperium_3.play import (
    GAME,
    applied,
    picked,
    refused,
    stationed,
    step,
    windows_closed,
    with_player,
)

INITIATIVE, POLITICAL, LOGISTICS, TRADE, WARFARE, TECHNOLOGY, IMPERIAL = 1, 3, 4, 5, 6, 7, 8


def _window(state: Game, timing: str) -> Game:
    """The timing point's card window opened on the state as it is."""
    batch = _batch(state, random.Random(0))
    assert open_card_window(batch, timing)
    return applied(state, batch.events)


def _strategy(*hands: tuple[int, str]) -> Game:
    """Round 1's strategy phase, no pick made; each seat named holding the card named."""
    state = stationed(3, seed=1)
    for seat, card in hands:
        state = holding_cards(state, seat, card)
    return state


def test_ti_q50_the_strategy_phase_opens_windows_at_its_start_after_each_pick_and_at_its_end() -> (
    None
):
    state = _strategy((1, "command_summit"), (2, "public_disgrace"))
    state = step(state, 0, Pick(card=WARFARE))
    window = state.stack[-1]  # opened for Public Disgrace, asking all who hold a card
    assert window.prompt == WindowPrompt.CARD and set(window.asked) == {1, 2}
    assert GAME.automatic(state, 1) == NoCard()  # "any time" is not after each pick
    state = _to_the_end(state)
    assert state.bonus == (0,) * 8  # every card picked, no bonus yet
    assert PlayCard("command_summit") in GAME.legal(state, 1)  # the phase's end
    state = windows_closed(state)
    assert state.phase == Phase.ACTION and sum(state.bonus) == 2


def _to_the_end(state: Game) -> Game:
    """Picks (Warfare first, then the lowest but Imperial), no card played after any of them,
    to the strategy phase's last card window."""
    while state.picks:
        seat = GAME.waiting(state).must[0]
        state = step(state, seat, "default" if state.stack else Pick(card=_next_pick(state)))
    assert state.stack[-1].prompt == WindowPrompt.CARD
    return state


def test_ti_q51_command_summit_gains_two_counters_into_the_command_pool() -> None:
    state = _window(_strategy((1, "command_summit")), "SP.start")
    command = state.players[1].command
    state = answered(state, {1: PlayCard("command_summit")})
    assert state.players[1].command == command + 2 and state.stack == ()


def test_ti_q52_grand_armada_lasts_the_round() -> None:
    state = _window(_strategy((1, "grand_armada")), "SP.start")
    state = answered(state, {1: PlayCard("grand_armada")})
    assert [(last.card, last.seat) for last in state.lasting] == [("grand_armada", 1)]


def test_ti_q53_productivity_spike_names_a_planet_of_his_with_a_space_dock() -> None:
    state = _window(_strategy((1, "productivity_spike")), "SP.start")
    assert refused(state, 1, PlayCard("productivity_spike", planet="Mecatol Rex")) == "TI-Q53"
    play = next(d for d in GAME.legal(state, 1) if isinstance(d, PlayCard))
    state = answered(state, {1: play})
    assert state.lasting[0].planet == play.planet


def test_ti_q54_scientist_assassination_bars_his_technologies_this_round() -> None:
    state = _window(_strategy((1, "scientist_assassination")), "SP.start")
    state = answered(state, {1: PlayCard("scientist_assassination", seat=2)})
    state = picked(state, {0: [2, 3], 1: [4, 5], 2: [TECHNOLOGY, 8]})
    assert gainable(state, 2) == ()
    state = msgspec.structs.replace(state, turn=2)
    technology = Play(card=TECHNOLOGY, technology="hylar_v_assault_laser")
    assert refused(state, 2, technology) == "TI-Q54"


def test_ti_q55_signal_jamming_puts_his_counter_on_a_system_outside_the_homes() -> None:
    state = _window(_strategy((1, "signal_jamming")), "SP.start")
    home = state.galaxy.home_positions[2]
    assert refused(state, 1, PlayCard("signal_jamming", seat=2, system=home)) == "TI-Q55"
    spare = reinforcements(state, 2)
    state = answered(state, {1: PlayCard("signal_jamming", seat=2, system="000")})
    assert 2 in state.forces.space["000"].counters and reinforcements(state, 2) == spare - 1


def test_ti_q57_trade_stop_breaks_every_agreement() -> None:
    state = _strategy((1, "trade_stop"))
    state = msgspec.structs.replace(state, trade=Trade(agreements=(Agreement((0, 2), (1, 1)),)))
    state = answered(_window(state, "SP.start"), {1: PlayCard("trade_stop")})
    assert state.trade.agreements == ()


def test_ti_q58_strategic_shift_bars_a_card_for_everyone_this_round() -> None:
    state = _window(_strategy((1, "strategic_shift")), "SP.start")
    state = answered(state, {1: GAME.read_text(state, 1, "play strategic shift barring imperial")})
    assert refused(state, 0, Pick(card=IMPERIAL)) == "TI-Q58"
    assert all(d.card != IMPERIAL for d in GAME.legal(state, 0))
    assert GAME.bots["pass"](state, 0, random.Random(0)).card != IMPERIAL  # the default too


def test_ti_q59_public_disgrace_sends_the_pick_back_and_he_picks_another() -> None:
    state = step(_strategy((1, "public_disgrace")), 0, Pick(card=INITIATIVE))
    assert state.speaker == 0 and state.players[0].cards == (INITIATIVE,)
    assert refused(state, 1, PlayCard("public_disgrace", seat=2)) == "TI-Q59"  # not his pick
    state = answered(state, {1: PlayCard("public_disgrace", seat=0)})
    assert state.players[0].cards == () and GAME.waiting(state).must == (0,)
    assert refused(state, 0, Pick(card=INITIATIVE)) == "TI-Q58"  # another card
    state = step(state, 0, Pick(card=WARFARE))
    assert state.players[0].cards == (WARFARE,) and GAME.waiting(state).must != (0,)


def test_ti_q60_strategic_flexibility_swaps_his_card_for_one_nobody_picked() -> None:
    state = _strategy((0, "strategic_flexibility"))
    state = msgspec.structs.replace(state, bonus=(0, 0, 0, 0, 0, 0, 0, 2))
    state = _to_the_end(state)  # Imperial is left
    text = "play strategic flexibility taking imperial giving warfare"
    state = answered(state, {0: GAME.read_text(state, 0, text)})
    cards = state.players[0].cards
    assert IMPERIAL in cards and WARFARE not in cards and state.players[0].trade_goods == 2
    assert state.phase == Phase.ACTION and state.bonus[WARFARE - 1] == 1


def _next_pick(state: Game) -> int:
    """Warfare, then the lowest card but Imperial."""
    left = [c for c in range(1, 8) if all(c not in p.cards for p in state.players)]
    return WARFARE if WARFARE in left else left[0]


def test_ti_q61_political_stability_keeps_his_cards_and_he_does_not_pick() -> None:
    state = picked(stationed(3, seed=1), {0: [2, 3], 1: [4, 5], 2: [6, 7]})
    state = holding_cards(state, 1, "political_stability")
    while state.phase != Phase.COUNTERS:
        state = step(state, GAME.waiting(state).must[0], "default")
    assert state.stack[-1].prompt == WindowPrompt.CARD  # the status phase's window
    state = answered(state, {1: PlayCard("political_stability")})
    while state.phase == Phase.COUNTERS:
        seat = GAME.waiting(state).must[0]
        player, gained = state.players[seat], min(2, reinforcements(state, seat))
        kept = Redistribute(player.strategy + gained, player.command, player.fleet)
        state = step(state, seat, kept)
    assert state.round == 2 and state.players[1].cards == (LOGISTICS, TRADE)
    assert 1 not in state.picks and state.picks == (0, 2, 0, 2)
    state = picked(state, {0: [1, 2], 2: [3, 6]})
    assert state.phase == Phase.ACTION and state.players[1].cards == (LOGISTICS, TRADE)
    imperial = holding_cards(with_player(state, 1, cards=(IMPERIAL,)), 1, "political_stability")
    imperial = _window(holding_cards(imperial, 2, "political_stability"), "STATUS")  # 2 may play
    assert refused(imperial, 1, PlayCard("political_stability")) == "TI-Q61"


def test_ti_q72_influence_in_the_merchants_guild_breaks_one_agreement() -> None:
    agreements = (Agreement((MENTAK, JOL_NAR), (1, 1)), Agreement((SOL, MENTAK), (2, 2)))
    state = msgspec.structs.replace(arena({}), trade=Trade(agreements=agreements))
    state = holding_cards(state, SOL, "influence_in_the_merchants_guild")
    play = GAME.read_text(
        state, SOL, "play influence in the merchants' guild naming mentak and jol-nar"
    )
    assert play == PlayCard("influence_in_the_merchants_guild", seat=MENTAK, partner=JOL_NAR)
    state = step(state, SOL, play)
    assert state.trade.agreements == (agreements[1],) and state.turn == MENTAK
    state = holding_cards(msgspec.structs.replace(state, turn=SOL), SOL, "trade_stop")
    assert refused(state, SOL, PlayCard("trade_stop")) == "TI-Q2"  # not an action


def test_ti_q59_the_returned_card_is_his_when_no_other_is_left() -> None:
    state = stationed(4, seed=1)
    disgraced = Lasting("public_disgrace", 1, other=0, strategy=WARFARE)
    state = msgspec.structs.replace(state, lasting=(disgraced,))
    assert WARFARE not in pickable(state, 0) and WARFARE in pickable(state, 1)
    held = {1: (1, 2), 2: (3, 4), 3: (5, 7), 0: (8,)}
    for seat, cards in held.items():
        state = with_player(state, seat, cards=cards)
    assert pickable(state, 0) == (WARFARE,)  # every card is picked with 4 players


def test_ti_q2_a_card_left_nothing_to_do_by_one_resolved_before_it_does_nothing() -> None:
    state = _strategy()
    first, then = order_of_play(state)[:2]
    state = holding_cards(_strategy((then, "signal_jamming")), first, "command_summit")
    spare = reinforcements(state, first)
    state = with_player(state, first, command=state.players[first].command + spare - 1)
    state = _window(state, "SP.start")
    played = {
        first: PlayCard("command_summit"),
        then: PlayCard("signal_jamming", seat=first, system="000"),
    }
    state = answered(state, played)
    assert reinforcements(state, first) == 0  # Command Summit took the last counter
    assert "000" not in state.forces.space or first not in state.forces.space["000"].counters

"""Action cards played "any time" (TI-Q68 to TI-Q70): at any prompt asking the player, beside
its own answer, as gifts ride (TI-R10); each waits its Sabotage window and the prompt asks
again. The arena's three seats (arena.py), Sol's turn."""

import msgspec

from events.rulesets.twilight_imperium_3.action_cards import copies
from events.rulesets.twilight_imperium_3.agreements import Agreement, Trade
from events.rulesets.twilight_imperium_3.card_decisions import Discard, PlayCard
from events.rulesets.twilight_imperium_3.fleets import with_fleet
from events.rulesets.twilight_imperium_3.forces import Fleet, Holding
from events.rulesets.twilight_imperium_3.state import Game, WindowPrompt
from tests.twilight_imperium_3.arena import JOL_NAR, MENTAK, SOL, arena, said
from tests.twilight_imperium_3.cards import answered, holding_cards
from tests.twilight_imperium_3.play import GAME, refused, step

TIRED = {"Abyz": Holding(SOL, exhausted=True), "Fria": Holding(SOL, exhausted=True)}


def _trading(*partners: int) -> Game:
    agreements = tuple(Agreement((SOL, p), (1, 1), round=0) for p in partners)
    state = msgspec.structs.replace(arena({}, TIRED), trade=Trade(agreements=agreements))
    return holding_cards(state, SOL, "master_of_trade")


def test_ti_q70_master_of_trade_readies_two_planets_and_his_turn_goes_on() -> None:
    play = said(_trading(MENTAK, JOL_NAR), SOL, "play master of trade from abyz to fria")
    assert play == PlayCard("master_of_trade", planet="Abyz", target="Fria")
    assert refused(_trading(MENTAK), SOL, play) == "TI-Q70"  # one agreement only
    assert refused(_trading(MENTAK, JOL_NAR), MENTAK, play) != "TI-Q70"  # not asked now
    state = step(_trading(MENTAK, JOL_NAR), SOL, play)
    assert not state.forces.planets["Abyz"].exhausted and not state.forces.planets["Fria"].exhausted
    assert state.turn == SOL and state.players[SOL].hand == ()  # not his action: he acts now
    assert GAME.waiting(state).must == (SOL,)


def test_ti_q69_emergency_repairs_his_dreadnoughts_there_are_repaired() -> None:
    state = holding_cards(
        arena({("102", SOL): {"dreadnought": 2, "cruiser": 1}}), SOL, "emergency_repairs"
    )
    hurt = Fleet(SOL, {"dreadnought": 2, "cruiser": 1}, {"dreadnought": 1, "cruiser": 1})
    state = msgspec.structs.replace(state, forces=with_fleet(state.forces, "102", hurt))
    assert refused(state, SOL, PlayCard("emergency_repairs", system="101")) == "TI-Q69"
    state = step(state, SOL, said(state, SOL, "play emergency repairs at 102"))
    assert state.forces.fleet("102", SOL).damaged == {"cruiser": 1}
    assert state.turn == SOL


def test_ti_q68_disclosure_he_sees_an_opponents_hand_alone_and_discards_a_card_of_it() -> None:
    state = holding_cards(arena({}), SOL, "disclosure")
    state = holding_cards(state, MENTAK, "direct_hit", "morale_boost")
    assert refused(state, SOL, PlayCard("disclosure", seat=JOL_NAR)) == "TI-Q68"  # no cards
    state = answered(step(state, SOL, said(state, SOL, "play disclosure naming mentak")))
    assert state.stack[-1].prompt == WindowPrompt.DISCLOSURE
    assert GAME.waiting(state).must == (SOL,)
    hand = set(state.players[MENTAK].hand)
    assert set(GAME.view(state, SOL).players[MENTAK].hand) == hand  # shown to him
    assert not set(GAME.view(state, JOL_NAR).players[MENTAK].hand) & hand  # to him alone
    assert refused(state, SOL, Discard(cards=("sabotage",))) == "TI-Q68"
    state = step(state, SOL, said(state, SOL, "discard direct hit"))
    assert [copies()[c] for c in state.players[MENTAK].hand] == ["morale_boost"]
    assert copies()[state.discard[-1]] == "direct_hit"
    assert state.stack == () and state.turn == SOL

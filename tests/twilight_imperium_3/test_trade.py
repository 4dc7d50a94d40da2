"""Trade (TI-R): trade cards, agreements and their income, the Trade card's talks and every
life an offer may have (accepted and approved, rejected, withdrawn, vetoed, lapsed), breaking
agreements by war and in the status phase, gifts of trade goods, and the bots' trade. The
arena's three seats: seat 0 Sol (trade cards 2 and 2) holds Trade, seat 1 Mentak (1 and 1),
seat 2 Jol-Nar (1 and 3), clockwise 0, 1, 2."""

import random
from typing import Any

import msgspec

from events.ruleset import Fact, Waiting
from events.rulesets.twilight_imperium_3.agreements import Agreement, Trade
from events.rulesets.twilight_imperium_3.decisions import Activate, Decline, Follow, Pass, Play
from events.rulesets.twilight_imperium_3.forces import Holding
from events.rulesets.twilight_imperium_3.state import Game, Phase, WindowPrompt, bank
from events.rulesets.twilight_imperium_3.trade import income, value
from events.rulesets.twilight_imperium_3.trade_events import (
    AcceptOffer,
    AgreementBroken,
    AgreementFormed,
    ApproveAgreement,
    BreakAgreements,
    CloseTalks,
    DoneTrading,
    Give,
    IncomeCollected,
    OfferAgreement,
    OfferLapsed,
    RejectOffer,
    TalksOpened,
    VetoAgreement,
    WithdrawOffer,
)
from tests.conformance.games import bot, play
from tests.twilight_imperium_3.arena import AT, JOL_NAR, MENTAK, SOL, act, arena, said
from tests.twilight_imperium_3.play import GAME, refused, step, with_player

TRADE = 5


def _table(*agreements: Agreement, fleets: dict | None = None, planets: dict | None = None) -> Game:
    """Seat 0's turn, holding Trade; the other two hold Logistics and Warfare: after seat 0
    comes seat 2 (TI-A1)."""
    state = arena(fleets or {}, planets)
    state = with_player(state, SOL, cards=(TRADE,))
    return msgspec.structs.replace(state, trade=Trade(agreements=agreements))


def _old(a: int, b: int, cards: tuple[int, int] = (1, 1)) -> Agreement:
    """An agreement formed in an earlier round: it pays."""
    return Agreement((a, b), cards, round=0)


def _talks(state: Game) -> Game:
    state = step(state, SOL, Play(card=TRADE))
    assert state.stack[-1].prompt == WindowPrompt.TALKS
    return state


def _events(state: Game, seat: int, decision: Any) -> tuple[Game, list[Any]]:
    return act(state, seat, decision)


def test_ti_r1_each_race_has_two_trade_cards_each_with_its_value() -> None:
    state = _table()
    assert [value(state, SOL, c) for c in (1, 2)] == [2, 2]
    assert [value(state, JOL_NAR, c) for c in (1, 2)] == [1, 3]
    assert state.trade.home(SOL) == (1, 2)
    page = {s.title: s for s in GAME.describe(GAME.view(state, SOL), ["ann", "bob", "cy"]).sections}
    assert page["Trade"].tables[0].rows[2] == ("cy", "card 1: 1; card 2: 3")


def test_ti_r2_the_giver_chooses_his_card_one_agreement_a_pair_two_a_player() -> None:
    state = _talks(_table())
    state = step(state, MENTAK, OfferAgreement(to=JOL_NAR, card=2))
    state = step(state, JOL_NAR, AcceptOffer(offerer=MENTAK, card=2))  # his card worth 3
    state = step(state, SOL, ApproveAgreement(MENTAK, JOL_NAR))
    assert state.trade.agreements == (Agreement((MENTAK, JOL_NAR), (2, 2), round=1),)
    assert refused(state, MENTAK, OfferAgreement(to=JOL_NAR, card=1)) == "TI-R2"  # one a pair
    full = _talks(_table(_old(SOL, MENTAK), _old(SOL, JOL_NAR, (2, 1))))
    assert full.trade.home(SOL) == () and full.stack[-1].asked == (MENTAK, JOL_NAR)
    assert refused(full, MENTAK, OfferAgreement(to=SOL, card=2)) == "TI-R2"  # two a player
    assert refused(full, MENTAK, OfferAgreement(to=JOL_NAR, card=1)) == "TI-R2"  # given already


def test_ti_r3_option_a_gains_three_collects_then_opens_the_talks_to_all() -> None:
    state, events = _events(_table(_old(SOL, JOL_NAR, (1, 2))), SOL, Play(card=TRADE))
    assert IncomeCollected(SOL, 3) in events  # Jol-Nar's card 2
    assert state.players[SOL].trade_goods == 3 + 3
    assert TalksOpened(holder=SOL, seats=(SOL, MENTAK, JOL_NAR)) in events


def test_ti_r3_option_b_cancels_every_agreement_and_the_talks_do_not_open() -> None:
    agreements = (_old(SOL, MENTAK), _old(MENTAK, JOL_NAR))
    play = said(_table(*agreements), SOL, "play trade cancelling agreements")
    assert play == Play(card=TRADE, cancel=True)
    state = step(_table(*agreements), SOL, play)
    assert state.trade.agreements == () and state.stack == () and state.turn == JOL_NAR
    assert state.players[SOL].trade_goods == 0
    assert refused(_table(), SOL, Play(card=2, cancel=True)) == "TI-A3"  # Trade's option only


def test_ti_r3_the_secondary_collects_for_a_strategy_counter_clockwise() -> None:
    state = _talks(_table(_old(MENTAK, JOL_NAR, (1, 2))))
    state = step(state, SOL, CloseTalks())
    assert state.stack[-1].prompt == WindowPrompt.SECONDARY
    assert state.stack[-1].asked == (MENTAK, JOL_NAR)
    state, events = _events(state, MENTAK, Follow())
    assert IncomeCollected(MENTAK, 3) in events  # Jol-Nar's card 2
    assert state.players[MENTAK].strategy == 1
    state = step(state, JOL_NAR, Follow())
    assert state.players[JOL_NAR].trade_goods == 1  # Mentak's card 1
    assert refused(_talks(_table(_old(MENTAK, JOL_NAR))), MENTAK, Follow()) == "TI-R5"


def test_ti_r4_an_agreement_pays_nothing_in_the_action_that_formed_it() -> None:
    state = _talks(_table())
    state = step(state, MENTAK, OfferAgreement(to=JOL_NAR, card=1))
    state = step(state, JOL_NAR, AcceptOffer(offerer=MENTAK, card=2))
    state = step(state, SOL, ApproveAgreement(MENTAK, JOL_NAR))
    state = step(state, SOL, CloseTalks())
    assert state.stack == () and state.turn == JOL_NAR  # no secondary: nothing to collect
    assert [p.trade_goods for p in state.players] == [3, 0, 0]
    assert income(state, MENTAK, secondary=True) == (0, 0)
    later = msgspec.structs.replace(state, round=2)
    assert income(later, MENTAK, secondary=True) == (3, 0)  # next round: Jol-Nar's card 2


def test_ti_r4_the_bank_pays_as_far_as_it_goes_clockwise() -> None:
    state = with_player(_table(_old(MENTAK, JOL_NAR, (1, 2))), SOL, trade_goods=33)
    state = step(_talks(state), SOL, CloseTalks())
    assert bank(state) == 4  # 3 went to the Trade holder
    state = step(state, MENTAK, Follow())  # Jol-Nar's card 2: 3 tg
    state, events = _events(state, JOL_NAR, Follow())
    assert IncomeCollected(JOL_NAR, 1) in events and bank(state) == 0
    dry = with_player(_table(_old(MENTAK, JOL_NAR)), SOL, trade_goods=40)
    dry = step(_talks(dry), SOL, CloseTalks())
    assert dry.stack == ()  # an empty bank: no secondary to follow


def test_ti_r5_offered_accepted_approved_and_whom_the_talks_wait_for() -> None:
    state = _talks(_table())
    assert GAME.waiting(state) == Waiting(must=(SOL,), may=(MENTAK, JOL_NAR))
    state = step(state, MENTAK, said(state, MENTAK, "offer agreement to jol nar with card 1"))
    assert GAME.waiting(state) == Waiting(must=(JOL_NAR,), may=(SOL, MENTAK))
    assert GAME.bots["pass"](state, JOL_NAR, None) == RejectOffer(MENTAK)  # the clock's answer
    state = step(state, JOL_NAR, said(state, JOL_NAR, "accept mentak with card 2"))
    assert GAME.waiting(state).must == (SOL,)
    assert GAME.bots["pass"](state, SOL, None) == VetoAgreement(MENTAK, JOL_NAR)
    state, events = _events(state, SOL, said(state, SOL, "approve mentak-jol nar"))
    assert events == [AgreementFormed(seats=(MENTAK, JOL_NAR), cards=(1, 2))]
    assert GAME.bots["pass"](state, SOL, None) == CloseTalks()
    assert GAME.bots["pass"](state, MENTAK, None) == DoneTrading()


def test_ti_r5_rejected_withdrawn_and_done() -> None:
    state = _talks(_table())
    state = step(state, MENTAK, OfferAgreement(to=JOL_NAR, card=1))
    state = step(state, JOL_NAR, said(state, JOL_NAR, "reject mentak"))
    assert state.trade.offers == () and state.trade.agreements == ()
    state = step(state, MENTAK, OfferAgreement(to=SOL, card=1))
    assert refused(state, MENTAK, OfferAgreement(to=JOL_NAR, card=2)) == "TI-R7"
    state = step(state, MENTAK, said(state, MENTAK, "withdraw offer"))
    assert state.trade.offers == () and refused(state, MENTAK, WithdrawOffer()) == "TI-R5"
    for seat in (MENTAK, JOL_NAR, SOL):
        state = step(state, seat, said(state, seat, "done trading"))
    assert state.stack == () and state.turn == JOL_NAR  # no one left to trade: closed


def test_ti_r5_pending_offers_lapse_as_the_holder_closes_the_talks() -> None:
    state = _talks(_table())
    state = step(state, MENTAK, OfferAgreement(to=JOL_NAR, card=1))
    state, events = _events(state, SOL, said(state, SOL, "close talks"))
    assert OfferLapsed(MENTAK, JOL_NAR) in events
    assert state.trade == Trade() and state.stack == ()
    assert refused(_talks(_table()), MENTAK, CloseTalks()) == "TI-R5"  # the holder's alone


def test_ti_r5_talks_no_one_could_use_are_skipped() -> None:
    every = (_old(SOL, MENTAK), _old(SOL, JOL_NAR, (2, 1)), _old(MENTAK, JOL_NAR, (2, 2)))
    state, events = _events(_table(*every), SOL, Play(card=TRADE))
    assert not any(isinstance(e, TalksOpened) for e in events)
    assert state.stack[-1].prompt == WindowPrompt.SECONDARY  # the others collect


def test_ti_r6_the_holder_may_veto_and_needs_no_approval_of_his_own() -> None:
    state = _talks(_table())
    state = step(state, MENTAK, OfferAgreement(to=JOL_NAR, card=1))
    state = step(state, JOL_NAR, AcceptOffer(offerer=MENTAK, card=1))
    assert refused(state, MENTAK, ApproveAgreement(MENTAK, JOL_NAR)) == "TI-R6"
    state = step(state, SOL, said(state, SOL, "veto mentak-jol nar"))
    assert state.trade.agreements == () and state.trade.offers == ()
    state = step(state, SOL, OfferAgreement(to=JOL_NAR, card=2))
    state, events = _events(state, JOL_NAR, AcceptOffer(offerer=SOL, card=1))
    assert events[-1] == AgreementFormed(seats=(SOL, JOL_NAR), cards=(2, 1))


def test_ti_r7_three_offers_a_seat_in_one_talks_so_talks_end() -> None:
    state = _talks(_table())
    for _ in range(3):
        state = step(state, MENTAK, OfferAgreement(to=JOL_NAR, card=1))
        state = step(state, JOL_NAR, RejectOffer(MENTAK))
    assert refused(state, MENTAK, OfferAgreement(to=JOL_NAR, card=1)) == "TI-R5"
    assert MENTAK not in GAME.waiting(state).may  # nothing left to offer: not waited on


def test_ti_r8_a_space_battle_between_partners_breaks_their_agreement() -> None:
    fleets = {("102", SOL): {"cruiser": 2}, (AT, MENTAK): {"destroyer": 1}}
    state = _table(_old(SOL, MENTAK), _old(SOL, JOL_NAR), fleets=fleets)
    state = step(state, SOL, Activate(system=AT))
    state, events = act(state, SOL, said(state, SOL, "move 2 cruiser from 102"), 9, 9, 1)
    assert AgreementBroken(seats=(SOL, MENTAK), war=True) in events
    assert state.trade.partners(SOL) == (JOL_NAR,)


def test_ti_r8_landing_on_a_partners_planet_holding_only_his_marker_breaks_it() -> None:
    fleets = {("102", SOL): {"carrier": 1, "ground_force": 2}}
    state = _table(_old(SOL, MENTAK), fleets=fleets, planets={"Abyz": Holding(MENTAK)})
    state = step(state, SOL, Activate(system=AT))
    state = step(state, SOL, said(state, SOL, "move 1 carrier 2 gf from 102"))
    state, events = act(state, SOL, said(state, SOL, "land 2 gf on abyz"))
    assert AgreementBroken(seats=(SOL, MENTAK), war=True) in events
    assert state.trade.agreements == () and state.forces.planets["Abyz"].controller == SOL


def _status(state: Game) -> Game:
    """Every seat passes and claims nothing: the status phase's breaking, if any."""
    for seat in (SOL, MENTAK, JOL_NAR):
        state = with_player(state, seat, played=state.players[seat].cards)
    while state.phase == Phase.ACTION:
        state = step(state, state.turn, Pass())
    while state.phase == Phase.SCORE:
        state = step(state, GAME.waiting(state).must[0], "default")
    return state


def test_ti_r9_the_status_phase_asks_only_seats_with_agreements_in_order_of_play() -> None:
    state = _status(_table(_old(SOL, MENTAK), _old(MENTAK, JOL_NAR)))
    assert state.stack[-1].prompt == WindowPrompt.BREAKING
    assert GAME.waiting(state).must == (MENTAK,)  # Logistics: first in order of play
    assert GAME.bots["pass"](state, MENTAK, None) == BreakAgreements()  # kept by default
    assert refused(state, MENTAK, BreakAgreements((SOL, SOL))) == "TI-R9"
    state = step(state, MENTAK, said(state, MENTAK, "keep agreements"))
    assert refused(state, SOL, BreakAgreements((JOL_NAR,))) == "TI-R9"
    state = step(state, SOL, said(state, SOL, "break agreement with mentak"))
    assert GAME.waiting(state).must == (JOL_NAR,)
    state = step(state, JOL_NAR, BreakAgreements((MENTAK,)))
    assert state.trade.agreements == () and state.stack == () and state.phase == Phase.COUNTERS
    alone = _status(_table(_old(SOL, MENTAK)))
    alone = step(alone, MENTAK, BreakAgreements((SOL,)))
    assert alone.stack == ()  # Sol has none left to break: not asked
    assert _status(_table()).stack == ()  # no agreement: no one asked


def test_ti_r10_a_gift_rides_on_any_moment_the_giver_is_asked() -> None:
    state = with_player(_table(), SOL, trade_goods=3)
    gift = said(state, SOL, "give 2 tg to mentak")
    assert gift == Give(to=MENTAK, trade_goods=2)
    state = step(state, SOL, gift)
    assert [p.trade_goods for p in state.players] == [1, 2, 0]
    assert state.turn == SOL and GAME.waiting(state).must == (SOL,)  # his turn goes on
    assert refused(state, SOL, Give(to=MENTAK, trade_goods=2)) == "TI-R10"
    assert refused(state, MENTAK, Give(to=SOL, trade_goods=1)) != ""  # not asked now
    state = _talks(state)
    state = step(state, MENTAK, Give(to=JOL_NAR, trade_goods=2))  # he may offer: he may give
    assert state.players[JOL_NAR].trade_goods == 2
    assert "give <n> tg to <race>; e.g. 'give 1 tg to mentak'" in GAME.text_help(state, SOL)


def test_ti_r10_legal_offers_a_gift_of_1_tg_to_the_next_player_at_his_turn() -> None:
    assert not any(isinstance(d, Give) for d in GAME.legal(_table(), SOL))  # he holds none
    state = with_player(_table(), SOL, trade_goods=3)
    gifts = [d for d in GAME.legal(state, SOL) if isinstance(d, Give)]
    assert gifts == [Give(to=MENTAK, trade_goods=1)]
    state = with_player(_talks(state), MENTAK, trade_goods=3)  # the talks offer none
    assert not any(isinstance(d, Give) for d in GAME.legal(state, MENTAK))


def test_ti_k13_micro_technology_adds_a_trade_good_an_agreement_on_the_secondary() -> None:
    state = _table(_old(MENTAK, JOL_NAR), _old(MENTAK, SOL))
    state = with_player(state, MENTAK, technologies=("micro_technology",))
    state = step(_talks(state), SOL, CloseTalks())
    state, events = _events(state, MENTAK, Follow())
    assert IncomeCollected(MENTAK, 1 + 2 + 2, technology=2) in events


def test_trade_commands_read_back_as_written() -> None:
    state = _talks(_table(_old(SOL, MENTAK)))
    for decision in (
        OfferAgreement(to=JOL_NAR, card=2),
        AcceptOffer(offerer=SOL, card=1),
        RejectOffer(SOL),
        WithdrawOffer(),
        ApproveAgreement(MENTAK, JOL_NAR),
        VetoAgreement(JOL_NAR, MENTAK),
        DoneTrading(),
        CloseTalks(),
        Give(to=SOL, trade_goods=3),
        BreakAgreements((SOL,)),
        BreakAgreements(),
        Play(card=TRADE, cancel=True),
    ):
        assert said(state, MENTAK, GAME.write_text(state, MENTAK, decision)) == decision
    assert said(state, MENTAK, "approve mentak and jol nar") == ApproveAgreement(MENTAK, JOL_NAR)
    assert said(state, JOL_NAR, "accept sol") == AcceptOffer(offerer=SOL, card=1)


def _greedy(state: Game, seat: int) -> Any:
    return GAME.bots["greedy"](state, seat, random.Random(0))


def test_greedy_offers_once_takes_what_pays_giving_its_cheapest_and_approves_others() -> None:
    state = _talks(_table())
    offer = _greedy(state, MENTAK)  # to Jol-Nar, whose card 2 is worth 3
    assert offer == OfferAgreement(to=JOL_NAR, card=1)
    state = step(state, MENTAK, OfferAgreement(to=JOL_NAR, card=1))
    assert _greedy(state, JOL_NAR) == AcceptOffer(offerer=MENTAK, card=1)  # worth 1, not 3
    state = step(state, JOL_NAR, AcceptOffer(offerer=MENTAK, card=1))
    assert _greedy(state, SOL) == ApproveAgreement(MENTAK, JOL_NAR)
    state = step(state, SOL, ApproveAgreement(MENTAK, JOL_NAR))
    assert _greedy(state, MENTAK) == DoneTrading()  # it has made its offer


def test_greedy_follows_trade_when_it_collects_two_or_more() -> None:
    state = _talks(_table(_old(MENTAK, JOL_NAR, (1, 2))))
    state = step(state, SOL, CloseTalks())
    assert _greedy(state, MENTAK) == Follow()  # Jol-Nar's card 2: 3 tg
    state = step(state, MENTAK, Follow())
    assert _greedy(state, JOL_NAR) == Decline()  # Mentak's card 1: 1 tg


def test_random_and_greedy_matches_form_agreements_and_still_end() -> None:
    for level in ("random", "greedy"):
        played = play("twilight-imperium-3", 4, f"measure-4-1-{level}", bot(level))
        formed = [
            e
            for p in played.positions
            for e in getattr(
                GAME.decide(p.state, p.seat, p.decision, random.Random(0)), "events", ()
            )
            if isinstance(e, AgreementFormed)
        ]
        assert played.end.over and formed, level


def test_the_page_shows_agreements_and_offers_and_facts_count_them() -> None:
    state = _talks(_table(_old(SOL, MENTAK)))
    state = step(state, MENTAK, OfferAgreement(to=JOL_NAR, card=2))
    page = {
        s.title: s for s in GAME.describe(GAME.view(state, None), ["ann", "bob", "cy"]).sections
    }
    fields = [(f.label, f.value) for f in page["Trade"].fields]
    assert fields == [
        ("Agreement", "ann and bob"),
        ("Offer", "bob to cy with card 2: awaiting an answer"),
    ]
    assert page["Trade"].tables[0].rows[0] == ("ann", "card 1: 2, with bob; card 2: 2")
    formed = GAME.facts(state, AgreementFormed(seats=(MENTAK, JOL_NAR), cards=(2, 1)))
    assert formed == [
        Fact("agreement formed", "Universities of Jol-Nar", MENTAK),
        Fact("agreement formed", "Mentak Coalition", JOL_NAR),
    ]
    broken = GAME.facts(state, AgreementBroken(seats=(SOL, MENTAK), war=True))
    assert broken[0] == Fact("agreement broken by war", "Mentak Coalition", SOL)

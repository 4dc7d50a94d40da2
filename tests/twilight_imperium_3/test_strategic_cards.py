"""The action cards of a strategic action (TI-Q62 to TI-Q67): the card window after its primary
(STRAT.primaryDone, and TECH.primaryDone for Technology), the action waiting under it before
the secondaries, the window after each Trade secondary followed (TRADE.secondaryDone), and the
cards played in Technology's secondary before buying (TECH.beforeBuy). The
arena's three seats (arena.py): seat 0 Sol holds the strategy card played, then seat 2 comes."""

import msgspec

from events.rulesets.twilight_imperium_3.agreements import Agreement, Trade
from events.rulesets.twilight_imperium_3.card_decisions import PlayCard
from events.rulesets.twilight_imperium_3.decisions import Follow, Play
from events.rulesets.twilight_imperium_3.forces import Holding
from events.rulesets.twilight_imperium_3.state import Game, WindowPrompt
from events.rulesets.twilight_imperium_3.technology import price
from events.rulesets.twilight_imperium_3.trade_events import CloseTalks
from tests.twilight_imperium_3.arena import JOL_NAR, MENTAK, SOL, arena
from tests.twilight_imperium_3.cards import answered, holding_cards
from tests.twilight_imperium_3.play import GAME, refused, step, with_player

TRADE, TECHNOLOGY = 5, 7
LASER = "hylar_v_assault_laser"  # no prerequisite


def _holding(card: int, *hands: tuple[int, str], planets: dict | None = None) -> Game:
    """Sol's turn, holding this strategy card; every seat rich in trade goods."""
    state = with_player(arena({}, planets), SOL, cards=(card,))
    for seat in (SOL, MENTAK, JOL_NAR):
        state = with_player(state, seat, trade_goods=10)
    for seat, action_card in hands:
        state = holding_cards(state, seat, action_card)
    return state


def test_ti_q62_policy_paralysis_bars_an_opponent_from_the_secondary() -> None:
    state = step(
        _holding(TECHNOLOGY, (MENTAK, "policy_paralysis")), SOL, Play(TECHNOLOGY, technology=LASER)
    )
    assert [w.prompt for w in state.stack] == [WindowPrompt.PRIMARY_DONE, WindowPrompt.CARD]
    assert refused(state, MENTAK, PlayCard("policy_paralysis", seat=SOL)) == "TI-Q62"
    state = answered(state, {MENTAK: PlayCard("policy_paralysis", seat=JOL_NAR)})
    assert state.stack[-1].prompt == WindowPrompt.SECONDARY and state.stack[-1].asked == (MENTAK,)
    assert LASER in state.players[SOL].technologies
    unhindered = step(_holding(TECHNOLOGY), SOL, Play(TECHNOLOGY, technology=LASER))
    assert unhindered.stack[-1].asked == (MENTAK, JOL_NAR)  # no window: no one could play


def test_ti_q63_tech_bubble_the_technology_player_follows_its_secondary_too() -> None:
    state = _holding(TECHNOLOGY, (SOL, "tech_bubble"), (MENTAK, "tech_bubble"))
    state = step(state, SOL, Play(TECHNOLOGY, technology=LASER))
    assert refused(state, MENTAK, PlayCard("tech_bubble")) == "TI-Q63"
    state = answered(state, {SOL: PlayCard("tech_bubble")})
    assert state.stack[-1].asked == (SOL, MENTAK, JOL_NAR)
    offered = [f for f in GAME.legal(state, SOL) if isinstance(f, Follow) and f.technology]
    strategy = state.players[SOL].strategy
    state = step(state, SOL, offered[0])
    assert len(state.players[SOL].technologies) == 2
    assert state.players[SOL].strategy == strategy - 1


def test_ti_q64_ruinous_tariffs_his_trade_partner_gives_him_half_his_goods() -> None:
    state = _holding(TRADE, (JOL_NAR, "ruinous_tariffs"))
    agreement = Agreement((MENTAK, JOL_NAR), (1, 2), round=0)
    state = msgspec.structs.replace(state, trade=Trade(agreements=(agreement,)))
    state = step(step(state, SOL, Play(card=TRADE)), SOL, CloseTalks())
    state = step(state, MENTAK, Follow())  # 10 and 3 collected: 13
    assert state.stack[-1].prompt == WindowPrompt.CARD
    assert refused(state, JOL_NAR, PlayCard("ruinous_tariffs", seat=SOL)) == "TI-Q64"
    state = answered(state, {JOL_NAR: PlayCard("ruinous_tariffs", seat=MENTAK)})
    assert [state.players[s].trade_goods for s in (MENTAK, JOL_NAR)] == [6, 17]
    assert state.stack[-1].prompt == WindowPrompt.SECONDARY  # Jol-Nar's turn to follow


def _secondary(state: Game) -> Game:
    """Sol's Technology primary; its secondary asks Mentak first, with 20 trade goods."""
    state = step(
        with_player(state, MENTAK, trade_goods=20), SOL, Play(TECHNOLOGY, technology=LASER)
    )
    assert state.stack[-1].prompt == WindowPrompt.SECONDARY and GAME.waiting(state).must == (
        MENTAK,
    )
    return state


def _buying(card: str, planets: dict | None = None, **mentak: object) -> Game:
    """Mentak plays the card in Technology's secondary, before following."""
    state = with_player(_holding(TECHNOLOGY, (MENTAK, card), planets=planets), MENTAK, **mentak)
    state = _secondary(state)
    assert PlayCard(card) in GAME.legal(state, MENTAK)
    return step(state, MENTAK, GAME.read_text(state, MENTAK, f"play {card.replace('_', ' ')}"))


def test_ti_q65_corporate_sponsorship_the_green_technology_costs_4_less() -> None:
    nothing_green = _secondary(_holding(TECHNOLOGY, (MENTAK, "corporate_sponsorship")))
    assert refused(nothing_green, MENTAK, PlayCard("corporate_sponsorship")) == "TI-Q65"
    state = _buying("corporate_sponsorship", technologies=("enviro_compensator",))
    assert GAME.waiting(state).must == (MENTAK,)  # played, he follows now
    assert price(state, MENTAK, "stasis_capsules") == 4
    assert refused(state, MENTAK, Follow(technology="stasis_capsules", trade_goods=3)) == "TI-K3"
    state = step(state, MENTAK, Follow(technology="stasis_capsules", trade_goods=4))
    assert "stasis_capsules" in state.players[MENTAK].technologies
    assert state.players[MENTAK].trade_goods == 16


def test_ti_q66_focused_research_waives_a_prerequisite_for_6_resources_more() -> None:
    before = _secondary(_holding(TECHNOLOGY))
    assert (
        refused(before, MENTAK, Follow(technology="deep_space_cannon", trade_goods=14)) == "TI-K2"
    )
    state = _buying("focused_research")
    assert price(state, MENTAK, "deep_space_cannon") == 14
    state = step(state, MENTAK, Follow(technology="deep_space_cannon", trade_goods=14))
    assert state.players[MENTAK].technologies == ("deep_space_cannon",)


def test_ti_q67_opening_the_black_box_red_planets_take_2_each_off_a_red_technology() -> None:
    red = {"Lor": Holding(MENTAK), "Bereg": Holding(MENTAK)}
    assert price(_secondary(_holding(TECHNOLOGY, planets=red)), MENTAK, LASER) == 6
    state = _buying("opening_the_black_box", planets=red)
    assert price(state, MENTAK, LASER) == 4
    state = step(state, MENTAK, Follow(technology=LASER, trade_goods=4))
    assert state.players[MENTAK].technologies == (LASER,)

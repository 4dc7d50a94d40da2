"""Touch of Genius (COPY, TI-Q75): with Rare Mineral in the discard pile, Sol (seat 0) lands on
neutral Abyz (arena.py); at INV.neutralWon's window he plays Touch of Genius as that Rare Mineral
would be played, paying 3 influence, and gains its 3 trade goods."""

import msgspec

from events.rulesets.twilight_imperium_3.card_decisions import PlayCard
from events.rulesets.twilight_imperium_3.decisions import Activate
from events.rulesets.twilight_imperium_3.state import Game
from tests.twilight_imperium_3.arena import AT, SOL, act, arena, said
from tests.twilight_imperium_3.cards import copy, holding_cards
from tests.twilight_imperium_3.play import refused, step, with_player


def _landed_on_abyz(*discarded: str) -> Game:
    fleets = {("102", SOL): {"carrier": 1, "ground_force": 1}}
    state = with_player(holding_cards(arena(fleets), SOL, "touch_of_genius"), SOL, trade_goods=1)
    state = msgspec.structs.replace(state, discard=tuple(copy(c) for c in discarded))
    state = step(state, SOL, Activate(system=AT))
    state = step(state, SOL, said(state, SOL, "move 1 carrier 1 gf from 102"))
    return step(state, SOL, said(state, SOL, "land 1 gf on abyz"))


def test_ti_q75_touch_of_genius_plays_a_discarded_card_again_for_3_influence() -> None:
    state = _landed_on_abyz("rare_mineral")
    assert state.stack[-1].prompt == "action card"  # INV.neutralWon: Rare Mineral's moment
    short = PlayCard("touch_of_genius", copied="rare_mineral", paying=("Jord",))  # 2 influence
    assert refused(state, SOL, short) == "TI-Q75"
    assert refused(state, SOL, PlayCard("touch_of_genius", paying=("Jord",), trade_goods=1)) == (
        "TI-Q2"  # copying nothing, it has no moment of its own
    )
    play = said(state, SOL, "play touch of genius copying rare mineral paying jord, 1 tg")
    assert play == PlayCard(
        "touch_of_genius", copied="rare_mineral", paying=("Jord",), trade_goods=1
    )
    state, _ = act(state, SOL, play)
    assert state.forces.planets["Jord"].exhausted  # paid as it resolved, with the trade good
    assert state.players[SOL].trade_goods == 3  # 1 - 1 + Rare Mineral's 3
    assert sorted(state.discard) == sorted((copy("rare_mineral"), copy("touch_of_genius")))


def test_ti_q75_touch_of_genius_copies_only_what_the_discard_pile_holds() -> None:
    state = _landed_on_abyz()  # nothing discarded: no card to copy, so no window opens
    assert all(w.prompt != "action card" for w in state.stack)
    state = _landed_on_abyz("morale_boost")  # not played at this moment: no window either
    assert all(w.prompt != "action card" for w in state.stack)

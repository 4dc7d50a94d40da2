"""The Draw phase (CW-D)."""

from events.rulesets.core_worlds.happenings import DeckShuffled, Drew
from events.rulesets.core_worlds.state import Phase

from .scenario import RULES, arrange, in_action, settle


def test_cw_d1_draw_up_to_six_counting_the_kept_card_and_seven_in_sector_v():
    game = in_action(2, "d1")
    kept = game.players[0].hand[0]
    game = arrange(game, 0, hand=(kept,))
    game = arrange(game, 1, hand=game.players[1].hand[:5])  # one short of six: draws one
    game, events = settle(arrange(game, phase=Phase.DRAW, round=2))
    drawn = {e.seat: len(e.cards) for e in events if isinstance(e, Drew)}
    assert drawn == {0: 5, 1: 1}
    assert [len(p.hand) for p in game.players] == [6, 6]
    game = arrange(in_action(2, "d1"), phase=Phase.DRAW, round=9)
    game = arrange(arrange(game, 0, hand=()), 1, hand=())
    game, _ = settle(game)
    assert [len(p.hand) for p in game.players] == [7, 7]


def test_cw_d2_hand_size_public_and_contents_secret():
    game = in_action(2, "d2")
    mine, theirs = RULES.view(game, 0), RULES.view(game, 1)
    assert mine.hand == game.players[0].hand
    assert theirs.players[0].hand_size == 6
    assert not set(game.players[0].hand) & set(theirs.hand)
    assert not set(game.players[0].hand) & set(theirs.cards)


def test_cw_d3_empty_draw_pile_shuffles_the_discard_pile_in():
    game = in_action(2, "d3")
    player = game.players[0]
    pile = player.draw + player.hand
    game = arrange(game, 0, hand=(), draw=pile[:2], discard=pile[2:])
    game, events = settle(arrange(game, phase=Phase.DRAW, round=2))
    mine = [e for e in events if getattr(e, "seat", None) == 0]
    assert isinstance(mine[0], Drew) and mine[0].cards == pile[:2]
    assert isinstance(mine[1], DeckShuffled) and sorted(mine[1].order) == sorted(pile[2:])
    assert isinstance(mine[2], Drew) and mine[2].cards == mine[1].order[:4]
    assert game.players[0].discard == () and len(game.players[0].hand) == 6

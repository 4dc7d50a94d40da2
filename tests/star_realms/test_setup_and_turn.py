"""SR-S setup and SR-T the turn."""

from collections import Counter

from events.rulesets.star_realms.decisions import EndTurn, Play
from events.rulesets.star_realms.happenings import DeckShuffled, Drew, TurnBegan, TurnEnded
from tests.star_realms.scenario import (
    RULES,
    accepted,
    arrange,
    names,
    play,
    rejected,
    start,
    table,
)


def test_sr_s1_two_players_50_authority_each():
    game = start()
    assert RULES.min_seats == RULES.max_seats == 2
    assert [p.authority for p in game.players] == [50, 50]


def test_sr_s2_personal_decks_of_8_scouts_and_2_vipers():
    game = start()
    for p in game.players:
        assert Counter(names(game, p.deck + p.hand)) == {"Scout": 8, "Viper": 2}


def test_sr_s3_trade_deck_shuffled_and_a_row_of_5():
    game = start()
    assert len(game.row) == 5 and len(game.trade_deck) == 75
    assert start("other seed").row != game.row


def test_sr_s4_explorers_stand_beside_the_row():
    game = start()
    assert game.explorer_pile == 10 and "Explorer" not in names(game, game.row)
    assert "2 Trade each, 10 left in the pile" in str(RULES.describe(RULES.view(game, None)))


def test_sr_s5_first_player_draws_3_the_other_5():
    firsts = set()
    for seed in ("a", "b", "c", "d", "e", "f"):
        game = start(seed)
        firsts.add(game.first)
        assert game.active == game.first
        assert len(game.players[game.first].hand) == 3
        assert len(game.players[1 - game.first].hand) == 5
    assert firsts == {0, 1}


def test_sr_t1_play_in_any_order():
    game = table(hand=["Viper", "Scout"])
    game, _ = play(game, Play(card=game.players[0].hand[1]))
    game, _ = play(game, Play(card=game.players[0].hand[0]))
    assert (game.turn.trade, game.turn.combat) == (1, 1)


def test_sr_t2_discard_phase_ships_and_hand_go_bases_stay():
    game = table(hand=["Viper", "Scout"], bases=["Blob Wheel"], deck=["Scout"] * 5, trade=3)
    game, _ = play(game, Play(card=game.players[0].hand[0]))
    game, events = play(game, EndTurn())
    assert any(isinstance(e, TurnEnded) for e in events)
    me = game.players[0]
    assert sorted(names(game, me.discard)) == ["Scout", "Viper"]
    assert names(game, me.bases) == ["Blob Wheel"]
    assert game.turn.trade == 0 and game.turn.combat == 0 and game.turn.ships == ()


def test_sr_t3_draw_5_then_the_other_turn():
    game = table(deck=["Scout"] * 6)
    game, events = play(game, EndTurn())
    assert len(game.players[0].hand) == 5 and len(game.players[0].deck) == 1
    assert game.active == 1 and any(isinstance(e, TurnBegan) for e in events)


def test_sr_t4_reshuffle_when_the_draw_pile_runs_out():
    game = table(deck=["Scout"] * 3, discard=["Viper", "Viper", "Scout"])
    game, events = play(game, EndTurn())
    shuffles = [e for e in events if isinstance(e, DeckShuffled)]
    assert len(shuffles) == 1 and len(shuffles[0].order) == 3
    assert len(game.players[0].hand) == 5 and len(game.players[0].deck) == 1
    empty = table(deck=["Scout"])
    empty, _ = play(empty, EndTurn())
    assert len(empty.players[0].hand) == 1  # both piles empty: the rest is lost


def test_sr_t5_only_the_seat_in_turn_decides():
    game = table(their_hand=["Scout"])
    rejected(game, Play(card=game.players[1].hand[0]), "SR-T5", seat=1)
    assert RULES.waiting(game).must == (0,)
    assert RULES.legal(game, 1) == []


def test_turn_draws_are_named_to_their_owner_only():
    game = table(deck=["Scout"] * 5)
    events = accepted(game, EndTurn())
    drew = next(e for e in events if isinstance(e, Drew))
    assert "Scout" in RULES.narrate(game, drew, 0, ["Ana", "Ben"])
    assert "Scout" not in RULES.narrate(game, drew, 1, ["Ana", "Ben"])
    assert arrange(game, active=0).active == 0

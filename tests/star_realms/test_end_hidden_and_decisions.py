"""SR-G game end, SR-H hidden information, SR-R decisions."""

import random

from events.ruleset import setup_error
from events.rulesets.star_realms.decisions import AttackPlayer, EndTurn, Play
from events.rulesets.star_realms.happenings import GameWon
from tests.star_realms.scenario import RULES, play, rejected, start, table


def test_sr_g1_authority_at_0_loses_at_once():
    game = table(combat=8, authority=(50, 8))
    game, events = play(game, AttackPlayer(amount=8))
    assert GameWon(winner=0) in events and RULES.is_over(game)
    standing = RULES.standing(game)
    assert standing.winners == (0,) and standing.scores == (50, 0)
    assert RULES.waiting(game).must == ()


def test_sr_g2_no_decision_after_the_end():
    game = table(combat=9, authority=(50, 8))
    game, _ = play(game, AttackPlayer(amount=9))
    rejected(game, EndTurn(), "SR-G2")
    assert RULES.legal(game, 0) == [] and RULES.legal(game, 1) == []


def test_sr_h1_discard_piles_row_bases_and_hand_sizes_are_public():
    game = table(hand=["Scout"], discard=["Cutter"], bases=["Blob Wheel"], row=["Ram"])
    public = RULES.view(game, None)
    assert public.players[0].discard == game.players[0].discard
    assert public.players[0].bases == game.players[0].bases
    assert public.row == game.row and public.players[0].hand_size == 1
    assert public.hand == ()


def test_sr_h2_hands_and_every_deck_order_stay_secret():
    game = start()
    for seat in (None, 0, 1):
        seen = RULES.view(game, seat)
        assert seen.hand == (game.players[seat].hand if seat is not None else ())
        text = repr(seen)
        assert "trade_deck=" not in text and "deck=(" not in text
        others = [p for s, p in enumerate(game.players) if s != seat]  # the public: both
        assert len(others) == (2 if seat is None else 1)
        assert not any(set(other.hand) & set(seen.cards) for other in others)
        assert not set(game.trade_deck) & set(seen.cards)
    dealt = RULES.resample(game, 0, random.Random(1))
    assert dealt.players[0].hand == game.players[0].hand and dealt.row == game.row
    assert sorted(dealt.players[1].hand + dealt.players[1].deck) == sorted(
        game.players[1].hand + game.players[1].deck
    )
    assert sorted(dealt.trade_deck) == sorted(game.trade_deck)


def test_sr_r1_unknown_decisions_and_options_are_refused():
    game = table(hand=["Scout"])
    rejected(game, object(), "SR-R1")
    assert setup_error(RULES, 2, {"x": 1}) == "star-realms has no option 'x'; it takes none"
    rejected(game, Play(card=12345), "SR-P1")

"""SR-G game end, SR-H hidden information, SR-R decisions."""

import random

from msgspec.structs import replace

from events.ruleset import setup_error
from events.rulesets.star_realms.decisions import AttackPlayer, EndTurn, Play, PlayAll
from events.rulesets.star_realms.happenings import GameWon
from tests.star_realms.scenario import RULES, named, names, play, rejected, start, table


def test_sr_g1_authority_at_0_loses_at_once():
    game = table(combat=8, authority=(50, 8))
    game, events = play(game, AttackPlayer(amount=8))
    assert GameWon(winner=0) in events and RULES.is_over(game)
    standing = RULES.standing(game)
    assert standing.winners == (0,) and standing.scores == (50, 0)
    assert RULES.waiting(game).must == ()
    alive, _ = play(table(combat=7, authority=(50, 8)), AttackPlayer(amount=7))
    assert alive.players[1].authority == 1 and not RULES.is_over(alive)


def test_sr_g2_no_decision_after_the_end():
    game = table(combat=9, authority=(50, 8))
    game, _ = play(game, AttackPlayer(amount=9))
    rejected(game, EndTurn(), "SR-G2")
    assert RULES.legal(game, 0) == [] and RULES.legal(game, 1) == []


def test_sr_h1_discard_piles_row_bases_and_hand_sizes_are_public():
    game = table(
        hand=["Scout"],
        discard=["Cutter"],
        bases=["Blob Wheel"],
        row=["Ram"],
        their_bases=["The Hive"],
    )
    public = RULES.view(game, None)
    named = {*game.row, *game.players[0].discard, *game.players[0].bases, *game.players[1].bases}
    assert named <= public.cards.keys()
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


def test_two_states_a_seat_cannot_tell_apart_resample_alike():
    """A bot deals the unseen anew from what its seat sees: swapping a card between the other
    seat's hand and deck, or reordering any deck, changes nothing it can be dealt."""
    game = start()
    mine, theirs = game.players
    other = replace(
        game,
        players=(
            replace(mine, deck=mine.deck[::-1]),
            replace(
                theirs,
                hand=(theirs.deck[0], *theirs.hand[1:]),
                deck=(theirs.hand[0], *theirs.deck[1:]),
            ),
        ),
        trade_deck=game.trade_deck[::-1],
    )
    assert other != game and RULES.view(other, 0) == RULES.view(game, 0)
    assert RULES.resample(other, 0, random.Random(7)) == RULES.resample(game, 0, random.Random(7))


def test_legal_decisions_offer_each_distinct_choice_once():
    assert PlayAll() not in RULES.legal(table(hand=["Scout"]), 0)
    assert PlayAll() in RULES.legal(table(hand=["Scout", "Viper"]), 0)
    game = table(hand=["Trade Bot", "Scout", "Scout"])
    game, _ = play(game, Play(card=named(game, "Trade Bot")))
    assert sorted(names(game, s.cards) for s in RULES.legal(game, 0)) == [[], ["Scout"]]


def test_sr_r1_unknown_decisions_and_options_are_refused():
    game = table(hand=["Scout"])
    rejected(game, object(), "SR-R1")
    no_x = "star-realms has no option 'x'; it takes unlimited_explorers"
    assert setup_error(RULES, 2, {"x": 1}) == no_x
    assert setup_error(RULES, 2, {"unlimited_explorers": 1}) is not None
    rejected(game, Play(card=12345), "SR-P1")

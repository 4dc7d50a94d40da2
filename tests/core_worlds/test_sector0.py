"""The pre-game Sector 0 draft variant (CW-V)."""

import random

from events.ruleset import setup_error
from events.rulesets.core_worlds.decisions import Pick
from events.rulesets.core_worlds.happenings import DeckShuffled, Sector0Ended
from events.rulesets.core_worlds.state import Phase

from .scenario import CARDS, RULES, accepted, fold, in_action, play, rejected, start


def test_cw_v1_each_player_removes_a_grunt_and_a_snub():
    game = start(3, "v1", sector0_draft=True)
    assert game.phase == Phase.SECTOR0
    for player in game.players:
        names = [CARDS.cards[c].name for c in player.draw]
        assert len(names) == 14
        assert names.count("Galactic Grunts") == 4 and names.count("Snub Fighter") == 4
    assert sorted(CARDS.cards[c].name for c in game.removed) == (
        ["Galactic Grunts"] * 3 + ["Snub Fighter"] * 3
    )
    assert "must be true or false" in setup_error(RULES, 3, {"sector0_draft": "yes"})


def test_cw_v2_deal_six_eight_ten_twelve_sector_0_cards():
    for seats, size in ((2, 6), (3, 8), (4, 10), (5, 12)):
        game = start(seats, f"v2-{seats}", sector0_draft=True)
        assert len(game.central) == size
        assert all(CARDS.cards[c].deck == "0" for c in game.central)


def test_cw_v3_snake_draft_from_the_destiny_holder_and_back():
    game = start(3, "v3", sector0_draft=True)
    order = game.order()
    expected = [order[0], order[1], order[2], order[2], order[1], order[0]]
    picked = []
    for seat in expected:
        assert RULES.waiting(game).must == (seat,)
        wrong = next(s for s in range(3) if s != seat)
        assert (
            rejected(game, wrong, Pick(card=game.central[0]), "CW-V3")
            == f"seat {seat} picks now (snake order from the Destiny holder)"
        )
        accepted(game, seat, Pick(card=game.central[0]), "CW-V3")
        picked.append(seat)
        game, _ = play(game, seat, Pick(card=game.central[0]))
    assert picked == expected


def test_cw_v4_unpicked_cards_leave_and_picks_are_shuffled_in():
    game = start(2, "v4", sector0_draft=True)
    picks = {0: [], 1: []}
    events = []
    while game.phase == Phase.SECTOR0:
        seat = RULES.waiting(game).must[0]
        card = game.central[-1]
        picks[seat].append(card)
        game, events = play(game, seat, Pick(card=card))
    ended = next(e for e in events if isinstance(e, Sector0Ended))
    assert len(ended.unpicked) == 2 and set(ended.unpicked) <= set(game.removed)
    shuffles = [e for e in events if isinstance(e, DeckShuffled)]
    assert len(shuffles) == 2
    for shuffle in shuffles:
        assert set(picks[shuffle.seat]) <= set(shuffle.order) and len(shuffle.order) == 16
    assert game.phase == Phase.ENERGY and all(p.picks == () for p in game.players)


def test_cw_v3_a_pick_needs_a_draft_and_a_card_dealt_for_it():
    game = in_action(2, "v3-none")
    none = rejected(game, game.destiny, Pick(card=game.central[0]), "CW-V3")
    assert none == "there is no Sector 0 draft going on"
    game = start(2, "v3-cards", sector0_draft=True)
    seat, cards = RULES.waiting(game).must[0], game.cards.cards
    for card, name in ((0, cards[0].name), (game.removed[0], "Galactic Grunts")):
        reason = rejected(game, seat, Pick(card=card), "CW-V3")
        assert reason == f"{name} is not among the Sector 0 cards on the table"
    beyond = rejected(game, seat, Pick(card=len(cards)), "CW-V3")
    assert beyond == f"card {len(cards)} is not among the Sector 0 cards on the table"


def test_cw_v4_the_draft_ends_into_round_ones_draw():
    game = start(2, "v4-end", sector0_draft=True)
    for _ in range(3):
        game, _ = play(game, RULES.waiting(game).must[0], Pick(card=game.central[0]))
    last = Pick(card=game.central[0])
    game = fold(accepted(game, RULES.waiting(game).must[0], last), game)
    ending = RULES.react(game, random.Random(0))
    assert isinstance(ending[-1], Sector0Ended)
    ended = fold(ending, game)  # a replay's step: the draft is over, Round 1 draws
    assert ended.phase == Phase.DRAW and ended.central == ()

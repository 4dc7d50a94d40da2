"""A seat's view names what it shows and tells the Sector; a resample keeps what the seat sees
and deals the rest anew."""

import random

from .scenario import RULES, arrange, cid, in_action


def test_the_view_tells_the_sector_of_each_round():
    game = in_action(2, "view")
    sectors = [RULES.view(arrange(game, round=r), 0).sector for r in range(1, 11)]
    assert sectors == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_the_view_names_every_card_it_shows_of_every_seat():
    game = in_action(3, "view")
    game = arrange(game, 1, colonists=(cid("Snub Fighter"),), picks=(cid("Recon Scout"),))
    view = RULES.view(game, 0)
    shown = [*view.central, *view.hand, *view.discard]
    for p in view.players:
        shown += [*p.warzone, *p.colonists, *p.picks]
    assert set(view.cards) == set(shown)
    assert view.cards[cid("Recon Scout")] == "Recon Scout"


def test_a_resample_deals_the_other_seats_hidden_cards_anew():
    game = in_action(3, "resample")
    hands = set()
    for deal in range(4):
        other = RULES.resample(game, 0, random.Random(deal))
        assert other.players[0].hand == game.players[0].hand
        for was, now in zip(game.players[1:], other.players[1:], strict=True):
            held = sorted([*was.hand, *was.draw, *was.discard])
            assert sorted([*now.hand, *now.draw, *now.discard]) == held
            assert (len(now.hand), len(now.draw)) == (len(was.hand), len(was.draw))
            assert now.warzone == was.warzone
        hands.add(other.players[1].hand)
    assert hands - {game.players[1].hand}

"""The Galactic phase (CW-G)."""

from events.rulesets.core_worlds.decisions import Declare, Draft, Invade
from events.rulesets.core_worlds.happenings import (
    CardsReturned,
    GalacticDrawn,
    TokensPlaced,
)
from events.rulesets.core_worlds.state import Phase

from .scenario import CARDS, RULES, accepted, arrange, cid, in_action, play, settle, start


def _galactic(seats: int, round_: int, central=(), tokened=(), decks=None):
    game = in_action(seats, f"g{seats}-{round_}")
    game = arrange(game, phase=Phase.GALACTIC, round=round_, central=central, tokened=tokened)
    if decks is not None:
        game = arrange(game, galactic=decks)
    return settle(game)


def test_cw_g1_cards_with_tokens_return_to_the_top_of_their_own_deck():
    old, fresh = cid("Kelvar Outpost"), cid("Battle Cruiser")
    game, events = _galactic(2, 3, central=(old, fresh), tokened=(old,))
    assert events[0] == CardsReturned(cards=(old,))
    assert game.galactic[1][0] == old and old not in game.central


def test_cw_g2_tokens_on_every_card_left_but_not_in_round_one():
    old, kept = cid("Kelvar Outpost"), cid("Battle Cruiser")
    game, events = _galactic(2, 3, central=(old, kept), tokened=(old,))
    assert TokensPlaced(cards=(kept,)) in events
    assert game.tokened == (kept,)
    game = start(2, "g2")
    while game.phase != "action":
        game, happened = play(game, RULES.waiting(game).must[0], Declare())
        assert not any(isinstance(e, CardsReturned | TokensPlaced) for e in happened)


def test_cw_g3_central_zone_refilled_to_six_eight_ten_twelve():
    for seats, size in ((2, 6), (3, 8), (4, 10), (5, 12)):
        game = in_action(seats, f"g3-{seats}")
        assert len(game.central) >= size
        drawn = game.central[:size]
        assert all(CARDS.cards[c].deck == "I" for c in drawn)


def test_cw_g4_then_at_least_as_many_worlds_and_non_worlds_as_players():
    worlds = [c for c in CARDS.decks[3] if CARDS.cards[c].is_world]
    others = [c for c in CARDS.decks[3] if not CARDS.cards[c].is_world]
    decks = list(in_action(3, "g4").galactic)
    decks[3] = tuple(others + worlds)
    game, events = _galactic(3, 5, decks=tuple(decks))
    [drawn] = [e for e in events if isinstance(e, GalacticDrawn)]
    assert len(drawn.cards) == len(others) + 3
    assert sum(CARDS.cards[c].is_world for c in game.central) == 3
    decks[3] = tuple(worlds + others)
    game, events = _galactic(3, 5, decks=tuple(decks))
    [drawn] = [e for e in events if isinstance(e, GalacticDrawn)]
    assert len(drawn.cards) == 9 + 3 and sum(not CARDS.cards[c].is_world for c in drawn.cards) == 3


def test_cw_g5_round_ten_brings_every_remaining_sector_v_card():
    decks = list(in_action(2, "g5").galactic)
    game, events = _galactic(2, 10, decks=tuple(decks))
    [drawn] = [e for e in events if isinstance(e, GalacticDrawn)]
    assert drawn.deck == 5 and len(drawn.cards) == 12 and game.galactic[5] == ()


def test_cw_g5_1_a_galactic_deck_that_runs_out_leaves_the_zone_short():
    decks = list(in_action(3, "g5.1").galactic)
    decks[3] = decks[3][:2]
    game, events = _galactic(3, 5, decks=tuple(decks))
    [drawn] = [e for e in events if isinstance(e, GalacticDrawn)]
    assert drawn.cards == decks[3] and game.galactic[3] == ()
    assert len(game.central) == 2 and game.phase == "action"
    decks[3] = ()
    game, events = _galactic(3, 5, decks=tuple(decks))
    assert not any(isinstance(e, GalacticDrawn) for e in events)
    assert game.central == () and game.galactic[4] == decks[4] and game.phase == "action"


def test_cw_g6_a_token_gives_one_energy_on_draft_or_conquest():
    game = in_action(2, "g6")
    me = game.turn
    cruiser, world = cid("Battle Cruiser"), cid("Haldor Station")
    grunts = tuple(cid("Galactic Grunts", i) for i in range(3))
    game = arrange(game, central=(cruiser, world), tokened=(cruiser, world))
    game = arrange(game, me, energy=4, hand=(), warzone=(game.players[me].home, *grunts))
    [drafted] = accepted(game, me, Draft(card=cruiser))
    assert drafted.token
    [invaded] = accepted(game, me, Invade(world=world, units=grunts))
    assert invaded.token
    after, _ = play(game, me, Draft(card=cruiser))
    assert after.players[me].energy == 4 - 4 + 1 and cruiser not in after.tokened


def test_cw_g6_a_token_on_a_prestige_card_gives_no_energy_but_goes_back():
    game = in_action(2, "g6-prestige")
    me = game.turn
    arch = cid("Triumphal Arch")
    game = arrange(game, central=(arch,), tokened=(arch,))
    game = arrange(game, me, energy=4)
    after, _ = play(game, me, Draft(card=arch))
    assert after.players[me].energy == 0 and arch in after.players[me].warzone
    assert after.tokened == ()

"""The Energy phase (CW-E)."""

import random

import msgspec
import pytest

from events.rulesets.core_worlds.decisions import Declare, Exchange
from events.rulesets.core_worlds.happenings import EnergyDeclared, EnergyProduced
from events.rulesets.core_worlds.loader import CARD_SETS_ENV, PROVISIONAL_FILE
from events.rulesets.core_worlds.state import Phase

from .scenario import CARDS, RULES, accepted, arrange, cid, in_action, play, rejected, settle, start


def _energy_phase(seed: str, **hands: tuple[int, ...]):
    """Round 1's Energy phase with the given hands (seat0=..., seat1=...)."""
    game = start(2, seed)
    for key, hand in hands.items():
        game = arrange(game, int(key[-1]), hand=hand)
    return game


def test_cw_e1_each_world_produces_its_energy():
    game = in_action(2, "e1")
    world = cid("Vesper Moon")
    home = game.players[1].home
    game = arrange(game, 1, warzone=(home, world), energy=0)
    game = arrange(arrange(game, 0, energy=0), phase=Phase.DRAW, round=2)
    game, events = settle(game)
    produced = next(e for e in events if isinstance(e, EnergyProduced))
    assert produced.amounts == (2, 2 + CARDS.cards[world].energy)


def test_cw_e2_declarations_in_destiny_order_and_final():
    game = start(2, "e2")
    first, second = game.order()
    assert (
        rejected(game, second, Declare(), "CW-E2")
        == f"seat {first} declares before you (turn order from Destiny)"
    )
    assert RULES.legal(game, second) == [] and Declare() in RULES.legal(game, first)
    acting = in_action(2, "e2")
    assert rejected(acting, acting.turn, Declare(), "CW-R") == (
        "declaring energy boosts happens in the Energy phase; this is the Action phase"
    )
    game, _ = play(game, first, Declare())
    assert rejected(game, first, Declare(), "CW-E2") == (
        "you have declared already; a declaration is final"
    )
    events = accepted(game, second, Declare(), "CW-E2")
    assert events == [EnergyDeclared(seat=second)]


def test_cw_e3_energy_surge_gives_one_or_two_if_behind_and_stacks():
    surges = (cid("Energy Surge"), cid("Energy Surge", 1))
    game = _energy_phase("e3", seat0=surges, seat1=surges)
    first = game.order()[0]
    [event] = accepted(game, first, Declare(surges=surges))
    assert event.gain == 2  # equal production: +1 each
    ahead = 1 - first
    home = game.players[ahead].home
    game = arrange(game, ahead, warzone=(home, cid("Vesper Moon")))
    [event] = accepted(game, first, Declare(surges=surges[:1]))
    assert event.gain == 2  # an opponent produces more: +2
    grunt = cid("Galactic Grunts")
    game = arrange(game, first, hand=(*surges, grunt))
    assert rejected(game, first, Declare(surges=(grunt,)), "CW-E3") == (
        "Galactic Grunts is not an Energy Surge"
    )
    game = arrange(game, first, hand=surges[:1])
    assert rejected(game, first, Declare(surges=surges), "CW-E3") == (
        "Energy Surge is not in your hand"
    )


def test_cw_e3_an_energy_surge_costs_what_its_card_prints(tmp_path, monkeypatch):
    priced = PROVISIONAL_FILE.read_text().replace(
        'name = "Energy Surge"\nkind = "tactic"\n',
        'name = "Energy Surge"\nkind = "tactic"\nplay = 1\n',
    )
    (tmp_path / "priced.toml").write_text(priced)
    monkeypatch.setenv(CARD_SETS_ENV, str(tmp_path))
    surges = (cid("Energy Surge"), cid("Energy Surge", 1))
    game = start(2, "e3-cost", card_set="priced.toml")
    first = game.order()[0]
    game = arrange(game, first, hand=surges, energy=1)
    [event] = accepted(game, first, Declare(surges=surges[:1]), "CW-E2")
    assert event.gain == 0  # +1 for an equal production, less the card's 1
    assert rejected(game, first, Declare(surges=surges), "CW-E3") == (
        "playing them costs 2 energy; you have 1"
    )


def test_cw_e4_home_world_exploration_discards_two_for_one_once():
    game = start(2, "e4")
    seat = game.order()[0]
    player = game.players[seat]
    two = player.hand[:2]
    events = accepted(game, seat, Declare(exchanges=(Exchange(source=player.home, discards=two),)))
    assert events[0].gain == 1
    game, _ = play(game, seat, Declare(exchanges=(Exchange(source=player.home, discards=two),)))
    assert game.players[seat].energy == 3 and set(two) <= set(game.players[seat].discard)
    game = start(2, "e4")
    twice = (
        Exchange(source=player.home, discards=two),
        Exchange(source=player.home, discards=player.hand[2:4]),
    )
    named = CARDS.cards[player.home].name
    assert rejected(game, seat, Declare(exchanges=twice), "CW-E4") == (
        f"{named}'s ability is used at most once per Energy phase"
    )
    one = Declare(exchanges=(Exchange(source=player.home, discards=two[:1]),))
    assert rejected(game, seat, one, "CW-E4") == f"{named} takes 2 cards from your hand, not 1"
    second = Declare(exchanges=(Exchange(source=player.home, ability=1, discards=two),))
    assert rejected(game, seat, second, "CW-E4") == f"{named} has no Energy-phase ability #1"


def test_cw_e5_other_energy_phase_abilities_of_warzone_cards():
    game = start(2, "e5")
    seat = game.order()[0]
    engineers = cid("Combat Engineers")
    player = game.players[seat]
    use = Declare(exchanges=(Exchange(source=engineers, discards=player.hand[:1]),))
    assert rejected(game, seat, use, "CW-E5") == "Combat Engineers is not in your Warzone"
    game = arrange(game, seat, warzone=(player.home, engineers))
    [event] = accepted(game, seat, use)
    assert event.gain == 1
    elsewhere = next(c for c in game.players[1 - seat].hand if c not in player.hand)
    away = Declare(exchanges=(Exchange(source=engineers, discards=(elsewhere,)),))
    assert rejected(game, seat, away, "CW-E5") == (
        f"{CARDS.cards[elsewhere].name} is not in your hand"
    )


def test_cw_e2_a_seat_with_nothing_to_declare_is_declared_for():
    grunts, surge = cid("Galactic Grunts"), cid("Energy Surge")
    game = start(2, "e2-none")
    first, second = game.order()
    asked = {
        (grunts,): False,  # too few cards for the Home World's exchange, no Energy Surge
        (surge,): True,
        (grunts, cid("Galactic Grunts", 1)): True,
    }
    for hand, is_asked in asked.items():
        after, events = settle(arrange(game, first, hand=hand))
        assert (EnergyDeclared(seat=first) not in events) is is_asked, hand
        assert RULES.waiting(after).must == ((first,) if is_asked else (second,)), hand


def test_a_fold_refuses_an_event_that_does_not_fit_the_seats():
    """A log entry for another number of seats is refused, never half applied."""
    game = start(2, "fold")
    with pytest.raises(ValueError, match="zip"):
        RULES.evolve(game, EnergyProduced(amounts=(1, 2, 3)))
    [setup] = RULES.initial(2, {}, random.Random(1))
    with pytest.raises(ValueError, match="zip"):
        RULES.evolve(None, msgspec.structs.replace(setup, surge_tokens=setup.surge_tokens[:1]))
    with pytest.raises(TypeError, match="core-worlds has no event Declare"):
        RULES.evolve(game, Declare())


def test_the_declarations_offered_are_every_surge_count_with_every_set_of_exchanges():
    game = start(2, "e-legal")
    first = game.order()[0]
    player = game.players[first]
    surge, engineers = cid("Energy Surge"), cid("Combat Engineers")
    grunts = tuple(cid("Galactic Grunts", i) for i in range(3))
    game = arrange(game, first, hand=(surge, *grunts), warzone=(player.home, engineers))
    offered = RULES.legal(game, first)
    # the Home World's exchange takes 2 cards and the Engineers' 1: the least worth first
    home = Exchange(source=player.home, discards=grunts[:2])
    sets = [(), (home,), (Exchange(source=engineers, discards=grunts[:1]),)]
    sets.append((home, Exchange(source=engineers, discards=grunts[2:])))
    expected = [Declare(surges=s, exchanges=e) for s in ((), (surge,)) for e in sets]
    assert offered == expected
    [declared] = accepted(game, first, expected[-1])
    assert declared.gain == 3  # the Surge's 1 (no one produces more) and 1 for each exchange

"""Phase V powers: windfall-produce powers with the Produce bonus (RG-P4) and the produce
draw powers (RG-P5)."""

from events.rulesets.race_for_the_galaxy.decisions import Develop, Windfall
from events.rulesets.race_for_the_galaxy.happenings import Drew, StepBegan, Used
from tests.race_for_the_galaxy.scenario import (
    RULES,
    all_play,
    arrange,
    on,
    play,
    rejected,
    stock,
    table,
)


def _produce(tableaus, actions=(("develop",), ("develop",)), goods=()):
    """When: the Develop phase ends with Produce to come; the events from the phase's start."""
    game = table(tableaus, step="develop", actions=actions)
    for seat, worlds in enumerate(goods):
        game = stock(game, seat, *worlds)
    game = arrange(game, phases=("produce",))
    game, events = all_play(game, Develop(), Develop())
    began = next(i for i, e in enumerate(events) if e == StepBegan(step="produce"))
    return game, events[began:]


def _draws(events, seat=0):
    return sum(len(e.cards) for e in events if isinstance(e, Drew) and e.seat == seat)


def test_rg_p4_windfall_produce_powers_fill_worlds_of_their_kind_each_once():
    tableau = ["old_earth", "mining_robots", "galactic_engineers", "asteroid_belt"]
    tableau += ["pre_sentient_race", "radioactive_world"]
    game, _ = _produce([tableau, ["new_sparta"]])
    robots, engineers = on(game, 0, "mining_robots"), on(game, 0, "galactic_engineers")
    belt, race = on(game, 0, "asteroid_belt"), on(game, 0, "pre_sentient_race")
    assert game.step == "produce" and RULES.waiting(game).must == (0,)
    assert "of its kind" in rejected(game, Windfall(world=race, card=robots), "RG-P4")
    rejected(game, Windfall(world=belt), "RG-P2")  # no Produce bonus chosen
    game, events = play(game, Windfall(world=belt, card=robots))
    assert Used(seat=0, card=robots, power=0) in events  # its first row-V power, used up
    assert game.step == "produce"  # Engineers still have empty worlds to fill
    rejected(game, Windfall(world=on(game, 0, "radioactive_world"), card=robots), "RG-P4")
    game, _ = play(game, Windfall(world=race, card=engineers))
    assert game.step != "produce" and len(game.players[0].goods) == 2


def test_rg_p4_the_bonus_and_a_power_in_the_order_the_player_chooses():
    """The bonus on the only Genes world leaves Genetics Lab with nothing to fill."""
    tableau = ["old_earth", "genetics_lab", "pre_sentient_race", "asteroid_belt"]
    game, _ = _produce([tableau, ["new_sparta"]], actions=(("produce",), ("develop",)))
    race = on(game, 0, "pre_sentient_race")
    game, _ = play(game, Windfall(world=race))
    assert game.step != "produce" and len(game.players[0].goods) == 1


def test_rg_p4_nothing_is_owed_without_an_empty_world_of_the_kind():
    tableau = ["old_earth", "mining_robots", "pre_sentient_race"]
    game, _ = _produce([tableau, ["new_sparta"]])
    assert game.step != "produce"


def test_rg_p5_draw_if_produced_here_only_when_a_good_arrives():
    _, events = _produce([["old_earth", "gem_world", "comet_zone"], ["new_sparta"]])
    assert _draws(events) == 2
    full = [["gem_world"]]
    _, events = _produce([["old_earth", "gem_world", "comet_zone"], ["new_sparta"]], goods=full)
    assert _draws(events) == 1
    tableau = ["old_earth", "mining_robots", "runaway_robots"]
    game, _ = _produce([tableau, ["new_sparta"]])
    robots, runaway = on(game, 0, "mining_robots"), on(game, 0, "runaway_robots")
    _, events = play(game, Windfall(world=runaway, card=robots))
    assert _draws(events) == 1


def test_rg_p1_with_no_card_left_for_a_good_the_world_stays_empty():
    game = table([["old_earth", "gem_world"], ["new_sparta"]], step="develop")
    game = arrange(arrange(game, 1, hand=game.deck), deck=(), phases=("produce",))
    game, events = all_play(game, Develop(), Develop())
    assert game.players[0].goods == () and _draws(events) == 0 and game.step != "produce"


def test_rg_p5_draws_as_the_phase_begins():
    tableau = ["old_earth", "merchant_guild", "rebel_underground", "pan_galactic_league"]
    tableau += ["pre_sentient_race", "empath_world", "distant_world"]
    _, events = _produce([tableau, ["new_sparta"]], goods=[["empath_world"]])
    assert _draws(events) == 2 + 1 + 3


def test_rg_p5_draws_per_good_and_per_kind_produced():
    tableau = ["old_earth", "consumer_markets", "spice_world", "space_port", "new_earth"]
    _, events = _produce([tableau, ["new_sparta"]])
    assert _draws(events) == 2
    tableau = ["old_earth", "diversified_economy", "spice_world", "space_port", "new_earth"]
    _, events = _produce([tableau, ["new_sparta"]])
    assert _draws(events) == 2


def test_rg_p5_most_rare_needs_strictly_more_than_every_other_player():
    mine = ["old_earth", "mining_conglomerate", "new_earth"]
    _, events = _produce([mine, ["new_sparta"]])
    assert _draws(events) == 2
    _, events = _produce([[*mine, "diversified_economy"], ["new_sparta"]])
    assert _draws(events) == 2 + 1  # and one for the one kind produced
    _, events = _produce([mine, ["new_sparta", "bio_hazard_mining_world"]])
    assert _draws(events) == 0

"""The cost-6 developments' scoring lines (RG-G3): which cards each line counts, read from the
final score of a tableau holding the development."""

from events.rulesets.race_for_the_galaxy.scoring import final_scores
from tests.race_for_the_galaxy.scenario import table


def _score(*tableau: str) -> int:
    return final_scores(table([tableau, ["new_sparta"]]))[0]


def test_rg_g3_developments_and_6_cost_developments():
    """Galactic Federation: 2 per 6-cost development, 1 per other development, none for worlds
    (not even the 6-cost Alien Robotic Factory)."""
    printed = 2 + 0 + 1 + 1 + 1 + 5
    score = _score(
        "old_earth",
        "galactic_federation",
        "space_marines",
        "contact_specialist",
        "gem_world",
        "alien_robotic_factory",
    )
    assert score == printed + 2 + 1 + 1


def test_rg_g3_worlds_of_a_kind_and_every_world():
    """Galactic Survey: SETI: 2 per world with an Explore power, 1 per other world, 1 per
    development with an Explore power (itself), none for one without; Pan-Galactic League:
    2 per Genes world, none for a world of another kind."""
    seti = ["old_earth", "galactic_survey_seti", "gem_world", "star_nomad_lair", "space_marines"]
    assert _score(*seti) == (2 + 0 + 1 + 1 + 1) + 1 + 1 + 1 + 2
    league = ["old_earth", "pan_galactic_league", "distant_world", "gem_world"]
    assert _score(*league) == (2 + 0 + 2 + 1) + 2


def test_rg_g3_production_and_windfall_worlds():
    """Mining League: 2 per Rare production world, 1 per Rare windfall world, none for
    Novelty; Merchant Guild: 2 per production world of any kind, none for windfall worlds."""
    league = ["old_earth", "mining_league", "mining_world", "rebel_fuel_cache", "gem_world"]
    assert _score(*league, "star_nomad_lair") == (2 + 2 + 1 + 1 + 1) + 2 + 1
    guild = ["old_earth", "merchant_guild", "gem_world", "comet_zone", "star_nomad_lair"]
    assert _score(*guild) == (2 + 1 + 2 + 1) + 2 + 2


def test_rg_g3_alien_cards():
    """Alien Tech Institute: 3 per Alien production world, 2 per other ALIEN card (itself);
    none for the rest."""
    printed = 2 + 0 + 5 + 1
    score = _score("old_earth", "alien_tech_institute", "alien_robotic_factory", "space_marines")
    assert score == printed + 3 + 2


def test_rg_g3_rebel_and_other_military_worlds():
    """Galactic Imperium: 2 per Rebel military world, 1 per other military world, none for a
    world without military."""
    tableau = ["old_earth", "galactic_imperium", "rebel_outpost", "pirate_world"]
    printed = 2 + 0 + 5 + 2 + 1 + 1
    assert _score(*tableau, "star_nomad_lair", "gem_world") == printed + 2 + 1 + 1

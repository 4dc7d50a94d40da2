"""One new rule costs four files of a game's code and its scenario test (its ask beside its
judge, its decision, its event, its evolve row), as `python -m tests.rule_files` counts them:
names in code, the rule ID in a string, never a comment, a docstring or a word in a sentence."""

from tests.rule_files import files, names_it


def test_a_name_counts_in_code_and_not_in_a_comment_a_docstring_or_a_sentence() -> None:
    names = {"Trade"}
    assert names_it("x = Trade(world=1)\n", "RG-C1", names)
    assert names_it('refused = Rejection("RG-C1", "sell a good")\n', "RG-C1", names)
    assert not names_it("x = 1  # Trade first\n", "RG-C1", names)
    assert not names_it('def f():\n    """Sells first (RG-C1)."""\n', "RG-C1", names)
    assert not names_it('BONUS = "the Trade bonus"\n', "RG-C1", names)


def test_selling_a_good_a_surge_token_and_an_attack_each_live_in_four_files_of_code() -> None:
    race, race_tests = files("race_for_the_galaxy", "RG-C1", {"Trade", "Sold", "TRADE"})
    assert [p.rsplit("/", 1)[1] for p in race] == [
        "consume.py",
        "decisions.py",
        "evolve.py",
        "happenings.py",
    ]
    assert "tests/race_for_the_galaxy/test_consume.py" in race_tests
    worlds, _ = files("core_worlds", "CW-A6", {"UseSurgeToken", "SurgeTokenUsed", "SURGE_TOKEN"})
    assert [p.rsplit("/", 1)[1] for p in worlds] == [
        "decisions.py",
        "evolve.py",
        "happenings.py",
        "turns.py",
    ]
    realms, _ = files("star_realms", "SR-C4", {"AttackPlayer", "Attacked", "ATTACK_PLAYER"})
    assert [p.rsplit("/", 1)[1] for p in realms] == [
        "combat.py",
        "decisions.py",
        "evolve.py",
        "happenings.py",
    ]

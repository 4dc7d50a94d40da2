"""Every numbered rule of a game's rules reference reads in words and has a scenario test named
after it (`RG-W7` -> `test_rg_w7_...`; `test_rg_d2_d3_...` names two) somewhere in the suite;
found through the registry alone."""

import re
from functools import cache
from pathlib import Path

import pytest

from .games import GAMES, RULESETS

TESTS = Path(__file__).resolve().parents[1]


@cache
def _named_rules() -> frozenset[str]:
    """The rules test names name: `test_cw_a3_1_d2_...` names `cw_a3_1` and `cw_d2`."""
    named: set[str] = set()
    for module in TESTS.rglob("test_*.py"):
        for game, run in re.findall(
            r"^(?:async )?def test_([a-z]+)_((?:[a-z]\d+(?:_\d+)?_)+)", module.read_text(), re.M
        ):
            named |= {f"{game}_{rule}" for rule in re.findall(r"[a-z]\d+(?:_\d+)?", run)}
    return frozenset(named)


def _as_named(rule: str) -> str:
    return rule.lower().replace("-", "_").replace(".", "_")


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_reads_in_words_and_has_a_scenario_test(game: str) -> None:
    ruleset = RULESETS[game]
    ids = ruleset.rule_ids()
    if not ids:  # a game made for the suite keeps its few rules in its module
        assert type(ruleset).__module__.startswith("tests."), f"{game} has no rules reference"
        return
    assert [rule for rule in ids if not ruleset.rule_text(rule)] == []
    numbered = [rule for rule in ids if re.search(r"\d", rule)]
    missing = [rule for rule in numbered if _as_named(rule) not in _named_rules()]
    assert len(numbered) > 20 and missing == [], f"{game}: no scenario test for {missing}"

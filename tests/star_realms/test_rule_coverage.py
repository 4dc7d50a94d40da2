"""Every rule ID of the rules reference has a scenario test named after it."""

import re
from pathlib import Path

from events.rulesets.star_realms.rules_text import rule_text

REFERENCE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "star-realms.md"
RULE_IDS = re.findall(r"^- (SR-[A-Z]+\d+) ", REFERENCE.read_text(encoding="utf-8"), re.M)


def _test_name(rule: str) -> str:
    return "test_" + rule.lower().replace("-", "_") + "_"


def test_every_rule_id_has_a_scenario_test():
    names = set()
    for module in Path(__file__).parent.glob("test_*.py"):
        names |= set(re.findall(r"^def (test_\w+)", module.read_text(), re.MULTILINE))
    missing = [r for r in RULE_IDS if not any(n.startswith(_test_name(r)) for n in names)]
    assert len(RULE_IDS) > 40 and missing == []


def test_every_rule_id_reads_in_words():
    assert all(rule_text(rule) for rule in RULE_IDS)
    assert rule_text("SR-C3").startswith("While the opponent has an outpost")
    assert rule_text("SR-T").startswith("Turn: A turn has three phases")
    assert rule_text("SR-X9") == ""

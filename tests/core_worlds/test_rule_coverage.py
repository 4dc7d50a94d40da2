"""Every rule ID of the rules reference (docs/rules/) has a scenario test named after it."""

import re
from pathlib import Path

RULE_IDS = [
    "CW-S1",
    "CW-S2",
    "CW-S3",
    "CW-S4",
    "CW-S5",
    "CW-S6",
    "CW-R",
    "CW-D1",
    "CW-D2",
    "CW-D3",
    "CW-E1",
    "CW-E2",
    "CW-E3",
    "CW-E4",
    "CW-E5",
    "CW-G1",
    "CW-G2",
    "CW-G3",
    "CW-G4",
    "CW-G5",
    "CW-G5.1",
    "CW-G6",
    "CW-A",
    "CW-A1",
    "CW-A2",
    "CW-A3",
    "CW-A3.1",
    "CW-A3.2",
    "CW-A3.3",
    "CW-A3.4",
    "CW-A4",
    "CW-A5",
    "CW-A6",
    "CW-X1",
    "CW-X2",
    "CW-N1",
    "CW-N2",
    "CW-N3",
    "CW-N4",
    "CW-C1",
    "CW-C2",
    "CW-C3",
    "CW-C4",
    "CW-F1",
    "CW-F2",
    "CW-F3",
    "CW-F4",
    "CW-V1",
    "CW-V2",
    "CW-V3",
    "CW-V4",
]
REFERENCE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "core-worlds.md"


def _test_name(rule: str) -> str:
    return "test_" + rule.lower().replace("-", "_").replace(".", "_") + "_"


def test_every_rule_id_has_a_scenario_test():
    names = set()
    for module in Path(__file__).parent.glob("test_*.py"):
        names |= set(re.findall(r"^def (test_\w+)", module.read_text(), re.MULTILINE))
    missing = [r for r in RULE_IDS if not any(n.startswith(_test_name(r)) for n in names)]
    assert missing == []


def test_the_list_is_the_reference_s():
    numbered = re.findall(r"^\s*- (CW-[A-Z]\d+(?:\.\d+)?) ", REFERENCE.read_text(), re.M)
    assert len(numbered) > 40 and set(numbered) <= set(RULE_IDS)

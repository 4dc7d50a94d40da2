"""Rule IDs in the reference's words, read from RULES.md beside it."""

import re
from functools import cache
from pathlib import Path

REFERENCE = Path(__file__).parent / "RULES.md"
_HEADING = re.compile(r"^## (RG-[A-Z]+) (.+)$")
_RULE = re.compile(r"^- (RG-[A-Z]+\d+) (.+)$")


@cache
def rules() -> dict[str, str]:
    words: dict[str, str] = {}
    for line in REFERENCE.read_text(encoding="utf-8").splitlines():
        if found := _HEADING.match(line) or _RULE.match(line):
            words[found.group(1)] = found.group(2)
    return words


def rule_text(rule: str) -> str:
    return rules().get(rule, "")


def rule_ids() -> list[str]:
    return list(rules())

"""Rule IDs in the reference's words, read from docs/rules/star-realms.md."""

import re
from functools import cache
from pathlib import Path

REFERENCE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "star-realms.md"
_HEADING = re.compile(r"^#{2,3} (SR-[A-Z]+) (.+)$")
_RULE = re.compile(r"^\s*- (SR-[A-Z]+\d+) (.+)$")


@cache
def _rules() -> dict[str, str]:
    """Numbered rules, and headings with the sentence under them (SR-T: Turn: …)."""
    words: dict[str, str] = {}
    heading = None
    for line in REFERENCE.read_text(encoding="utf-8").splitlines():
        line = line.replace("**", "")
        if found := _HEADING.match(line):
            heading = found.group(1)
            words[heading] = found.group(2)
        elif found := _RULE.match(line):
            words[found.group(1)] = found.group(2)
            heading = None
        elif heading is not None and line.strip() and not line.startswith("#"):
            words[heading] += f": {line.strip()}"
            heading = None
    return words


def rule_text(rule: str) -> str:
    return _rules().get(rule, "")

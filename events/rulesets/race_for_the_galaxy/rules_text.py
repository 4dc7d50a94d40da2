"""Rule IDs in the reference's words, read from docs/rules/race-for-the-galaxy.md."""

from pathlib import Path

from events.rules_reference import rule_words

REFERENCE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "race-for-the-galaxy.md"


def rule_text(rule: str) -> str:
    return rule_words(REFERENCE, "RG").get(rule, "")

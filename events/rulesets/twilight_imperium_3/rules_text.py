"""Rule IDs in the reference's words, read from RULES.md beside it."""

from pathlib import Path

from events.rules_reference import rule_words

REFERENCE = Path(__file__).parent / "RULES.md"


def rule_text(rule: str) -> str:
    return rule_words(REFERENCE, "TI").get(rule, "")


def rule_ids() -> list[str]:
    return list(rule_words(REFERENCE, "TI"))

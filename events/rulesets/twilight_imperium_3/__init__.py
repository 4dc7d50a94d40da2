"""Twilight Imperium 3rd edition, the core game (rules: TI-* rule IDs in RULES.md; what is where:
README.md). Importing this package registers it."""

from events.rulesets.twilight_imperium_3.game import TWILIGHT_IMPERIUM  # noqa: F401  registers it

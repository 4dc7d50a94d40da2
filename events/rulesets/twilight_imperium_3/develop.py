"""Registers Twilight Imperium 3 for development and the conformance run only: name this module
in $STARLEDGER_RULESETS. It joins the built-in games once stage 1 is whole (STATUS.md)."""

from events.ruleset import register
from events.rulesets.twilight_imperium_3.game import TWILIGHT_IMPERIUM

register(TWILIGHT_IMPERIUM)

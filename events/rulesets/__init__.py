"""The games this server ships. Importing this package registers them."""

from events.rulesets import core_worlds, star_realms  # noqa: F401  registers the games

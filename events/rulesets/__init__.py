"""The games this server ships. Importing this package registers them."""

from events.rulesets import core_worlds  # noqa: F401  registers Core Worlds

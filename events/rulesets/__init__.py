"""The games this server ships. Importing this package registers them."""

from events.rulesets import (  # noqa: F401  registers the games
    core_worlds,
    race_for_the_galaxy,
    star_realms,
    twilight_imperium_3,
)

"""The kit's batch of events, over this game's evolve."""

from events.kit import batch
from events.rulesets.star_realms.evolve import evolve
from events.rulesets.star_realms.state import Game


class Batch(batch.Batch[Game]):
    evolve = staticmethod(evolve)

"""The kit's batch of events, over this game's evolve."""

from events.kit import batch
from events.rulesets.core_worlds.evolve import evolve
from events.rulesets.core_worlds.state import Game


class Batch(batch.Batch[Game]):
    evolve = staticmethod(evolve)

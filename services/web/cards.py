"""Each match's card lookup by name (its game's `cards` for the options it was created with),
for the details a page shows beside a card; a match's card set never changes, so it is kept."""

import asyncpg

from events.envelope import MatchCreated
from events.ruleset import CardInfo, get_ruleset
from projections import replay

KEPT = 1_000  # matches whose lookup is kept

_kept: dict[str, dict[str, CardInfo]] = {}


async def lookup(pool: asyncpg.Pool, match_id: str) -> dict[str, CardInfo]:
    """Card name -> its details; {} for a match not yet in the replay model."""
    if (kept := _kept.get(match_id)) is not None:
        return kept
    first = await replay.entries(pool, match_id, 0, 1)
    if not first or not isinstance(first[0].body, MatchCreated):
        return {}
    created = first[0].body
    found = {card.name: card for card in get_ruleset(created.ruleset).cards(created.options)}
    if len(_kept) >= KEPT:
        _kept.pop(next(iter(_kept)))
    _kept[match_id] = found
    return found

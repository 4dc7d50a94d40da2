"""Each match's card lookup by name (its game's `cards` for the options it was created with),
for the details a page shows beside a card; a match's card set never changes, so it is kept."""

import asyncpg

from events.ruleset import CardInfo, get_ruleset
from services.gateway import reads

KEPT = 1_000  # matches whose lookup is kept

_kept: dict[str, dict[str, CardInfo]] = {}


async def lookup(pool: asyncpg.Pool, match_id: str) -> dict[str, CardInfo]:
    """Card name -> its details; {} for a match not yet in the archive."""
    if (kept := _kept.get(match_id)) is not None:
        return kept
    created = await reads.created(pool, match_id)
    if created is None:
        return {}
    found = {card.name: card for card in get_ruleset(created.ruleset).cards(created.options)}
    if len(_kept) >= KEPT:
        _kept.pop(next(iter(_kept)))
    _kept[match_id] = found
    return found

"""The card data against the card list: counts per faction, type and cost, and every card's
values and abilities as the list writes them."""

import re
from collections import Counter
from pathlib import Path

from events.rulesets import star_realms
from events.rulesets.star_realms.loader import load

LIST = Path(star_realms.__file__).parent / "CARD-LIST.md"
CARDS = load()
TRADE = [CARDS.cards[c] for c in CARDS.trade_deck]
FACTIONS = ("Trade Federation", "Blob", "Star Empire", "Machine Cult")
# from the card list's census (§4): distinct, copies, ships, bases, outposts (copies)
CENSUS = {
    "Trade Federation": (12, 20, 13, 3, 4),
    "Blob": (11, 20, 15, 5, 0),
    "Star Empire": (11, 20, 13, 1, 6),
    "Machine Cult": (12, 20, 14, 0, 6),
}
COST_COPIES = {1: 12, 2: 13, 3: 20, 4: 13, 5: 6, 6: 8, 7: 4, 8: 4}


def test_the_trade_deck_is_80_cards_20_per_faction():
    assert len(TRADE) == 80
    for faction, (distinct, copies, ships, bases, outposts) in CENSUS.items():
        cards = [c for c in TRADE if c.faction == faction]
        assert len({c.name for c in cards}) == distinct, faction
        assert len(cards) == copies, faction
        assert sum(c.type == "ship" for c in cards) == ships, faction
        assert sum(c.type == "base" for c in cards) == bases, faction
        assert sum(c.type == "outpost" for c in cards) == outposts, faction


def test_copies_by_cost():
    assert Counter(c.cost for c in TRADE) == COST_COPIES


def test_10_explorers_16_scouts_4_vipers():
    kinds = {k.name: k for k in CARDS.kinds}
    assert kinds["Explorer"].copies == 10 and kinds["Explorer"].cost == 2
    assert kinds["Scout"].copies == 16 and kinds["Viper"].copies == 4
    for deck in CARDS.starting:
        names = Counter(CARDS.cards[c].name for c in deck)
        assert names == {"Scout": 8, "Viper": 2}
    assert len(CARDS.kinds) == 49


def test_every_card_matches_the_list_row_by_row():
    """Faction, type, cost, defense, copies and abilities, as the list's tables write them."""
    rows = re.findall(
        r"^\| `(\w+)` \| ([^|]+) \| (?:[^|]+ \| )?(ship|base|outpost) \| ([^|]+) \| ([^|]+) \| "
        r"(\d+) \| `([^`]+)` \|$",
        LIST.read_text(encoding="utf-8"),
        re.MULTILINE,
    )
    kinds = {k.name: k for k in CARDS.kinds}
    assert len(rows) == len(kinds)
    for _, name, kind, cost, defense, copies, abilities in rows:
        card = kinds[name.strip()]
        assert card.type == kind, name
        assert card.cost == (None if cost.strip() == "—" else int(cost)), name
        assert card.defense == (0 if defense.strip() == "—" else int(defense)), name
        assert card.copies == int(copies), name
        assert card.text == abilities, name

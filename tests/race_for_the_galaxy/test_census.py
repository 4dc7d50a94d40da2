"""The card data against the card list (race_for_the_galaxy/CARD-LIST.md): the census
(§1) and every card's values, powers and scoring row by row (§3-§7)."""

import re
from collections import Counter
from pathlib import Path

from events.rulesets import race_for_the_galaxy
from events.rulesets.race_for_the_galaxy.loader import load
from events.rulesets.race_for_the_galaxy.powers_notation import score

LIST = Path(race_for_the_galaxy.__file__).parent / "CARD-LIST.md"
CARDS = load()
PHYSICAL = [CARDS.card(i) for i in range(len(CARDS.physical))]


def _rows(start: str, end: str) -> list[list[str]]:
    text = LIST.read_text(encoding="utf-8")
    section = text[text.index(start) : text.index(end, text.index(start))]
    return [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in section.splitlines()
        if re.match(r"^\| (\d|[a-z_]+ \|)", line) and not line.startswith("| id ")
    ]


def test_95_distinct_cards_114_copies():
    assert len(CARDS.kinds) == 95 and len(PHYSICAL) == 114


def test_census_by_type():
    worlds = [c for c in PHYSICAL if c.is_world]
    starts = [c for c in worlds if c.start is not None]
    developments = [c for c in PHYSICAL if not c.is_world]
    assert len(worlds) == len({c.id for c in worlds}) == 64
    assert (len(starts), sum(c.military for c in starts)) == (5, 1)
    assert sum(not c.military for c in worlds if c.start is None) == 37
    assert sum(c.military for c in worlds if c.start is None) == 22
    assert (len({c.id for c in developments}), len(developments)) == (31, 50)
    six = [c for c in developments if c.cost == 6]
    assert (len(six), len({c.id for c in six})) == (12, 12)
    assert all(c.copies == 2 for c in developments if c.cost < 6)


def test_military_worlds_by_defense():
    defense = Counter(c.defense for c in PHYSICAL if c.military)
    assert defense == {1: 6, 2: 7, 3: 3, 4: 2, 5: 2, 6: 2, 7: 1}
    assert sum("Rebel" in c.flags for c in PHYSICAL) == 7


def test_placed_by_payment_by_cost():
    """§1: developments / worlds per cost, copies counted, start worlds included."""
    paid = [c for c in PHYSICAL if not c.military]
    developments = Counter(c.cost for c in paid if not c.is_world)
    worlds = Counter(c.cost for c in paid if c.is_world)
    assert developments == {1: 12, 2: 12, 3: 4, 4: 8, 5: 2, 6: 12}
    assert worlds == {0: 2, 1: 6, 2: 11, 3: 10, 4: 5, 5: 5, 6: 2}


def test_windfall_and_production_worlds_by_kind():
    def count(mode: str, military: bool) -> Counter[str]:
        return Counter(c.good for c in PHYSICAL if c.mode == mode and c.military == military)

    assert count("windfall", False) == {"Novelty": 2, "Rare": 5, "Genes": 2, "Alien": 3}
    assert count("windfall", True) == {"Novelty": 3, "Rare": 2, "Genes": 5, "Alien": 3}
    assert count("production", False) == {"Novelty": 8, "Rare": 5, "Genes": 3, "Alien": 1}
    assert count("production", True) == {"Novelty": 1, "Rare": 1, "Genes": 1, "Alien": 1}


def test_every_world_matches_the_list_row_by_row():
    rows = _rows("## 3. Start worlds", '"first game"')
    rows = [[*r[3:12], "—", "—", r[12]] for r in rows]
    rows += _rows("## 4. Non-military", "## 5.") + _rows("## 5. Military", "## 6.")
    kinds = {k.id: k for k in CARDS.kinds}
    assert len(rows) == 64
    for (
        card_id,
        name,
        copies,
        military,
        cost,
        defense,
        vp,
        good,
        mode,
        flags,
        preset,
        powers,
    ) in rows:
        card = kinds[card_id]
        assert (card.name, card.copies, card.vp) == (name, int(copies), int(vp)), card_id
        assert card.military == (military == "yes"), card_id
        assert card.cost == (0 if cost == "—" else int(cost)), card_id
        assert card.defense == (0 if defense == "—" else int(defense)), card_id
        assert (card.good or "—", card.mode or "—") == (good, mode), card_id
        assert (", ".join(card.flags) or "—") == flags, card_id
        assert card.preset == (None if preset == "—" else int(preset)), card_id
        assert (card.text or "—") == powers, card_id


def test_every_development_matches_the_list_row_by_row():
    rows = _rows("## 6. Developments", "## 7.") + [
        [*r[:4], "0", r[5], "—", r[6]] for r in _rows("## 7. Cost-6", "### 7.1")
    ]
    kinds = {k.id: k for k in CARDS.kinds}
    assert len(rows) == 31
    for card_id, name, copies, cost, vp, flags, preset, powers in rows:
        card = kinds[card_id]
        assert card.type == "development", card_id
        assert (card.name, card.copies, card.cost, card.vp) == (
            name,
            int(copies),
            int(cost),
            int(vp),
        )
        assert (", ".join(card.flags) or "—") == flags, card_id
        assert card.preset == (None if preset == "—" else int(preset)), card_id
        assert card.text == powers, card_id


def test_scoring_lines_match_the_list():
    """§7.1 with its notes in brackets, "other" and "for" written the file's way."""
    kinds = {k.id: k for k in CARDS.kinds}
    rows = _rows("### 7.1", "### 7.2")
    assert len(rows) == 12
    for card_id, _, formula in rows:
        listed = re.sub(r" \([^)]*\)", "", formula).replace("for named", "per named")
        listed = listed.replace("per other ", "per ").replace("point of total", "total")
        assert tuple(score(line) for line in listed.split("; ")) == kinds[card_id].scoring

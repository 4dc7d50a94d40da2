"""A card-set file read field by field, each refusal naming the card and the field; and the one
set a game ships, read once and no other."""

from pathlib import Path

import pytest

from events.card_sets import CardSetError
from events.kit.card_file import Shipped, card_where, one_of, whole


def test_a_card_without_a_table_or_a_name_is_refused_by_its_place_in_the_file() -> None:
    for nameless in ("Scout", {"cost": 1}, {"name": 3}, {"name": ""}):
        with pytest.raises(CardSetError, match=r"^card #2: needs a table with a non-empty 'name'$"):
            card_where(1, nameless, {"name", "cost"})
    assert card_where(0, {"name": "Scout", "cost": 0}, {"name", "cost"}) == "card 'Scout'"
    with pytest.raises(CardSetError, match=r"^card 'Scout': unknown field 'trade'$"):
        card_where(0, {"name": "Scout", "trade": 1, "zeal": 2}, {"name", "cost"})


def test_a_number_is_whole_and_at_least_0_and_a_word_one_of_those_allowed() -> None:
    scout = {"name": "Scout", "cost": 2, "type": "ship"}
    assert whole("card 'Scout'", scout, "cost", 0) == 2
    assert whole("card 'Scout'", scout, "defense", 5) == 5  # absent: the default
    for wrong in (-1, True, "2", 1.5):
        with pytest.raises(
            CardSetError, match=r"^card 'Scout': field 'cost' must be a whole number of at least 0$"
        ):
            whole("card 'Scout'", {**scout, "cost": wrong}, "cost", 0)
    assert one_of("card 'Scout'", scout, "type", ("ship", "base")) == "ship"
    with pytest.raises(CardSetError, match=r"^card 'Scout': field 'type' must be one of a, b$"):
        one_of("card 'Scout'", scout, "type", ("a", "b"))


def test_a_game_ships_one_card_set_read_once_and_refuses_any_other(tmp_path: Path) -> None:
    file = tmp_path / "base.toml"
    file.write_text('[[card]]\nname = "Scout"\n', encoding="utf-8")
    reads: list[str] = []

    def parse(data: dict, key: str) -> tuple[str, ...]:
        reads.append(key)
        return tuple(card["name"] for card in data["card"])

    shipped = Shipped("base", file, parse, "only the base set ships")
    assert shipped.load() == ("Scout",) == shipped.load("base") and reads == ["base"]
    with pytest.raises(CardSetError, match=r"^card set 'promo': only the base set ships$"):
        shipped.load("promo")

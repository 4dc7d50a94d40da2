"""A pile in a description: every card by its game's card text, with a note where it has one."""

from types import SimpleNamespace
from typing import Any

from events.kit.lookup import faces
from events.ruleset import CardFace, CardList

CARDS = {4: SimpleNamespace(name="Scout", trade=1), 9: SimpleNamespace(name="Viper", trade=0)}


class Text:
    def kind(self, card: Any) -> str:
        return "ship"

    def numbers(self, card: Any) -> dict[str, int]:
        return {"trade": card.trade}

    def abilities(self, card: Any) -> tuple[str, ...]:
        return ()


def test_each_card_is_named_with_its_kind_numbers_and_note() -> None:
    assert faces("Hand", (9, 4), CARDS.__getitem__, Text(), {4: "played"}) == CardList(
        "Hand",
        (
            CardFace(id=9, name="Viper", kind="ship", numbers={"trade": 0}, note=""),
            CardFace(id=4, name="Scout", kind="ship", numbers={"trade": 1}, note="played"),
        ),
    )

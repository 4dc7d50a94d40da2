"""What a replay step says changed, from two described views of any game."""

from events.ruleset import CardFace, CardList, Description, Field, Section
from services.web.changes import changed


def _view(trade: str, hand: tuple[str, ...], extra: tuple[Section, ...] = ()) -> Description:
    cards = (CardList("Hand", tuple(CardFace(i, n) for i, n in enumerate(hand))),)
    table = Section("Table", fields=(Field("Trade", trade), Field("Turn", "2")), cards=cards)
    return Description("A game", (table, *extra))


def test_fields_that_moved_and_cards_that_came_or_went() -> None:
    before = _view("1", ("Scout", "Scout", "Viper"))
    after = _view("3", ("Scout", "Blob"), (Section("New", fields=(Field("Seen", "yes"),)),))
    assert changed(before, after) == [
        "Table, Trade: 1 → 3",
        "Table, Hand: + Blob",
        "Table, Hand: - Scout, Viper",
        "New, Seen: yes",
    ]


def test_nothing_changed_and_the_first_view() -> None:
    view = _view("1", ("Scout",))
    assert changed(view, view) == []
    assert changed(None, view)[0] == "Table, Trade: 1"
    assert changed(view, None) == []

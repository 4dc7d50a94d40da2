"""A card named in a zone: by position, by a unique beginning or a later word, the next copy
not yet named; a refusal says what the zone holds or which card was meant."""

import msgspec
import pytest

from events.kit.named import card_in_zone
from events.naming import Unreadable


class Card(msgspec.Struct, frozen=True):
    name: str


class Cards(msgspec.Struct, frozen=True):
    kinds: tuple[Card, ...]
    physical: tuple[int, ...]  # the kind of each card id

    def card(self, card: int) -> Card:
        return self.kinds[self.physical[card]]


CARDS = Cards(
    (Card("Scout"), Card("Viper"), Card("Blob Fighter"), Card("Battle Blob")), (0, 0, 1, 2, 3)
)
HAND = (0, 1, 2, 3)


def test_a_card_is_named_by_position_by_a_beginning_or_by_a_later_word():
    assert card_in_zone(CARDS, HAND, "in your hand", "2") == 1
    assert card_in_zone(CARDS, HAND, "in your hand", "vip") == 2
    assert card_in_zone(CARDS, HAND, "in your hand", "fighter") == 3


def test_a_name_said_again_takes_the_next_copy_and_no_more_than_the_zone_holds():
    assert card_in_zone(CARDS, HAND, "in your hand", "scout", used=(0,)) == 1
    with pytest.raises(Unreadable, match="Scout is named more times than there are in your hand"):
        card_in_zone(CARDS, HAND, "in your hand", "scout", used=(0, 1))


def test_refusals_say_which_cards_were_meant_or_what_the_zone_holds():
    with pytest.raises(Unreadable, match="'b' could be Blob Fighter and Battle Blob in your hand"):
        card_in_zone(CARDS, (3, 4), "in your hand", "b")
    with pytest.raises(Unreadable, match="no 'vipr' in your hand; did you mean Viper"):
        card_in_zone(CARDS, HAND, "in your hand", "vipr")
    with pytest.raises(Unreadable, match=r"no .xyz. in play; it holds Scout and Viper$"):
        card_in_zone(CARDS, (0, 2), "in play", "xyz")
    with pytest.raises(Unreadable, match=r"no .xyz. in play; it holds none$"):
        card_in_zone(CARDS, (), "in play", "xyz", join=lambda names: ", ".join(names) or "none")
    with pytest.raises(Unreadable, match="there is no card 5 in play: it holds 2"):
        card_in_zone(CARDS, (0, 2), "in play", "5")
    with pytest.raises(Unreadable, match=r"^name a card in your hand$"):
        card_in_zone(CARDS, HAND, "in your hand", "  ")


def test_a_miss_is_suggested_a_card_of_the_game_outside_the_zone_or_told_eight_of_its_names():
    with pytest.raises(Unreadable, match=r"^no 'vipr' in play; did you mean Viper\?$"):
        card_in_zone(CARDS, (0, 3), "in play", "vipr")  # no Viper in play
    many = Cards(tuple(Card(f"Card {letter}") for letter in "ABCDEFGHIJ"), tuple(range(10)))
    eight = "Card A, Card B, Card C, Card D, Card E, Card F, Card G and Card H"
    with pytest.raises(Unreadable, match=rf"^no 'xyz' in play; it holds {eight}$"):
        card_in_zone(many, tuple(range(10)), "in play", "xyz")

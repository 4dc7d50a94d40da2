"""What a response window asks of a seat, in the game's words (TI-Q2's ruling on windows): the
window and its moment, the seat's own playable cards as its commands name them, its pass, for
its notice and its reminder; worked out from what the seat may see alone."""

from events.ruleset import WindowAsk, window_words
from events.rulesets.twilight_imperium_3.card_decisions import PlayCard
from events.rulesets.twilight_imperium_3.state import Game
from tests.twilight_imperium_3.arena import AT, JOL_NAR, MENTAK, SOL
from tests.twilight_imperium_3.cards import holding_cards
from tests.twilight_imperium_3.play import GAME
from tests.twilight_imperium_3.test_card_window_orders import _card_window, _played

BATTLE = {("102", SOL): {"dreadnought": 1}, (AT, MENTAK): {"cruiser": 1}}


def _before_the_battle(*others: str) -> Game:
    """Sol moves into Mentak's cruiser at Abyz and Fria: the card window before the space
    battle asks Mentak, holding two Morale Boosts, a Sabotage and a Fighter Prototype he has
    no fighters for; Jol-Nar holds `others`."""
    state = _card_window(BATTLE, MENTAK, "morale_boost", "move 1 dreadnought from 102")
    hand = ("morale_boost", "morale_boost", "sabotage", "fighter_prototype")
    return holding_cards(holding_cards(state, MENTAK, *hand), JOL_NAR, *others)


def test_ti_q2_a_card_window_says_its_moment_and_the_seats_own_playable_cards() -> None:
    state = _before_the_battle()
    assert window_words(GAME, state, MENTAK) == WindowAsk(
        window="an action card window",
        moment="before the space battle at 101, in Federation of Sol's action",
        answers=("play Morale Boost",),  # once, though held twice; nothing he cannot play
        pass_command="no card",
        passing="play no action card",
    )
    assert window_words(GAME, state, SOL) is None  # no window asks him


def test_ti_q2_a_seats_window_words_hold_nothing_of_another_hand() -> None:
    told = window_words(GAME, _before_the_battle(), MENTAK)
    assert window_words(GAME, _before_the_battle("direct_hit", "shields_holding"), MENTAK) == told


def test_ti_q2_a_sabotage_window_names_the_card_it_answers() -> None:
    state = _played(PlayCard("good_year"))
    assert window_words(GAME, state, JOL_NAR) == WindowAsk(
        window="a sabotage window",
        moment="against Federation of Sol's Good Year",
        answers=("sabotage",),
        pass_command="no sabotage",
        passing="let the card be",
    )

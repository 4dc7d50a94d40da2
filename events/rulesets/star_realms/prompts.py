"""The game's table of prompts: the turn of the seat in turn, and on top of it, while an
ability waits for its choice (SR-P6), a prompt for that choice, one per choosing effect. Each
says what it asks under which rule, its judge and what the decision does, its help form, its
offers, and what happens on its own while it waits. Only the seat in turn decides (SR-T5)."""

from enum import StrEnum
from functools import partial
from typing import Any

from events.kit.phases import Ask, Prompt, Table
from events.ruleset import Rejection
from events.rulesets.star_realms import choices, combat
from events.rulesets.star_realms.acquire import (
    buy,
    buy_explorer,
    buy_explorer_refusal,
    buy_refusal,
)
from events.rulesets.star_realms.batch import Batch
from events.rulesets.star_realms.decisions import (
    DECISIONS,
    Buy,
    BuyExplorer,
    Choose,
    EndTurn,
    Play,
    PlayAll,
    Select,
    Use,
)
from events.rulesets.star_realms.effects import DISCARD, SCRAP_HAND
from events.rulesets.star_realms.legal import choice_offers, turn_offers
from events.rulesets.star_realms.play import (
    play,
    play_all,
    play_all_refusal,
    play_refusal,
    use,
    use_refusal,
)
from events.rulesets.star_realms.react import gains_for_the_player, won
from events.rulesets.star_realms.state import Game
from events.rulesets.star_realms.turns import end_turn


class Asking(StrEnum):
    """What the game asks the seat in turn now: its turn, or the choice an ability waits for
    (the effect's kind)."""

    TURN = "main"
    CHOOSE_ONE = "choose_one"
    SCRAP_HAND_OR_DISCARD = "scrap_hand_or_discard"
    SCRAP_TRADE_ROW = "scrap_trade_row"
    DESTROY_BASE = "destroy_base"
    ACQUIRE_FREE_SHIP_TO_TOP = "acquire_free_ship_to_top"
    SCRAP_HAND = SCRAP_HAND
    DISCARD_THEN_DRAW = "discard_then_draw"
    SCRAP_THEN_DRAW = "scrap_then_draw"
    COPY_SHIP = "copy_ship"
    DISCARD = DISCARD


def asking(game: Game) -> Asking:
    pending = game.turn.pending
    return Asking.TURN if pending is None else Asking(pending.effects[0].kind)


def _in_turn(game: Game, seat: int) -> bool:
    return seat == game.active


def _not_your_turn(game: Game, seat: int) -> Rejection:
    return Rejection("SR-T5", "it is not your turn")


def _no_choice_asked(game: Game, seat: int, decision: Any) -> Rejection:
    return Rejection("SR-P6", "no ability asks a choice now")


def _choice_first(game: Game, seat: int, decision: Any) -> Rejection:
    if isinstance(decision, Choose):
        return Rejection("SR-P6", "this ability asks for cards, not a choice of effect")
    if isinstance(decision, Select):
        return Rejection("SR-P6", "this ability asks which effect you choose, not cards")
    return Rejection("SR-P6", "an ability waits for your choice first")


def _turn_asks(top: str) -> tuple[Ask, ...]:
    """The turn's decisions; `top` in the forms of buying where the next ship may go on top
    of the deck (SR-E7)."""
    return (
        Ask(Play, "SR-P1", "play", "play <card in your hand>", play_refusal, play),
        Ask(
            PlayAll,
            "SR-P1",
            "play all",
            "play all: your whole hand, in order",
            play_all_refusal,
            play_all,
        ),
        Ask(
            Use,
            "SR-P2",
            "use an ability",
            "use <base> | use <card> ally | scrap <card in play>: an ability",
            use_refusal,
            use,
        ),
        Ask(Buy, "SR-A1", "buy", f"buy <Trade Row card>{top}", buy_refusal, buy),
        Ask(
            BuyExplorer,
            "SR-A1",
            "buy an Explorer",
            f"buy explorer{top}: 2 Trade",
            buy_explorer_refusal,
            buy_explorer,
        ),
        *combat.ASKS,
        Ask(
            EndTurn,
            "SR-T2",
            "end your turn",
            "end: discard, draw 5, the other player's turn",
            carry_out=end_turn,
        ),
    )


TURN_ASKS = _turn_asks("")
TURN_ASKS_TOPPING = _turn_asks(" [to top]")
SELECT_FORM = "<verb> <cards>[ from hand|from discard], or none where it says up to"


def _of_the_seat_in_turn(name: Asking, asks: tuple[Ask, ...], **more: Any) -> Prompt:
    """Automatic where it has one legal answer: what the seat in turn chooses is seen by both."""
    return Prompt(
        name=name,
        asks=asks,
        owes=_in_turn,
        refuse_idle=_not_your_turn,
        automatic=True,
        **more,
    )


def _selecting(kind: Asking, rule: str, where: str, done: choices.Done) -> Prompt:
    """The prompt of an effect that asks for cards, judged under `rule`: the cards come from
    `where` (said in a refusal), and `done` says what choosing them does."""
    select = Ask(
        Select,
        rule,
        "choose cards",
        SELECT_FORM,
        partial(choices.select_refusal, rule, where),
        partial(choices.selecting, done),
    )
    return _of_the_seat_in_turn(
        kind, (select,), refuse_unasked=_choice_first, meanwhile=won, offers=choice_offers
    )


HAND = "choose cards from your hand"
HAND_OR_DISCARD = "choose cards from your hand or discard pile"
PROMPTS = (
    _of_the_seat_in_turn(
        Asking.TURN,
        TURN_ASKS,
        asking=lambda game, seat: TURN_ASKS_TOPPING if game.turn.next_ship_to_top else TURN_ASKS,
        refuse_unasked=_no_choice_asked,
        meanwhile=gains_for_the_player,
        offers=turn_offers,
    ),
    _of_the_seat_in_turn(
        Asking.CHOOSE_ONE,
        (
            Ask(
                Choose,
                "SR-E15",
                "choose an effect",
                "choose <effect>",
                choices.choose_refusal,
                choices.choose,
            ),
        ),
        refuse_unasked=_choice_first,
        meanwhile=won,
        offers=choice_offers,
    ),
    _selecting(Asking.DISCARD, "SR-E3", HAND, choices.discard),
    _selecting(Asking.SCRAP_HAND_OR_DISCARD, "SR-E4", HAND_OR_DISCARD, choices.scrap),
    _selecting(
        Asking.SCRAP_TRADE_ROW, "SR-E5", "choose cards of the Trade Row", choices.scrap_trade_row
    ),
    _selecting(
        Asking.DESTROY_BASE,
        "SR-E6",
        "choose a base of your opponent's; outposts first (SR-C3)",
        choices.destroy_base,
    ),
    _selecting(
        Asking.ACQUIRE_FREE_SHIP_TO_TOP,
        "SR-E8",
        "choose a ship of the Trade Row",
        choices.acquire_free_ship,
    ),
    _selecting(Asking.SCRAP_HAND, "SR-E9", HAND, choices.scrap),
    _selecting(Asking.DISCARD_THEN_DRAW, "SR-E10", HAND, choices.discard_then_draw),
    _selecting(Asking.SCRAP_THEN_DRAW, "SR-E11", HAND_OR_DISCARD, choices.scrap_then_draw),
    _selecting(
        Asking.COPY_SHIP, "SR-E13", "choose another ship you played this turn", choices.copy_ship
    ),
)


def _foreign(decision: Any) -> Rejection:
    return Rejection("SR-R1", f"Star Realms has no decision {type(decision).__name__}")


TABLE = Table(
    prompts={prompt.name: prompt for prompt in PROMPTS},
    current=asking,
    seats=lambda game: len(game.players),
    over=lambda game: game.over,
    ended=Rejection("SR-G2", "the game is over"),
    decisions=DECISIONS,
    batch=Batch,
    foreign=_foreign,
    turn_first=True,
)

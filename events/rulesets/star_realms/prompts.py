"""The game's table of prompts: the turn of the seat in turn, and on top of it, while an
ability waits for its choice (SR-P6), a prompt for that choice, one per choosing effect. Each
says what it asks under which rule, its judge and what the decision does, its help form, its
offers, and what happens on its own while it waits. Only the seat in turn decides (SR-T5)."""

from enum import StrEnum
from functools import partial
from typing import Any

from msgspec.structs import replace

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


# Declared as data: a function building them at import is out of mutation testing's reach.
TURN_ASKS = (  # the turn's decisions
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
    Ask(Buy, "SR-A1", "buy", "buy <Trade Row card>", buy_refusal, buy),
    Ask(
        BuyExplorer,
        "SR-A1",
        "buy an Explorer",
        "buy explorer: 2 Trade",
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
# the forms of buying where the next ship may go on top of the deck (SR-E7)
TOPPING = {Buy: "buy <Trade Row card> [to top]", BuyExplorer: "buy explorer [to top]: 2 Trade"}
TURN_ASKS_TOPPING = tuple(replace(a, form=TOPPING.get(a.decision, a.form)) for a in TURN_ASKS)
SELECT_FORM = "<verb> <cards>[ from hand|from discard], or none where it says up to"
HAND = "choose cards from your hand"
HAND_OR_DISCARD = "choose cards from your hand or discard pile"
# each effect that asks for cards: the rule it is judged under, where its cards come from (said
# in a refusal), and what choosing them does
CHOOSING_CARDS = (
    (Asking.DISCARD, "SR-E3", HAND, choices.discard),
    (Asking.SCRAP_HAND_OR_DISCARD, "SR-E4", HAND_OR_DISCARD, choices.scrap),
    (Asking.SCRAP_TRADE_ROW, "SR-E5", "choose cards of the Trade Row", choices.scrap_trade_row),
    (
        Asking.DESTROY_BASE,
        "SR-E6",
        "choose a base of your opponent's; outposts first (SR-C3)",
        choices.destroy_base,
    ),
    (
        Asking.ACQUIRE_FREE_SHIP_TO_TOP,
        "SR-E8",
        "choose a ship of the Trade Row",
        choices.acquire_free_ship,
    ),
    (Asking.SCRAP_HAND, "SR-E9", HAND, choices.scrap),
    (Asking.DISCARD_THEN_DRAW, "SR-E10", HAND, choices.discard_then_draw),
    (Asking.SCRAP_THEN_DRAW, "SR-E11", HAND_OR_DISCARD, choices.scrap_then_draw),
    (
        Asking.COPY_SHIP,
        "SR-E13",
        "choose another ship you played this turn",
        choices.copy_ship,
    ),
)
# Every prompt is automatic where it has one legal answer: what the seat in turn chooses is
# seen by both.
_A_CHOICE = dict(  # a choice an effect asks of the seat in turn, before anything else
    owes=_in_turn,
    refuse_idle=_not_your_turn,
    automatic=True,
    refuse_unasked=_choice_first,
    meanwhile=won,
    offers=choice_offers,
)
PROMPTS = (
    Prompt(
        name=Asking.TURN,
        asks=TURN_ASKS,
        owes=_in_turn,
        refuse_idle=_not_your_turn,
        automatic=True,
        asking=lambda game, seat: TURN_ASKS_TOPPING if game.turn.next_ship_to_top else TURN_ASKS,
        refuse_unasked=_no_choice_asked,
        meanwhile=gains_for_the_player,
        offers=turn_offers,
    ),
    Prompt(
        name=Asking.CHOOSE_ONE,
        asks=(
            Ask(
                Choose,
                "SR-E15",
                "choose an effect",
                "choose <effect>",
                choices.choose_refusal,
                choices.choose,
            ),
        ),
        **_A_CHOICE,
    ),
    *(
        Prompt(
            name=kind,
            asks=(
                Ask(
                    Select,
                    rule,
                    "choose cards",
                    SELECT_FORM,
                    partial(choices.select_refusal, rule, where),
                    partial(choices.selecting, done),
                ),
            ),
            **_A_CHOICE,
        )
        for kind, rule, where, done in CHOOSING_CARDS
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

"""The round as steps, the game's table of prompts: what each asks under which rule and how it
is judged, who owes a choice, its help, and what it does once all have chosen. Every choice is
sealed until the step's reveal (RG-H3); outcomes are resolved seat by seat in timing order
(RG-R6); a Settle phase taken in turn asks one seat at a time in that order (RG-R7)."""

import random
from collections.abc import Callable
from typing import Any

from events.kit.phases import Ask, Prompt, Table
from events.kit.words import count
from events.ruleset import Rejection
from events.rulesets.race_for_the_galaxy import (
    action_cards,
    consume,
    offers,
    placing,
    produce,
    timing,
)
from events.rulesets.race_for_the_galaxy.batch import Batch
from events.rulesets.race_for_the_galaxy.decisions import (
    ACTION_WORDS,
    DECISIONS,
    ChooseActions,
    Develop,
    Discard,
    Keep,
    Settle,
    Windfall,
)
from events.rulesets.race_for_the_galaxy.happenings import (
    ActionsRevealed,
    Chosen,
    Discarded,
    GameEnded,
    Kept,
    Revealed,
    RoundBegan,
    StepBegan,
)
from events.rulesets.race_for_the_galaxy.powers import explore_counts, total
from events.rulesets.race_for_the_galaxy.scoring import final_scores, winners
from events.rulesets.race_for_the_galaxy.state import (
    HAND_LIMIT,
    TABLEAU_END,
    Cards,
    Game,
    Phase,
)

SETUP_DISCARD = 2  # RG-S5
REPEATING = (Phase.CONSUME, Phase.PRODUCE)  # steps asking again while a seat owes (RG-C3, RG-P4)


def owes(game: Game, seat: int) -> bool:
    """Whether this step waits for a choice of this seat."""
    return not game.over and TABLE.prompts[game.step].owes(game, seat)


def ready(game: Game) -> bool:
    """Every seat this step waits for has chosen."""
    return all(p.choice is not None or not owes(game, s) for s, p in enumerate(game.players))


def _pick(
    cards: Cards, pool: Cards, number: int, rule: str, verb: str, where: str
) -> Rejection | None:
    if len(set(cards)) != len(cards) or not set(cards) <= set(pool) or len(cards) != number:
        return Rejection(rule, f"{verb} exactly {count(number)} {where}, each once")
    return None


def _setup_discard(game: Game, seat: int, d: Discard) -> Rejection | None:
    hand = game.players[seat].hand
    return _pick(d.cards, hand, SETUP_DISCARD, "RG-S5", "discard", "from your hand")


def _hand_limit_discard(game: Game, seat: int, d: Discard) -> Rejection | None:
    hand = game.players[seat].hand
    return _pick(d.cards, hand, len(hand) - HAND_LIMIT, "RG-R5", "discard", "from your hand")


def _keep(game: Game, seat: int, d: Keep) -> Rejection | None:
    drawn = game.players[seat].drawn
    keep = min(explore_counts(game, seat)[1], len(drawn))
    return _pick(d.cards, drawn, keep, "RG-E1", "keep", "of the explored cards")


def _discarded(batch: Batch, seat: int, d: Discard) -> None:
    batch.emit(Discarded(seat=seat, cards=d.cards))


def _kept(batch: Batch, seat: int, d: Keep) -> None:
    batch.emit(Kept(seat=seat, kept=d.cards))


def _hand_limit_discards(game: Game, seat: int) -> list[Discard]:
    return offers.discards(game, seat, len(game.players[seat].hand) - HAND_LIMIT)


def _sealed(game: Game, seat: int, decision: Any, chance: random.Random) -> list[Any]:
    return [Chosen(seat=seat, choice=decision)]  # RG-H3


def _in_turn(game: Game, seat: int) -> Rejection | None:
    if game.in_turn:
        return Rejection(
            "RG-R7", "near the game's end this Settle phase is taken in turn: not yours now"
        )
    return None


def _prompt(step: Phase, owes: Callable[[Game, int], bool], *asks: Ask, **more: Any) -> Prompt:
    """A step: every seat owing chooses at once and sealed, and may change its choice until
    all have chosen (RG-R1), save in turn (RG-R7); then its reveal and what follows."""
    return Prompt(
        name=step,
        asks=asks,
        owes=owes,
        accept=_sealed,
        answered=lambda game, seat: game.players[seat].choice is not None,
        together=lambda game: not game.in_turn,
        follows=lambda batch: resolve(batch),  # resolve is defined below
        refuse_idle=_in_turn,
        **more,
    )


def _everyone(game: Game, seat: int) -> bool:
    return True


DISCARD = "discard <cards in your hand>"
TABLE = Table(
    prompts={
        p.name: p
        for p in (
            _prompt(
                Phase.SETUP,
                _everyone,
                Ask(
                    Discard,
                    "RG-S5",
                    "discard",
                    DISCARD,
                    _setup_discard,
                    offers=lambda game, seat: offers.discards(game, seat, SETUP_DISCARD),
                    revealed=_discarded,
                ),
            ),
            _prompt(
                Phase.SELECT,
                _everyone,
                Ask(
                    ChooseActions,
                    "RG-R1",
                    "choose your action",
                    "choose <action>[ and <action>]: " + ", ".join(ACTION_WORDS.values()),
                    lambda game, seat, d: action_cards.refusal(game, d.actions),
                    offers=offers.choices,
                ),
            ),
            _prompt(
                Phase.EXPLORE,
                lambda game, seat: bool(game.players[seat].drawn),
                Ask(
                    Keep,
                    "RG-E1",
                    "keep some of your explored cards",
                    "keep <explored cards>",
                    _keep,
                    offers=offers.keeps,
                    revealed=_kept,
                ),
                automatic=True,  # as many to keep as drawn: counts all can reckon
            ),
            _prompt(
                Phase.DEVELOP,
                _everyone,
                Ask(
                    Develop,
                    "RG-D1",
                    "develop",
                    "develop <card> paying <cards> | develop nothing",
                    placing.develop_refusal,
                    offers=offers.developments,
                    revealed=placing.develop,
                ),
            ),
            _prompt(
                Phase.SETTLE,
                lambda game, seat: not game.in_turn or timing.turn(game) == seat,  # RG-R7
                Ask(
                    Settle,
                    "RG-W1",
                    "settle",
                    "settle <world> [paying <cards>] [discarding <tableau cards>] | pay for "
                    "<military world> paying <cards> | settle nothing [discarding <tableau "
                    "cards>]",
                    placing.settle_refusal,
                    offers=offers.settlements,
                    revealed=placing.settle,
                ),
            ),
            _prompt(
                Phase.CONSUME,
                consume.owes,
                *consume.ASKS,
                asking=consume.asking,
            ),
            _prompt(
                Phase.PRODUCE,
                produce.owes,
                Ask(
                    Windfall,
                    "RG-P4",
                    "put goods on your windfall worlds",
                    "produce on <windfall world> [with <card with the power>]",
                    produce.refusal,
                    offers=produce.options,
                    revealed=produce.carry_out,
                ),
                automatic=True,  # windfall worlds and their goods lie in sight of all
            ),
            _prompt(
                Phase.HAND_LIMIT,
                lambda game, seat: len(game.players[seat].hand) > HAND_LIMIT,
                Ask(
                    Discard,
                    "RG-R5",
                    "discard",
                    DISCARD,
                    _hand_limit_discard,
                    offers=_hand_limit_discards,
                    revealed=_discarded,
                ),
            ),
        )
    },
    current=lambda game: game.step,
    seats=lambda game: len(game.players),
    over=lambda game: game.over,
    ended=Rejection("RG-G1", "the game is over"),
    decisions=DECISIONS,
    batch=Batch,
)


def resolve(batch: Batch) -> None:
    """Reveal the step's choices, carry them out, and begin what comes next."""
    game = batch.game
    choices = tuple(p.choice for p in game.players)
    if any(c is not None for c in choices):
        batch.emit(Revealed(step=game.step, choices=choices))
    step = game.step
    for seat in game.order:
        _carry_out(batch, seat, choices[seat])
    if (step in REPEATING or batch.game.in_turn) and not ready(batch.game):
        return  # ask again, or the next seat in turn
    if step == Phase.SETUP:
        batch.emit(RoundBegan(round=1))
    elif step == Phase.SELECT:
        actions = tuple(c.actions if isinstance(c, ChooseActions) else () for c in choices)
        phases = action_cards.phases(actions)
        batch.emit(ActionsRevealed(actions=actions, phases=phases))
        _next(batch)
    elif step == Phase.HAND_LIMIT:
        _end_of_round(batch)
    else:
        if step == Phase.PRODUCE:
            produce.end(batch)
        _next(batch)


def _carry_out(batch: Batch, seat: int, choice: object) -> None:
    """What a revealed choice does, as its ask declares (a chosen action does nothing yet)."""
    ask = TABLE.ask_for(choice)
    if ask is not None and ask.revealed is not None:
        ask.revealed(batch, seat, choice)


def _next(batch: Batch) -> None:
    """Begin the next chosen phase, or the hand-limit step after the last."""
    game = batch.game
    step = game.phases[0] if game.phases else Phase.HAND_LIMIT
    in_turn = step == Phase.SETTLE and timing.settle_in_turn(game)  # RG-R7
    batch.emit(StepBegan(step=step, second=step == game.step, in_turn=in_turn))  # RG-A3
    if step == Phase.EXPLORE:
        for seat in game.order:  # everyone draws before anyone discards (RG-E4)
            batch.draw(seat, explore_counts(batch.game, seat)[0], explored=True)
    elif step == Phase.DEVELOP:
        for seat in game.order:  # RG-D6
            batch.draw(seat, total(batch.game, seat, "develop_draw_at_start"))
    elif step == Phase.CONSUME:
        consume.draw_powers(batch)
    elif step == Phase.PRODUCE:
        produce.begin(batch)


def _end_of_round(batch: Batch) -> None:
    game = batch.game
    if game.pool <= 0 or any(len(p.tableau) >= TABLEAU_END for p in game.players):  # RG-G1
        scores = final_scores(game)
        batch.emit(GameEnded(scores=scores, winners=winners(game, scores)))
    else:
        batch.emit(RoundBegan(round=game.round + 1))

"""The round as steps: who owes a choice in each, and what each does once all have chosen.
Outcomes are resolved seat by seat in timing order (RG-R6); a Settle phase taken in turn asks
one seat at a time in that order (RG-R7)."""

from events.rulesets.race_for_the_galaxy import action_cards, consume, placing, produce, timing
from events.rulesets.race_for_the_galaxy.batch import Batch
from events.rulesets.race_for_the_galaxy.decisions import (
    ChooseActions,
    Consume,
    Develop,
    Discard,
    Keep,
    Settle,
    Trade,
    Windfall,
)
from events.rulesets.race_for_the_galaxy.happenings import (
    ActionsRevealed,
    Discarded,
    GameEnded,
    Kept,
    Revealed,
    RoundBegan,
    Sold,
    StepBegan,
    Used,
)
from events.rulesets.race_for_the_galaxy.powers import explore_counts, total, trade_price
from events.rulesets.race_for_the_galaxy.scoring import final_scores, winners
from events.rulesets.race_for_the_galaxy.state import (
    BONUS,
    HAND_LIMIT,
    TABLEAU_END,
    Game,
)

# The decision each step asks for, and the rule that governs it.
ASKS = {
    "setup": (Discard, "RG-S5"),
    "select": (ChooseActions, "RG-R1"),
    "explore": (Keep, "RG-E1"),
    "develop": (Develop, "RG-D1"),
    "settle": (Settle, "RG-W1"),
    "consume": (Consume, "RG-C3"),
    "produce": (Windfall, "RG-P4"),
    "hand_limit": (Discard, "RG-R5"),
}
SETUP_DISCARD = 2  # RG-S5
REPEATING = ("consume", "produce")  # steps asking again while a seat owes (RG-C3, RG-P4)


def asks(game: Game, seat: int) -> tuple[type, str]:
    """The decision the step asks of this seat, and the rule that governs it."""
    if game.step == "consume" and consume.trade_owed(game, seat):
        return Trade, "RG-C1"
    return ASKS[game.step]


def owes(game: Game, seat: int) -> bool:
    """Whether this step waits for a choice of this seat."""
    player = game.players[seat]
    match game.step:
        case "setup" | "select" | "develop":
            return True
        case "settle":
            return not game.in_turn or timing.turn(game) == seat  # RG-R7
        case "explore":
            return bool(player.drawn)
        case "consume":
            return consume.owes(game, seat)
        case "produce":
            return produce.owes(game, seat)
        case "hand_limit":
            return len(player.hand) > HAND_LIMIT
    return False


def ready(game: Game) -> bool:
    """Every seat this step waits for has chosen."""
    return all(p.choice is not None or not owes(game, s) for s, p in enumerate(game.players))


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
    if step == "setup":
        batch.emit(RoundBegan(round=1))
    elif step == "select":
        actions = tuple(c.actions if isinstance(c, ChooseActions) else () for c in choices)
        phases = action_cards.phases(actions)
        batch.emit(ActionsRevealed(actions=actions, phases=phases))
        _next(batch)
    elif step == "hand_limit":
        _end_of_round(batch)
    else:
        if step == "produce":
            produce.end(batch)
        _next(batch)


def _carry_out(batch: Batch, seat: int, choice: object) -> None:
    game = batch.game
    match choice:
        case Discard(cards=cards):
            batch.emit(Discarded(seat=seat, cards=cards))
        case Keep(cards=cards):
            batch.emit(Kept(seat=seat, kept=cards))
        case Develop():
            placing.develop(batch, seat, choice)
        case Settle():
            placing.settle(batch, seat, choice)
        case Trade(world=world):
            price = trade_price(game, seat, world)
            batch.emit(Used(seat=seat, card=BONUS[0]), Sold(seat=seat, world=world, cards=price))
            batch.draw(seat, price)
        case Consume():
            consume.carry_out(batch, seat, choice)
        case Windfall():
            produce.carry_out(batch, seat, choice)


def _next(batch: Batch) -> None:
    """Begin the next chosen phase, or the hand-limit step after the last."""
    game = batch.game
    step = game.phases[0] if game.phases else "hand_limit"
    in_turn = step == "settle" and timing.settle_in_turn(game)  # RG-R7
    batch.emit(StepBegan(step=step, second=step == game.step, in_turn=in_turn))  # RG-A3
    if step == "explore":
        for seat in game.order:  # everyone draws before anyone discards (RG-E4)
            batch.draw(seat, explore_counts(batch.game, seat)[0], explored=True)
    elif step == "develop":
        for seat in game.order:  # RG-D6
            batch.draw(seat, total(batch.game, seat, "develop_draw_at_start"))
    elif step == "consume":
        consume.draw_powers(batch)
    elif step == "produce":
        produce.begin(batch)


def _end_of_round(batch: Batch) -> None:
    game = batch.game
    if game.pool <= 0 or any(len(p.tableau) >= TABLEAU_END for p in game.players):  # RG-G1
        scores = final_scores(game)
        batch.emit(GameEnded(scores=scores, winners=winners(game, scores)))
    else:
        batch.emit(RoundBegan(round=game.round + 1))

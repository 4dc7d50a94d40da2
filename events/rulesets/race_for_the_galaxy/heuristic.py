"""The `heuristic` bot: greedy's choices with cards valued for its seat (`card_value`), and an
action judged by what it adds to the phases the others are likely to run anyway (their choices
guessed by greedy on a few deals of their hands): a phase someone else runs is worth only its
bonus to the seat (RG-R4)."""

import random
from collections import Counter
from typing import Any

from events.rulesets.race_for_the_galaxy.bots import Value, greedy_bot, placeable, play
from events.rulesets.race_for_the_galaxy.card_value import contextual
from events.rulesets.race_for_the_galaxy.cardset import PRICES
from events.rulesets.race_for_the_galaxy.decide import legal
from events.rulesets.race_for_the_galaxy.decisions import ChooseActions
from events.rulesets.race_for_the_galaxy.powers import row
from events.rulesets.race_for_the_galaxy.produce import empty_windfalls
from events.rulesets.race_for_the_galaxy.resample import resample
from events.rulesets.race_for_the_galaxy.state import HAND_LIMIT, PHASE_OF, Game

EXPLORE_BONUS = {"explore_5": 1.0, "explore_1_1": 1.2}
PAID = 1.0  # a card paid for a placement, as worth (greedy: 0.6)
GUESSES = 3  # deals of the others' hands on which their actions are guessed


def heuristic_bot(game: Game, seat: int, rng: random.Random) -> Any:
    value = contextual(game, seat)
    options = legal(game, seat)
    if not isinstance(options[0], ChooseActions):
        return play(game, seat, rng, value, PAID)
    others = [s for s in range(len(game.players)) if s != seat]
    guesses = [game] + [resample(game, seat, rng) for _ in range(GUESSES - 1)]
    run_anyway = Counter(
        phase
        for guess in guesses
        for phase in {PHASE_OF[a] for o in others for a in greedy_bot(guess, o, rng).actions}
    )
    values = {a: _worth(game, seat, a, value) for d in options for a in d.actions}

    def gain(d: ChooseActions) -> float:
        found = rng.random() * 0.05
        for a in d.actions:
            phase, bonus = values[a]
            found += bonus + phase * (1 - run_anyway[PHASE_OF[a]] / GUESSES)
        return found

    return max(options, key=gain)


def _worth(game: Game, seat: int, action: str, value: Value) -> tuple[float, float]:
    """What the action's phase is worth to the seat, and what its bonus adds."""
    player, cards = game.players[seat], game.cards
    if action in EXPLORE_BONUS:
        short = max(0.0, 1.0 - len(player.hand) / HAND_LIMIT)  # a full hand has no use for more
        return 0.5 + (1.0 if len(player.hand) < 3 else 0.0), EXPLORE_BONUS[action] * 2 * short
    if action in ("develop", "settle"):
        plain = placeable(game, seat, action, value, bonus=False)
        return plain, placeable(game, seat, action, value) - plain + 0.4
    goods = [cards.card(w).good for w, _ in player.goods]
    capacity = sum(p.vp * (p.n if p.upto else 1) for _, _, p in row(game, seat, "IV"))
    consumed = float(min(capacity, len(goods)))
    if action == "consume_2x":
        return consumed, consumed
    if action == "trade":
        return consumed, 0.6 * max((PRICES[g] for g in goods), default=0)
    empty = [w for w in player.tableau if player.good_on(w) is None]
    filled = sum(cards.card(w).mode == "production" for w in empty)
    spare = max(0.0, capacity - len(goods))  # goods the consume powers still want
    producing = 1.4 * min(filled, spare) + 0.5 * max(0.0, filled - spare)
    return producing, 0.9 if empty_windfalls(game, seat) else 0.0

"""One line per event, for one seat's eyes: what goes to a hand or face down to the discard
pile (drawn, kept, discarded, paid) is named to its owner alone; a sealed choice is told only
as "has chosen" until the reveal (RG-H). A decision is told as its seat would write it."""

from collections.abc import Sequence
from typing import Any

from events.kit.words import count, who
from events.rulesets.race_for_the_galaxy.card_names import names
from events.rulesets.race_for_the_galaxy.decisions import ACTION_WORDS, DECISIONS
from events.rulesets.race_for_the_galaxy.happenings import (
    ActionsRevealed,
    ChipsTaken,
    Chosen,
    Consumed,
    Discarded,
    Drew,
    Gambled,
    GameEnded,
    GoodPlaced,
    Kept,
    Placed,
    Reshuffled,
    Revealed,
    RoundBegan,
    Setup,
    StepBegan,
    TableauDiscarded,
    Used,
)
from events.rulesets.race_for_the_galaxy.loader import load
from events.rulesets.race_for_the_galaxy.state import Game
from events.rulesets.race_for_the_galaxy.steps import TABLE
from events.rulesets.race_for_the_galaxy.text.render import render

PHASES = {
    "explore": "Phase I, Explore",
    "develop": "Phase II, Develop",
    "settle": "Phase III, Settle",
    "consume": "Phase IV, Consume",
    "produce": "Phase V, Produce",
    "hand_limit": "The hand limit",
}
BONUSES = {"consume": "the Trade bonus", "produce": "the Produce bonus"}
NARRATIONS = TABLE.narrations()  # the events told beside the asks that write them


def narrate(before: Game | None, event: Any, seat: int | None, players: Sequence[str]) -> str:
    if isinstance(event, Setup):
        cards = load(event.card_set)
        starts = ", ".join(
            f"{who(players, s)}: {cards.card(c).name}" for s, c in enumerate(event.starts)
        )
        kind = " (advanced)" if event.advanced else " (first game)" if event.hands else ""
        return f"The game is set up{kind}: {starts}; {event.pool} VP in the pool"
    if before is None:
        return "A decision came before the game was set up"
    if isinstance(event, DECISIONS):
        return render(before, seat if seat is not None else 0, event)
    if type(event) in NARRATIONS:
        return NARRATIONS[type(event)](before, event, seat, players)
    return _line(before, event, seat, players)


def _line(g: Game, e: Any, seat: int | None, players: Sequence[str]) -> str:
    def n(s: int) -> str:
        return who(players, s)

    def secret(owner: int, cards: tuple[int, ...]) -> str:
        return names(g, cards) if owner == seat else count(len(cards))

    match e:
        case Reshuffled(order=order):
            return f"The discard pile ({count(len(order))}) is shuffled into a new deck"
        case Drew(seat=owner, cards=drawn, explored=explored):
            return f"{n(owner)} {'explored' if explored else 'drew'} {secret(owner, drawn)}"
        case GoodPlaced(seat=owner, world=world):
            return f"A good face down on {n(owner)}'s {names(g, (world,))}"
        case Chosen(seat=owner):
            return f"{n(owner)} has chosen"  # sealed: never what (RG-H3)
        case Revealed(step=step):
            return f"The {step.replace('_', ' ')} choices are revealed"
        case ActionsRevealed(actions=actions, phases=phases):
            said = "; ".join(
                f"{n(s)}: {' and '.join(ACTION_WORDS[a] for a in chosen)}"
                for s, chosen in enumerate(actions)
            )
            return f"Actions {said}. Phases: {', '.join(phases) or 'none'}"
        case StepBegan(step=step, second=second, in_turn=in_turn):
            said = f"{PHASES.get(step, step)} begins" + (" again" if second else "")
            return said + (", taken in turn near the game's end" if in_turn else "")
        case Kept(seat=owner, kept=kept):
            return f"{n(owner)} kept {secret(owner, kept)} and discarded the rest"
        case Discarded(seat=owner, cards=cards):
            return f"{n(owner)} discarded {secret(owner, cards)}"
        case Placed(seat=owner, card=card, paying=paying):
            how = f"paying {secret(owner, paying)}" if paying else "for free"
            return f"{n(owner)} placed {names(g, (card,))}, {how}"
        case Used(seat=owner, card=card):
            used = BONUSES.get(g.step, "the action's bonus") if card < 0 else names(g, (card,))
            return f"{n(owner)} used {used}"
        case Consumed(seat=owner, worlds=worlds):
            return f"{n(owner)} consumed the goods on {names(g, worlds)}"
        case ChipsTaken(seat=owner, vp=vp):
            left = max(0, g.pool - vp)
            return f"{n(owner)} took {vp} VP in chips; {left} VP left in the pool"
        case Gambled(seat=owner, number=number, card=card, won=won):
            fate = "into the hand" if won else "to the discard pile"
            return f"{n(owner)} named {number} and turned up {names(g, (card,))}: {fate}"
        case TableauDiscarded(seat=owner, cards=cards):
            return f"{n(owner)} discarded {names(g, cards)} from the tableau for its power"
        case RoundBegan(round=number):
            return f"Round {number} begins: choose your action" + ("s" if g.advanced else "")
        case GameEnded(scores=scores, winners=winners):
            said = ", ".join(f"{n(s)} {v} VP" for s, v in enumerate(scores))
            return f"The game ends: {said}; won by {' and '.join(n(s) for s in winners)}"
    return f"Something happened that this game cannot tell: {type(e).__name__.lower()}"

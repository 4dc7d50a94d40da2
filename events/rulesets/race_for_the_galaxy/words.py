"""Words for people: a view laid out (`describe`) and a line per event (`narrate`), each for
one seat's eyes: what that seat may not see stays out."""

from collections.abc import Sequence
from typing import Any

from events.ruleset import CardFace, CardList, Description, Field, Section
from events.rulesets.race_for_the_galaxy.happenings import (
    ActionsRevealed,
    Chosen,
    Drew,
    GameEnded,
    Placed,
    Revealed,
    RoundBegan,
    StepBegan,
)
from events.rulesets.race_for_the_galaxy.loader import load
from events.rulesets.race_for_the_galaxy.view import SeatView


def _who(seat: int, players: Sequence[str]) -> str:
    return players[seat] if seat < len(players) and players[seat] else f"seat {seat}"


def _faces(cards: tuple[int, ...]) -> tuple[CardFace, ...]:
    return tuple(CardFace(id=c, name=load().card(c).name) for c in cards)


def describe(view: SeatView, players: Sequence[str] = ()) -> Description:
    sections = [
        Section(
            title="Table",
            fields=(
                Field("round", str(view.round)),
                Field("step", view.step),
                Field("VP pool", str(view.pool)),
                Field("deck", str(view.deck_size)),
            ),
        )
    ]
    for seat, p in enumerate(view.players):
        lists = [CardList("tableau", _faces(p.tableau))]
        if p.hand is not None:
            lists.append(CardList("hand", _faces(p.hand)))
        if p.drawn:
            lists.append(CardList("explored", _faces(p.drawn)))
        fields = (
            Field("VP chips", str(p.chips)),
            Field("hand", str(p.hand_size)),
            Field("goods", str(len(p.goods_on))),
            Field("actions", ", ".join(p.actions) or ("chosen" if p.has_chosen else "-")),
        )
        sections.append(Section(title=_who(seat, players), fields=fields, cards=tuple(lists)))
    return Description(title="Race for the Galaxy", sections=tuple(sections))


def narrate(before: Any, event: Any, seat: int | None, players: Sequence[str]) -> str:
    cards = load()
    match event:
        case Chosen(seat=chooser):
            return f"{_who(chooser, players)} has chosen"  # sealed: never what (RG-H3)
        case Revealed(step=step):
            return f"the {step} choices are revealed"
        case ActionsRevealed(actions=actions):
            chosen = (f"{_who(s, players)}: {', '.join(a)}" for s, a in enumerate(actions))
            return "actions: " + "; ".join(chosen)
        case Drew(seat=drawer, cards=drawn):
            shown = ", ".join(cards.card(c).name for c in drawn) if drawer == seat else ""
            return f"{_who(drawer, players)} drew {len(drawn)}" + (f": {shown}" if shown else "")
        case Placed(seat=placer, card=card, paying=paying):
            name = cards.card(card).name
            return f"{_who(placer, players)} placed {name}, paying {len(paying)}"
        case StepBegan(step=step):
            return f"{step} begins"
        case RoundBegan(round=number):
            return f"round {number} begins"
        case GameEnded(scores=scores, winners=winners):
            won = ", ".join(_who(s, players) for s in winners)
            return f"the game ends: {', '.join(map(str, scores))}; won by {won}"
    return type(event).__name__.lower()

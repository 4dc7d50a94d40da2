"""The decisions a page offers as cards to tick: which 2 of the 6 dealt to discard (RG-S5), which
explored cards to keep (RG-E1), which hand cards pay for a development or a world (RG-D2,
RG-W2), rather than a button per combination."""

from collections.abc import Sequence
from typing import Any

from msgspec.structs import replace

from events.ruleset import CardPick
from events.rulesets.race_for_the_galaxy.decisions import Develop, Discard, Keep, Settle
from events.rulesets.race_for_the_galaxy.describe import faces
from events.rulesets.race_for_the_galaxy.loader import load
from events.rulesets.race_for_the_galaxy.view import SeatView


def card_picks(view: SeatView, legal: Sequence[Any]) -> list[CardPick]:
    if view.seat is None:
        return []
    me = view.players[view.seat]
    hand, drawn = me.hand or (), me.drawn or ()
    picks: list[CardPick] = []
    for kind, pool, verb in ((Discard, hand, "discard"), (Keep, drawn, "keep")):
        places = tuple(i for i, d in enumerate(legal) if type(d) is kind)
        if places and (count := len(legal[places[0]].cards)) < len(pool):
            label = f"{verb} the {count} ticked"
            picks.append(CardPick(label, kind(cards=()), "cards", faces(pool), count, places))
    for place, decision in enumerate(legal):
        if isinstance(decision, Develop | Settle) and decision.card is not None:
            others = tuple(c for c in hand if c != decision.card)
            if 0 < (count := len(decision.paying)) < len(others):
                label = f"{_placing(decision)}, paying with the {count} ticked"
                unpaid = replace(decision, paying=())
                picks.append(CardPick(label, unpaid, "paying", faces(others), count, (place,)))
    return picks


def _placing(decision: Develop | Settle) -> str:
    cards = load()
    assert decision.card is not None
    name = cards.card(decision.card).name
    if isinstance(decision, Develop):
        return f"develop {name}"
    said = f"pay for {name}" if decision.pay_for_military else f"settle {name}"
    given_up = ", ".join(cards.card(c).name for c in decision.discarding)
    return said + (f", giving up {given_up}" if given_up else "")

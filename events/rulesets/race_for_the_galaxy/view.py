"""What a seat may see (RG-H): its own hand, explored cards and sealed choice; of the others,
tableaus, chips, goods as face-down counts, hand sizes, and while a step is sealed that they are
choosing, not whether they have chosen yet (`shown_waiting`)."""

import msgspec

from events.kit.phases import waiting
from events.ruleset import shown_waiting
from events.rulesets.race_for_the_galaxy.decisions import Decision
from events.rulesets.race_for_the_galaxy.state import Cards, Game
from events.rulesets.race_for_the_galaxy.steps import TABLE


class PlayerView(msgspec.Struct, frozen=True):
    tableau: Cards
    goods_on: Cards  # the worlds holding a good; no good's face is shown (RG-K5)
    chips: int
    hand_size: int
    actions: tuple[str, ...]  # revealed this round
    has_chosen: bool  # the viewer's own alone while the step is sealed
    to_choose: bool  # the step waits for this seat's choice, as far as the viewer may tell
    hand: Cards | None = None  # the viewer's own only
    drawn: Cards | None = None
    choice: Decision | None = None


class SeatView(msgspec.Struct, frozen=True):
    seat: int | None
    round: int
    step: str
    pool: int
    deck_size: int
    discard_size: int
    players: tuple[PlayerView, ...]
    phases: tuple[str, ...] = ()  # the round's phases still to run
    advanced: bool = False
    in_turn: bool = False  # this Settle phase is taken in turn (RG-R7)
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()


def view(game: Game, seat: int | None) -> SeatView:
    shown = shown_waiting(waiting(TABLE, game), seat)

    def one(s: int) -> PlayerView:
        p = game.players[s]
        own = s == seat
        return PlayerView(
            tableau=p.tableau,
            goods_on=tuple(w for w, _ in p.goods),
            chips=p.chips,
            hand_size=len(p.hand),
            actions=p.actions,
            has_chosen=s in shown.may,
            to_choose=s in shown.must,
            hand=p.hand if own else None,
            drawn=p.drawn if own else None,
            choice=p.choice if own else None,
        )

    return SeatView(
        seat=seat,
        round=game.round,
        step=game.step,
        pool=game.pool,
        deck_size=len(game.deck),
        discard_size=len(game.discard),
        players=tuple(one(s) for s in range(len(game.players))),
        phases=game.phases,
        advanced=game.advanced,
        in_turn=game.in_turn,
        scores=game.scores,
        winners=game.winners,
    )

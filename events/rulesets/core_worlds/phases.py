"""The game as a table of phases (the kit's prompts): what each phase asks under which rule and
who judges it, its help form, whose decision it waits for and how it refuses the others, its
default decision, and what follows on its own (`follows.py`). A decision sent out of its phase
is refused by that phase's words, whoever sends it (CW-R)."""

import random
from collections.abc import Callable
from functools import partial
from typing import Any

from events.kit.phases import Ask, Prompt, Table, decide
from events.ruleset import Accepted, Rejection, as_declared, seat_refusal
from events.rulesets.core_worlds import follows, turns
from events.rulesets.core_worlds import legal as listing
from events.rulesets.core_worlds.as_action import judge_use_action
from events.rulesets.core_worlds.asking import ask, unshuffled
from events.rulesets.core_worlds.batch import Batch
from events.rulesets.core_worlds.decisions import (
    DECISIONS,
    Declare,
    Deploy,
    Draft,
    Invade,
    Keep,
    Pass,
    Pick,
    Reshuffle,
    UseAction,
)
from events.rulesets.core_worlds.deploy import judge_deploy
from events.rulesets.core_worlds.discard import judge_keep
from events.rulesets.core_worlds.draft import judge_draft
from events.rulesets.core_worlds.energy import declarer, judge_declare, not_declaring
from events.rulesets.core_worlds.invade import judge_invade
from events.rulesets.core_worlds.reshuffle import judge_reshuffle
from events.rulesets.core_worlds.sector0 import judge_pick, not_picking, picker
from events.rulesets.core_worlds.state import Game, Phase
from events.rulesets.core_worlds.turns import not_in_turn

ENDED = Rejection("CW-F1", "the game is over")


def _screen(game: Game, seat: Any, decision: Any) -> Any:
    if type(decision) not in DECISIONS:
        return Rejection("CW-R", f"Core Worlds has no decision {type(decision).__name__}")
    if game.phase == Phase.OVER:
        return ENDED
    if refusal := seat_refusal(seat, game.seats):
        return refusal
    return as_declared(decision, DECISIONS)


def _not_done(game: Game, seat: int) -> bool:
    return not game.players[seat].done


def _nobody(game: Game, seat: int) -> bool:
    return False


def _phase(name: Phase, *asks: Ask, **more: Any) -> Prompt:
    """A phase whose decisions are judged and written by their verdicts; a seat with nothing
    to decide is refused by its phase's words."""
    more.setdefault("owes", _nobody)
    more.setdefault("default", lambda game, seat: Pass())
    return Prompt(name=name, asks=asks, **more)


def _at_once(owes: Callable[[Game, int], bool], rule: str, done: str) -> dict[str, Any]:
    """Every seat still to choose does so in any order, none sealed."""
    return {"owes": owes, "refuse_idle": lambda game, seat: Rejection(rule, done)}


def valid(game: Game, seat: int, options: list[Any]) -> list[Any]:
    """Those of `options` the table accepts from `seat` (a shuffle changes no legality)."""
    judged = (decide(TABLE, game, seat, d, random.Random(0)) for d in options)
    return [d for d, verdict in zip(options, judged, strict=True) if isinstance(verdict, Accepted)]


TABLE = Table(
    prompts={
        p.name: p
        for p in (
            _phase(
                Phase.SECTOR0,
                Ask(
                    Pick,
                    "CW-V3",
                    "picking",
                    "pick <Sector 0 card>: it joins your starting deck",
                    verdict=unshuffled(judge_pick),
                    untimely=lambda game: Rejection("CW-V3", "there is no Sector 0 draft going on"),
                ),
                owes=lambda game, seat: picker(game) == seat,  # CW-V3
                refuse_idle=not_picking,
                follows=follows.sector0_over,
                offers=listing.sector0_picks,
                default=lambda game, seat: Pick(card=game.central[0]),
                automatic=True,  # the last card of the draft, in sight of all
            ),
            _phase(Phase.DRAW, follows=follows.draw_phase),
            _phase(
                Phase.ENERGY,
                ask(
                    Declare,
                    "CW-E2",
                    "declaring energy boosts",
                    Phase.ENERGY,
                    "",  # its clauses are helped one by one (text/help.py)
                    unshuffled(judge_declare),
                ),
                owes=lambda game, seat: declarer(game) == seat,  # CW-E2
                refuse_idle=not_declaring,
                follows=follows.energy_phase,
                meanwhile=follows.energy_phase,  # a declarer with nothing to declare
                offers=partial(listing.declarations, valid=valid),
                default=lambda game, seat: Declare(),
            ),
            _phase(Phase.GALACTIC, follows=follows.galactic_phase),
            _phase(
                Phase.ACTION,
                ask(
                    Draft,
                    "CW-A1",
                    "drafting",
                    Phase.ACTION,
                    "draft <card in the Central Zone>",
                    unshuffled(judge_draft),
                ),
                ask(
                    Deploy,
                    "CW-A2",
                    "deploying",
                    Phase.ACTION,
                    "deploy <Units from your hand, in order>",
                    unshuffled(judge_deploy),
                ),
                ask(
                    Invade,
                    "CW-A3",
                    "invading",
                    Phase.ACTION,
                    "invade <World> with <Units> [playing <Tactics>] "
                    "[using <card>[:fleet|:ground][ xN][ discarding <cards>]] [colonise <Unit>]",
                    unshuffled(judge_invade),
                ),
                ask(
                    UseAction,
                    "CW-A4",
                    'using an "as an Action" ability',
                    Phase.ACTION,
                    'use <card> [discard <cards>]: an "as an Action" ability',
                    judge_use_action,
                ),
                *turns.ASKS,
                owes=lambda game, seat: not game.turn_done and game.turn == seat,  # CW-A
                refuse_idle=not_in_turn,
                follows=follows.action_phase,
                meanwhile=follows.action_phase,  # a seat that must pass (CW-A5)
                offers=partial(listing.turn_options, valid=valid, steady=turns.OFFERED_FIRST),
            ),
            _phase(
                Phase.DISCARD,
                ask(
                    Keep,
                    "CW-X1",
                    "keeping a card",
                    Phase.DISCARD,
                    "keep <card from your hand>, or keep nothing: the rest is discarded",
                    unshuffled(judge_keep),
                    steady=True,
                ),
                **_at_once(_not_done, "CW-X1", "you have discarded your hand already this round"),
                follows=follows.discard_phase,
                meanwhile=follows.discard_phase,  # a seat with an empty hand keeps nothing
                offers=listing.keeps,
                default=lambda game, seat: Keep(),
            ),
            _phase(Phase.END, follows=follows.end_phase),
            _phase(
                Phase.RESHUFFLE,
                Ask(
                    Reshuffle,
                    "CW-N4",
                    "choosing whether to reshuffle",
                    "shuffle, or no shuffle: your discard pile into your draw pile",
                    verdict=judge_reshuffle,
                    steady=True,
                    untimely=lambda game: Rejection(
                        "CW-N4", "the discard pile may be shuffled in only on entering Sector V"
                    ),
                ),
                **_at_once(_not_done, "CW-N4", "you have chosen already"),
                follows=follows.sector_v_reshuffle,
                meanwhile=follows.sector_v_reshuffle,  # an empty discard pile is not shuffled
                offers=lambda game, seat: [Reshuffle(shuffle=True), Reshuffle(shuffle=False)],
                default=lambda game, seat: Reshuffle(shuffle=False),
            ),
            _phase(Phase.OVER),
        )
    },
    current=lambda game: game.phase,
    seats=lambda game: game.seats,
    over=lambda game: game.phase == Phase.OVER,
    ended=ENDED,
    decisions=DECISIONS,
    batch=Batch,
    screen=_screen,
)


def legal(game: Game, seat: int) -> list[Any]:
    """The phase's listing for a seat it waits on: already judged, bounded (`legal.py`)."""
    prompt = TABLE.prompt(game)
    if prompt.offers is None or not prompt.owes(game, seat):
        return []
    return list(prompt.offers(game, seat))

"""The round as the kit's declared prompts (TI-P, TI-A, TI-X): what each phase asks under which
rule and how it is judged, who owes a decision, and what follows once nobody does. The
tactical action plugs in at `tactical`: after `Activated`, its own prompts (movement, PDS
fire, combat, invasion, production) go on the window stack, and `end_action` ends it."""

from collections.abc import Iterator
from typing import Any

import msgspec

from events.kit import windows
from events.kit.batch import Batch
from events.kit.phases import Ask, Prompt, Table
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3 import (
    action_cards,
    any_time,
    building,
    card_windows,
    disclosure,
    ending,
    offers,
    phase_cards,
    strategic,
    strategy_cards,
    supply,
    synchronicity,
    talks,
)
from events.rulesets.twilight_imperium_3.card_decisions import CARD_DECISIONS, PlayCard
from events.rulesets.twilight_imperium_3.card_events import PicksOver
from events.rulesets.twilight_imperium_3.decisions import (
    DECISIONS,
    Activate,
    Decline,
    EndTurn,
    Follow,
    Pass,
    Pick,
    Play,
    Redistribute,
    Score,
    Station,
    Transit,
)
from events.rulesets.twilight_imperium_3.evolve import evolve
from events.rulesets.twilight_imperium_3.happenings import (
    Activated,
    Answered,
    BonusPlaced,
    Closed,
    Exhausted,
    GameEnded,
    Passed,
    Picked,
    Redistributed,
    Refreshed,
    RoundBegan,
    Scored,
    Stationed,
    StepTaken,
    TradeGoodsGained,
    TurnBegan,
)
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.objectives import MECATOL, Payment, met, spends
from events.rulesets.twilight_imperium_3.orders import Transfer
from events.rulesets.twilight_imperium_3.paying import excess_refusal, influence, resources
from events.rulesets.twilight_imperium_3.paying import refusal as payment_refusal
from events.rulesets.twilight_imperium_3.planets import holding, home_planets, in_system
from events.rulesets.twilight_imperium_3.setup import STATIONED
from events.rulesets.twilight_imperium_3.state import (
    STATUS_COUNTERS,
    Game,
    Phase,
    WindowPrompt,
    available,
    bank,
    clockwise,
    order_of_play,
    pickable,
    picks_made,
    reinforcements,
    remaining,
)
from events.rulesets.twilight_imperium_3.strategy_cards import IMPERIAL, INITIATIVE, TRADE
from events.rulesets.twilight_imperium_3.tactical import (
    PROMPT_TABLE,
    begin_transfer,
    immunity_refusal,
    proceed,
    synthesise,
    transfer_refusal,
)
from events.rulesets.twilight_imperium_3.tactical_events import UnitsRemoved
from events.rulesets.twilight_imperium_3.tech_actions import (
    end_turn,
    end_turn_refusal,
    first_only,
    transit,
    transit_refusal,
)
from events.rulesets.twilight_imperium_3.turns import end_action

NEVER_ACTIVATED = ("asteroid_field", "supernova")  # TI-G10
MOST_ON_A_PLANET = {"space_dock": 1, "pds": 2}  # TI-S4


def _batch(game: Game, chance: Any) -> Batch[Game]:
    return Batch(game, chance, evolve)


# TI-S4: the starting units shared among the home planets


def _station_refusal(game: Game, seat: int, d: Station) -> Rejection | None:
    homes = set(home_planets(game.galaxy, seat))
    units = load().races[game.players[seat].race].units
    given: dict[str, int] = {}
    for planet, there in d.planets.items():
        if planet not in homes:
            return Rejection("TI-S4", f"{planet} is not one of your home planets")
        for unit, count in there.items():
            if unit not in STATIONED or count < 1:
                return Rejection("TI-S4", "share out ground forces, PDS and space docks only")
            if count > MOST_ON_A_PLANET.get(unit, count):
                return Rejection("TI-S4", "at most one space dock and two PDS on a planet")
            given[unit] = given.get(unit, 0) + count
    wanted = {u: n for u, n in units.items() if u in STATIONED}
    if given != wanted:
        return Rejection("TI-S4", "place every starting ground force, PDS and space dock")
    return None


def _station(batch: Batch[Game], seat: int, d: Station) -> None:
    batch.emit(Stationed(seat=seat, planets=d.planets))


def _round(batch: Batch[Game]) -> None:
    """A strategy phase: the speaker first, clockwise; twice round with 3 or 4 (TI-P1, P2)."""
    game = batch.game
    rounds = load().layouts[game.seats].strategy_cards
    rex = holding(game.forces, MECATOL).controller
    keeps = phase_cards.stable(game)  # TI-Q61
    pickers = tuple(s for s in remaining(game, clockwise(game, game.speaker)) if s != keeps)
    mecatol = -1 if rex is None else rex
    batch.emit(
        RoundBegan(round=game.round + 1, picks=pickers * rounds, mecatol=mecatol, stable=keeps)
    )
    card_windows.open_card_window(batch, "SP.start")  # TI-Q50


# TI-P: the strategy phase


def picker(game: Game) -> int:
    made = picks_made(game)
    return game.picks[made] if made < len(game.picks) else -1


def _pick_refusal(game: Game, seat: int, d: Pick) -> Rejection | None:
    if d.card not in available(game):
        return Rejection("TI-P1", "pick a strategy card still in the common area")
    if d.card not in pickable(game, seat):
        return Rejection("TI-Q58", "an action card forbids you that strategy card this round")
    if d.card == INITIATIVE and seat == game.initiative_last and len(available(game)) > 1:
        return Rejection("TI-P4", "you held Initiative last round: pick another card")
    bonus = game.bonus[d.card - 1]
    if not 0 <= d.counters <= min(bonus, reinforcements(game, seat)):
        return Rejection("TI-P3", f"take up to {bonus} of its bonus counters as command counters")
    return strategy_cards.placing_refusal(d.strategy, d.fleet, d.counters)


def _pick(batch: Batch[Game], seat: int, d: Pick) -> None:
    game = batch.game
    trade_goods = min(game.bonus[d.card - 1] - d.counters, bank(game))
    batch.emit(
        Picked(
            seat=seat,
            card=d.card,
            counters=d.counters,
            trade_goods=trade_goods,
            strategy=d.strategy,
            fleet=d.fleet,
        )
    )
    card_windows.open_card_window(batch, "SP.afterPick")  # TI-Q50


def _strategy_done(batch: Batch[Game]) -> None:
    """Every pick made, the last card window of the phase (TI-Q50); then bonus counters on the
    cards left (TI-P5), and the action phase begins (TI-A1)."""
    if batch.game.picks:
        batch.emit(PicksOver())
        if card_windows.open_card_window(batch, "SP.end"):
            return
    batch.emit(BonusPlaced(cards=available(batch.game)))
    batch.emit(TurnBegan(seat=remaining(batch.game, order_of_play(batch.game))[0]))


# TI-A: the action phase


def _activate_refusal(game: Game, seat: int, d: Activate) -> Rejection | None:
    if game.players[seat].command < 1:
        return Rejection("TI-A4", "you have no command counter in your command pool")
    if d.system not in game.galaxy.tiles:
        return Rejection("TI-A4", f"there is no system at {d.system}")
    if load().systems[game.galaxy.tiles[d.system]].kind in NEVER_ACTIVATED:
        return Rejection("TI-G10", "asteroid fields and supernovae are never activated")
    space = game.forces.space.get(d.system)
    if space is not None and seat in space.counters:
        return Rejection("TI-A4", f"your command counter already lies in {d.system}")
    if refused := immunity_refusal(game, seat, d.system):
        return refused
    for one, other in game.truces:
        if seat in (one, other) and _holds_units(game, other if seat == one else one, d.system):
            return Rejection("TI-A5", "Diplomacy forbids activating a system with their units")
    return None


def _holds_units(game: Game, seat: int, position: str) -> bool:
    if game.forces.fleet(position, seat).units:
        return True
    return any(
        holding(game.forces, n).controller == seat and holding(game.forces, n).units
        for n in in_system(game.galaxy, position)
    )


def _activate(batch: Batch[Game], seat: int, d: Activate) -> None:
    batch.emit(Activated(seat=seat, system=d.system))
    tactical(batch, seat, d.system)


def tactical(batch: Batch[Game], seat: int, system: str) -> None:
    """The rest of the tactical action: movement, PDS fire, combat, invasion, production."""
    proceed(batch)


def _play(batch: Batch[Game], seat: int, d: Play) -> None:
    if not strategy_cards.play(batch, seat, d):
        ending.imperium_rex(batch)  # TI-X8
        return
    if d.card == IMPERIAL:
        points = strategy_cards.IMPERIAL_POINTS
        batch.emit(Scored(seat=seat, objective="imperial", points=points))
        if ending.reached(batch, seat):
            return
    if d.card == TRADE and not d.cancel and talks.open_talks(batch, seat):
        return  # TI-R5: the secondaries follow the talks
    strategic.primary_done(batch, seat, d.card)
    action_cards.over_limit(batch)  # Political's draw (TI-Q1)


def _pass_refusal(game: Game, seat: int, d: Pass) -> Rejection | None:
    player = game.players[seat]
    if any(c != INITIATIVE and c not in player.played for c in player.cards):
        return Rejection("TI-A6", "take your strategic action before passing")
    return None


def _pass(batch: Batch[Game], seat: int, d: Pass) -> None:
    batch.emit(Passed(seat=seat))
    end_action(batch)


def _follow_refusal(game: Game, seat: int, d: Follow) -> Rejection | None:
    return strategy_cards.follow_refusal(game, seat, game.stack[-1].about, d)


def _decline(batch: Batch[Game], seat: int, d: Decline) -> None:
    batch.emit(Answered(seat=seat))


def _secondaries_done(batch: Batch[Game]) -> None:
    batch.emit(Closed())
    end_action(batch)


# TI-X: the status phase


def _score_refusal(game: Game, seat: int, d: Score) -> Rejection | None:
    player = game.players[seat]
    claimed = []
    if d.objective:
        if not 0 < d.objective <= len(game.revealed):
            return Rejection("TI-X1", f"name a revealed objective, 1 to {len(game.revealed)}")
        claimed.append(game.revealed[d.objective - 1])
    if d.secret:
        claimed.append(player.secret)
    if claimed and not all(
        holding(game.forces, n).controller == seat for n in home_planets(game.galaxy, seat)
    ):
        return Rejection("TI-X1", "no objective is scored without every home planet")
    if any(c in player.scored for c in claimed):
        return Rejection("TI-X1", "you have scored that objective")
    objectives = [load().objectives[c] for c in claimed]
    if (d.paying or d.trade_goods) and not any(spends(o) for o in objectives):
        return Rejection("TI-O1", "pay only for an objective that spends")
    refusal = payment_refusal(game, seat, d.paying, d.trade_goods, "TI-O1")
    if refusal is not None:
        return refusal
    unmet = [o for o in objectives if not met(game, seat, o, Payment(d.paying, d.trade_goods))]
    if unmet:
        return Rejection("TI-O1", f"you do not meet '{unmet[0].text}'")
    spend = next((s for s in map(spends, objectives) if s is not None), None)
    if spend is None:
        return None
    worth = {"resources": resources, "influence": influence}.get(spend.what, lambda _: 0)
    return excess_refusal(d.paying, d.trade_goods, spend.amount, worth)


def _score(batch: Batch[Game], seat: int, d: Score) -> None:
    game = batch.game
    if d.paying:
        batch.emit(Exhausted(seat=seat, planets=d.paying))
    if d.trade_goods:
        batch.emit(TradeGoodsGained(seat=seat, trade_goods=-d.trade_goods))
    claims = [game.revealed[d.objective - 1]] if d.objective else []
    claims += [game.players[seat].secret] if d.secret else []
    for claim in claims:
        objective = load().objectives[claim]
        batch.emit(Scored(seat=seat, objective=claim, points=objective.vp))
        if objective.outcome == "victory":  # TI-O3
            batch.emit(GameEnded(winners=(seat,), reason=objective.name))
            return
        if ending.reached(batch, seat):
            return
    batch.emit(StepTaken(seat=seat))


def _refresh(batch: Batch[Game]) -> None:
    """TI-X2 to TI-X4; the action cards drawn (TI-Q1) and the seats with agreements may break
    them (TI-R9), before the counters (TI-X5)."""
    batch.emit(Refreshed(order=remaining(batch.game, order_of_play(batch.game))))
    card_windows.open_card_window(batch, "STATUS")  # TI-Q61: beneath the draws' windows
    action_cards.status_draws(batch)
    talks.open_breaking(batch)


def _redistribute_refusal(game: Game, seat: int, d: Redistribute) -> Rejection | None:
    total = game.players[seat].sheet + min(STATUS_COUNTERS, reinforcements(game, seat))
    if min(d.strategy, d.command, d.fleet) < 0 or d.strategy + d.command + d.fleet != total:
        return Rejection("TI-X5", f"place your {total} counters among the three areas")
    return supply.refusal(game, seat, d.fleet, d.removing)


def _redistribute(batch: Batch[Game], seat: int, d: Redistribute) -> None:
    removed = supply.removals(batch.game, seat, d.fleet, d.removing)
    batch.emit(Redistributed(seat=seat, strategy=d.strategy, command=d.command, fleet=d.fleet))
    for position, units in removed.items():
        batch.emit(UnitsRemoved(seat=seat, at=position, units=units))
        synthesise(batch, seat, units.get("ground_force", 0))  # TI-K11
    batch.emit(StepTaken(seat=seat))


def _actions(game: Game, seat: int) -> Iterator[Any]:
    yield from offers.actions(game, seat)
    yield from card_windows.action_plays(game, seat)  # TI-Q2
    yield from talks.gifts(game, seat)  # TI-R10


def _queued(game: Game, seat: int) -> bool:
    return bool(game.queue) and game.queue[0] == seat


def _prompt(phase: Phase | WindowPrompt, owes: Any, *asks: Ask, **more: Any) -> Prompt:
    return Prompt(name=phase, asks=asks, owes=owes, **more)


# The response windows (RULES.md, TI-Q2's ruling on windows): each asks a seat, most often not
# the active player's, that may let it pass; the clock gives them its window time, not a turn's
WINDOWS = (
    WindowPrompt.SABOTAGE,
    WindowPrompt.CARD,
    WindowPrompt.SECONDARY,
    WindowPrompt.TALKS,
    WindowPrompt.SPACE_CANNON,
    WindowPrompt.RETREAT,
)


def _declared(prompt: Prompt) -> Prompt:
    """The prompt as the table holds it: free to give trade goods (TI-R10) and to play "any
    time" cards (TI-Q68 to TI-Q70), and a window where it is one."""
    declared = msgspec.structs.replace(prompt, window=prompt.name in WINDOWS)
    return any_time.with_any_time(talks.with_gifts(declared))


TABLE = Table(
    prompts={
        p.name: _declared(p)
        for p in (
            building.PROMPT,
            _prompt(
                Phase.STATION,
                lambda game, seat: not game.players[seat].stationed,
                Ask(
                    Station,
                    "TI-S4",
                    "share out your starting units among your home planets",
                    "station <planet>: <n> <unit>, …; <planet>: …",
                    _station_refusal,
                    _station,
                    steady=True,  # another seat's station changes nothing of one's own
                ),
                follows=_round,
                offers=offers.stations,
                default=offers.default_station,
            ),
            _prompt(
                Phase.STRATEGY,
                lambda game, seat: picker(game) == seat,
                Ask(
                    Pick,
                    "TI-P1",
                    "pick a strategy card",
                    "pick <card> [taking <n> counters]",
                    _pick_refusal,
                    _pick,
                ),
                follows=_strategy_done,
                offers=offers.picks,
                default=offers.default_pick,
            ),
            _prompt(
                Phase.ACTION,
                lambda game, seat: game.turn == seat,
                Ask(
                    Play,
                    "TI-A3",
                    "take a strategic action",
                    "play <card> [naming <race>|from <system>|<technology>]",
                    first_only(strategy_cards.play_refusal),
                    _play,
                ),
                Ask(
                    Activate,
                    "TI-A4",
                    "activate a system",
                    "activate <system>",
                    _activate_refusal,
                    _activate,
                ),
                Ask(
                    Transfer,
                    "TI-A2",
                    "make a transfer action",
                    "transfer <system> <system>",
                    first_only(transfer_refusal),
                    begin_transfer,
                ),
                Ask(
                    Transit,
                    "TI-K14",
                    "move ground forces with Transit Diodes",
                    "transit <n> gf from <planet> to <planet>",
                    first_only(transit_refusal),
                    transit,
                ),
                Ask(
                    EndTurn,
                    "TI-K15",
                    "end your turn without a second tactical action",
                    "end turn",
                    end_turn_refusal,
                    end_turn,
                ),
                Ask(
                    PlayCard,
                    "TI-Q2",
                    "play an action card as your action",
                    "play <card> [on <planet>] [at <system>] [naming <race>]",
                    first_only(card_windows.action_refusal),
                    card_windows.play_as_action,
                ),
                Ask(Pass, "TI-A6", "pass", "pass", first_only(_pass_refusal), _pass),
                offers=_actions,
                default=offers.default_action,
            ),
            _prompt(
                WindowPrompt.SECONDARY,
                lambda game, seat: windows.owes(game.stack[-1], seat),
                Ask(
                    Follow,
                    "TI-A3",
                    "follow the secondary",
                    "follow [paying <planets>] [and <n> tg] | follow <technology> paying … | "
                    "follow readying <planets> | follow <unit> <from> to <to>, …",
                    _follow_refusal,
                    strategic.follow,
                ),
                Ask(Decline, "TI-A3", "decline the secondary", "decline", carry_out=_decline),
                strategic.BEFORE_BUYING,
                follows=_secondaries_done,
                offers=lambda game, seat: (
                    *offers.follows(game, seat),
                    *strategic.before_buy_plays(game, seat),
                ),
                default=lambda game, seat: Decline(),
            ),
            _prompt(
                Phase.SCORE,
                _queued,
                Ask(
                    Score,
                    "TI-X1",
                    "claim an objective",
                    "score objective <n> [and secret] [paying <planets> and <n> tg] | "
                    "score secret | score nothing",
                    _score_refusal,
                    _score,
                ),
                follows=_refresh,
                offers=offers.scores,
                default=lambda game, seat: Score(),
            ),
            _prompt(
                Phase.COUNTERS,
                _queued,
                Ask(
                    Redistribute,
                    "TI-X5",
                    "place your command counters",
                    "counters <n> strategy <n> command <n> fleet [removing <ships> at <system>; …]",
                    _redistribute_refusal,
                    _redistribute,
                ),
                follows=_round,
                offers=offers.redistributions,
                default=offers.default_redistribution,
            ),
            *PROMPT_TABLE,
            *talks.PROMPTS,
            action_cards.PROMPT,
            disclosure.PROMPT,
            synchronicity.PROMPT,
            strategic.PROMPT,
            *card_windows.PROMPTS,
        )
    },
    current=lambda game: game.stack[-1].prompt if game.stack else game.phase,
    seats=lambda game: game.seats,
    over=lambda game: game.over,
    ended=Rejection("TI-X7", "the game is over"),
    decisions=(*DECISIONS, *building.DECISIONS, *CARD_DECISIONS),
    batch=_batch,
)

"""A production step on the game (TI-U): a build order at the space docks of one system judged
against the player's state and carried out as events; the tactical action's last step and
Imperial's secondary (TI-A9) both build through it."""

from events.kit.batch import Batch
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3.commanders import commander
from events.rulesets.twilight_imperium_3.happenings import TradeGoodsGained
from events.rulesets.twilight_imperium_3.orders import Produce
from events.rulesets.twilight_imperium_3.production import Build
from events.rulesets.twilight_imperium_3.production import refusal as production_refusal
from events.rulesets.twilight_imperium_3.state import Game
from events.rulesets.twilight_imperium_3.tactical_events import Built


def _as_build(position: str, d: Produce) -> Build:
    return Build(position, d.batches, d.space_dock, d.paying, d.trade_goods)


def produce_refusal(game: Game, seat: int, position: str, d: Produce) -> Rejection | None:
    if not position:
        return Rejection("TI-U1", "build at the space docks of one system")
    return production_refusal(
        game.galaxy,
        game.forces,
        commander(game, seat),
        _as_build(position, d),
        game.players[seat].trade_goods,
        frozenset(game.taken),
    )


def produced(batch: Batch[Game], seat: int, position: str, d: Produce) -> None:
    if d.batches or d.space_dock:
        batch.emit(Built(seat=seat, build=_as_build(position, d)))
    if d.trade_goods:
        batch.emit(TradeGoodsGained(seat=seat, trade_goods=-d.trade_goods))  # TI-U10

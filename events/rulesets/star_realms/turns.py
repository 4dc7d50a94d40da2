"""The end of a turn (SR-T2, SR-T3) and the start of the next, owed discards first (SR-E3)."""

from events.rulesets.star_realms.batch import Batch
from events.rulesets.star_realms.cardset import Effect
from events.rulesets.star_realms.decisions import EndTurn
from events.rulesets.star_realms.draw import draw
from events.rulesets.star_realms.effects import DISCARD, resolve
from events.rulesets.star_realms.happenings import DiscardOwed, TurnBegan, TurnEnded
from events.rulesets.star_realms.state import HAND


def end_turn(batch: Batch, seat: int, _: EndTurn) -> None:
    batch.emit(TurnEnded(seat=seat))
    draw(batch, seat, HAND)
    begin_turn(batch, 1 - seat)


def begin_turn(batch: Batch, seat: int) -> None:
    batch.emit(TurnBegan(seat=seat))
    owed = batch.game.players[seat].owed
    if owed:
        batch.emit(DiscardOwed(seat=seat, count=0))
        resolve(batch, seat, -1, (Effect(DISCARD, owed),))

"""Develop and Settle choices (RG-D, RG-W): what the card costs the seat with the powers named
in its choice (Colony Ship, New Military Tactics, pay for military: RG-W7, RG-W8), whether it
may be placed, and placing it with the draw powers that follow (RG-D6, RG-W9)."""

from events.kit.words import count
from events.ruleset import Rejection
from events.rulesets.race_for_the_galaxy.batch import Batch
from events.rulesets.race_for_the_galaxy.cardset import Card, Power
from events.rulesets.race_for_the_galaxy.decisions import Develop, Settle
from events.rulesets.race_for_the_galaxy.happenings import Placed, TableauDiscarded
from events.rulesets.race_for_the_galaxy.powers import (
    develop_cost,
    military,
    settle_cost,
    total,
    working,
)
from events.rulesets.race_for_the_galaxy.state import Cards, Game

GIVING_UP = ("colony_ship", "temporary_military")  # P-III6, P-III7


def develop_refusal(game: Game, seat: int, d: Develop) -> Rejection | None:
    player, card = game.players[seat], d.card
    if card is None:
        return Rejection("RG-D2", "nothing to pay for when placing nothing") if d.paying else None
    if card not in player.hand or game.cards.card(card).is_world:
        return Rejection("RG-D1", "develop a development from your hand")
    placed = {game.cards.card(c).id for c in player.tableau}
    if game.cards.card(card).id in placed:
        return Rejection("RG-D4", "your tableau already holds that development")
    cost = develop_cost(game, seat, game.cards.card(card))
    return _payment(d.paying, player.hand, card, cost, "RG-D2")


def settle_refusal(game: Game, seat: int, d: Settle) -> Rejection | None:
    player = game.players[seat]
    giving_up = {c for c, p in working(game, seat) if p.kind in GIVING_UP}
    if len(set(d.discarding)) != len(d.discarding) or not set(d.discarding) <= giving_up:
        return Rejection("RG-W7", "give up only tableau cards whose power says to discard them")
    if d.card is None:
        if d.paying or d.pay_for_military:
            return Rejection("RG-W2", "nothing to pay for when placing nothing")
        if _given_up(game, d, "colony_ship"):
            return Rejection("RG-W7", "Colony Ship makes a world free: name the world")
        return None
    if d.card not in player.hand or not game.cards.card(d.card).is_world:
        return Rejection("RG-W1", "settle a world from your hand")
    world = game.cards.card(d.card)
    refusal = _powers_refusal(game, seat, d, world)
    if refusal is not None:
        return refusal
    if world.military and not d.pay_for_military:
        if d.paying:
            return Rejection("RG-W3", "a military world is conquered, not paid for")
        tactics = sum(p.n for p in _given_up(game, d, "temporary_military"))
        strength = military(game, seat, world) + tactics
        if strength < world.defense:
            return Rejection(
                "RG-W3",
                f"conquering {world.name} needs Military {world.defense}; yours is {strength}",
            )
        return None
    return _payment(d.paying, player.hand, d.card, settle_price(game, seat, world, d), "RG-W2")


def _given_up(game: Game, d: Settle, kind: str) -> list[Power]:
    """The powers of this kind on the cards given up with the choice."""
    cards = (game.cards.card(c) for c in d.discarding)
    return [p for card in cards for p in card.powers if p.kind == kind]


def _powers_refusal(game: Game, seat: int, d: Settle, world: Card) -> Rejection | None:
    colony = bool(_given_up(game, d, "colony_ship"))
    if colony and world.good == "Alien":
        return Rejection("RG-W7", "Colony Ship cannot place an Alien world")
    if colony and world.military and not d.pay_for_military:
        return Rejection("RG-W7", "Colony Ship places a military world only when it is paid for")
    if d.pay_for_military:
        if not world.military or world.good == "Alien":
            return Rejection("RG-W8", "pay for a military world whose kind is not Alien only")
        if not any(True for _, p in working(game, seat, "pay_for_military")):
            return Rejection("RG-W8", "no power of yours pays for a military world")
    return None


def settle_price(game: Game, seat: int, world: Card, d: Settle) -> int:
    """Cards to pay for `world` settled as `d` says (0 when conquered): RG-W2, RG-W7, RG-W8."""
    if _given_up(game, d, "colony_ship"):
        return 0
    if not world.military:
        return settle_cost(game, seat, world)
    if not d.pay_for_military:
        return 0
    less = max((p.n for _, p in working(game, seat, "pay_for_military")), default=0)
    return settle_cost(game, seat, world, base=world.defense - less)


def _payment(paying: Cards, hand: Cards, card: int, cost: int, rule: str) -> Rejection | None:
    others = set(hand) - {card}
    if len(set(paying)) != len(paying) or not set(paying) <= others or len(paying) != cost:
        cards = count(cost, "other card")
        return Rejection(rule, f"pay exactly {cards} from your hand, each once")
    return None


def develop(batch: Batch, seat: int, d: Develop) -> None:
    if d.card is not None:
        batch.emit(Placed(seat=seat, card=d.card, paying=d.paying))
        batch.draw(seat, total(batch.game, seat, "develop_draw_after"))  # RG-D6


def settle(batch: Batch, seat: int, d: Settle) -> None:
    if d.discarding:
        batch.emit(TableauDiscarded(seat=seat, cards=d.discarding))  # RG-W7
    if d.card is None:
        return
    batch.emit(Placed(seat=seat, card=d.card, paying=d.paying))
    if batch.game.cards.card(d.card).mode == "windfall":
        batch.place_good(seat, d.card)  # RG-W5
    bonus = 1 if batch.game.chose(seat, "settle") else 0  # RG-W6
    batch.draw(seat, bonus + total(batch.game, seat, "settle_draw_after"))  # RG-W9

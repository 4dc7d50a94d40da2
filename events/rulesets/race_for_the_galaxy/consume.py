"""Phase IV (RG-C): a trader sells first (RG-C1); then each seat uses its row-IV powers one
`Consume` at a time, each once, in its own order, while any is usable (RG-C3, RG-C6); VP
chips come from the pool (RG-C5), doubled for the 2xVP chooser (RG-C4)."""

from collections.abc import Iterator, Sequence
from itertools import combinations, islice
from typing import Any

from events.kit.phases import Ask
from events.kit.words import count, who
from events.ruleset import Rejection
from events.rulesets.race_for_the_galaxy.batch import Batch
from events.rulesets.race_for_the_galaxy.card_names import names, one
from events.rulesets.race_for_the_galaxy.cardset import PRICES, Power
from events.rulesets.race_for_the_galaxy.decisions import Consume, Trade
from events.rulesets.race_for_the_galaxy.happenings import (
    ChipsTaken,
    Consumed,
    Discarded,
    Gambled,
    Sold,
    Used,
)
from events.rulesets.race_for_the_galaxy.powers import row, total, trade_price
from events.rulesets.race_for_the_galaxy.state import BONUS, Game

ASKED = ("consume", "consume_all", "gamble", "discard_for_vp", "trade")  # P-IV6 draws alone
NUMBERS = range(1, 8)  # P-IV7
BOUND = 20


def trade_owed(game: Game, seat: int) -> bool:
    """The trader holds a good and has not sold yet (RG-C1)."""
    player = game.players[seat]
    return game.chose(seat, "trade") and BONUS not in player.used and bool(player.goods)


def owes(game: Game, seat: int) -> bool:
    return trade_owed(game, seat) or any(True for _ in pending(game, seat))


def draw_powers(batch: Batch) -> None:
    """P-IV6 draws as the consume powers begin, asking nothing (ruling: a draw takes no goods
    and never narrows what the other powers may do)."""
    for seat in batch.game.order:
        batch.draw(seat, total(batch.game, seat, "consume_draw"))


def pending(game: Game, seat: int) -> Iterator[tuple[int, int, Power]]:
    """(card, index in its row IV, power) of every unused power the seat can use now."""
    used = game.players[seat].used
    for card, index, power in row(game, seat, "IV"):
        if power.kind in ASKED and (card, index) not in used and _usable(game, seat, power):
            yield card, index, power


def _kinds(game: Game, seat: int, worlds: tuple[int, ...] | None = None) -> list[str]:
    goods = game.players[seat].goods
    return [game.cards.card(w).good for w, _ in goods if worlds is None or w in worlds]


def _fits(power: Power, kind: str) -> bool:
    return power.kind != "consume" or power.good in ("any", "different", kind)


def _usable(game: Game, seat: int, power: Power) -> bool:
    kinds = _kinds(game, seat)
    match power.kind:
        case "consume" if power.good == "different":
            return len(set(kinds)) >= power.n
        case "consume":
            return sum(_fits(power, k) for k in kinds) >= (1 if power.upto else power.n)
        case "consume_all" | "trade":
            return bool(kinds)
        case "gamble":
            return bool(game.deck or game.discard)
        case "discard_for_vp":
            return bool(game.players[seat].hand)
    return False


def _wanted(game: Game, seat: int, power: Power) -> int:
    """How many goods the power takes now: "up to n" takes the most it can (RG-C3)."""
    if power.kind == "consume_all":
        return len(game.players[seat].goods)
    if power.upto:
        return min(power.n, sum(_fits(power, k) for k in _kinds(game, seat)))
    return 1 if power.kind == "trade" else power.n


def refusal(game: Game, seat: int, d: Consume) -> Rejection | None:
    """The trader's sale comes first: the step asks a trader for `Trade` alone (RG-C1)."""
    found = next(((i, p) for c, i, p in pending(game, seat) if (c, i) == (d.card, d.power)), None)
    if found is None:
        return Rejection("RG-C3", "use one of your row-IV powers you have not used and can use")
    power = found[1]
    if power.kind == "gamble":
        return None if d.number in NUMBERS else Rejection("RG-C6", "name a number from 1 to 7")
    if power.kind == "discard_for_vp":
        hand, cards = game.players[seat].hand, d.cards
        if len(set(cards)) != len(cards) or not set(cards) <= set(hand) or len(cards) > power.n:
            return Rejection("RG-C6", f"discard up to {count(power.n)} from your hand, each once")
        return None
    held = {w for w, _ in game.players[seat].goods}
    number = _wanted(game, seat, power)
    kinds = _kinds(game, seat, d.worlds)
    if len(set(d.worlds)) != len(d.worlds) or not set(d.worlds) <= held or len(kinds) != number:
        goods = count(number, "good")
        return Rejection("RG-C3", f"take exactly {goods} from your worlds holding one, each once")
    if not all(_fits(power, k) for k in kinds) or (
        power.good == "different" and len(set(kinds)) != number
    ):
        return Rejection("RG-C3", f"those goods do not fit {power.text!r}")
    return None


def carry_out(batch: Batch, seat: int, d: Consume) -> None:
    game = batch.game
    power = next(p for c, i, p in row(game, seat, "IV") if (c, i) == (d.card, d.power))
    batch.emit(Used(seat=seat, card=d.card, power=d.power))
    match power.kind:
        case "gamble":
            card = batch.top()
            if card is not None:
                kind = game.cards.card(card)
                won = (kind.defense if kind.military else kind.cost) == d.number
                batch.emit(Gambled(seat=seat, number=d.number, card=card, won=won))
        case "discard_for_vp":
            if d.cards:
                batch.emit(Discarded(seat=seat, cards=d.cards))
                batch.emit(ChipsTaken(seat=seat, vp=power.vp * len(d.cards)))  # never doubled
        case "trade":
            world = d.worlds[0]
            price = PRICES[game.cards.card(world).good]  # P-IV9; P-IV10 adds the $ powers
            price = trade_price(game, seat, world) if power.good == "bonuses" else price
            batch.emit(Sold(seat=seat, world=world, cards=price))
            batch.draw(seat, price)
        case _:
            taken = len(d.worlds)
            batch.emit(Consumed(seat=seat, worlds=d.worlds))
            each = taken if power.upto else 1
            vp = taken - 1 if power.kind == "consume_all" else power.vp * each
            vp *= 2 if game.chose(seat, "consume_2x") else 1
            if vp:
                batch.emit(ChipsTaken(seat=seat, vp=vp))
            batch.draw(seat, power.cards * each)


def options(game: Game, seat: int) -> list[Consume]:
    """Every use worth offering now: each power with its goods combinations, bounded."""
    offered: list[Consume] = []
    for card, index, power in pending(game, seat):
        if power.kind == "gamble":
            offered += [Consume(card, index, number=n) for n in NUMBERS]
        elif power.kind == "discard_for_vp":
            hand = game.players[seat].hand
            for size in range(min(power.n, len(hand)) + 1):
                picks = islice(combinations(hand, size), BOUND)
                offered += [Consume(card, index, cards=c) for c in picks]
        else:
            goods = _combinable(game, seat, power)
            picks = islice(combinations(goods, _wanted(game, seat, power)), BOUND * 4)
            offered += [Consume(card, index, worlds=w) for w in picks]
    return offered


def _combinable(game: Game, seat: int, power: Power) -> list[int]:
    """The worlds whose goods the power may take; one world a kind where the kinds must differ,
    so the bounded combinations are never all refused."""
    worlds: dict[int | str, int] = {}
    for world, _ in game.players[seat].goods:
        kind = game.cards.card(world).good
        if _fits(power, kind):
            worlds.setdefault(kind if power.good == "different" else world, world)
    return list(worlds.values())


def _trade_refusal(game: Game, seat: int, d: Trade) -> Rejection | None:
    if game.players[seat].good_on(d.world) is None:
        return Rejection("RG-C1", "sell a good from one of your worlds that holds one")
    return None


def _sell(batch: Batch, seat: int, d: Trade) -> None:
    price = trade_price(batch.game, seat, d.world)
    batch.emit(Used(seat=seat, card=BONUS[0]), Sold(seat=seat, world=d.world, cards=price))
    batch.draw(seat, price)


def _read_sale(game: Game, seat: int, head: str, clauses: dict[str, str]) -> Trade:
    return Trade(world=one(game, game.players[seat].tableau, "in your tableau", head))


def _write_sale(game: Game, seat: int, d: Trade) -> str:
    return f"sell {names(game, (d.world,), game.players[seat].tableau)}"


def _sales(game: Game, seat: int) -> list[Any]:
    return [Trade(world=w) for w, _ in game.players[seat].goods]


def _dearest_sale(game: Game, seat: int) -> Trade | None:
    """What the greedy bots sell: the good that fetches most."""
    return max(_sales(game, seat), key=lambda d: PRICES[game.cards.card(d.world).good])


def _sold(g: Game, e: Sold, seat: int | None, players: Sequence[str]) -> str:
    kind = g.cards.card(e.world).good
    where = names(g, (e.world,))
    return f"{who(players, e.seat)} sold the {kind} good on {where} for {count(e.cards)}"


TRADE = Ask(
    Trade,
    "RG-C1",
    "sell a good with your Trade bonus, before any consume power",
    "sell <world holding a good>",
    _trade_refusal,
    offers=_sales,
    revealed=_sell,
    verbs=("sell",),
    read=_read_sale,
    write=_write_sale,
    narrates={Sold: _sold},
    prefer=_dearest_sale,
)
CONSUME = Ask(
    Consume,
    "RG-C3",
    "use your consume powers",
    "use <card> on <worlds> | use <card> gamble <1-7> | use <card> discarding <cards>",
    refusal,
    offers=options,
    revealed=carry_out,
)
ASKS = (TRADE, CONSUME)


def asking(game: Game, seat: int) -> tuple[Ask, ...]:
    """A trader is asked for its sale alone, then the consume powers (RG-C1)."""
    return (TRADE,) if trade_owed(game, seat) else (CONSUME,)

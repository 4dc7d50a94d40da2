"""Phase V (RG-P): production worlds fill (RG-P1); then each seat puts goods on its empty
windfall worlds with the Produce bonus and its windfall-produce powers, one `Windfall` at a
time, each once, while any can (RG-P2, RG-P4); the draw powers (RG-P5)."""

from collections.abc import Iterator

from events.ruleset import Rejection
from events.rulesets.race_for_the_galaxy.batch import Batch
from events.rulesets.race_for_the_galaxy.cardset import Power
from events.rulesets.race_for_the_galaxy.decisions import Windfall
from events.rulesets.race_for_the_galaxy.happenings import Used
from events.rulesets.race_for_the_galaxy.powers import row, total, working
from events.rulesets.race_for_the_galaxy.state import BONUS, Game


def empty_windfalls(game: Game, seat: int, kind: str = "any") -> list[int]:
    player = game.players[seat]
    return [
        w
        for w in player.tableau
        if game.cards.card(w).mode == "windfall"
        and player.good_on(w) is None
        and kind in ("any", game.cards.card(w).good)
    ]


def bonus_owed(game: Game, seat: int) -> bool:
    player = game.players[seat]
    return (
        game.chose(seat, "produce")
        and BONUS not in player.used
        and bool(empty_windfalls(game, seat))
    )


def pending(game: Game, seat: int) -> Iterator[tuple[int, int, Power]]:
    """(card, index in its row V, power) of every unused windfall-produce power with a world."""
    used = game.players[seat].used
    for card, index, power in row(game, seat, "V"):
        fits = power.kind == "windfall" and empty_windfalls(game, seat, power.good)
        if fits and (card, index) not in used:
            yield card, index, power


def owes(game: Game, seat: int) -> bool:
    return bonus_owed(game, seat) or any(True for _ in pending(game, seat))


def refusal(game: Game, seat: int, d: Windfall) -> Rejection | None:
    if d.card is None:
        if not bonus_owed(game, seat):
            return Rejection("RG-P2", "you have no Produce bonus to use now")
        if d.world not in empty_windfalls(game, seat):
            return Rejection("RG-P2", "the bonus good goes on your windfall world without one")
        return None
    power = next((p for c, _, p in pending(game, seat) if c == d.card), None)
    if power is None:
        return Rejection("RG-P4", "use a windfall-produce power you have not used this phase")
    if d.world not in empty_windfalls(game, seat, power.good):
        return Rejection("RG-P4", f"{power.text!r} fills an empty windfall world of its kind")
    return None


def carry_out(batch: Batch, seat: int, d: Windfall) -> None:
    if d.card is None:
        batch.emit(Used(seat=seat, card=BONUS[0]))
    else:
        index = next(i for c, i, _ in pending(batch.game, seat) if c == d.card)
        batch.emit(Used(seat=seat, card=d.card, power=index))
    produce_on(batch, seat, d.world)


def options(game: Game, seat: int) -> list[Windfall]:
    offered = []
    if bonus_owed(game, seat):
        offered += [Windfall(world=w) for w in empty_windfalls(game, seat)]
    for card, _, power in pending(game, seat):
        offered += [Windfall(world=w, card=card) for w in empty_windfalls(game, seat, power.good)]
    return offered


def produce_on(batch: Batch, seat: int, world: int) -> None:
    """A good on the empty world, and its P-V2 draw if it has one: with no card left for the
    good, none is left to draw either."""
    batch.place_good(seat, world)
    powers = batch.game.cards.card(world).powers
    batch.draw(seat, sum(p.n for p in powers if p.kind == "draw_if_produced"))


def begin(batch: Batch) -> None:
    """RG-P1 and the draws that need no production (P-V5, P-V9)."""
    for seat in batch.game.order:
        for world in batch.game.players[seat].tableau:
            card = batch.game.cards.card(world)
            if card.mode == "production" and batch.game.players[seat].good_on(world) is None:
                produce_on(batch, seat, world)
        game = batch.game
        tableau = [game.cards.card(c) for c in game.players[seat].tableau]
        per_world = sum(
            sum(c.is_world and c.good == p.good for c in tableau)
            for _, p in working(game, seat, "draw_per_world")
        )
        batch.draw(seat, total(game, seat, "produce_draw") + per_world)


def end(batch: Batch) -> None:
    """After everyone's production: P-V6 and P-V7, then P-V8 against the other seats."""
    game = batch.game
    kinds = [[game.cards.card(w).good for w in p.produced] for p in game.players]
    for seat in game.order:
        mine = kinds[seat]
        count = sum(mine.count(p.good) for _, p in working(game, seat, "draw_per_good"))
        count += len(set(mine)) * total(game, seat, "draw_per_kind")
        for _, p in working(game, seat, "draw_if_most"):
            theirs = [k.count(p.good) for s, k in enumerate(kinds) if s != seat]
            count += p.n if mine.count(p.good) > max(theirs, default=0) else 0
        batch.draw(seat, count)

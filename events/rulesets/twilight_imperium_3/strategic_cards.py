"""The action cards of a strategic action, of the purchase of a technology and those played "any
time" (TI-Q62 to TI-Q70): for each, what its play must name and why it can do nothing otherwise,
what it does, and the plays `legal` offers. card_effects.py takes them into its EFFECTS."""

from collections.abc import Callable, Iterator

from events.kit.batch import Batch
from events.kit.windows import Window
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3.card_decisions import Lasting, PlayCard
from events.rulesets.twilight_imperium_3.card_events import CardsShown, Lasted, ShipsRepaired
from events.rulesets.twilight_imperium_3.card_plays import alone, lasts
from events.rulesets.twilight_imperium_3.happenings import Exhausted, Opened
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.phase_cards import Entry, Refusal
from events.rulesets.twilight_imperium_3.planets import controlled
from events.rulesets.twilight_imperium_3.state import Game, WindowPrompt, clockwise
from events.rulesets.twilight_imperium_3.technology import gainable, one_short
from events.rulesets.twilight_imperium_3.trade_events import Given

TRADE, TECHNOLOGY = 5, 7  # strategy cards by number (strategy_cards.py imports this module)


# TI-Q62 Policy Paralysis, TI-Q63 Tech Bubble: the strategic action waiting under their window


def _strategic(game: Game) -> int:
    """The strategy card whose primary has just resolved, or 0."""
    waiting = (w for w in reversed(game.stack) if w.prompt == WindowPrompt.PRIMARY_DONE)
    return next((w.about for w in waiting), 0)


def _paralysis_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if not _strategic(game) or d.seat in (-1, seat, game.turn) or not 0 <= d.seat < game.seats:
        return Rejection("TI-Q62", "name an opponent who could follow the secondary")
    return None


def _paralyses(game: Game, seat: int) -> Iterator[PlayCard]:
    return (PlayCard("policy_paralysis", seat=s) for s in clockwise(game, game.turn)[1:])


def _paralysis(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    lasting = Lasting(d.card, seat, other=d.seat, strategy=_strategic(batch.game))
    batch.emit(Lasted(lasting=lasting))


def _bubble_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if _strategic(game) != TECHNOLOGY or seat != game.turn:
        return Rejection("TI-Q63", "only the player of Technology, after its primary")
    if game.players[seat].strategy < 1:
        return Rejection("TI-Q63", "you have no counter in your strategy allocation to spend")
    return None


def _bubble(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    batch.emit(Lasted(lasting=Lasting(d.card, seat, strategy=TECHNOLOGY)))


# TI-Q64 Ruinous Tariffs


def _trade_follower(game: Game) -> int:
    """Who has just followed Trade's secondary, or -1."""
    trade_windows = (
        w for w in reversed(game.stack) if w.prompt == WindowPrompt.SECONDARY and w.about == TRADE
    )
    found = next(trade_windows, None)
    return found.answered[-1] if found is not None and found.answered else -1


def _tariffs_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if d.seat == -1 or d.seat == seat or d.seat != _trade_follower(game):
        return Rejection("TI-Q64", "name the player who has just followed Trade's secondary")
    if game.trade.between(seat, d.seat) is None:
        return Rejection("TI-Q64", "he must be your trade partner")
    if not game.players[d.seat].trade_goods:
        return Rejection("TI-Q64", "he has no trade goods")
    return None


def _tariffs(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    goods = batch.game.players[d.seat].trade_goods
    batch.emit(Given(seat=d.seat, to=seat, trade_goods=(goods + 1) // 2))


def _tariffed(game: Game, seat: int) -> Iterator[PlayCard]:
    follower = _trade_follower(game)
    if follower not in (-1, seat):
        yield PlayCard("ruinous_tariffs", seat=follower)


# TI-Q65 Corporate Sponsorship, TI-Q66 Focused Research, TI-Q67 Opening the Black Box: played
# in Technology's secondary before buying (strategic.py), lasting to the purchase


def _buying(rule: str, could: Callable[[Game, int, str], bool], what: str) -> Refusal:
    def refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
        buying = game.stack and game.stack[-1].prompt == WindowPrompt.SECONDARY
        if not buying or game.stack[-1].about != TECHNOLOGY:
            return Rejection(rule, "play it as you follow Technology's secondary")
        if not any(could(game, seat, t) for t in load().technologies):
            return Rejection(rule, f"there is no {what} for you to buy")
        return None

    return refusal


def _of_colour(colour: str) -> Callable[[Game, int, str], bool]:
    return lambda game, seat, t: (
        load().technologies[t].colour == colour and t in gainable(game, seat)
    )


def _waivable(game: Game, seat: int, technology: str) -> bool:
    owned = set(game.players[seat].technologies)
    return technology not in gainable(game, seat) and (
        technology not in owned and one_short(owned, technology)
    )


# TI-Q70 Master of Trade, played "any time" (any_time.py)

MASTER_AGREEMENTS = 2


def _readied(d: PlayCard) -> tuple[str, ...]:
    return tuple(p for p in (d.planet, d.target) if p)


def _master_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if len(game.trade.of(seat)) < MASTER_AGREEMENTS:
        return Rejection("TI-Q70", "you need two trade agreements in force")
    named = _readied(d)
    exhausted = set(_exhausted(game, seat))
    if not named or len(set(named)) != len(named) or not set(named) <= exhausted:
        return Rejection("TI-Q70", "name one or two exhausted planets of yours")
    return None


def _exhausted(game: Game, seat: int) -> tuple[str, ...]:
    return tuple(
        n for n in sorted(controlled(game.forces, seat)) if game.forces.planets[n].exhausted
    )


def _masters(game: Game, seat: int) -> Iterator[PlayCard]:
    tired = _exhausted(game, seat)
    if tired:
        yield PlayCard("master_of_trade", planet=tired[0], target=tired[1] if tired[1:] else "")


# TI-Q69 Emergency Repairs, played "any time" (any_time.py)


def _damaged(game: Game, seat: int) -> Iterator[str]:
    for position in sorted(game.forces.space):
        damaged = game.forces.fleet(position, seat).damaged
        if damaged.get("dreadnought") or damaged.get("war_sun"):
            yield position


def _repairs_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if d.system not in set(_damaged(game, seat)):
        return Rejection(
            "TI-Q69", "name a system holding a damaged dreadnought or war sun of yours"
        )
    return None


# TI-Q68 Disclosure, played "any time" (any_time.py); its discard is disclosure.py's


def _disclosure_refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    if d.seat in (-1, seat) or not 0 <= d.seat < game.seats or not game.players[d.seat].hand:
        return Rejection("TI-Q68", "name another player holding action cards")
    return None


def _disclosure(batch: Batch[Game], seat: int, d: PlayCard) -> None:
    """His hand shown to the player alone, who then discards one of it (TI-Q68)."""
    batch.emit(CardsShown(seat=d.seat, to=seat))
    batch.emit(Opened(window=Window(WindowPrompt.DISCLOSURE, (seat,), about=d.seat)))


def _disclosures(game: Game, seat: int) -> Iterator[PlayCard]:
    others = (s for s in clockwise(game, seat)[1:] if game.players[s].hand)
    return (PlayCard("disclosure", seat=s) for s in others)


STRATEGIC_EFFECTS: dict[str, Entry] = {
    "policy_paralysis": ("TI-Q62", _paralysis_refusal, _paralysis, _paralyses),
    "tech_bubble": ("TI-Q63", _bubble_refusal, _bubble, alone("tech_bubble")),
    "ruinous_tariffs": ("TI-Q64", _tariffs_refusal, _tariffs, _tariffed),
    "disclosure": ("TI-Q68", _disclosure_refusal, _disclosure, _disclosures),
    "emergency_repairs": (
        "TI-Q69",
        _repairs_refusal,
        lambda b, s, d: b.emit(ShipsRepaired(seat=s, system=d.system)),
        lambda g, s: (PlayCard("emergency_repairs", system=p) for p in _damaged(g, s)),
    ),
    "master_of_trade": (
        "TI-Q70",
        _master_refusal,
        lambda b, s, d: b.emit(Exhausted(seat=s, planets=_readied(d), ready=True)),
        _masters,
    ),
    "corporate_sponsorship": (
        "TI-Q65",
        _buying("TI-Q65", _of_colour("green"), "green technology"),
        lasts,
        alone("corporate_sponsorship"),
    ),
    "focused_research": (
        "TI-Q66",
        _buying("TI-Q66", _waivable, "technology a prerequisite short"),
        lasts,
        alone("focused_research"),
    ),
    "opening_the_black_box": (
        "TI-Q67",
        _buying("TI-Q67", _of_colour("red"), "red technology"),
        lasts,
        alone("opening_the_black_box"),
    ),
}


def paralysed(game: Game, seat: int, card: int) -> bool:
    """Policy Paralysis bars him from this card's secondary (TI-Q62)."""
    return any(
        last.card == "policy_paralysis" and last.other == seat and last.strategy == card
        for last in game.lasting
    )


def bubbled(game: Game, seat: int) -> bool:
    """Tech Bubble: he follows his own Technology's secondary too (TI-Q63)."""
    return any(last.card == "tech_bubble" and last.seat == seat for last in game.lasting)

"""Action cards in words: the text commands (`play Good Year`, `play Local Unrest on Abyz`,
`play Insubordination naming Sol`, `play Transport from Jord to Abyz with 3 gf`, `play Lucky
Shot at 203 naming Mentak hitting cruiser`, `play Patrol: cruiser 204 to 205`, `play Recheck
naming Mentak die 2`, `sabotage`, `no sabotage`, `no card`, `discard Patrol, Sabotage`, `take
12`: Synchronicity's card by its place in the deck shown) and a line for each card event, the
cards of a hidden hand named only to the eyes that may see them."""

import re
from collections.abc import Callable
from typing import Any

import msgspec

from events.kit.words import count, listing
from events.ruleset import Field, Section, Table
from events.rulesets.twilight_imperium_3.action_cards import UNSEEN, copies
from events.rulesets.twilight_imperium_3.action_cards import name as card_name
from events.rulesets.twilight_imperium_3.card_decisions import (
    Discard,
    NoCard,
    NoSabotage,
    PlayCard,
    Sabotage,
    TakeCard,
)
from events.rulesets.twilight_imperium_3.card_events import (
    CardCancelled,
    CardChosen,
    CardPlayed,
    CardResolved,
    CardsDiscarded,
    CardsDrawn,
    CardSearched,
    CardsRevealed,
    CardsShown,
    CardsTaken,
    CommandLost,
    CounterLifted,
    CounterPlaced,
    DeckShuffled,
    DiceRolled,
    FleetChanged,
    HoldingsChanged,
    Lasted,
    PickReturned,
    PicksOver,
    ShipsRepaired,
    TradeGoodsTaken,
)
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.recheck import RECHECK
from events.rulesets.twilight_imperium_3.reparations import REPARATIONS
from events.rulesets.twilight_imperium_3.state import Game, WindowPrompt
from events.rulesets.twilight_imperium_3.text_words import (
    by_name,
    planet_named,
    read_payment,
    read_unit,
    read_warship,
    render_payment,
    unit_name,
    warship_text,
)
from events.rulesets.twilight_imperium_3.text_words import system as read_system

WORDS = ("sabotage", "no sabotage", "no card")
KEYS = ("on", "at", "naming", "and", "from", "to", "with", "hitting", "barring", "taking", "giving")
KEYS += ("readying",)  # Reparations' own planet (TI-Q73)
KEYS += ("copying", "paying")  # Touch of Genius's card copied and payment (TI-Q75)
KEYS += ("die",)  # Recheck's die, by its place in its player's roll (TI-Q77)
SPLIT = re.compile(rf" ({'|'.join(KEYS)}) ")


def card_id(said: str) -> str:
    return by_name(said, {c.id: c.name for c in load().action_cards.values()}, "action card")


def is_card(said: str) -> bool:
    """Whether `play <said>` names an action card (not a strategy card)."""
    head = SPLIT.split(f" {said.partition(':')[0]} ")[0]
    try:
        card_id(head)
    except ValueError:
        return False
    return True


def read(game: Game, said: str) -> Any:
    """A card command, or None for one that is not."""
    if said in WORDS:
        return {"sabotage": Sabotage(), "no sabotage": NoSabotage(), "no card": NoCard()}[said]
    verb, _, rest = said.partition(" ")
    if verb == "discard":
        return Discard(cards=tuple(card_id(c) for c in rest.split(",") if c.strip()))
    if verb == "take" and rest.isdigit() and len(rest) <= 3:  # TI-Q76
        return TakeCard(place=int(rest))
    if verb == "play" and is_card(rest):
        return _read_play(game, rest)
    return None


def _read_play(game: Game, rest: str) -> PlayCard:
    head, colon, moves = rest.partition(":")
    parts = SPLIT.split(f" {head.strip()} ")
    fields: dict[str, Any] = {"card": card_id(parts[0])}
    for key, value in zip(parts[1::2], parts[2::2], strict=True):
        value = value.strip()
        if key in ("on", "from"):
            fields["planet"] = planet_named(value)
        elif key == "at":
            fields["system"] = read_system(value)
        elif key in ("naming", "and"):
            races = {str(s): p.race for s, p in enumerate(game.players)}
            fields["seat" if key == "naming" else "partner"] = int(by_name(value, races, "race"))
        elif key in ("barring", "taking", "giving"):
            cards = {str(c.number): c.name for c in load().strategy_cards}
            fields["giving" if key == "giving" else "strategy"] = int(
                by_name(value, cards, "strategy card")
            )
        elif key in ("to", "readying"):
            fields["target"] = planet_named(value)
        elif key == "copying":
            fields["copied"] = card_id(value)
        elif key == "paying":
            fields["paying"], fields["trade_goods"] = read_payment(value)
        elif key == "with":
            match = re.fullmatch(r"(\d{1,2}) (.+)", value)
            if match is None or read_unit(match.group(2)) != "ground_force":
                raise ValueError("write 'with <n> gf'")
            fields["count"] = int(match.group(1))
        elif key == "die":
            if not re.fullmatch(r"\d{1,2}", value):
                raise ValueError("write 'die <n>', n its place in the roll")
            fields["count"] = int(value)
        else:
            fields["unit"] = read_unit(value)
    if colon:
        fields["ships"] = tuple(read_warship(m) for m in moves.split(","))
    return PlayCard(**fields)


def render(game: Game, decision: Any) -> str:
    match decision:
        case Sabotage():
            return "sabotage"
        case NoSabotage():
            return "no sabotage"
        case NoCard():
            return "no card"
        case Discard(cards=cards):
            names = load().action_cards
            return "discard " + ", ".join(names[c].name for c in cards)
        case PlayCard():
            return "play " + play_words(game, decision)
        case TakeCard(place=place):
            return f"take {place}"
    return ""


def play_words(game: Game, d: PlayCard, named: Callable[[int], str] | None = None) -> str:
    """The card and what it names, as `play` writes them (its seats by race), or as a line
    tells them with `named` (its seats by player)."""
    seat_words = named or (lambda seat: _race(game, seat))
    if d.copied:  # Touch of Genius: the card copied as its play would name it, and the payment
        plain = msgspec.structs.replace(d, card=d.copied, copied="", paying=(), trade_goods=0)
        head, colon, moves = play_words(game, plain, named).partition(":")  # Patrol's moves last
        payment = render_payment(d.paying, d.trade_goods)
        return f"{load().action_cards[d.card].name} copying {head}{payment}{colon}{moves}"
    said = [load().action_cards[d.card].name]
    readying = d.card == REPARATIONS  # its second planet is his own, readied (TI-Q73)
    if d.planet:
        said.append(f"{'from' if d.target and not readying else 'on'} {d.planet}")
    if d.system:
        said.append(f"at {d.system}")
    if 0 <= d.seat < game.seats:
        said.append(f"naming {seat_words(d.seat)}")
    if 0 <= d.partner < game.seats:
        said.append(f"and {seat_words(d.partner)}")
    if d.strategy:
        verb = "barring" if d.card == "strategic_shift" else "taking"
        said.append(f"{verb} {_strategy_name(d.strategy)}")
    if d.giving:
        said.append(f"giving {_strategy_name(d.giving)}")
    if d.target:
        said.append(f"{'readying' if readying else 'to'} {d.target}")
    if d.count:
        said.append(f"die {d.count}" if (d.copied or d.card) == RECHECK else f"with {d.count} gf")
    if d.unit:
        said.append(f"hitting {unit_name(d.unit)}")
    moves = ", ".join(map(warship_text, d.ships))
    return " ".join(said) + (f": {moves}" if moves else "")


def _race(game: Game, seat: int) -> str:
    return game.players[seat].race.replace("_", " ")


def _strategy_name(card: int) -> str:
    return load().strategy_cards[card - 1].name


def _cards(cards: tuple[int, ...]) -> str:
    return listing(map(card_name, cards))


def narrate(
    before: Game | None, event: Any, seat: int | None, name: Callable[[int], str]
) -> str | None:
    """The event's line as `seat` may read it, or None for an event not of the cards."""
    game = before
    match event:
        case DeckShuffled(deck=deck):
            return f"the action deck is shuffled ({count(len(deck))})"
        case CardsDrawn(seat=s, cards=cards):
            drawn = _cards(cards) if seat == s else count(len(cards), "action card")
            return f"{name(s)} draws {drawn}"
        case CardsDiscarded(seat=s, cards=cards):
            return f"{name(s)} discards {_cards(cards)}"
        case CardPlayed(seat=s, play=play):
            words = play_words(game, play, name) if game is not None else card_name(event.card)
            return f"{name(s)} plays {words}"
        case CardChosen(seat=s, play=play):
            if seat != s:
                return f"{name(s)} has answered"  # sealed: never what
            return f"you answer: {load().action_cards[play.card].name if play else _none(game)}"
        case CardsRevealed(answers=answers):
            said = [
                f"{name(s)}: {load().action_cards[a.card].name}"
                for s, a in enumerate(answers)
                if a is not None
            ]
            return f"the answers are revealed: {listing(said) if said else _none(game)}"
        case CardCancelled(seat=s):
            return f"{name(s)}'s Sabotage cancels {_waiting(game, name)}"
        case CardResolved(returned=True):
            return f"{_waiting(game, name)} comes back to its player's hand"
        case CardResolved():
            return f"{_waiting(game, name)} resolves"
        case CardsTaken(seat=s, other=other, cards=cards):
            taken = _cards(cards) if seat in (s, other) else count(len(cards), "action card")
            return f"{name(s)} takes {taken} from {name(other)}"
        case Lasted(lasting=lasting):
            return f"{load().action_cards[lasting.card].name} lasts until the status phase"
        case HoldingsChanged(planets=planets):
            return "; ".join(
                f"{p}: {_holder(h.controller, name)}{_units(h.units)}" for p, h in planets.items()
            )
        case FleetChanged(seat=s, system=system, units=units):
            return f"{name(s)}'s ships in {system}: {_units(units).strip(', ') or 'none'}"
        case CardSearched(seat=s, card=card):
            taken = card_name(card) if seat == s else "a card"
            return f"{name(s)} takes {taken} from the action deck"
        case CardsShown(seat=s, to=to):
            return f"{name(s)}'s action cards are shown to {name(to)}"
        case ShipsRepaired(seat=s, system=system):
            return f"{name(s)}'s dreadnoughts and war suns in {system} are repaired"
        case CommandLost(seat=s):
            return f"{name(s)} loses a command counter from his command pool"
        case CounterLifted(seat=s, system=system):
            return f"{name(s)}'s command counter in {system} goes back to his reinforcements"
        case TradeGoodsTaken(seat=s, other=other, kept=kept):
            return f"{name(s)} takes {name(other)}'s trade goods and keeps {kept}"
        case PickReturned(seat=s, card=card):
            return f"{name(s)} returns {_strategy_name(card)} to the common area"
        case PicksOver():
            return "every strategy card is picked"
        case CounterPlaced(seat=s, system=system):
            return f"a command counter of {name(s)}'s reinforcements goes to {system}"
        case DiceRolled(seat=s, dice=dice, hits=hits):
            rolled = ", ".join(str(d or 10) for d in dice)
            return f"{name(s)} rolls {rolled}: {count(hits, 'hit')}"
    return None


def _none(game: Game | None) -> str:
    """A window's answers when no card is played: a Sabotage window's are no Sabotage."""
    sabotage = game is not None and game.stack and game.stack[-1].prompt == WindowPrompt.SABOTAGE
    return "no Sabotage" if sabotage else "no card"


def _waiting(game: Game | None, name: Callable[[int], str]) -> str:
    """The first card waiting to resolve, with its player: `Ann's Plague`."""
    if game is None or not game.pending:
        return "the card"
    first = game.pending[0]
    return f"{name(first.seat)}'s {card_name(first.card)}"


def _holder(controller: int | None, name: Callable[[int], str]) -> str:
    return "neutral" if controller is None else name(controller)


def _units(units: dict[str, int]) -> str:
    return "".join(f", {n} {unit_name(u)}" for u, n in units.items() if n)


def hands_section(view: Game, name: Callable[[int], str]) -> Section:
    """Each player's hand of action cards as the view shows it: its size, and each card the
    viewer may see (his own, those he has seen in another's) with its effect in our words;
    the deck and the discard pile."""
    rows = tuple(
        (
            name(s),
            str(len(p.hand)),
            "; ".join(_card_line(c) for c in p.hand if c != UNSEEN),
        )
        for s, p in enumerate(view.players)
    )
    piles = (
        Field("Action deck", count(len(view.deck))),
        *_deck_shown(view.deck),
        Field("Discarded", listing(map(card_name, view.discard)) if view.discard else "none"),
    )
    hands = Table("Hands", ("Player", "Cards", "Seen"), rows)
    return Section("Action cards", piles, tables=(hands,))


def _deck_shown(deck: tuple[int, ...]) -> tuple[Field, ...]:
    """The deck shown to the viewer alone as he takes a card of it (TI-Q76): each card by name,
    with its places from the top (`take <place>`)."""
    if not deck or UNSEEN in deck:
        return ()
    places: dict[str, list[str]] = {}
    for place, copy in enumerate(deck, 1):
        places.setdefault(card_name(copy), []).append(str(place))
    cards = "; ".join(f"{card} ({', '.join(places[card])})" for card in sorted(places))
    return (Field("Deck shown to you (take <place>)", cards),)


def _card_line(copy: int) -> str:
    card = load().action_cards[copies()[copy]]
    return f"{card.name} ({card.timing}): {card.effect}"

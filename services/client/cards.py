"""`starledger cards GAME [NAME] [--json]`: the card lookup, every distinct card of a game's
card set with its cost, numbers, text and copies."""

import argparse
from typing import Any

import msgspec

from events.ruleset import CardInfo, load_rulesets
from services.client.http import ClientError, Gateway, guarded, segment


def matching(cards: list[CardInfo], name: str | None) -> list[CardInfo]:
    """The cards whose name holds `name` (any case); an exact name is that card alone."""
    if not name:
        return cards
    wanted = name.casefold()
    exact = [c for c in cards if c.name.casefold() == wanted]
    return exact or [c for c in cards if wanted in c.name.casefold()]


def card_lines(card: CardInfo) -> list[str]:
    copies = f"{card.copies} {'copy' if card.copies == 1 else 'copies'}"
    head = ", ".join(part for part in (card.kind, card.deck, copies) if part)
    cost = f"; costs {card.cost}" if card.cost is not None else ""
    numbers = " · ".join(f"{label} {value}" for label, value in card.numbers.items())
    return [
        f"{card.name}: {head}{cost}",
        *([f"  {numbers}"] if numbers else []),
        *(f"  {ability}" for ability in card.abilities),
    ]


def _cards(args: argparse.Namespace) -> int:
    with Gateway() as gateway:
        cards = gateway.get(f"/games/{segment(args.game)}/cards", list[CardInfo])
    shown = matching(cards, args.name)
    if not shown:
        raise ClientError(f"{args.game} has no card named like {args.name!r}")
    if args.json:
        print(msgspec.json.format(msgspec.json.encode(shown)).decode())
    else:
        print("\n".join(line for card in shown for line in card_lines(card)))
    return 0


def add_parser(subparsers: Any) -> None:
    cards = subparsers.add_parser(
        "cards", help="a game's cards: cost, numbers, text and copies of each"
    )
    cards.add_argument("game", metavar="GAME", help=f"one of {', '.join(load_rulesets())}")
    cards.add_argument("name", nargs="?", metavar="NAME", help="only cards named like this")
    cards.add_argument("--json", action="store_true", help="one JSON object per distinct card")
    cards.set_defaults(func=guarded(_cards))

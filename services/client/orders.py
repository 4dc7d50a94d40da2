"""`starledger orders MATCH [list|leave|change|withdraw]`: a seat's standing orders, which answer
for it when asked a prompt ("when asked main at the start of my turn, answer play all"). Only
the seat's token reads or changes them."""

import argparse

import msgspec

from events.standing_orders import UNTIL_WORDS
from services.client import tokens
from services.client.http import Gateway, guarded, segment
from services.gateway import api


def _path(match_id: str, number: int | None = None) -> str:
    tail = "" if number is None else f"/{number}"
    return f"/matches/{segment(match_id)}/orders{tail}"


def order_line(order: api.StandingOrderShown) -> str:
    """An order as its seat reads it: `#3 when asked main at the start of my turn: play all`."""
    condition = f" {order.condition}" if order.condition else ""
    line = f"#{order.number} when asked {order.prompt}{condition}: {order.answer}"
    times = f"answered {order.answered} times"
    line += f" (until {order.until}, left at entry {order.left_at}, {times})"
    if order.ended_at is not None:
        line += f": ended at entry {order.ended_at}, {order.ended_why}"
    return line


def _list(args: argparse.Namespace) -> int:
    _, token = tokens.seat_token(args.match_id, args.seat)
    with Gateway(token) as gateway:
        found = gateway.get(_path(args.match_id), api.StandingOrders)
    print(f"Standing orders of seat {found.seat} of {found.match_id} (no one else reads them):")
    for order in found.orders:
        print(f"  {order_line(order)}")
    if not found.orders:
        print("  none")
    print("Prompts an order may name:")
    for prompt, words in found.prompts.items():
        conditions = found.conditions.get(prompt, [])
        when = f"; conditions: {', '.join(repr(c) for c in conditions)}" if conditions else ""
        automatic = " (automatic where it has one answer)" if prompt in found.automatic else ""
        print(f"  {prompt}: {words}{when}{automatic}")
    return 0


def _body(args: argparse.Namespace) -> api.StandingOrder:
    return api.StandingOrder(
        prompt=args.prompt, answer=args.answer, condition=args.condition or "", until=args.until
    )


def _leave(args: argparse.Namespace) -> int:
    _, token = tokens.seat_token(args.match_id, args.seat)
    body = msgspec.to_builtins(_body(args))
    with Gateway(token) as gateway:
        if args.action == "change":
            reply = gateway.request("PUT", _path(args.match_id, args.number), json=body)
        else:
            reply = gateway.request("POST", _path(args.match_id), json=body)
    left = msgspec.json.decode(reply.content, type=api.StandingOrderShown)
    print(f"{'changed' if args.action == 'change' else 'left'}: {order_line(left)}")
    return 0


def _withdraw(args: argparse.Namespace) -> int:
    _, token = tokens.seat_token(args.match_id, args.seat)
    with Gateway(token) as gateway:
        gateway.request("DELETE", _path(args.match_id, args.number))
    print(f"standing order #{args.number} withdrawn")
    return 0


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    orders = subparsers.add_parser(
        "orders", help="your seat's standing orders: list, leave, change, withdraw"
    )
    orders.add_argument("match_id", metavar="MATCH")
    orders.add_argument("--seat", type=int, metavar="S", help="which of your seats, if several")
    orders.set_defaults(func=guarded(_list))
    actions = orders.add_subparsers(dest="action")
    actions.add_parser("list", help="your orders, and the prompts they may name").set_defaults(
        func=guarded(_list)
    )
    for action, what in (("leave", "leave an order"), ("change", "change order NUMBER")):
        parser = actions.add_parser(action, help=what)
        if action == "change":
            parser.add_argument("number", type=int, metavar="NUMBER")
        parser.add_argument("prompt", metavar="PROMPT", help="a prompt the game declares")
        parser.add_argument(
            "answer", metavar="ANSWER", help="a command, or alternatives split by ';'"
        )
        parser.add_argument("--if", dest="condition", metavar="CONDITION", default="")
        parser.add_argument(
            "--until",
            choices=list(UNTIL_WORDS),
            default="match",
            help="; ".join(f"{k}: {v}" for k, v in UNTIL_WORDS.items()),
        )
        parser.set_defaults(func=guarded(_leave))
    withdraw = actions.add_parser("withdraw", help="withdraw order NUMBER")
    withdraw.add_argument("number", type=int, metavar="NUMBER")
    withdraw.set_defaults(func=guarded(_withdraw))

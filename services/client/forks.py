"""`starledger fork MATCH --at SEQ [--bot 1:greedy ...]`: a practice match that starts after an
entry of another (an ended match whole, a running one as your seat sees it), its seats open
but for the bots named; once the lobby lists it, join its open seats like any match's."""

import argparse
from typing import Any

from services.client import tokens
from services.client.http import Gateway, guarded, segment
from services.client.match import SHOWS_UP_S, describe, lobby_row, parse_bot
from services.gateway import api


def _fork(args: argparse.Namespace) -> int:
    token = (
        tokens.seat_token(args.match_id, args.seat)[1]
        if args.seat is not None
        else tokens.reader_token(args.match_id)
    )
    wanted = api.NewFork(at=args.at, bots=[parse_bot(b) for b in args.bot])
    with Gateway(token) as gateway:
        asked = gateway.post(f"/matches/{segment(args.match_id)}/forks", wanted, api.ForkAsked)
        view = "whole" if asked.seat is None else f"as seat {asked.seat} sees it"
        print(f"forking {asked.of} after entry {asked.at} ({view}) into {asked.match_id}…")
        row = lobby_row(gateway, asked.match_id, SHOWS_UP_S)
    print("\n".join(describe(row)))
    print(f"  join it: starledger match join {asked.match_id} --seat S --player NAME")
    return 0


def add_parser(commands: Any) -> None:
    fork = commands.add_parser(
        "fork",
        help="fork a match after an entry into a practice match (an ended one whole, a running"
        " one as your seat sees it); never rated",
    )
    fork.add_argument("match_id", metavar="MATCH")
    fork.add_argument(
        "--at", type=int, required=True, metavar="SEQ", help="the entry to fork after"
    )
    fork.add_argument("--seat", type=int, help="your seat of a running match, if you hold several")
    fork.add_argument(
        "--bot", action="append", default=[], help="a bot for a seat of the fork, e.g. 1:greedy"
    )
    fork.set_defaults(func=guarded(_fork))

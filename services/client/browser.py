"""`starledger match open`: a seat of yours in the browser, through a sign-in link good for a
few minutes and once, so no token is pasted from a file."""

import argparse
from typing import Any

from services.client import players, tokens
from services.client.http import ClientError, Gateway, guarded, segment
from services.gateway import api


def _speaker(match_id: str, seat: int | None) -> str:
    """The seat's saved token, else the player's (which speaks for its seat of the match)."""
    try:
        return tokens.seat_token(match_id, seat)[1]
    except ClientError:
        if (player := players.player_token(required=False)) is None:
            raise
        return player


def _open(args: argparse.Namespace) -> int:
    with Gateway(_speaker(args.match_id, args.seat)) as gateway:
        path = f"/matches/{segment(args.match_id)}/seat/link"
        link = gateway.post(path, api.NewSeatLink(expires_s=args.expires), api.SeatLink)
        until = f"once, until {link.expires_at}"
        print(f"open seat {link.seat} of {link.match_id} in a browser ({until}):")
        print(f"{gateway.url}{link.path}")
    return 0


def add_parsers(commands: Any) -> None:
    opened = commands.add_parser("open", help="a link that opens your seat in a browser, once")
    opened.add_argument("match_id", metavar="ID")
    opened.add_argument("--seat", type=int, metavar="S", help="which of your seats, if several")
    opened.add_argument("--expires", type=int, metavar="SECONDS", help="default and most: 300")
    opened.set_defaults(func=guarded(_open))

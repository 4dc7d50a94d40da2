"""`starledger upgrade MATCH --version N` (organiser): move a running match to version N of its
game (SL-26), set back to before the first decision N judges otherwise, if any (`starledger
rejudge --version N GAME` lists them first): the bots worker re-judges it and sends the move,
whose ruling this waits for."""

import argparse
from typing import Any

from services.client import tokens
from services.client.http import ClientError, Gateway, guarded, segment, verdict
from services.gateway import api

MOVE_WAIT_S = 60.0  # the bots worker re-judges the whole match before it sends the move


def _upgrade(args: argparse.Namespace) -> int:
    wanted = api.NewVersion(version=args.version)
    with Gateway(tokens.organiser_token()) as gateway:
        path = f"/matches/{segment(args.match_id)}/upgrade"
        sent = gateway.post(path, wanted, api.Submitted)
        ruling = gateway.ruling(args.match_id, sent.decision_id, wait_s=MOVE_WAIT_S)
    what = f"{args.match_id} moved to version {args.version}"
    if ruling.status != "accepted":
        raise ClientError(f"{what}: {verdict(ruling)}")
    print(f"{what}: accepted at entries {ruling.first_seq} to {ruling.last_seq}")
    if ruling.last_seq is not None and ruling.first_seq is not None:
        if ruling.last_seq - ruling.first_seq > 1:  # its ruling, a SetAside, match.upgraded
            print("  set back to before the first decision that version judges otherwise:")
            print(f"  starledger explain {args.match_id} {ruling.first_seq + 1} tells which")
        else:
            print("  that version judges every entry the same: nothing set aside")
    return 0


def add_parser(commands: Any) -> None:
    upgrade = commands.add_parser(
        "upgrade",
        help="move a running match to another version of its game (organiser): set back to"
        " before the first decision that version judges otherwise, then judged by it",
    )
    upgrade.add_argument("match_id", metavar="MATCH")
    upgrade.add_argument("--version", required=True, metavar="N")
    upgrade.set_defaults(func=guarded(_upgrade))

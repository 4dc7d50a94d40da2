"""`starledger upgrade MATCH --version N` (organiser): move a running match to version N of its
game (SL-26). The gateway re-judges it under N and sets it back to before the first decision N
judges otherwise, if any (`starledger rejudge --version N GAME` lists them first)."""

import argparse
from typing import Any

from services.client import tokens
from services.client.http import ClientError, Gateway, guarded, segment, verdict
from services.gateway import api


def _upgrade(args: argparse.Namespace) -> int:
    wanted = api.NewVersion(version=args.version)
    with Gateway(tokens.organiser_token()) as gateway:
        path = f"/matches/{segment(args.match_id)}/upgrade"
        sent = gateway.post(path, wanted, api.Upgrading)
        ruling = gateway.ruling(args.match_id, sent.decision_id)
    what = f"{args.match_id} moved to version {sent.version}"
    if ruling.status != "accepted":
        raise ClientError(f"{what}: {verdict(ruling)}")
    if sent.first is None:
        print(f"{what}: it judges every entry to {sent.checked} the same; nothing set aside")
    else:
        print(
            f"{what}: set back to before entry {sent.first}, the first decision it judges"
            f" otherwise (entries {sent.first} to {sent.checked} set aside)"
        )
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

"""The `starledger` commands of players, organisers and auditors, over the HTTP gateway
($STARLEDGER_GATEWAY, default http://127.0.0.1:8000)."""

import argparse
from typing import Any

from services.client import (
    cards,
    corrections,
    forks,
    leagues,
    match,
    messages,
    notices,
    orders,
    play,
    players,
    rejudge,
    replay,
    stats,
    upgrade,
)
from services.client.http import guarded
from services.client.verify import run as verify_match


def _verify(args: argparse.Namespace) -> int:
    return verify_match(args.match_id)


def add_parsers(subparsers: Any) -> None:
    """`match new|list|show|join|invite|replace|hand-to-bot|open-view|revoke`,
    `player new|show|notices`, `games`, `token revoke`, `play`, `say`, `replay`, `explain`,
    `cards`, `stats`, `league open|join|withdraw|show|list`, `msg`, `messages`, `mute`,
    `unmute`, `takeback`, `dispute`, `resolve`, `orders`, `fork`, `rejudge`, `upgrade` and
    `verify`."""
    match.add_parser(subparsers)
    notices.add_parser(players.add_parsers(subparsers))
    play.add_parsers(subparsers)
    messages.add_parsers(subparsers)
    replay.add_parsers(subparsers)
    cards.add_parser(subparsers)
    stats.add_parser(subparsers)
    leagues.add_parser(subparsers)
    corrections.add_parsers(subparsers)
    orders.add_parser(subparsers)
    forks.add_parser(subparsers)
    rejudge.add_parser(subparsers)
    upgrade.add_parser(subparsers)
    verify = subparsers.add_parser(
        "verify",
        help="re-judge a match from the archive ($DATABASE_URL); OK or the first "
        "entry that differs (exit 1)",
    )
    verify.add_argument("match_id", metavar="ID")
    verify.set_defaults(func=guarded(_verify))

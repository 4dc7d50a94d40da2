"""The organiser's seat tools from the command line: `match invite|replace|hand-to-bot|open-view|
revoke`."""

import argparse
from typing import Any

from services.client import tokens
from services.client.http import ClientError, Gateway, guarded, segment, verdict
from services.gateway import api


def _path(args: argparse.Namespace, tool: str) -> str:
    return f"/matches/{segment(args.match_id)}/seats/{args.seat}/{tool}"


def _invite(args: argparse.Namespace) -> int:
    with Gateway(tokens.organiser_token()) as gateway:
        made = gateway.post(
            _path(args, "invite"), api.NewInvite(expires_s=args.expires), api.Invite
        )
    where = f"{made.match_id} --seat {made.seat}"
    print(f"seat {made.seat} of {made.match_id} is reserved until {made.expires_at}: {made.code}")
    print(f"  the player joins: starledger match join {where} --invite {made.code}")
    return 0


def _judged(gateway: Gateway, match_id: str, seat: int, decision_id: str, what: str) -> int:
    ruling = gateway.ruling(match_id, decision_id, seat)
    if ruling.status != "accepted":
        raise ClientError(f"{what}: {verdict(ruling)}")
    print(f"{what}: accepted")
    return 0


def _replace(args: argparse.Namespace) -> int:
    body = api.Replace(player=args.player, player_id=args.player_id, note=args.note)
    with Gateway(tokens.organiser_token()) as gateway:
        done = gateway.post(_path(args, "replace"), body, api.Replaced)
        what = f"{args.player} holds seat {args.seat} of {args.match_id}"
        _judged(gateway, args.match_id, args.seat, done.decision_id, what)
    print(
        f"  {done.revoked} token(s) of the former player revoked; the new seat token, for "
        f"{args.player} alone:\n{done.token}"
    )
    return 0


def _hand_to_bot(args: argparse.Namespace) -> int:
    body = api.HandOver(level=args.level, note=args.note)
    with Gateway(tokens.organiser_token()) as gateway:
        done = gateway.post(_path(args, "hand-to-bot"), body, api.Submitted)
        what = f"seat {args.seat} of {args.match_id} is the bot's for good"
        return _judged(gateway, args.match_id, args.seat, done.decision_id, what)


def _open_view(args: argparse.Namespace) -> int:
    body = api.OpenView(note=args.note)
    with Gateway(tokens.organiser_token()) as gateway:
        done = gateway.post(_path(args, "open-view"), body, api.Submitted)
        what = f"seat {args.seat}'s hidden information is open to you as of now"
        return _judged(gateway, args.match_id, args.seat, done.decision_id, what)


def _revoke(args: argparse.Namespace) -> int:
    with Gateway(tokens.organiser_token()) as gateway:
        done = gateway.post(_path(args, "revoke"), {}, api.Revoked)
    print(f"{done.revoked} token(s) of seat {args.seat} of {args.match_id} revoked")
    return 0


def add_parsers(commands: Any) -> None:
    def tool(name: str, summary: str) -> argparse.ArgumentParser:
        parser = commands.add_parser(name, help=f"{summary} (organiser)")
        parser.add_argument("match_id", metavar="ID")
        parser.add_argument("--seat", type=int, required=True, metavar="S")
        return parser

    invite = tool("invite", "reserve an open seat for a single-use invite code")
    invite.add_argument("--expires", type=int, metavar="SECONDS", help="default: 7 days")
    invite.set_defaults(func=guarded(_invite))
    replace = tool("replace", "seat another player; the former one's tokens stop")
    replace.add_argument("--player", required=True, metavar="NAME")
    replace.add_argument("--player-id", metavar="ID", help="whose player token acts for it too")
    replace.add_argument("--note", default="", help="why, for the log")
    replace.set_defaults(func=guarded(_replace))
    hand = tool("hand-to-bot", "hand a seat to the game's bot for good")
    hand.add_argument("--level", metavar="LEVEL", help="default: the game's strongest")
    hand.add_argument("--note", default="", help="why, for the log")
    hand.set_defaults(func=guarded(_hand_to_bot))
    opened = tool("open-view", "see a seat's hidden information, told to every player")
    opened.add_argument("--note", default="", help="why, for the log")
    opened.set_defaults(func=guarded(_open_view))
    tool("revoke", "revoke every token of a seat").set_defaults(func=guarded(_revoke))

"""`starledger msg MATCH [--to 2,3] TEXT` (write, as your seat or `--organiser`), `starledger
messages MATCH` (read what you may), `mute`/`unmute`; and the lines `play` prints of them."""

import argparse
from typing import Any

from services.client import tokens
from services.client.http import ClientError, Gateway, guarded, segment
from services.gateway import api


def recipients(text: str) -> list[int]:
    """`2,3` as [2, 3]."""
    try:
        return [int(part) for part in text.replace(" ", "").split(",") if part]
    except ValueError:
        raise ClientError(f"--to takes seat numbers like 2,3, not {text!r}") from None


def send(gateway: Gateway, match_id: str, text: str, to: list[int], signed: bool = True) -> str:
    """Write the message; the words to print."""
    body = api.Message(text, to, signed)
    gateway.post(f"/matches/{segment(match_id)}/messages", body, api.Submitted)
    whom = f"seats {', '.join(map(str, to))}" if to else "everyone"
    return f"message to {whom} sent" + ("" if signed else " unsigned")


def lines(found: list[api.MessageRead]) -> list[str]:
    """A line a message, its text as written (newlines shown as such, nothing interpreted)."""
    shown = []
    for m in found:
        to = f" to seats {', '.join(map(str, m.to))}" if m.to else ""
        mark = "* " if m.unread else "  "
        said = f"[{m.hidden}]" if m.hidden else repr(m.text)
        shown.append(f"{mark}#{m.seq} {m.writer}{to}: {said}")
    return shown


def read(gateway: Gateway, match_id: str, after: int = 0) -> api.MessagesReply:
    path = f"/matches/{segment(match_id)}/messages"
    return gateway.get(path, api.MessagesReply, {"after": after})


def _token(args: argparse.Namespace) -> str | None:
    if args.organiser:
        return tokens.organiser_token()
    return tokens.seat_token(args.match_id, args.seat)[1]


def _msg(args: argparse.Namespace) -> int:
    with Gateway(_token(args)) as gateway:
        to = recipients(args.to) if args.to else []
        print(send(gateway, args.match_id, " ".join(args.text), to, not args.unsigned))
    return 0


def _messages(args: argparse.Namespace) -> int:
    with Gateway(_token(args)) as gateway:
        found = read(gateway, args.match_id)
        print(*(lines(found.messages) or ["no messages"]), sep="\n")
        if found.messages and not args.organiser:
            last = found.messages[-1].seq
            gateway.post(f"/matches/{segment(args.match_id)}/messages/read/{last}", {}, dict)
    return 0


def _mute(args: argparse.Namespace) -> int:
    _, token = tokens.seat_token(args.match_id, args.seat)
    with Gateway(token) as gateway:
        path = f"/matches/{segment(args.match_id)}/mutes/{args.other}"
        method = "PUT" if args.func_name == "mute" else "DELETE"
        muted = gateway.request(method, path).json()["muted"]
    print(f"muted seats: {', '.join(map(str, muted)) or 'none'}")
    return 0


def add_parsers(subparsers: Any) -> None:
    msg = subparsers.add_parser("msg", help="write to every seat, or to some (--to 2,3)")
    msg.add_argument("match_id", metavar="ID")
    msg.add_argument("text", nargs="+", metavar="TEXT")
    msg.add_argument("--to", metavar="SEATS", help="the seats to write to privately: 2,3")
    msg.add_argument("--unsigned", action="store_true", help="leave it unsigned, if allowed")
    msg.add_argument("--seat", type=int, metavar="S", help="which of your seats, if several")
    msg.add_argument("--organiser", action="store_true", help="write as the organiser")
    msg.set_defaults(func=guarded(_msg))
    read_them = subparsers.add_parser("messages", help="the messages you may read (* unread)")
    read_them.add_argument("match_id", metavar="ID")
    read_them.add_argument("--seat", type=int, metavar="S", help="which of your seats, if several")
    read_them.add_argument("--organiser", action="store_true", help="read as the organiser")
    read_them.set_defaults(func=guarded(_messages))
    for name, what in (("mute", "stop reading"), ("unmute", "read again")):
        command = subparsers.add_parser(name, help=f"{what} a seat's signed messages")
        command.add_argument("match_id", metavar="ID")
        command.add_argument("other", type=int, metavar="SEAT")
        command.add_argument("--seat", type=int, metavar="S", help="which of your seats")
        command.set_defaults(func=guarded(_mute), func_name=name)

"""`starledger player notices`: what the player hears of all their seats, by mail and by
webhook; without options, what is set."""

import argparse
from typing import Any

import msgspec

from services.client.http import Gateway, guarded
from services.client.players import player_token
from services.gateway import api

PATH = "/players/me/notices"


def _told(found: api.NoticesSet) -> list[str]:
    mail, hook = found.mail, found.webhook
    lines = [
        "mail: none"
        if mail is None
        else f"mail: {mail.address} ({', '.join(mail.kinds) or 'answers only'};"
        f" a digest every {mail.digest_s} s, a reminder {mail.remind_s} s before a deadline)",
        "webhook: none"
        if hook is None
        else f"webhook: {hook.url} as {hook.format} ({', '.join(hook.kinds) or 'nothing'})",
    ]
    if hook is not None and hook.format == "json":
        lines.append(f"  its JSON bodies are signed with {found.secret}")
    return lines


def _notices(args: argparse.Namespace) -> int:
    with Gateway(player_token()) as gateway:
        if not (args.mail or args.webhook or args.no_mail or args.no_webhook):
            print("\n".join(_told(gateway.get(PATH, api.NoticesSet))))
            return 0
        now = gateway.get(PATH, api.NoticesSet)
        mail = now.mail
        if args.mail:
            mail = api.Mail(args.mail, digest_s=args.digest, remind_s=args.remind)
        hook = now.webhook
        if args.webhook:
            hook = api.Webhook(args.webhook, format=args.format, remind_s=args.remind)
        wished = api.Notices(None if args.no_mail else mail, None if args.no_webhook else hook)
        reply = gateway.request("PUT", PATH, json=msgspec.to_builtins(wished))
        found = msgspec.json.decode(reply.content, type=api.NoticesSet)
    print("\n".join(_told(found)))
    print(f"set for the {found.seats} seat(s) you hold now, and every seat you join")
    return 0


def add_parser(player_commands: Any) -> None:
    notices = player_commands.add_parser(
        "notices", help="what you hear of all your seats, by mail and webhook"
    )
    notices.add_argument("--mail", metavar="ADDRESS", help="mail your notices here")
    notices.add_argument("--digest", type=int, default=0, metavar="S", help="a mail per S s")
    notices.add_argument("--remind", type=int, default=3600, metavar="S", help="S s before")
    notices.add_argument("--webhook", metavar="URL", help="post your notices here")
    notices.add_argument("--format", choices=("json", "discord", "slack"), default="json")
    notices.add_argument("--no-mail", action="store_true", help="no more mail")
    notices.add_argument("--no-webhook", action="store_true", help="no more webhook posts")
    notices.set_defaults(func=guarded(_notices))

"""The clock from the command line: a new match's clock (`match new --per-turn …`, its
calendar), its lines in `match show`, resigning a seat, holding a phase open, and the
organiser's `match extend|pause|resume`."""

import argparse
from typing import Any

from events.clock import WEEKDAYS, Clock
from events.ruleset import get_ruleset
from services.client import tokens
from services.client.http import ClientError, Gateway, guarded, segment, verdict
from services.gateway import api


def add_options(new: argparse.ArgumentParser) -> None:
    """`match new`'s clock options; a match without --per-turn or --per-decision has no clock."""
    per = new.add_mutually_exclusive_group()
    per.add_argument(
        "--per-turn",
        type=int,
        metavar="SECONDS",
        help="a clock: time for each turn (a league's choice: a missed deadline finishes the turn)",
    )
    per.add_argument(
        "--per-decision", type=int, metavar="SECONDS", help="a clock: time for each decision"
    )
    new.add_argument(
        "--window",
        type=int,
        metavar="SECONDS",
        help="time to answer a response window (a Sabotage within a day); default: a decision's",
    )
    new.add_argument("--grace", type=int, default=0, metavar="SECONDS", help="after a deadline")
    new.add_argument(
        "--on-timeout",
        choices=("wait", "default", "bot"),
        default="default",
        help="past deadline and grace: wait, the bot decides for the seat (the decision, or the"
        " rest of the turn), or the bot takes the seat",
    )
    new.add_argument(
        "--timeout-bot", metavar="LEVEL", help="that bot's level (default: the game's strongest)"
    )
    new.add_argument("--excuses", type=int, default=0, metavar="N", help="misses forgiven a seat")
    new.add_argument(
        "--absence-days", type=int, default=0, metavar="N", help="days a seat may declare away"
    )
    new.add_argument(
        "--zone",
        default="UTC",
        metavar="IANA",
        help="the clock's time zone, for days off, quiet hours and deadlines told (Europe/Rome)",
    )
    new.add_argument(
        "--days-off",
        type=_weekdays,
        default=(),
        metavar="DAYS",
        help="weekdays the clock stops on, in that zone: sat,sun",
    )
    new.add_argument(
        "--quiet-hours",
        type=_hours,
        metavar="FROM-UNTIL",
        help="local hours the clock stops each day it runs: 22-7",
    )


def _weekdays(text: str) -> tuple[str, ...]:
    days = tuple(day.strip().lower()[:3] for day in text.split(",") if day.strip())
    if unknown := [day for day in days if day not in WEEKDAYS]:
        raise argparse.ArgumentTypeError(f"no weekday {', '.join(unknown)}; say mon … sun")
    return days


def _hours(text: str) -> tuple[int, int]:
    try:
        start, end = (int(hour) for hour in text.split("-"))
    except ValueError:
        raise argparse.ArgumentTypeError("say FROM-UNTIL in whole hours: 22-7") from None
    if not (0 <= start <= 23 and 0 <= end <= 23):
        raise argparse.ArgumentTypeError("hours run from 0 to 23")
    return start, end


def chosen(args: argparse.Namespace) -> Clock | None:
    if args.per_turn is None and args.per_decision is None:
        return None
    return Clock(
        per_decision_s=args.per_turn or args.per_decision,
        per="decision" if args.per_turn is None else "turn",
        grace_s=args.grace,
        on_timeout=args.on_timeout,
        level=args.timeout_bot or get_ruleset(args.game).strongest_bot,
        excuses=args.excuses,
        absence_days=args.absence_days,
        zone=args.zone,
        days_off=args.days_off,
        quiet_hours=args.quiet_hours,
        window_s=args.window,
    )


def lines(row: dict[str, Any]) -> list[str]:
    """The clock and the running deadlines of a lobby row."""
    clock = row.get("clock")
    if not clock:
        return []
    grace = f" + {clock['grace_s']} s grace" if clock["grace_s"] else ""
    per = clock.get("per", "decision")
    outcome = {
        "wait": "the match waits",
        "default": f"the {clock['level']} bot "
        + ("finishes the turn" if per == "turn" else "decides that once"),
        "bot": f"the {clock['level']} bot takes the seat",
    }[clock["on_timeout"]]
    paused = f"; paused since {clock['paused_since']}" if clock["paused_since"] else ""
    calendar = f" ({clock['calendar']})" if clock.get("calendar") else ""
    window = f", {clock['window_s']} s a response window" if clock.get("window_s") else ""
    found = [
        f"  clock: {clock['per_decision_s']} s a {per}{window}{calendar}{grace}; then {outcome}; "
        f"{clock['excuses']} excuse(s) and {clock['absence_days']} day(s) away a seat{paused}"
    ]
    found.extend(f"  seat {a['seat']} is away until {a['back']}" for a in clock["away"])
    if clock["late"]:
        found.append(
            f"  past their deadline, waited for: seat {', '.join(map(str, clock['late']))}"
        )
    for deadline in row.get("deadlines") or []:
        who = f"seat {deadline['seat']}"
        found.append(f"  {due_words(deadline, who)} ({deadline['excuses_left']} excuse(s) left)")
    return found


def due_words(deadline: dict[str, Any], who: str) -> str:
    """A lobby row's deadline in words: a response window's told as open until then."""
    due = deadline.get("due_told", deadline["due"])
    if deadline.get("window"):
        return f"a window is open to {who} until {due}"
    return f"{who} must decide by {due}"


def _sent(gateway: Gateway, match_id: str, path: str, body: Any, what: str) -> int:
    """Send a clock decision (the match's own for an organiser, a seat's for its token) and
    wait for its ruling."""
    submitted = gateway.post(f"/matches/{segment(match_id)}/{path}", body, api.Submitted)
    ruling = gateway.ruling(match_id, submitted.decision_id)
    if ruling.status != "accepted":
        raise ClientError(f"{what}: {verdict(ruling)}")
    print(f"{what}: accepted")
    return 0


def _resign(args: argparse.Namespace) -> int:
    seat, token = tokens.seat_token(args.match_id, args.seat)
    with Gateway(token) as gateway:
        what = f"seat {seat} resigned; a bot plays it from now on"
        return _sent(gateway, args.match_id, "resign", {}, what)


def _away(args: argparse.Namespace) -> int:
    seat, token = tokens.seat_token(args.match_id, args.seat)
    with Gateway(token) as gateway:
        what = f"seat {seat} is away for {args.days} day(s); its clock stops meanwhile"
        return _sent(gateway, args.match_id, "absence", api.Absence(days=args.days), what)


def _hold(args: argparse.Namespace) -> int:
    seat, token = tokens.seat_token(args.match_id, args.seat)
    action = "release" if args.release else "hold"
    with Gateway(token) as gateway:
        what = f"seat {seat} " + (
            "lets the phase go on" if args.release else "holds the phase open until its deadline"
        )
        return _sent(gateway, args.match_id, f"hold/{action}", {}, what)


def _extend(args: argparse.Namespace) -> int:
    body = api.Extend(by_s=args.by, note=args.note) if args.note else api.Extend(by_s=args.by)
    with Gateway(tokens.organiser_token()) as gateway:
        path = f"deadlines/{args.seat}/extend"
        what = f"seat {args.seat}'s deadline moved {args.by} s later"
        return _sent(gateway, args.match_id, path, body, what)


def _pause_or_resume(args: argparse.Namespace) -> int:
    with Gateway(tokens.organiser_token()) as gateway:
        path = f"clock/{args.match_command}"
        what = f"the clock of {args.match_id}: {args.match_command}"
        return _sent(gateway, args.match_id, path, {}, what)


def _announce(args: argparse.Namespace) -> int:
    with Gateway(tokens.organiser_token()) as gateway:
        what = f"a message to the players of {args.match_id}"
        return _sent(gateway, args.match_id, "messages", api.Message(args.text), what)


def add_parsers(commands: Any) -> None:
    resign = commands.add_parser("resign", help="resign your seat; the game's bot plays it")
    resign.add_argument("match_id", metavar="ID")
    resign.add_argument("--seat", type=int, metavar="S", help="which of your seats, if several")
    resign.set_defaults(func=guarded(_resign))
    away = commands.add_parser("away", help="declare days away; your seat's clock stops")
    away.add_argument("match_id", metavar="ID")
    away.add_argument("--days", type=int, required=True, metavar="N")
    away.add_argument("--seat", type=int, metavar="S", help="which of your seats, if several")
    away.set_defaults(func=guarded(_away))
    hold = commands.add_parser(
        "hold", help="hold a simultaneous phase open until your deadline; your choice may change"
    )
    hold.add_argument("match_id", metavar="ID")
    hold.add_argument("--release", action="store_true", help="let the phase go on")
    hold.add_argument("--seat", type=int, metavar="S", help="which of your seats, if several")
    hold.set_defaults(func=guarded(_hold))
    extend = commands.add_parser("extend", help="move a seat's deadline later (organiser)")
    extend.add_argument("match_id", metavar="ID")
    extend.add_argument("--seat", type=int, required=True, metavar="S")
    extend.add_argument("--by", type=int, required=True, metavar="SECONDS")
    extend.add_argument("--note", default="", help="why, for the log")
    extend.set_defaults(func=guarded(_extend))
    for action in ("pause", "resume"):
        command = commands.add_parser(action, help=f"{action} the match's clock (organiser)")
        command.add_argument("match_id", metavar="ID")
        command.set_defaults(func=guarded(_pause_or_resume))
    announce = commands.add_parser("announce", help="write to the match's players (organiser)")
    announce.add_argument("match_id", metavar="ID")
    announce.add_argument("text", metavar="TEXT")
    announce.set_defaults(func=guarded(_announce))

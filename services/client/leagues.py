"""`starledger league open|join|withdraw|show|list`: leagues and tournaments from the command
line. An organiser opens one (organiser token); players sign up and withdraw with their player
token; `show` prints the rounds, matches and standings as the gateway reckons them."""

import argparse
import time
from datetime import datetime
from typing import Any

import msgspec

from events.ruleset import default_game, load_rulesets
from services.client import clock, players, tokens
from services.client.http import ClientError, Gateway, guarded, segment
from services.client.match import parse_option
from services.gateway import api
from services.leagues.reads import LeagueSummary, LeagueView

WAIT_S = 30.0  # a sign-up or withdrawal waits this long for the league worker to read it


def _open(args: argparse.Namespace) -> int:
    args.game = args.game or default_game()
    new = api.NewLeague(
        name=args.name,
        game=args.game,
        seats=args.seats,
        pairing=args.pairing,
        rounds=args.rounds,
        options=dict(parse_option(o) for o in args.option),
        clock=clock.chosen(args),
        players=args.players,
        starts_at=datetime.fromisoformat(args.starts_at) if args.starts_at else None,
        min_reliability=args.min_reliability,
        round_every_s=round(args.round_every_days * 86_400),
    )
    with Gateway(tokens.organiser_token()) as gateway:
        opened = gateway.post("/leagues", new, api.LeagueAsked)
    print(f"league {opened.league_id} is open: {args.game}, {args.pairing}")
    print(f"  sign up: starledger league join {opened.league_id}")
    return 0


def _settled(gateway: Gateway, asked: api.LeagueAsked, done: Any) -> LeagueView:
    """The league once the log's fold has judged the request, or a refusal as an error."""
    deadline = time.monotonic() + WAIT_S
    while True:
        league = gateway.get(f"/leagues/{segment(asked.league_id)}", LeagueView)
        refused = [r for r in league.refusals if r.entry_id == asked.entry_id]
        if refused:
            raise ClientError(f"refused ({refused[0].rule}): {refused[0].reason}")
        if done(league):
            return league
        if time.monotonic() > deadline:
            raise ClientError("the league worker has not read it yet: look again with `show`")
        time.sleep(0.2)


def _join(args: argparse.Namespace) -> int:
    with Gateway(players.player_token()) as gateway:
        me = gateway.get("/players/me", api.Player)
        asked = gateway.post(f"/leagues/{segment(args.league_id)}/join", None, api.LeagueAsked)
        league = _settled(
            gateway, asked, lambda lg: any(m.player_id == me.player_id for m in lg.members)
        )
    print(f"{me.name} signed up for {league.name} ({len(league.members)} players so far)")
    return 0


def _withdraw(args: argparse.Namespace) -> int:
    with Gateway(players.player_token()) as gateway:
        me = gateway.get("/players/me", api.Player)
        path = f"/leagues/{segment(args.league_id)}/withdraw"
        asked = gateway.post(path, None, api.LeagueAsked)
        _settled(
            gateway,
            asked,
            lambda lg: any(m.player_id == me.player_id and m.withdrawn for m in lg.members),
        )
    print(f"{me.name} withdrew: bots play your remaining seats")
    return 0


def league_lines(league: LeagueView) -> list[str]:
    rules = league.rules
    rounds = league.planned_rounds or "?"
    lines = [
        f"{league.name} ({league.league_id}): {league.game}, {rules.pairing.replace('_', ' ')},"
        f" {rules.seats} seats a match, {league.status}, round {len(league.rounds)} of {rounds}",
        f"  seed commitment {league.seed_commitment}"
        + (f", seed {league.seed}" if league.seed else ""),
        "standings (points, Buchholz, head to head):",
    ]
    lines += [
        f"  {s.rank:>3}. {s.name}: {s.points:g} ({s.buchholz:g}, {s.head_to_head:g}),"
        f" {s.played} played"
        + (f", {s.byes} byes" if s.byes else "")
        + (", withdrawn" if s.withdrawn else "")
        for s in league.standings
    ]
    for drawn in league.rounds:
        lines.append(f"round {drawn.round}:")
        for m in drawn.matches:
            placed = f" places {m.places}" if m.places else ""
            lines.append(f"  {m.match_id}: {' v '.join(m.players)}, {m.status}{placed}")
        lines += [f"  bye: {name}" for name in drawn.byes]
    return lines


def _show(args: argparse.Namespace) -> int:
    with Gateway() as gateway:
        league = gateway.get(f"/leagues/{segment(args.league_id)}", LeagueView)
    if args.json:
        print(msgspec.json.format(msgspec.json.encode(league)).decode())
    else:
        print("\n".join(league_lines(league)))
    return 0


def _list(args: argparse.Namespace) -> int:
    with Gateway() as gateway:
        found = gateway.get("/leagues", list[LeagueSummary])
    for lg in found:
        print(
            f"{lg.league_id}  {lg.name}: {lg.game}, {lg.status}, {lg.players} players,"
            f" round {lg.rounds} of {lg.planned_rounds or '?'}"
        )
    return 0


def add_parser(subparsers: Any) -> None:
    league = subparsers.add_parser("league", help="leagues and tournaments")
    commands = league.add_subparsers(dest="league_command", required=True)
    new = commands.add_parser("open", help="open a league (organiser token)")
    new.add_argument("name", metavar="NAME")
    new.add_argument("--game", help=f"one of {', '.join(load_rulesets())}")
    new.add_argument("--seats", type=int, default=2, help="seats a match (default 2)")
    new.add_argument("--pairing", choices=("swiss", "round_robin"), default="swiss")
    new.add_argument(
        "--rounds", type=int, default=0, help="rounds (Swiss: needed; round robin: all if 0)"
    )
    new.add_argument("--players", type=int, help="round 1 starts once this many signed up")
    new.add_argument("--starts-at", metavar="ISO", help="round 1 starts then (2026-12-01T18:00Z)")
    new.add_argument(
        "--min-reliability", type=float, metavar="SHARE", help="decisions on time, 0 to 1"
    )
    new.add_argument(
        "--round-every-days",
        type=float,
        default=0,
        metavar="DAYS",
        help="a round opens no sooner than this after the one before (7: weekly)",
    )
    new.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    clock.add_options(new)
    new.set_defaults(func=guarded(_open))
    for name, run, words in (
        ("join", _join, "sign up (player token)"),
        ("withdraw", _withdraw, "withdraw: bots play your remaining seats (player token)"),
    ):
        command = commands.add_parser(name, help=words)
        command.add_argument("league_id", metavar="ID")
        command.set_defaults(func=guarded(run))
    show = commands.add_parser("show", help="a league's rounds, matches and standings")
    show.add_argument("league_id", metavar="ID")
    show.add_argument("--json", action="store_true", help="as the JSON API has it")
    show.set_defaults(func=guarded(_show))
    listed = commands.add_parser("list", help="the leagues")
    listed.set_defaults(func=guarded(_list))

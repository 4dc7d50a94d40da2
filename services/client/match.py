"""`starledger match new|list|show|join|open` (and the clock's `resign|extend|pause|resume`): the
lobby from the command line."""

import argparse
import sys
import time
from typing import Any

import msgspec

from events.messages import MessageRules
from events.ruleset import Ruleset, default_game, load_rulesets, round_word
from services.client import browser, clock, players, seats, tokens
from services.client.http import ClientError, Gateway, guarded, segment, verdict
from services.gateway import api

SHOWS_UP_S = 30.0


def parse_bot(text: str) -> api.BotSeat:
    seat, sep, bot = text.partition(":")
    if not sep or not seat.isdigit() or not bot:
        raise ClientError(f"--bot takes SEAT:NAME, e.g. 1:greedy, not {text!r}")
    return api.BotSeat(seat=int(seat), bot=bot)


def parse_option(text: str) -> tuple[str, Any]:
    """KEY=VALUE, the value read as JSON when it is (true, 3, "x"), else as text."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise ClientError(
            f"--option takes KEY=VALUE (match new --help lists each game's), not {text!r}"
        )
    try:
        return key, msgspec.json.decode(value)
    except msgspec.DecodeError:
        return key, value


def lobby_row(gateway: Gateway, match_id: str, wait_s: float = 0.0) -> dict[str, Any]:
    """The match as the lobby lists it; a new one shows up once ruled, so it may be waited for."""
    deadline = time.monotonic() + wait_s
    while True:
        try:
            return gateway.get(f"/matches/{segment(match_id)}", dict[str, Any])
        except ClientError as error:
            if error.status != 404 or time.monotonic() > deadline:
                raise
        time.sleep(0.2)


def open_match(gateway: Gateway, new: api.NewMatch) -> tuple[str, api.Ruling]:
    """A new match and the ruling on its creation, once the lobby lists it."""
    opened = gateway.post("/matches", new, api.MatchOpened)
    print(f"opening match {opened.match_id}…", file=sys.stderr, flush=True)
    created = gateway.ruling(opened.match_id, opened.decision_id)
    if created.status == "accepted":
        lobby_row(gateway, opened.match_id, SHOWS_UP_S)
    return opened.match_id, created


def join(
    gateway: Gateway,
    match_id: str,
    seat: int,
    player: str | None,
    invite: str | None = None,
    mail: str | None = None,
) -> api.Ruling:
    """Claim a seat (as the gateway's token's player, if it is a player token), with `mail` the
    address to play it or hear of it by; its token is kept while the claim is judged and
    dropped if refused."""
    wanted = api.Join(
        seat=seat, player=player, invite=invite, mail=None if mail is None else api.Mail(mail)
    )
    joined = gateway.post(f"/matches/{segment(match_id)}/join", wanted, api.Joined)
    tokens.save_seat_token(match_id, seat, joined.token)
    with Gateway(joined.token, gateway.url) as seat_gateway:
        found = seat_gateway.ruling(match_id, joined.decision_id)
    if found.status != "accepted":
        tokens.forget_seat_token(match_id, seat)
    return found


def describe(row: dict[str, Any]) -> list[str]:
    players = ", ".join(f"{seat}: {p or 'open'}" for seat, p in enumerate(row["players"]))
    named = f"  {row['name']!r}" if row.get("name") else ""
    lines = [f"{row['match_id']}{named}  {row['game']}  {row['status']}  seats {players}"]
    if row.get("fork_of"):
        origin = f"a fork of {row['fork_of']} after entry {row['fork_at']}"
        lines.append(f"  {origin} (practice: never rated)")
    if row.get("former"):
        before = ", ".join(f"seat {f['seat']} by {f['player']}" for f in row["former"])
        lines.append(f"  played before: {before}")
    if row["status"] == "in_progress":
        to_act = ", ".join(map(str, row["to_act"])) or "nobody"
        lines.append(
            f"  {round_word(row['game'])} {row['round']}, {row['phase']}; to act: {to_act}; "
            f"entry {row['seq']}"
        )
    if row["scores"]:
        scores = ", ".join(f"{seat}: {score}" for seat, score in enumerate(row["scores"]))
        won = ", ".join(map(str, row["winners"] or []))
        lines.append(f"  won by seat {won}; scores {scores}" if won else f"  scores {scores}")
    lines.extend(clock.lines(row))
    lines.append(f"  last activity {row['last_activity']}")
    return lines


def _new(args: argparse.Namespace) -> int:
    new = api.NewMatch(
        seats=args.seats,
        game=args.game,
        bots=[parse_bot(b) for b in args.bot],
        options=dict(parse_option(o) for o in args.option),
        clock=clock.chosen(args),
        name=args.name,
        unrated=args.unrated,
        min_reliability=args.min_reliability,
        messages=MessageRules(args.messages, args.anonymous, args.organiser_reads),
    )
    with Gateway(tokens.organiser_token()) as gateway:
        match_id, created = open_match(gateway, new)
    if created.status != "accepted":
        raise ClientError(f"match {match_id} was not opened: {verdict(created)}")
    print(f"match {match_id} is open: {args.game}, {args.seats} seats")
    print(f"  join it: starledger match join {match_id} --seat S --player NAME")
    return 0


def _list(args: argparse.Namespace) -> int:
    params = {"status": args.status} if args.status else {}
    if args.mine:
        held = tokens.seat_tokens()
        if not held:
            raise ClientError("you hold no seat: join a match first")
        rows = {}
        for token in held.values():
            with Gateway(token) as gateway:
                try:
                    found = gateway.get("/matches", list[dict[str, Any]], {"mine": "true"})
                except ClientError as error:
                    if error.status not in (401, 403):  # a refused or forgotten claim
                        raise
                    continue
            rows |= {r["match_id"]: r for r in found}
        shown = [r for r in rows.values() if not args.status or r["status"] == args.status]
    else:
        with Gateway() as gateway:
            shown = gateway.get("/matches", list[dict[str, Any]], params)
    for row in shown:
        print("\n".join(describe(row)))
    if not shown:
        print("no matches" + (" waiting on you" if args.mine else ""))
    return 0


def _show(args: argparse.Namespace) -> int:
    with Gateway() as gateway:
        print("\n".join(describe(lobby_row(gateway, args.match_id))))
    return 0


def _join(args: argparse.Namespace) -> int:
    player = None if args.player else players.player_token(required=False)
    if args.player is None and player is None:
        raise ClientError(
            "name yourself with --player NAME, or make a player: starledger player new NAME"
        )
    with Gateway(player) as gateway:
        ruling = join(gateway, args.match_id, args.seat, args.player, args.invite, args.mail)
    if ruling.status != "accepted":
        raise ClientError(f"seat {args.seat} of {args.match_id}: {verdict(ruling)}")
    print(
        f"you hold seat {args.seat} of {args.match_id}; play it: starledger play "
        f"{args.match_id} --seat {args.seat}"
    )
    if args.mail:
        print(
            f"  a mail asks {args.mail} to confirm it: reply `confirm`, then your turns come"
            " by mail and you may answer them with your orders"
        )
    return 0


def _options(games: dict[str, Ruleset]) -> str:
    """Each game's options, e.g. `core-worlds: sector0_draft=false|true (the pre-game …)`."""
    told = []
    for name, ruleset in sorted(games.items()):
        for key, option in ruleset.options.items():
            values = option.choices or (option.default,)
            shown = "|".join(msgspec.json.encode(v).decode() for v in values)
            told.append(f"{name}: {key}={shown} ({option.help})")
    return "; ".join(told) or "no game takes any"


def add_parser(subparsers: Any) -> None:
    match = subparsers.add_parser("match", help="open, list, show and join matches")
    commands = match.add_subparsers(dest="match_command", required=True)
    games = load_rulesets()
    levels = "; ".join(f"{name}: {', '.join(r.bots)}" for name, r in sorted(games.items()))
    new = commands.add_parser("new", help="open a match (organiser token)")
    new.add_argument("--game", default=default_game(), choices=sorted(games))
    new.add_argument("--seats", type=int, required=True, metavar="N")
    new.add_argument("--name", help="what the lobby calls it, e.g. 'League week 3: Ann v Bob'")
    new.add_argument("--unrated", action="store_true", help="no player's rating counts it")
    new.add_argument(
        "--min-reliability",
        type=float,
        metavar="SHARE",
        help="who joins needs this share of decisions on time in the game (0 to 1)",
    )
    new.add_argument(
        "--messages",
        choices=("none", "public", "private"),
        default="public",
        help="what seats may write to each other (default: public)",
    )
    new.add_argument("--anonymous", action="store_true", help="a seat may write unsigned")
    new.add_argument(
        "--organiser-reads", action="store_true", help="the organiser reads private messages"
    )
    new.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="SEAT:NAME",
        help=f"a bot for a seat, e.g. 1:greedy; repeat for more (bots of {levels})",
    )
    new.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=f"a match option KEY=VALUE; repeat for more ({_options(games)})",
    )
    clock.add_options(new)
    new.set_defaults(func=guarded(_new))
    listing = commands.add_parser("list", help="the lobby")
    listing.add_argument("--status", choices=("waiting", "in_progress", "finished"))
    listing.add_argument("--mine", action="store_true", help="only matches waiting on you")
    listing.set_defaults(func=guarded(_list))
    show = commands.add_parser("show", help="one match")
    show.add_argument("match_id", metavar="ID")
    show.set_defaults(func=guarded(_show))
    claim = commands.add_parser("join", help="claim a seat; its token is saved in .run/tokens")
    claim.add_argument("match_id", metavar="ID")
    claim.add_argument("--seat", type=int, required=True, metavar="S")
    claim.add_argument(
        "--player", metavar="NAME", help="a name for this seat alone; default: your player's"
    )
    claim.add_argument("--invite", metavar="CODE", help="the code of a seat reserved for you")
    claim.add_argument("--mail", metavar="ADDRESS", help="play the seat (or hear of it) by mail")
    claim.set_defaults(func=guarded(_join))
    browser.add_parsers(commands)
    clock.add_parsers(commands)
    seats.add_parsers(commands)

"""`starledger player new|show|renew`, `starledger games` (my games, waiting on me first) and
`starledger token revoke`: a player's identity from the command line. The player token is kept
in a file only its owner reads (or given as $STARLEDGER_PLAYER_TOKEN)."""

import argparse
import os
from typing import Any

from events.ruleset import round_word
from services.client import tokens
from services.client.http import ClientError, Gateway, guarded
from services.gateway import api
from services.run_folder import PLAYER_TOKEN, write_private

PLAYER_ENV = "STARLEDGER_PLAYER_TOKEN"


def player_token(required: bool = True) -> str | None:
    if token := os.environ.get(PLAYER_ENV, "").strip():
        return token
    if PLAYER_TOKEN.is_file():
        return PLAYER_TOKEN.read_text().strip() or None
    if required:
        raise ClientError(
            f"no player token: `starledger player new NAME` makes one (or set ${PLAYER_ENV})"
        )
    return None


def _new(args: argparse.Namespace) -> int:
    with Gateway() as gateway:
        made = gateway.post("/players", api.NewPlayer(name=args.name), api.PlayerIssued)
    write_private(PLAYER_TOKEN, made.token)
    print(f"you are {made.name} ({made.player_id}); your token is saved in {PLAYER_TOKEN}")
    print(f"  it expires {made.expires_at}; join a seat with it: starledger match join ID --seat S")
    return 0


def _show(args: argparse.Namespace) -> int:
    with Gateway(player_token()) as gateway:
        me = gateway.get("/players/me", api.Player)
    print(f"{me.name} ({me.player_id}), token valid until {me.expires_at}")
    return 0


def _renew(args: argparse.Namespace) -> int:
    """A new player token in place of the one in use, which the gateway revokes."""
    with Gateway(player_token()) as gateway:
        renewed = gateway.post("/players/me/token", {}, api.PlayerIssued)
    if os.environ.get(PLAYER_ENV, "").strip():  # kept by the user, not here: shown to keep
        print(f"your new token (set ${PLAYER_ENV} to it; the old one is revoked): {renewed.token}")
    else:
        write_private(PLAYER_TOKEN, renewed.token)
        print(f"your token is renewed and saved in {PLAYER_TOKEN}; the old one is revoked")
    print(f"  it expires {renewed.expires_at}")
    return 0


def _left(seconds: int) -> str:
    if seconds < 0:
        return f"{-seconds // 60} min past the deadline"
    if seconds >= 86_400:
        return f"{seconds // 86_400} d {seconds % 86_400 // 3600} h left"
    if seconds >= 3600:
        return f"{seconds // 3600} h {seconds % 3600 // 60} min left"
    return f"{seconds // 60} min {seconds % 60} s left"


def lines(games: list[api.MyMatch]) -> list[str]:
    """Each game in a line, those waiting on the player marked first."""
    told = []
    for game in games:
        mark = "*" if game.waiting else " "
        counted = f"{round_word(game.game)} {game.round}, {game.phase}"
        where = counted if game.round is not None else game.status
        state = "your turn" if game.waiting else game.status.replace("_", " ")
        if not game.holds:
            state = "no longer yours"
        left = f"; {_left(game.left_s)}" if game.left_s is not None else ""
        told.append(
            f"{mark} {game.match_id}  {game.game}  seat {game.seat}  {state}{left}  ({where})"
        )
    return told


def _games(args: argparse.Namespace) -> int:
    with Gateway(player_token()) as gateway:
        games = gateway.get("/players/me/matches", list[api.MyMatch])
    waiting = sum(g.waiting for g in games)
    print(f"{waiting} game(s) waiting on you" if games else "no games: join a match first")
    print("\n".join(lines(games)))
    return 0


def _revoke(args: argparse.Namespace) -> int:
    """Revoke a token this command line keeps, and forget it."""
    if args.match_id is not None:
        seat, token = tokens.seat_token(args.match_id, args.seat)
    else:
        seat, token = None, player_token() or ""
    with Gateway(token) as gateway:
        gateway.post("/tokens/revoke", {}, api.Revoked)
    if args.match_id is not None and seat is not None:
        tokens.forget_seat_token(args.match_id, seat)
        print(f"the token of seat {seat} of {args.match_id} is revoked")
    else:
        PLAYER_TOKEN.unlink(missing_ok=True)
        print("your player token is revoked")
    return 0


def add_parsers(commands: Any) -> Any:
    """The player's commands; the `player` subcommands, for more of them elsewhere."""
    player = commands.add_parser("player", help="your player: a token that holds your seats")
    player_commands = player.add_subparsers(dest="player_command", required=True)
    new = player_commands.add_parser("new", help="become a player; the token is saved")
    new.add_argument("name", metavar="NAME")
    new.set_defaults(func=guarded(_new))
    player_commands.add_parser("show", help="who your token says you are").set_defaults(
        func=guarded(_show)
    )
    player_commands.add_parser(
        "renew", help="a new player token with a fresh expiry; the old one is revoked"
    ).set_defaults(func=guarded(_renew))
    games = commands.add_parser("games", help="my games: those waiting on me first, with time left")
    games.set_defaults(func=guarded(_games))
    token = commands.add_parser("token", help="your tokens")
    token_commands = token.add_subparsers(dest="token_command", required=True)
    revoke = token_commands.add_parser(
        "revoke", help="revoke your player token, or with ID a seat's token"
    )
    revoke.add_argument("match_id", metavar="ID", nargs="?")
    revoke.add_argument("--seat", type=int, metavar="S", help="which of your seats, if several")
    revoke.set_defaults(func=guarded(_revoke))
    return player_commands

"""`starledger rejudge --version N GAME` (organiser): every running match of a game re-judged
under version N of its rules (services/rules/rejudge), and per match the first entry that
version would write otherwise, or "same". Nothing changes: each match goes on being judged by
the version it is pinned to until its organiser moves it (`starledger upgrade`)."""

import argparse
import asyncio
from typing import Any

import asyncpg

from events.envelope import Entry
from events.match import ContentChanged
from events.ruleset import UnknownRuleset, get_ruleset
from projections import replay
from services.client.http import ClientError, guarded
from services.rules.rejudge import Unverifiable, check_version, verify
from services.settings import load_settings


async def running(database_url: str, game: str) -> dict[str, list[Entry[Any]]]:
    """Every running match of `game` (by the lobby) with its entries as replay keeps them."""
    try:
        conn = await asyncpg.connect(database_url)
    except (OSError, asyncpg.PostgresError) as error:
        raise ClientError(f"PostgreSQL at {database_url} does not answer: {error}") from None
    try:
        rows = await conn.fetch(
            "SELECT match_id FROM lobby WHERE game = $1 AND status <> 'finished' ORDER BY match_id",
            game,
        )
        return {row["match_id"]: await replay.entries(conn, row["match_id"]) for row in rows}
    finally:
        await conn.close()


def verdict(match_id: str, entries: list[Entry[Any]], version: str) -> str:
    """One line: the match, the version it is pinned to, and what version `version` makes of it."""
    if not entries:
        return f"{match_id}: no entries in the archive yet"
    pinned = entries[0].ruleset_version
    try:
        check_version(match_id, entries)
        found = verify(entries, version=version)
    except (Unverifiable, ContentChanged) as error:
        return f"{match_id} (version {pinned}): cannot be re-judged here: {error}"
    if found is None:
        return f"{match_id} (version {pinned}): same"
    moving = f"starledger upgrade {match_id} --version {version} sets it back to before entry"
    found_line = f"{match_id} (version {pinned}): entry {found.seq} {found.what}"
    return f"{found_line}\n  {moving} {found.decision}"


def run(game: str, version: str) -> int:
    try:
        ruleset = get_ruleset(game, version)
    except UnknownRuleset as error:
        raise ClientError(str(error)) from None
    matches = asyncio.run(running(load_settings().database_url, ruleset.name))
    print(
        f"{len(matches)} running {game} match(es) re-judged under version {version};"
        " each keeps the version it is pinned to until you choose"
    )
    for match_id, entries in matches.items():
        print(verdict(match_id, entries, version))
    return 0


def _rejudge(args: argparse.Namespace) -> int:
    return run(args.game, args.version)


def add_parser(subparsers: Any) -> None:
    rejudge = subparsers.add_parser(
        "rejudge",
        help="re-judge every running match of a game under another version of its rules"
        " ($DATABASE_URL); per match the first entry that would differ, or same",
    )
    rejudge.add_argument("--version", required=True, metavar="N")
    rejudge.add_argument("game", metavar="GAME")
    rejudge.set_defaults(func=guarded(_rejudge))

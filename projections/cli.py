"""`starledger projections`: run the workers, rebuild a read model, or show how far behind
each one is."""

import argparse
import asyncio
import signal
import sys
from typing import Any

from projections.registry import PROJECTIONS, WORKER_GROUPS, resolve
from services.settings import load_settings

# Each command imports what it runs, so `starledger` starts fast for every other command.


def _run(args: argparse.Namespace) -> int:
    import uvloop

    from projections import runner
    from services import heap
    from services.logs import configure_logging
    from services.topics import ensure_topics

    settings = load_settings()
    configure_logging(settings.log_format)
    try:
        projections = resolve(args.names)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2

    async def serve() -> bool:
        await ensure_topics(settings)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        heap.settle()
        return await runner.serve(settings, projections, stop)

    return 0 if uvloop.run(serve()) else 1  # a cheaper event loop than asyncio's


def _rebuild(args: argparse.Namespace) -> int:
    from projections.rebuild import rebuild
    from services import db
    from services.logs import configure_logging

    settings = load_settings()
    configure_logging(settings.log_format)
    projections = resolve([args.name])

    async def go() -> float:
        pool = await db.connect(
            settings.database_url, size=len(projections) + 2, reset=False, derived=True
        )
        try:
            await db.migrate(pool)
            return await rebuild(settings, pool, projections)
        finally:
            await pool.close()

    seconds = asyncio.run(go())
    names = ", ".join(p.name for p in projections)
    print(f"rebuilt {names} from offset zero in {seconds:.1f} s")
    return 0


def _status(args: argparse.Namespace) -> int:
    from projections import unreadable_records
    from projections.status import lags
    from services import db
    from services.logs import configure_logging

    settings = load_settings()
    configure_logging(settings.log_format)

    async def look() -> tuple[list[Any], list[unreadable_records.UnreadableRecord]]:
        pool = await db.connect(settings.database_url, size=2)
        try:
            await db.migrate(pool)
            skipped = await unreadable_records.listed(pool, settings.match_log_topic)
            return await lags(settings, pool, resolve([])), skipped
        finally:
            await pool.close()

    found, skipped = asyncio.run(look())
    print("lag behind the end of the match-log (a record per decision, holding its entries):")
    print(
        f"{'projection':<12} {'behind (records)':>17} {'behind (entries)':>17} {'behind (s)':>11}"
    )
    for lag in found:
        print(
            f"{lag.projection:<12} {lag.records:>17} {lag.entries:>17} {lag.seconds:>11.1f}"
            + ("  built from another log" if lag.another_log else "")
        )
    if any(lag.another_log for lag in found):
        print("the broker holds another match-log than these were built from (emptied, or made")
        print("anew): `starledger projections rebuild all` builds them from this one")
    for record in skipped:
        print(f"skipped, no release reads it: partition {record.partition} offset {record.offset}:")
        print(f"  {record.reason}")
    return 0


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("projections", help="the read-model workers")
    commands = parser.add_subparsers(dest="projections_command", required=True)
    run = commands.add_parser(
        "run", help="run a worker feeding every read model, or those named, from one fold"
    )
    run.add_argument(
        "names",
        nargs="*",
        metavar="NAME",
        help=f"read models or worker groups: {', '.join([*PROJECTIONS, *WORKER_GROUPS])}",
    )
    run.set_defaults(func=_run)
    rebuild = commands.add_parser("rebuild", help="empty a read model and re-derive it")
    rebuild.add_argument("name", choices=[*PROJECTIONS, "all"], metavar="NAME|all")
    rebuild.set_defaults(func=_rebuild)
    status = commands.add_parser("status", help="each projection's lag behind the log end")
    status.set_defaults(func=_status)
    return parser

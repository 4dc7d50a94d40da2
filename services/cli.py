"""`starledger`: run the services and the local stack, and play matches."""

import argparse
import asyncio
import signal
import sys
from collections.abc import Awaitable, Callable

from projections import cli as projections_cli
from services import selfplay
from services.client import add_parsers
from services.settings import Settings, load_settings

# Each command imports what it runs, so `starledger` starts fast for every other command.


def _run_rules(args: argparse.Namespace) -> int:
    import uvloop

    from services import heap
    from services.logs import configure_logging
    from services.rules.service import RulesService
    from services.topic_check import UnfitTopics
    from services.topics import ensure_topics

    settings = load_settings()
    configure_logging(settings.log_format)

    async def serve() -> int:
        try:
            await ensure_topics(settings)
        except UnfitTopics as error:  # one plain line, not a traceback
            print(f"not starting: {error}", file=sys.stderr)
            return 1
        service = RulesService(settings)
        heap.settle()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, service.stop)
        try:
            await service.run()
        except asyncio.CancelledError:  # stuck past its grace (a broker gone): as a crash
            return 1
        return 0

    return uvloop.run(serve())  # a cheaper event loop than asyncio's (`make bench`)


def _run_broker(args: argparse.Namespace) -> int:
    from services.broker import local_broker
    from services.logs import configure_logging
    from services.run_folder import KAFKA_DATA, LOGS

    configure_logging()
    LOGS.mkdir(parents=True, exist_ok=True)
    with local_broker(KAFKA_DATA, port=args.port, log_path=LOGS / "broker.log") as broker:
        print(f"broker: {broker.describe()}; Ctrl-C stops it", flush=True)
        stop_signals = {signal.SIGINT, signal.SIGTERM}
        signal.pthread_sigmask(signal.SIG_BLOCK, stop_signals)
        signal.sigwait(stop_signals)
    return 0


def _run_gateway(args: argparse.Namespace) -> int:
    import uvicorn

    from services import fold_watch, heap
    from services.gateway.app import create_app
    from services.gateway.context import Context
    from services.logs import configure_logging

    settings = load_settings()
    configure_logging(settings.log_format)
    if settings.watch_folds:
        fold_watch.start()
    app = create_app(Context(settings))
    heap.settle()
    # Push streams never end by themselves: on SIGTERM they get a moment, then are cut (clients
    # reconnect), so a stopping gateway does not wait on its slowest listener.
    uvicorn.run(
        app, host=args.host, port=args.port, log_level="warning", timeout_graceful_shutdown=1
    )
    return 0


def _until_signalled(run: Callable[[Settings, asyncio.Event], Awaitable[None]]) -> int:
    """Run a worker until SIGTERM or SIGINT sets the event it watches."""
    import uvloop

    from services import heap
    from services.logs import configure_logging

    settings = load_settings()
    configure_logging(settings.log_format)

    async def serve() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        heap.settle()
        await run(settings, stop)

    uvloop.run(serve())
    return 0


def _run_bots(args: argparse.Namespace) -> int:
    from services.bots.worker import BotsWorker

    return _until_signalled(lambda settings, stop: BotsWorker(settings).run(stop))


def _run_clock(args: argparse.Namespace) -> int:
    from services.clock.worker import ClockWorker

    return _until_signalled(lambda settings, stop: ClockWorker(settings).run(stop))


def _run_leagues(args: argparse.Namespace) -> int:
    from services.leagues.worker import LeagueWorker

    return _until_signalled(lambda settings, stop: LeagueWorker(settings).run(stop))


def _run_mail(args: argparse.Namespace) -> int:
    from services import fold_watch
    from services.mail.worker import MailWorker

    def run(settings: Settings, stop: asyncio.Event) -> Awaitable[None]:
        if settings.watch_folds:
            fold_watch.start()
        return MailWorker(settings).run(stop)

    return _until_signalled(run)


def _new_organiser_token(args: argparse.Namespace) -> int:
    from services.gateway.tokens import new_organiser_token

    settings = load_settings()
    print(asyncio.run(new_organiser_token(settings.database_url)))
    return 0


def _restore_log(args: argparse.Namespace) -> int:
    from services import db
    from services.restore import CannotRestore, restore

    settings = load_settings()

    async def run() -> int:
        pool = await db.connect(settings.database_url, size=1)
        try:
            await db.migrate(pool)
            print((await restore(settings, pool)).describe(settings.match_log_topic))
        except CannotRestore as error:
            print(f"cannot restore: {error}")
            return 1
        finally:
            await pool.close()
        return 0

    return asyncio.run(run())


def _up(args: argparse.Namespace) -> int:
    from services.stack import up

    return up()


def _down(args: argparse.Namespace) -> int:
    from services.stack import down

    return down()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="starledger", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("up", help="run the local stack until Ctrl-C").set_defaults(func=_up)
    commands.add_parser("down", help="stop the stack `up` runs").set_defaults(func=_down)
    commands.add_parser("rules", help="run a rules-service instance").set_defaults(func=_run_rules)
    broker = commands.add_parser("broker", help="run the local stack's broker in the foreground")
    broker.add_argument("--port", type=int, default=9092)
    broker.set_defaults(func=_run_broker)
    gateway = commands.add_parser("gateway", help="run the HTTP gateway")
    gateway.add_argument("--host", default="127.0.0.1")
    gateway.add_argument("--port", type=int, default=8000)
    gateway.set_defaults(func=_run_gateway)
    commands.add_parser("bots", help="run the bots worker").set_defaults(func=_run_bots)
    clock = commands.add_parser("clock", help="run the clock service (due deadlines to decisions)")
    clock.set_defaults(func=_run_clock)
    leagues = commands.add_parser(
        "leagues", help="run the league worker (rounds drawn, league matches opened)"
    )
    leagues.set_defaults(func=_run_leagues)
    mail = commands.add_parser("mail", help="run the mail worker (notices out, orders in)")
    mail.set_defaults(func=_run_mail)
    commands.add_parser(
        "organiser-token", help="print a new organiser token (stored hashed)"
    ).set_defaults(func=_new_organiser_token)
    log = commands.add_parser("log", help="the match-log").add_subparsers(required=True)
    log.add_parser(
        "restore",
        help="write an empty match-log anew from the read models in $DATABASE_URL"
        " (with the stack stopped; `up` does it on its own)",
    ).set_defaults(func=_restore_log)
    selfplay.add_parser(commands)
    projections_cli.add_parser(commands)
    add_parsers(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    return args.func(args)

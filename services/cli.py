"""`starledger`: run the services and the local stack, and play matches."""

import argparse
import asyncio
import signal

from services import selfplay
from services.logs import configure_logging
from services.settings import load_settings


def _run_rules(args: argparse.Namespace) -> int:
    from services.rules.service import RulesService
    from services.topics import ensure_topics

    settings = load_settings()
    configure_logging(settings.log_format)

    async def serve() -> None:
        await ensure_topics(settings)
        service = RulesService(settings)
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, service.stop)
        await service.run()

    asyncio.run(serve())
    return 0


def _run_broker(args: argparse.Namespace) -> int:
    from services.broker import LocalBroker

    configure_logging()
    with LocalBroker(port=args.port):
        print(f"broker on 127.0.0.1:{args.port} (memory only); Ctrl-C stops it", flush=True)
        stop_signals = {signal.SIGINT, signal.SIGTERM}
        signal.pthread_sigmask(signal.SIG_BLOCK, stop_signals)
        signal.sigwait(stop_signals)
    return 0


def _up(args: argparse.Namespace) -> int:
    from services.stack import up

    return up()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="starledger", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("up", help="run the local stack until Ctrl-C").set_defaults(func=_up)
    commands.add_parser("rules", help="run a rules-service instance").set_defaults(func=_run_rules)
    broker = commands.add_parser("broker", help="run the local Tansu broker in the foreground")
    broker.add_argument("--port", type=int, default=9092)
    broker.set_defaults(func=_run_broker)
    selfplay.add_parser(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    return args.func(args)

"""`starledger selfplay`: bots play whole Core Worlds matches in-process, judged exactly as the
rules service judges (`services.rules.judge.rule_on`), so a transcript is the match-log itself."""

import argparse
import json
import random
import sys
import time
from typing import Any

import msgspec

from events.codec import encode
from events.envelope import ClaimSeat, CreateMatch, Decision, Entry, Ruling
from events.match import PartitionBook
from events.ruleset import get_ruleset
from events.rulesets.core_worlds.bots import BOTS
from services.rules.judge import rule_on

RULESET = "core-worlds"


class BotRejected(RuntimeError):
    """A bot asked for something the rules refused: a bug in the bot or the rules."""


class _Table:
    """One match played through the judge, one decision at a time."""

    def __init__(self, match_id: str, seed: str) -> None:
        self.match_id, self.seed = match_id, seed
        self.book = PartitionBook()
        self.entries: list[Entry[Any]] = []
        self.sent = 0

    def send(self, seat: int | None, body: Any) -> None:
        self.sent += 1
        decision = Decision(
            decision_id=f"{self.match_id}:{self.sent}",
            match_id=self.match_id,
            seat=seat,
            body=msgspec.Raw(encode(body)),
            sender="selfplay",
        )
        outcome = rule_on(
            self.book,
            encode(decision),
            partition=0,
            offset=self.sent,
            now_ms=0,
            fresh_seed=lambda: self.seed,
        )
        if not isinstance(outcome, list):
            raise BotRejected(f"{self.match_id}: the judge answered {outcome!r}")
        ruling = next(e.body for e in outcome if isinstance(e.body, Ruling))
        if not ruling.accepted:
            raise BotRejected(
                f"{self.match_id}: seat {seat} sent {body!r}; rejected "
                f"{ruling.rule}: {ruling.reason}"
            )
        self.entries.extend(outcome)


def play_match(
    match_id: str, seats: int, seed: str, bots: list[str], options: dict[str, Any] | None = None
) -> list[Entry[Any]]:
    """Every entry of one match, bots choosing for the seats in turn (bots[seat % len])."""
    table = _Table(match_id, seed)
    table.send(None, CreateMatch(ruleset=RULESET, seats=seats, options=options or {}, seed=seed))
    for seat in range(seats):
        table.send(seat, ClaimSeat(player=f"{bots[seat % len(bots)]}-{seat}"))
    ruleset = get_ruleset(RULESET)
    rng = random.Random(f"{seed}:bots")
    record = table.book.matches[match_id]
    while not record.over:
        seat = ruleset.to_act(record.state)[0]
        table.send(seat, BOTS[bots[seat % len(bots)]](record.state, seat, rng))
        record = table.book.matches[match_id]
    return table.entries


def run(args: argparse.Namespace) -> int:
    bots = args.bot.split(",")
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        print(f"no bot called {unknown[0]!r}; bots: {', '.join(BOTS)}", file=sys.stderr)
        return 2
    options = {"sector0_draft": True} if args.sector0_draft else {}
    started = time.perf_counter()
    games, entries = [], 0
    transcript = open(args.transcript, "wb") if args.transcript else None  # noqa: SIM115
    try:
        for game in range(args.games):
            match_id = f"selfplay-{args.seed}-{game}"
            log = play_match(match_id, args.players, f"{args.seed}:{game}", bots, options)
            entries += len(log)
            if transcript is not None:
                transcript.writelines(encode(entry) + b"\n" for entry in log)
            scored = next(e.body for e in reversed(log) if hasattr(e.body, "scores"))
            games.append(
                {
                    "match_id": match_id,
                    "winners": list(scored.winners),
                    "scores": [s.total for s in scored.scores],
                }
            )
    finally:
        if transcript is not None:
            transcript.close()
    summary = {
        "games": args.games,
        "players": args.players,
        "bots": bots,
        "entries": entries,
        "seconds": round(time.perf_counter() - started, 3),
        "matches": games,
    }
    print(json.dumps(summary))
    return 0


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("selfplay", help="bots play Core Worlds matches in-process")
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6), metavar="N")
    parser.add_argument("--games", type=int, default=1, metavar="G")
    parser.add_argument("--seed", default="0", metavar="S")
    parser.add_argument(
        "--bot",
        default="greedy",
        help=f"one of {', '.join(BOTS)}, or a comma list, one per seat in turn",
    )
    parser.add_argument("--sector0-draft", action="store_true", help="play the pre-game draft")
    parser.add_argument(
        "--transcript", metavar="FILE", help="write every match-log entry, one JSON object per line"
    )
    parser.set_defaults(func=run)
    return parser

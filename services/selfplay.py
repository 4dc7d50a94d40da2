"""`starledger selfplay`: bots play whole matches of any game in-process, judged exactly as the
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
from events.held_answers import owed, seat_state
from events.match import PartitionMatches
from events.platform_rules import BOT_PREFIX, ORGANISER
from events.ruleset import UnknownRuleset, default_game, get_ruleset, load_rulesets, setup_error
from services.client.http import ClientError
from services.client.match import parse_option
from services.rules.judge import rule_on


class BotRejected(RuntimeError):
    """A bot asked for something the rules refused: a bug in the bot or the rules."""


class _Table:
    """One match played through the judge, one decision at a time."""

    def __init__(self, match_id: str, seed: str) -> None:
        self.match_id, self.seed = match_id, seed
        self.folded = PartitionMatches()
        self.entries: list[Entry[Any]] = []
        self.sent = 0

    def send(self, seat: int | None, body: Any, sender: str) -> None:
        self.sent += 1
        decision = Decision(
            decision_id=f"{self.match_id}:{self.sent}",
            match_id=self.match_id,
            seat=seat,
            body=msgspec.Raw(encode(body)),
            sender=sender,
        )
        outcome = rule_on(
            self.folded,
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


class Played(msgspec.Struct, frozen=True):
    match_id: str
    entries: list[Entry[Any]]
    scores: tuple[int, ...]
    winners: tuple[int, ...]


def play_match(
    game: str,
    match_id: str,
    seats: int,
    seed: str,
    bots: list[str],
    options: dict[str, Any] | None = None,
) -> Played:
    """One whole match, bots choosing for the seats (bots[seat % len]): whenever several seats
    must decide, the lowest one goes first."""
    table = _Table(match_id, seed)
    create = CreateMatch(ruleset=game, seats=seats, options=options or {}, seed=seed)
    table.send(None, create, ORGANISER)
    for seat in range(seats):
        table.send(seat, ClaimSeat(player=BOT_PREFIX + bots[seat % len(bots)]), ORGANISER)
    ruleset = get_ruleset(game)
    rng = random.Random(f"{seed}:bots")
    record = table.folded.matches[match_id]  # folds on in place; the fold keeps its end alone
    while not record.over:
        seat = owed(record, ruleset)[0]
        level = bots[seat % len(bots)]
        state = seat_state(record, ruleset, seat)
        table.send(seat, ruleset.default_decision(state, seat, level, rng), BOT_PREFIX + level)
    standing = ruleset.standing(record.state)
    return Played(match_id, table.entries, standing.scores, standing.winners)


def run(args: argparse.Namespace) -> int:
    try:
        ruleset = get_ruleset(args.game)
        options = dict(parse_option(o) for o in args.option)
    except (UnknownRuleset, ClientError) as error:
        print(error, file=sys.stderr)
        return 2
    bots = args.bot.split(",")
    unknown = [b for b in bots if b not in ruleset.bots]
    if unknown:
        print(f"no bot called {unknown[0]!r}; bots: {', '.join(ruleset.bots)}", file=sys.stderr)
        return 2
    if (why := setup_error(ruleset, args.players, options)) is not None:
        print(why, file=sys.stderr)
        return 2
    started = time.perf_counter()
    games, entries = [], 0
    transcript = open(args.transcript, "wb") if args.transcript else None  # noqa: SIM115
    try:
        for number in range(args.games):
            match_id = f"selfplay-{args.seed}-{number}"
            played = play_match(
                args.game, match_id, args.players, f"{args.seed}:{number}", bots, options
            )
            entries += len(played.entries)
            if transcript is not None:
                transcript.writelines(encode(entry) + b"\n" for entry in played.entries)
            games.append({"match_id": match_id, "winners": played.winners, "scores": played.scores})
    finally:
        if transcript is not None:
            transcript.close()
    summary = {
        "game": args.game,
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
    games = sorted(load_rulesets())
    levels = sorted({level for game in games for level in get_ruleset(game).bots})
    parser = subparsers.add_parser("selfplay", help="bots play whole matches in-process")
    parser.add_argument("--game", default=default_game(), choices=games)
    parser.add_argument("--players", type=int, default=4, metavar="N")
    parser.add_argument("--games", type=int, default=1, metavar="G")
    parser.add_argument("--seed", default="0", metavar="S")
    parser.add_argument(
        "--bot",
        default="greedy",
        help=f"one of {', '.join(levels)}, or a comma list, one per seat in turn",
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a match option"
    )
    parser.add_argument(
        "--transcript", metavar="FILE", help="write every match-log entry, one JSON object per line"
    )
    parser.set_defaults(func=run)
    return parser

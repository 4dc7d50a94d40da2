"""`starledger replay` and `starledger explain`: a match a line per entry, with jumps (to a
round, an entry, a seat's next decision), the table at any step, and the decision behind it."""

import argparse
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any, TextIO

import msgspec

from events.narration import NarratedLine
from events.ruleset import round_word
from services.client import render, tokens
from services.client.http import ClientError, Gateway, guarded, segment
from services.gateway import api

KEYS = (
    "Enter or n next, p previous, g K entry K, r N {round} N, s S seat S's next decision, "
    "v the table, e why (the decision behind it), q quit"
)


def _moment(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).isoformat(timespec="milliseconds")


def explanation(found: api.Explanation) -> list[str]:
    """An audit row, as `explain` prints it: who asked, the verdict in the rule's words, and
    every entry it caused, told."""
    seat = "the match" if found.seat is None else f"seat {found.seat}"
    verdict = api.verdict(found.accepted)
    words = f": {found.rule_text}" if found.rule_text else ""
    because = [f"  because: {found.reason}"] if found.reason else []
    return [
        f"entries {found.first_seq}-{found.last_seq} of {found.match_id} come from decision "
        f"{found.decision_id}, sent by {found.sender or '(unnamed)'} for {seat} at "
        f"{_moment(found.sent_at_ms)}, recorded at {_moment(found.recorded_at_ms)}",
        f"verdict: {verdict} under {found.rule}{words}",
        *because,
        *(f"  {t.seq} {t.line}" for t in found.narration),
        f"state hash before: {found.hash_before or '(none: this created the match)'}",
        f"state hash after:  {found.hash_after}",
    ]


class Replay:
    """A match's entries told for one reader's eyes, stepped through and jumped about."""

    def __init__(self, gateway: Gateway, match_id: str, seat: int | None = None) -> None:
        self.gateway, self.match_id, self.seat = gateway, match_id, seat
        self.params = {} if seat is None else {"seat": seat}
        reply = gateway.get(
            f"/matches/{segment(match_id)}/narration", api.NarrationReply, self.params
        )
        self.told: list[NarratedLine] = reply.entries
        self.last = len(self.told)
        game = gateway.get(f"/matches/{segment(match_id)}", dict[str, Any])["game"]
        self.round_word = round_word(game)  # "round", or "turn" where the game counts turns
        self.keys = KEYS.format(round=self.round_word)

    def entry(self, k: int) -> str:
        told = self.told[k - 1]
        round_ = f", {self.round_word} {told.round}" if told.round is not None else ""
        return f"{k}/{self.last}{round_}: {told.line}"

    def table(self, k: int) -> list[str]:
        path = f"/matches/{segment(self.match_id)}/replay/{k}"
        described = self.gateway.get(path, api.ReplayReply, self.params).description
        return render.render(described) if described else ["nothing to show yet"]

    def why(self, k: int) -> list[str]:
        try:
            path = f"/matches/{segment(self.match_id)}/explain/{k}"
            return explanation(self.gateway.get(path, api.Explanation))
        except ClientError as error:
            return [str(error)]

    def round_start(self, number: int) -> int | None:
        """The first entry of round (or turn) `number`."""
        return next((t.seq for t in self.told if t.round == number), None)

    def next_decision(self, seat: int, k: int) -> int | None:
        """The first entry after k judging a decision of `seat`."""
        return next((t.seq for t in self.told[k:] if t.decided_by == seat), None)

    def target(self, key: str, rest: str, k: int) -> int | str:
        """Where a key goes, or why it goes nowhere."""
        number = int(rest) if rest.isdigit() else None
        if key in ("", "n", "p"):
            return k + 1 if key != "p" else k - 1
        if number is None:
            return f"keys: {self.keys}"
        if key == "g":
            return number
        if key == "r":
            found = self.round_start(number)
            return found if found is not None else f"no {self.round_word} {number} in this match"
        if key == "s":
            found = self.next_decision(number, k)
            return found if found is not None else f"seat {number} decides nothing after {k}"
        return f"keys: {self.keys}"

    def browse(self, lines: Iterable[str], out: TextIO) -> None:
        k = 1
        print(f"replay of {self.match_id}, {self.last} entries; keys: {self.keys}", file=out)
        print(self.entry(k), file=out, flush=True)
        for line in lines:
            key, _, rest = line.strip().lower().partition(" ")
            if key == "q":
                return
            if key in ("v", "e"):
                print("\n".join(self.table(k) if key == "v" else self.why(k)), file=out)
            elif isinstance(went := self.target(key, rest.strip(), k), str):
                print(went, file=out)
            elif not 1 <= went <= self.last:
                print(f"entries go from 1 to {self.last}", file=out)
            else:
                k = went
                print(self.entry(k), file=out)
            out.flush()


def _reader(match_id: str) -> Gateway:
    return Gateway(tokens.reader_token(match_id))


def _replay(args: argparse.Namespace) -> int:
    with _reader(args.match_id) as gateway:
        replay = Replay(gateway, args.match_id, args.seat)
        if args.all:
            print("\n".join(replay.entry(k) for k in range(1, replay.last + 1)))
        else:
            replay.browse(sys.stdin, sys.stdout)
    return 0


def _explain(args: argparse.Namespace) -> int:
    with _reader(args.match_id) as gateway:
        path = f"/matches/{segment(args.match_id)}/explain/{args.seq}"
        found = gateway.get(path, api.Explanation)
    print(msgspec.json.encode(found).decode() if args.json else "\n".join(explanation(found)))
    return 0


def add_parsers(subparsers: Any) -> None:
    replay = subparsers.add_parser(
        "replay", help="a match a line per entry: step, jump to a round, an entry, a decision"
    )
    replay.add_argument("match_id", metavar="ID")
    replay.add_argument(
        "--seat", type=int, metavar="S", help="a finished match: see it as seat S saw it"
    )
    replay.add_argument("--all", action="store_true", help="print every line and stop")
    replay.set_defaults(func=guarded(_replay))
    explain = subparsers.add_parser(
        "explain", help="the decision behind one entry: its verdict in the rule's words"
    )
    explain.add_argument("match_id", metavar="ID")
    explain.add_argument("seq", type=int, metavar="SEQ")
    explain.add_argument("--json", action="store_true", help="the audit row as JSON")
    explain.set_defaults(func=guarded(_explain))

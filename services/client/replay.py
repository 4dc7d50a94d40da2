"""`starledger replay` and `starledger explain`: a match entry by entry, with what each one
changed and the decision behind it."""

import argparse
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any, TextIO

import msgspec

from services.client import render, tokens
from services.client.http import ClientError, Gateway, guarded, segment
from services.client.match import lobby_row
from services.gateway import api

KEYS = "n (or Enter) next, p previous, g K go to step K, v the whole table, q quit"


def _moment(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).isoformat(timespec="milliseconds")


def _asked(asked: Any) -> str:
    return asked if isinstance(asked, str) else msgspec.json.encode(asked).decode()


def explanation(row: dict[str, Any]) -> list[str]:
    """An audit row, as `explain` prints it."""
    first, last = row["first_seq"], row["last_seq"]
    seat = "the match" if row["seat"] is None else f"seat {row['seat']}"
    judged = f"{'accepted' if row['accepted'] else 'rejected'} under {row['rule']}"
    caused = ", ".join(f"{seq} {kind}" for seq, kind in enumerate(row["caused"], first))
    return [
        f"entries {first}-{last} of {row['match_id']} come from decision {row['decision_id']}",
        f"sent by {row['sender'] or '(unnamed)'} for {seat} at {_moment(row['sent_at_ms'])}, "
        f"recorded at {_moment(row['recorded_at_ms'])}",
        f"asked: {_asked(row['asked'])}",
        f"verdict: {judged}" + (f": {row['reason']}" if row["reason"] else ""),
        f"caused: {caused}",
        f"state hash before: {row['hash_before'] or '(none: this created the match)'}",
        f"state hash after:  {row['hash_after']}",
    ]


class Replay:
    """Steps of one match fetched as needed and kept, with the decisions behind them."""

    def __init__(self, gateway: Gateway, match_id: str) -> None:
        self.gateway, self.match_id = gateway, match_id
        self.steps: dict[int, render.Table] = {0: {}}
        self.decisions: list[dict[str, Any]] = []
        self.last = lobby_row(gateway, match_id)["seq"]

    def table(self, k: int) -> render.Table:
        if k not in self.steps:
            step = self.gateway.get(
                f"/matches/{segment(self.match_id)}/replay/{k}", api.ReplayReply
            )
            self.steps[k] = render.table(step.shown)
        return self.steps[k]

    def decision(self, seq: int) -> dict[str, Any] | None:
        """The audit row behind entry seq; None where this token may not read it yet."""
        for row in self.decisions:
            if row["first_seq"] <= seq <= row["last_seq"]:
                return row
        try:
            row = self.gateway.get(
                f"/matches/{segment(self.match_id)}/explain/{seq}", dict[str, Any]
            )
        except ClientError as error:
            if error.status == 403:
                return None
            raise
        self.decisions.append(row)
        return row

    def entry(self, k: int) -> list[str]:
        """Step k: the entry's kind, the decision behind it, and what it changed."""
        row = self.decision(k)
        if row is None:
            head = f"step {k}/{self.last}: another seat's decision (open once the match ends)"
        else:
            kind = row["caused"][k - row["first_seq"]]
            seat = "the match" if row["seat"] is None else f"seat {row['seat']}"
            verdict = "accepted" if row["accepted"] else f"rejected: {row['reason']}"
            head = (
                f"step {k}/{self.last}: {kind} (decision of {seat}: "
                f"{_asked(row['asked'])}; {verdict} under {row['rule']})"
            )
        changed = render.diff(self.table(k - 1), self.table(k))
        return [head, *(f"  {line}" for line in changed or ["nothing shown changed"])]

    def browse(self, lines: Iterable[str], out: TextIO) -> None:
        k = 1
        print(f"replay of {self.match_id}, {self.last} entries; keys: {KEYS}", file=out)
        print("\n".join(self.entry(k)), file=out, flush=True)
        for line in lines:
            key, _, rest = line.strip().lower().partition(" ")
            if key == "q":
                return
            target = {"": k + 1, "n": k + 1, "p": k - 1}.get(key)
            if key == "g":
                target = int(rest) if rest.strip().isdigit() else None
            if key == "v":
                print("\n".join(render.render(self.table(k))) or "nothing to show yet", file=out)
            elif target is None:
                print(f"keys: {KEYS}", file=out)
            elif not 1 <= target <= self.last:
                print(f"steps go from 1 to {self.last}", file=out)
            else:
                k = target
                print("\n".join(self.entry(k)), file=out)
            out.flush()


def _reader(match_id: str) -> Gateway:
    return Gateway(tokens.reader_token(match_id))


def _replay(args: argparse.Namespace) -> int:
    with _reader(args.match_id) as gateway:
        Replay(gateway, args.match_id).browse(sys.stdin, sys.stdout)
    return 0


def _explain(args: argparse.Namespace) -> int:
    with _reader(args.match_id) as gateway:
        row = gateway.get(f"/matches/{segment(args.match_id)}/explain/{args.seq}", dict[str, Any])
    print("\n".join(explanation(row)))
    return 0


def add_parsers(subparsers: Any) -> None:
    replay = subparsers.add_parser("replay", help="step through a match entry by entry")
    replay.add_argument("match_id", metavar="ID")
    replay.set_defaults(func=guarded(_replay))
    explain = subparsers.add_parser("explain", help="the decision behind one entry of a match")
    explain.add_argument("match_id", metavar="ID")
    explain.add_argument("seq", type=int, metavar="SEQ")
    explain.set_defaults(func=guarded(_explain))

"""`starledger stats GAME [--player NAME] [--json]`: a game's statistics (win share by seat, by
start and by choice, match length, the rules that refuse most, its ratings), or one player's in
that game (rating over time, results, reliability), as the JSON API serves them."""

import argparse
from datetime import UTC, datetime
from typing import Any

import msgspec

from events.ruleset import load_rulesets
from services.client.http import Gateway, guarded, segment
from services.stats.report import ChoiceWins, GameStats, PlayerStats, Share

SHOWN = 10  # rows of each list in words; --json has them all


def _share(s: Share) -> str:
    return f"{s.win_rate:.1%} [{s.low:.1%} to {s.high:.1%}] of {s.seats} seats"


def _choices(title: str, rows: list[ChoiceWins]) -> list[str]:
    return [f"{title}:"] + [
        f"  {c.kind}: {c.subject}: taken {c.taken}, wins {_share(c.wins)}" for c in rows[:SHOWN]
    ]


def game_lines(stats: GameStats) -> list[str]:
    lines = [f"{stats.game}: {stats.finished} matches ended, {stats.rated} rated", "ratings:"]
    lines += [
        f"  {r.player}: {r.ordinal:.2f} (mu {r.mu:.2f}, sigma {r.sigma:.2f}), {r.matches} rated"
        for r in stats.ratings[:SHOWN]
    ]
    lines.append("win share by seat:")
    lines += [f"  {s.table} seats, seat {s.seat + 1}: {_share(s.wins)}" for s in stats.seats]
    lines += _choices("win share by start", stats.starts)
    lines += _choices("the most taken choices", stats.choices)
    lines.append("match length:")
    lines += [
        f"  {n.table} seats: {n.matches} matches, {n.mean_rounds:.1f} {stats.round_word}s,"
        f" {n.mean_hours:.2f} hours on average"
        for n in stats.lengths
    ]
    lines.append("the rules that refuse most:")
    lines += [f"  {r.rule} {r.words}: {r.refused}" for r in stats.refusals]
    return lines


def player_lines(stats: PlayerStats) -> list[str]:
    lines = []
    for g in stats.games:
        rated = (
            f"rating {g.rating.ordinal:.2f} (mu {g.rating.mu:.2f}, sigma {g.rating.sigma:.2f})"
            if g.rating
            else "not rated yet"
        )
        r = g.reliability
        lines += [
            f"{stats.player} in {g.game}: played {g.played}, won {g.wins:g}, {rated}",
            f"  reliability: {r.on_time:.1%} on time: {r.decisions} decisions, {r.missed} missed"
            f" deadlines, {r.defaults} defaults, {r.resigned} resigned, {r.timed_out} timed out,"
            f" {r.handed_over} handed to a bot, {r.replaced} replaced",
        ]
        lines += [f"  after {h.match_id}: {h.ordinal:.2f}" for h in g.history[-SHOWN:]]
    lines.append("results:")
    for r in stats.results[:SHOWN]:
        ended = datetime.fromtimestamp(r.ended_ms / 1000, UTC).strftime("%Y-%m-%d")
        place = f"place {r.place}" if r.outcome == "finished" else r.outcome
        lines.append(f"  {ended} {r.match_id} seat {r.seat}: {place}, win share {r.win_share:g}")
    return lines


def _stats(args: argparse.Namespace) -> int:
    with Gateway() as gateway:
        found: Any
        if args.player:
            path = f"/players/{segment(args.player)}/stats"
            found = gateway.get(path, PlayerStats, {"game": args.game})
        else:
            found = gateway.get(f"/games/{segment(args.game)}/stats", GameStats)
    if args.json:
        print(msgspec.json.format(msgspec.json.encode(found)).decode())
    else:
        lines = player_lines(found) if args.player else game_lines(found)
        print("\n".join(lines))
    return 0


def add_parser(subparsers: Any) -> None:
    stats = subparsers.add_parser(
        "stats", help="a game's statistics and ratings, or a player's in that game"
    )
    stats.add_argument("game", metavar="GAME", help=f"one of {', '.join(load_rulesets())}")
    stats.add_argument(
        "--player", metavar="NAME", help="this player's rating, results, reliability"
    )
    stats.add_argument("--json", action="store_true", help="everything, as the JSON API has it")
    stats.set_defaults(func=guarded(_stats))

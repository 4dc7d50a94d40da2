"""A seat's reads while strangers flood the web replay with made-up seat cookies: the seat's
`GET /matches/{id}/view` p50 and p95 alone, then during the flood, and what the flood was
answered (served, or refused with 429). The flood comes from the seat's own address, as from
behind one NAT: a limit keyed on the cookie it carries would serve it all. It is offered at a
fixed rate, from a process of its own (its threads would otherwise hold the timing client's
interpreter lock), so it costs the stack alike whatever the gateway answers.

On Kafka, then on Tansu (`scratch.on_each_broker`), each with a scratch database and the
stack."""

import asyncio
import multiprocessing
import random
import secrets
import statistics
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx

from services.settings import Settings
from tests.bench.bench_web import _join, _open, _p, _prepared, _until
from tests.bench.scratch import Scratch, on_each_broker
from tests.bench.table import Row, print_table
from tests.stack import Stack, running_stack

READS = 200
PACE_S = 0.03  # the seat's own pace: under its 50 reads a second
FLOODERS = 16  # connections, together sending FLOOD_RATE pages a second at most
FLOOD_RATE = 300  # about what the gateway serves of them at most when it serves them all


def _timed_ms(http: httpx.Client, path: str) -> list[float]:
    took = []
    for _ in range(READS):
        start = time.perf_counter()
        reply = http.get(path)
        took.append((time.perf_counter() - start) * 1000)
        assert reply.status_code == 200, reply.text[:200]
        time.sleep(PACE_S)
    return sorted(took)


def _flood(replay: str, last: int, stop: threading.Event, answers: Counter[int]) -> None:
    """Replay pages, each with a seat cookie of its own that no gateway ever issued."""
    rng, gap = random.Random(), FLOODERS / FLOOD_RATE
    with httpx.Client(timeout=30) as http:
        while not stop.is_set():
            start = time.monotonic()
            cookie = {"cookie": f"seat={secrets.token_urlsafe(24)}"}
            answers[http.get(f"{replay}/{rng.randint(1, last)}", headers=cookie).status_code] += 1
            time.sleep(max(0.0, gap - (time.monotonic() - start)))


def _flooding(replay: str, last: int, ready: Any, stop: Any, told: Any) -> None:
    """A process of FLOODERS threads, `ready` once they run, until `stop` is set; puts what
    they were answered."""
    answers: Counter[int] = Counter()
    done = threading.Event()
    flooders = [
        threading.Thread(target=_flood, args=(replay, last, done, answers)) for _ in range(FLOODERS)
    ]
    for flooder in flooders:
        flooder.start()
    ready.set()
    stop.wait()
    done.set()
    for flooder in flooders:
        flooder.join()
    told.put(dict(answers))


def _reads(stack: Stack) -> dict[str, float]:
    seated = _open(stack, "core-worlds", 3, [1, 2])
    me = {"authorization": f"Bearer {_join(stack, seated, 0)}"}
    view = f"{stack.gateway}/matches/{seated}/view"
    ended = _open(stack, "core-worlds", 3, [0, 1, 2])
    row = f"{stack.gateway}/matches/{ended}"
    last = _until(
        lambda: r["seq"] if (r := httpx.get(row).json())["status"] == "finished" else None, "end"
    )
    replay = f"{stack.gateway}/web/matches/{quote(ended, safe='')}/replay"
    with httpx.Client(headers=me) as http:
        _until(lambda: http.get(view).status_code == 200 or None, "a view")
        quiet = _timed_ms(http, view)
        spawn = multiprocessing.get_context("spawn")
        ready, stop, told = spawn.Event(), spawn.Event(), spawn.Queue()
        flood = spawn.Process(target=_flooding, args=(replay, last, ready, stop, told))
        flood.start()
        ready.wait(60)
        started = time.monotonic()
        try:
            flooded = _timed_ms(http, view)
        finally:
            stop.set()
            answers = Counter[int](told.get(timeout=60))
            flood.join()
        lasted = time.monotonic() - started
    return {
        "quiet_p50_ms": statistics.median(quiet),
        "quiet_p95_ms": _p(quiet, 0.95),
        "flooded_p50_ms": statistics.median(flooded),
        "flooded_p95_ms": _p(flooded, 0.95),
        "flood_served_per_s": answers[200] / lasted,
        "flood_refused_per_s": answers[429] / lasted,
        "flood_other": sum(n for status, n in answers.items() if status not in (200, 429)),
    }


async def _bench(settings: Settings, logs: Path) -> dict[str, float]:
    await _prepared(settings)
    async with running_stack(settings, logs) as stack:
        return await asyncio.to_thread(_reads, stack)


def _on(scratch: Scratch) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as logs:
        return asyncio.run(_bench(scratch.settings, Path(logs)))


ROWS = [
    Row("a seat's GET /view alone p50 (ms)", "quiet_p50_ms", "{:.1f}"),
    Row("a seat's GET /view alone p95 (ms)", "quiet_p95_ms", "{:.1f}"),
    Row(
        f"the same during a flood of made-up cookies ({FLOOD_RATE}/s) p50 (ms)",
        "flooded_p50_ms",
        "{:.1f}",
    ),
    Row("the same during the flood p95 (ms)", "flooded_p95_ms", "{:.1f}"),
    Row("flood: replay pages served a second", "flood_served_per_s", "{:.1f}"),
    Row("flood: refused (429) a second", "flood_refused_per_s", "{:.1f}"),
    Row("flood: any other answer", "flood_other"),
]


def main() -> dict[str, dict[str, float]]:
    figures = on_each_broker(_on)
    print_table("made-up cookies", ROWS, figures)
    return figures


if __name__ == "__main__":
    main()

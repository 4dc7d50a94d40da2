"""`make mutants [AREA=...]`: mutation testing of the platform's core, of the kit the games
are written on and of each game's judging (pyproject's [tool.mutmut] says which modules and
which tests), then the score per module. A survivor no test can kill is explained in
tests/mutation_survivors.toml; the run fails while a module of the area scores under the goal.

    python -m tests.mutation              # every area: core, the kit, then each game
    python -m tests.mutation core         # or kit, or a game's folder name under events/rulesets
"""

import fnmatch
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from services import run_folder
from services.broker import local_broker
from services.embedded_db import server_url

ROOT = Path(__file__).resolve().parent.parent
GOAL = 0.90
CORE = [
    "events.match.*",
    "events.storable.*",
    "events.strict.*",
    "services.rules.judge.*",
    "services.rules.catch_up.*",
    "services.rules.snapshots.*",
    "services.rules.deadlines.*",
    "services.rules.seats.*",
    "events.calendar.*",
    "projections.secrecy.*",
    "services.gateway.access.*",
    "projections.offsets.*",
    "projections.writes.*",
]
KILLED = {"killed", "timeout"}  # a mutant that hangs the tests is caught by them
MODULE = re.compile(r"^(.*)\.x[_ǁ]")


def areas() -> dict[str, list[str]]:
    games = sorted(
        p.name for p in (ROOT / "events" / "rulesets").iterdir() if (p / "state.py").exists()
    )
    kit = {"kit": ["events.kit.*"]}
    return {"core": CORE} | kit | {game: [f"events.rulesets.{game}.*"] for game in games}


def within(name: str, patterns: list[str]) -> bool:
    return any(fnmatch.fnmatch(name, p) for p in patterns)


def explained() -> dict[str, str]:
    with (ROOT / "tests" / "mutation_survivors.toml").open("rb") as f:
        return tomllib.load(f)["explained"]


def results() -> dict[str, str]:
    """mutant name -> its status ('killed', 'survived', 'not checked', 'timeout', ...)."""
    shown = subprocess.run(
        [sys.executable, "-m", "mutmut", "results", "--all", "true"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    pairs = (line.strip().split(": ", 1) for line in shown.splitlines() if ": " in line)
    return {name: status for name, status in pairs}


@contextmanager
def one_broker_and_database() -> Iterator[dict[str, str]]:
    """A broker and a database server for the whole run, named to every mutant's tests: each
    would start its own broker, a mutant's time going to starting Apache Kafka, and leave its
    server running (mutmut ends its children without their exit handlers). KAFKA_BOOTSTRAP or
    DATABASE_URL set: that one."""
    database = {"DATABASE_URL": server_url(run_folder.RUN / "mutants-pgdata")}
    if os.environ.get("KAFKA_BOOTSTRAP"):
        yield os.environ | database
        return
    with (
        tempfile.TemporaryDirectory(prefix="mutants-broker-") as folder,
        local_broker(Path(folder)) as broker,
    ):
        yield (
            os.environ
            | database
            | {
                "KAFKA_BOOTSTRAP": broker.bootstrap,
                "STARLEDGER_IDEMPOTENT_PRODUCER": str(broker.idempotent).lower(),
            }
        )


def refresh_copies(root: Path) -> list[str]:
    """Copy again into mutants/ each file of the source folders, other than Python's, that
    differs from its source (a migration, say): mutmut copies those once, and then tests a
    changed one as it was (it copies `also_copy` again on each run)."""
    mutants = root / "mutants"
    if not mutants.is_dir():
        return []  # mutmut's first run copies them all
    with (root / "pyproject.toml").open("rb") as f:
        config = tomllib.load(f)["tool"]["mutmut"]
    refreshed = []
    for folder in config["source_paths"]:
        for source in sorted((root / folder).rglob("*")):
            if not source.is_file() or source.suffix in {".py", ".pyc"}:
                continue
            copy = mutants / source.relative_to(root)
            if not copy.is_file() or copy.read_bytes() != source.read_bytes():
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, copy)
                refreshed.append(str(source.relative_to(root)))
    return refreshed


def judged(patterns: list[str]) -> dict[str, str]:
    """The statuses, once each mutant of the patterns has a verdict on today's code and tests."""

    def named(statuses: dict[str, str], wanted: Callable[[str], bool]) -> list[str]:
        mine = (n for n in statuses if within(n, patterns))
        return [n for n in mine if wanted(statuses[n])]

    # mutmut re-tests every mutant it is named: name those without a verdict (a stopped run
    # resumes) and the survivors; pyproject has it reset every verdict when code or tests change.
    # With every verdict in, one mutant still goes (a run is where that reset happens); the
    # patterns only while mutmut knows none of their mutants: they re-test the killed as well.
    for name in refresh_copies(ROOT):
        print(f"copied again into mutants/, changed since mutmut copied it: {name}")
    statuses = results()
    known = named(statuses, lambda _: True)
    names = named(statuses, lambda s: s not in KILLED) or known[:1] or patterns
    with one_broker_and_database() as env:
        for _ in range(2):  # the second pass tests what such a reset left without a verdict
            if names:
                children = str(os.cpu_count() or 1)
                run = [sys.executable, "-m", "mutmut", "run", "--max-children", children, *names]
                subprocess.run(run, cwd=ROOT, env=env, check=True)
            names = named(statuses := results(), lambda s: s == "not checked")
    return statuses


def score(area: str, patterns: list[str], statuses: dict[str, str], why: dict[str, str]) -> bool:
    per_module: dict[str, Counter[str]] = defaultdict(Counter)
    for name, status in statuses.items():
        if within(name, patterns) and (module := MODULE.match(name)):
            kind = "explained" if status == "survived" and name in why else status
            per_module[module.group(1)][kind] += 1
    print(f"\n{area}: module, mutants, killed, explained, survived, no tests, score")
    met = True
    for module, counts in sorted(per_module.items()):
        total = sum(counts.values())
        caught = sum(counts[k] for k in KILLED) + counts["explained"]
        met &= caught / total >= GOAL
        print(
            f"  {module:<48} {total:>5} {sum(counts[k] for k in KILLED):>6}"
            f" {counts['explained']:>5} {counts['survived']:>5} {counts['no tests']:>5}"
            f"  {caught / total:6.1%}"
        )
    for name, status in sorted(statuses.items()):
        if status == "survived" and name not in why and within(name, patterns):
            print(f"  survived: {name}   (mutmut show {name})")
    return met


def main(wanted: list[str]) -> int:
    known = areas()
    unknown = [a for a in wanted if a not in known]
    if unknown:
        print(f"unknown area {', '.join(unknown)}; areas: {', '.join(known)}", file=sys.stderr)
        return 2
    chosen = {a: known[a] for a in wanted or known}
    patterns = [p for ps in chosen.values() for p in ps]
    statuses = judged(patterns)
    why = explained()
    stale = sorted(n for n in why if within(n, patterns) and statuses.get(n) != "survived")
    for name in stale:
        print(f"explained but no longer a survivor (drop it from the list): {name}")
    met = [score(area, ps, statuses, why) for area, ps in chosen.items()]
    print(f"\ngoal: {GOAL:.0%} of each module's mutants killed or explained")
    return 0 if all(met) and not stale else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

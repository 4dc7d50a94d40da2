"""The package as a wheel installs it (what `deploy/Dockerfile` runs: no `docs/`, no tests):
built from the repository's tracked files, installed apart, it narrates every game's rulings
in its rules reference's words, so nothing a game reads at run time lives outside the package."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

NARRATE = """
import re, sys
import events
from events.envelope import Ruling
from events.narration import Narrator
from events.ruleset import load_rulesets
from services.selfplay import play_match

assert events.__file__.startswith(sys.argv[1]), events.__file__  # the wheel's, not the checkout's
for name, ruleset in sorted(load_rulesets().items()):
    seats = ruleset.min_seats
    entries = play_match(name, f"wheel-{name}", seats, "wheel", [list(ruleset.bots)[-1]]).entries
    narrator = Narrator(0)
    told = [narrator.tell(e) for e in entries]
    cited = [
        line for e, line in zip(entries, told)
        if isinstance(e.body, Ruling) and e.body.accepted and e.body.seat == 0
        and re.search(r"accepted \\([A-Z]+-[A-Z]+[0-9.]*, [^)]+\\)", line)
    ]
    assert cited, (name, told[:12])
    print(name, "|", cited[0])
"""


def test_an_installed_wheel_narrates_a_ruling_of_every_game_in_its_references_words(
    tmp_path: Path,
) -> None:
    source = tmp_path / "source"
    tracked = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.split(b"\0")
    for name in filter(None, tracked):
        path = Path(os.fsdecode(name))
        if (ROOT / path).is_file():
            (source / path).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / path, source / path)
    wheels, target = tmp_path / "wheels", tmp_path / "installed"
    pip = [sys.executable, "-m", "pip", "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, "wheel", "--no-deps", "-w", wheels, source], check=True)
    [wheel] = wheels.glob("starledger-*.whl")
    subprocess.run([*pip, "install", "--no-deps", "--target", target, wheel], check=True)
    environment = {**os.environ, "PYTHONPATH": str(target)}
    environment.pop("STARLEDGER_RULESETS", None)  # the games the package registers, no more
    shown = subprocess.run(
        [sys.executable, "-c", NARRATE, str(target)],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert shown.returncode == 0, shown.stderr[-3000:]
    games = {line.split(" | ")[0] for line in shown.stdout.splitlines()}
    assert {"core-worlds", "race-for-the-galaxy", "star-realms", "twilight-imperium-3"} <= games, (
        shown.stdout
    )

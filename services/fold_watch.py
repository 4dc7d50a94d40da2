"""A debug watch on folds (issue 43), off unless the `watch_folds` setting is on
($STARLEDGER_WATCH_FOLDS, read at start): it counts every call in this process of what folds a
match, `events.match.apply` and each registered ruleset's `evolve`, `view` and `resample`,
by the service module that led to it. A process serving people (the gateway, the mail worker)
should count none while it serves a running match: a fold there would hold the match's seed
and every hand. The gateway shows the counts at `GET /debug/folds`; every process logs a
`fold_seen` the first time a fold comes from a module. Watching slows every call: tests only."""

import sys
import threading
from collections import Counter
from types import CodeType, FrameType
from typing import Any

import structlog
from litestar import get

from events import match
from events.ruleset import load_rulesets

log = structlog.get_logger("fold_watch")

FOLDS = ("evolve", "view", "resample")  # a ruleset's calls that need the whole state
SERVICES = "services."

counted: Counter[str] = Counter()  # "<fold> from <service module>" -> calls


def _code(function: Any) -> CodeType | None:
    return getattr(getattr(function, "__func__", function), "__code__", None)


def watched() -> dict[CodeType, str]:
    """The code objects a fold runs, each with the name it is counted by."""
    found = {match.apply.__code__: "events.match.apply"}
    for ruleset in load_rulesets().values():
        for name in FOLDS:
            code = _code(getattr(ruleset, name))
            if code is not None:
                found[code] = f"Ruleset.{name}"  # games may share one (the kit's)
    return found


def _caller(frame: FrameType | None) -> str:
    """The first service module on the stack: the reader that folded."""
    while frame is not None:
        module = frame.f_globals.get("__name__", "")
        if module.startswith(SERVICES) and module != __name__:
            return module
        frame = frame.f_back
    return "elsewhere"


def start() -> None:
    """Count folds from now on, in every thread of this process."""
    folds = watched()

    def profile(frame: FrameType, event: str, _arg: object) -> None:
        if event == "call" and (fold := folds.get(frame.f_code)) is not None:
            key = f"{fold} from {_caller(frame.f_back)}"
            if key not in counted:
                log.warning("fold_seen", fold=key)
            counted[key] += 1

    sys.setprofile(profile)
    threading.setprofile(profile)
    log.warning("fold_watch_on", folds=sorted(set(folds.values())))


@get("/debug/folds", include_in_schema=False)  # mounted only while the watch is on
async def folds_counted() -> dict[str, int]:
    return dict(counted)

"""One redaction point (issue 43): the readers serving people (the gateway, the web pages, the
webhook sender and the mail worker) read the rows the projection worker wrote for each reader,
and none folds a match, which would put its seed and every hand in a public-facing process and
leave it to redact them itself. The replay of a finished match, folded from the archive, is the
gateway's one exception, in a module of its own that says so, and only where the match has
ended. Besides the rules service and the projection worker, the bots worker alone folds a
match, and nothing leaves it but decisions. (`tests/mail/test_readers_fold_no_running_match.py`
shows the same of the running processes.)"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Modules that fold a match or tell it by folding, and the calls that do.
FOLDING_MODULES = {"projections.replay", "projections.narrating", "events.match.apply"}
FOLDING_NAMES = {"Narrator", "PartitionMatches", "MatchRecord", "Narrations"}
FOLDING_CALLS = {"evolve", "resample", "record_at", "narrated", "apply", "fold_match"}

# Readers moved onto rows; each entry is a folder (every module in it) or a module.
READERS = ["services/gateway", "services/web", "services/webhooks", "services/mail"]
# The named exceptions, which say so: a finished match's re-judging, and its replay (checked
# by `finished_only`: a fold there only where the match has ended).
ARCHIVE_READERS = {"services/web/verdict.py"}
FINISHED_REPLAY = "services/gateway/replays.py"
REPLAY_SHAPES = {"ReplayStep"}  # what the replay module holds that folds nothing: its reply

# The internal processes that fold besides the rules service and the projection worker, and why.
FOLDING_WORKERS = {
    "services/bots/worker.py": "deals its seats' unknowns anew through `resample` to decide: no"
    " request reaches it, and nothing it holds leaves it but a decision",
}
BOTS = "services/bots/worker.py"
UPGRADES = "services/bots/upgrades.py"  # what it re-judges a running match for: a move
# All the bots worker reaches: the database (read, its decision ids' key, the forks it made),
# the log, the decisions topic through the gateway's submitter; its standing orders
# (`services.bots.orders`), the forks it deals (`events.forks`) and the moves to another version
# it re-judges a match for (`services.bots.upgrades`). A new way out is a review.
BOTS_IMPORTS = {
    "asyncio",
    "hashlib",
    "random",
    "secrets",
    "time",
    "asyncpg",
    "msgspec",
    "structlog",
    "events.envelope",
    "events.forks",
    "events.held_answers",  # which seats a window still owes, and each one's own view of it
    "events.match",
    "events.platform_rules",
    "events.ruleset",
    "projections",
    "projections.announce",
    "services",
    "services.bots",
    "services.gateway.api",
    "services.gateway.forks",
    "services.gateway.standing_orders",
    "services.gateway.submit",
    "services.gateway.upgrades",
    "services.settings",
}
# what a bot's decision and a fork made log
BOTS_LOGGED = {"match_id", "seq", "decision_id", "seat", "bot", "fork_id"}
# what it sends: a bot's decision, and a fork's create (its state, whole for an ended match or
# dealt anew through `resample` for the seat that asked) with its bots' claims
BOTS_SENT = [
    ["fork_id", "None", "create"],
    ["fork_id", "bot.seat", "ClaimSeat(player=BOT_PREFIX + bot.bot)"],
]


def _modules() -> list[Path]:
    found = []
    for reader in READERS:
        path = ROOT / reader
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    skipped = ARCHIVE_READERS | {FINISHED_REPLAY}
    return [p for p in found if str(p.relative_to(ROOT)) not in skipped]


def folds(source: str) -> list[str]:
    """What in `source` folds a match: a folding module or name imported, a fold called, or
    a ruleset's `view(state, seat)` (a codec's `view(bytes)` only decodes a stored one)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = {node.module} | {f"{node.module}.{a.name}" for a in node.names}
            found += sorted(names & FOLDING_MODULES)
            found += sorted({a.name for a in node.names} & FOLDING_NAMES)
        elif isinstance(node, ast.Import):
            found += sorted({a.name for a in node.names} & FOLDING_MODULES)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            called = node.func.attr
            if called in FOLDING_CALLS or (called == "view" and len(node.args) == 2):
                found.append(f".{called}()")
    return found


def test_no_reader_folds_a_match() -> None:
    modules = _modules()
    assert ROOT / "services" / "gateway" / "app.py" in modules
    assert ROOT / "services" / "mail" / "compose.py" in modules
    for path in modules:
        found = folds(path.read_text())
        assert not found, f"{path.relative_to(ROOT)} folds a match: {found}"


def test_the_check_sees_every_way_back_to_a_fold() -> None:
    assert folds("from projections import replay") == ["projections.replay"]
    assert folds("import projections.narrating") == ["projections.narrating"]
    assert folds("from events.narration import Narrator, NarratedLine") == ["Narrator"]
    assert folds("from events.match import apply") == ["events.match.apply"]
    assert folds("record = await replay.record_at(pool, m)") == [".record_at()"]
    assert folds("told = await replay.narrated(pool, m, 0)") == [".narrated()"]
    assert folds("ruleset.view(record.state, seat)") == [".view()"]
    assert folds("state = ruleset.resample(state, seat, rng)") == [".resample()"]
    assert folds("codec.view(stored.encode())") == []
    assert folds("from events.narration import NarratedLine, seat_names") == []


def _under_the_end(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether `node` runs only once an `if` testing the match's end (`over`) is true."""
    while node in parents:
        parent = parents[node]
        if (
            isinstance(parent, ast.If)
            and node in parent.body
            and "over" in ast.unparse(parent.test)
        ):
            return True
        node = parent
    return False


def finished_only(source: str) -> list[str]:
    """What in `source` folds other than `replay.at` (`projections.replay`'s fold from the
    archive) in the body of an `if` on the match's end."""
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = [f for f in folds(source) if f != "projections.replay"]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "projections.replay":
            found += sorted({a.name for a in node.names} - REPLAY_SHAPES)
        elif isinstance(node, ast.Import):
            found += sorted({a.name for a in node.names} & {"projections.replay"})
        elif isinstance(node, ast.Attribute) and ast.unparse(node.value) == "replay":
            fold_of_the_end = node.attr == "at" and _under_the_end(node, parents)
            found += [] if fold_of_the_end else [f"replay.{node.attr} (line {node.lineno})"]
    return found


def test_the_gateway_folds_a_replay_only_once_the_match_has_ended() -> None:
    assert finished_only((ROOT / FINISHED_REPLAY).read_text()) == []


def test_the_finished_replay_check_sees_a_fold_of_a_running_match() -> None:
    ended = "if match['over']:\n    return await replay.at(pool, m, k)\n"
    assert finished_only(ended) == []
    assert finished_only(ended + "return await replay.at(pool, m, k)") == ["replay.at (line 3)"]
    assert finished_only("if over:\n    pass\nelse:\n    replay.at(p, m, k)") == [
        "replay.at (line 4)"
    ]
    assert finished_only("if over:\n    replay.record_at(p, m)") == [
        ".record_at()",
        "replay.record_at (line 2)",
    ]
    assert finished_only("from projections.replay import ReplayStep, entries") == ["entries"]
    assert finished_only("from events.narration import Narrator") == ["Narrator"]


def _calls(tree: ast.AST, name: str) -> list[ast.Call]:
    return [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == name
    ]


def test_the_bots_worker_folds_and_nothing_leaves_it_but_a_decision() -> None:
    source = (ROOT / BOTS).read_text()
    tree = ast.parse(source)
    assert folds(source), f"{BOTS} folds no more: take it off FOLDING_WORKERS"
    assert set(FOLDING_WORKERS) == {BOTS}
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | {
        a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
    }
    assert imported == BOTS_IMPORTS, "the bots worker reaches something new: review what leaves"
    # its one way out to the match: a decision its seat's bot took, to the decisions topic
    decided = {
        t.id
        for n in ast.walk(tree)
        if isinstance(n, ast.Assign) and _calls(n.value, "default_decision")
        for t in n.targets
        if isinstance(t, ast.Name)
    }
    *forks, submit = _calls(tree, "submit")
    assert [ast.unparse(a) for a in submit.args] == ["match_id", "seat", *decided]
    assert {k.arg for k in submit.keywords} == {"sender", "decision_id", "seen_seq"}
    assert [[ast.unparse(a) for a in fork.args] for fork in forks] == BOTS_SENT
    # what it logs of a match: where it decided, never what it holds
    for call in _calls(tree, "info") + _calls(tree, "warning") + _calls(tree, "error"):
        assert {k.arg for k in call.keywords} <= BOTS_LOGGED, ast.unparse(call)
    # what it writes in the database: its decision ids' key alone
    written = [
        s
        for s in (c.value for c in ast.walk(tree) if isinstance(c, ast.Constant))
        if isinstance(s, str) and s.lstrip().split(" ")[0].upper() in {"INSERT", "UPDATE", "DELETE"}
    ]
    assert sorted(w.split()[1 if w.startswith("UPDATE") else 2] for w in written) == [
        "bot_id_key",
        "fork_requests",
    ]
    assert _calls(tree, "execute") and len(_calls(tree, "execute")) == len(written)


def test_of_a_move_to_another_version_the_bots_worker_sends_the_move_alone() -> None:
    tree = ast.parse((ROOT / UPGRADES).read_text())
    [submit] = _calls(tree, "submit")
    assert [ast.unparse(a) for a in submit.args] == ["match_id", "None", "move"]
    assert {k.arg for k in submit.keywords} == {"sender", "decision_id"}
    for call in _calls(tree, "info") + _calls(tree, "warning") + _calls(tree, "error"):
        assert {k.arg for k in call.keywords} <= {"match_id", "first", "reason"}, ast.unparse(call)

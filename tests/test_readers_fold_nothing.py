"""One redaction point (issue 43): the readers serving people (the gateway, the web pages, the
webhook sender and the mail worker) read the rows the projection worker wrote for each reader,
and none folds a match, which would put its seed and every hand in a public-facing process and
leave it to redact them itself. The replay of a finished match, folded from the archive, is the
gateway's one exception, in a module of its own that says so."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Modules that fold a match or tell it by folding, and the calls that do.
FOLDING_MODULES = {"projections.replay", "projections.telling", "events.match.apply"}
FOLDING_NAMES = {"Narrator", "PartitionBook", "MatchRecord", "Teller"}
FOLDING_CALLS = {"evolve", "resample", "record_at", "narrated", "apply", "fold_match"}

# Readers moved onto rows; each entry is a folder (every module in it) or a module.
READERS = ["services/gateway", "services/web", "services/webhooks", "services/mail"]
# The named exceptions, which say so: a finished match's replay and its re-judging.
ARCHIVE_READERS = {"services/gateway/replays.py", "services/web/verdict.py"}


def _modules() -> list[Path]:
    found = []
    for reader in READERS:
        path = ROOT / reader
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return [p for p in found if str(p.relative_to(ROOT)) not in ARCHIVE_READERS]


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
    assert folds("import projections.telling") == ["projections.telling"]
    assert folds("from events.narration import Narrator, Told") == ["Narrator"]
    assert folds("from events.match import apply") == ["events.match.apply"]
    assert folds("record = await replay.record_at(pool, m)") == [".record_at()"]
    assert folds("told = await replay.narrated(pool, m, 0)") == [".narrated()"]
    assert folds("ruleset.view(record.state, seat)") == [".view()"]
    assert folds("state = ruleset.resample(state, seat, rng)") == [".resample()"]
    assert folds("codec.view(stored.encode())") == []
    assert folds("from events.narration import Told, seat_names") == []

"""The ruleset interface is the only door between the platform and its games: no module
outside a game's own folder imports it or names it."""

import ast
from pathlib import Path

from events.ruleset import load_rulesets

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "events" / "rulesets"


def _platform_modules() -> list[Path]:
    found = [
        p for folder in ("events", "services", "projections") for p in (ROOT / folder).rglob("*.py")
    ]
    return [p for p in found if GAMES not in p.parents]


def _imports(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
    return names


def _strings(tree: ast.AST) -> set[str]:
    return {
        n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    }


def test_no_platform_module_imports_a_game_or_names_one() -> None:
    games = set(load_rulesets())
    modules = _platform_modules()
    assert len(modules) > 50 and ROOT / "services" / "gateway" / "app.py" in modules
    for path in modules:
        tree = ast.parse(path.read_text(), filename=str(path))
        reached = {name for name in _imports(tree) if name.startswith("events.rulesets")}
        assert not reached, f"{path.relative_to(ROOT)} imports {sorted(reached)}"
        named = games & _strings(tree)
        assert not named, f"{path.relative_to(ROOT)} names {sorted(named)}"


def test_the_check_sees_an_import_of_a_game_and_a_game_named() -> None:
    tree = ast.parse('from events.rulesets.core_worlds import CORE_WORLDS\nGAME = "core-worlds"')
    assert "events.rulesets.core_worlds" in _imports(tree)
    assert "core-worlds" in _strings(tree)


def test_no_web_template_or_asset_names_a_game() -> None:
    """The web client's templates, script and styles serve every game alike."""
    games = set(load_rulesets())
    words = games | {g.replace("-", " ") for g in games}
    assets = [
        p for p in (ROOT / "services" / "web").rglob("*") if p.suffix in {".html", ".js", ".css"}
    ]
    assert len(assets) >= 5
    for path in assets:
        text = path.read_text().lower()
        named = {w for w in words if w.lower() in text}
        assert not named, f"{path.relative_to(ROOT)} names {sorted(named)}"

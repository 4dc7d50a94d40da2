"""The pages' templates (Jinja2, every value escaped unless a template says otherwise)."""

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from events.clock_narration import time_left
from events.ruleset import round_word
from services.web import boards

TEMPLATES = Path(__file__).parent / "templates"

_env = Environment(
    loader=FileSystemLoader(TEMPLATES),
    autoescape=select_autoescape(default=True),
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)
_env.globals["round_word"] = round_word  # "round 3", or "turn 3" where the game counts turns
_env.globals["drawing"] = boards.drawing


def _time_left(due: str) -> str:
    """As the page is made; the page's script keeps it current."""
    return time_left(due, datetime.now(UTC))


_env.globals["time_left"] = _time_left


def render(name: str, **values: Any) -> str:
    return _env.get_template(name).render(**values)

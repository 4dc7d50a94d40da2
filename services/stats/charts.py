"""The statistics drawn as SVG on the server with pygal: no script (`js=[]`), no outside
asset, its styles inside the SVG. Pages show each as an image (`data:` URL) beside a table of
its numbers, so a reader without images, or without scripts, reads the same."""

import base64
from typing import Any

import pygal
from pygal.style import Style

from services.stats.report import ChoiceWins, GameStats, PlayerGame, SeatWins

SHOWN_BARS = 20
STYLE = Style(
    background="white",
    plot_background="white",
    foreground="#222",
    foreground_strong="#111",
    foreground_subtle="#666",
    colors=("#3b6ea5", "#c2571a", "#4e9a4e", "#8d5fb3"),
    font_family="sans-serif",
)
CONFIG: dict[str, Any] = {
    "js": [],  # pygal's tooltips load a script from elsewhere: none here
    "disable_xml_declaration": True,
    "style": STYLE,
    "width": 720,
    "show_legend": False,
    "truncate_label": 40,
    "explicit_size": True,
}


def _with_interval(share: Any) -> dict[str, Any]:
    return {"value": share.win_rate, "ci": {"low": share.low, "high": share.high}}


def _wins(title: str, labels: list[str], shares: list[Any], horizontal: bool) -> str:
    kind = pygal.HorizontalBar if horizontal else pygal.Bar
    height = max(240, 60 + 24 * len(labels)) if horizontal else 320
    chart = kind(title=title, range=(0, 1), height=height, **CONFIG)
    chart.x_labels = labels
    chart.value_formatter = lambda v: f"{v:.0%}"
    chart.add("win share", [_with_interval(s) for s in shares])
    return chart.render(is_unicode=True)


def seat_wins(seats: list[SeatWins]) -> str:
    labels = [f"{s.table} seats: seat {s.seat + 1}" for s in seats]
    return _wins("Win share by seat (95 % interval)", labels, [s.wins for s in seats], False)


def choice_wins(title: str, choices: list[ChoiceWins]) -> str:
    shown = choices[:SHOWN_BARS][::-1]  # a horizontal chart draws its first bar lowest
    labels = [f"{c.kind}: {c.subject}" for c in shown]
    return _wins(title, labels, [c.wins for c in shown], True)


def rounds(stats: GameStats) -> str:
    chart = pygal.Bar(title=f"Match length ({stats.round_word}s)", height=300, **CONFIG)
    chart.x_labels = [str(r.rounds) for r in stats.rounds]
    chart.add("matches", [r.matches for r in stats.rounds])
    return chart.render(is_unicode=True)


def refusals(stats: GameStats) -> str:
    shown = stats.refusals[::-1]
    height = max(240, 60 + 24 * len(shown))
    chart = pygal.HorizontalBar(title="Refusals by rule", height=height, **CONFIG)
    chart.x_labels = [f"{r.rule} {r.words}" for r in shown]
    chart.add("refused", [r.refused for r in shown])
    return chart.render(is_unicode=True)


def rating_history(played: PlayerGame) -> str:
    config = {**CONFIG, "show_legend": True, "legend_at_bottom": True}
    chart = pygal.Line(title=f"Rating in {played.game}", height=320, **config)
    chart.x_labels = [str(n) for n in range(1, len(played.history) + 1)]
    chart.x_title = "rated matches"
    chart.add("mu", [step.mu for step in played.history])
    chart.add("ordinal (mu - 3 sigma)", [step.ordinal for step in played.history])
    return chart.render(is_unicode=True)


def game_charts(stats: GameStats) -> dict[str, str]:
    """Each chart of a game's page by name, as SVG; a chart with nothing to draw is left out."""
    charts = {
        "seats": seat_wins(stats.seats) if stats.seats else "",
        "starts": choice_wins("Win share by start (95 % interval)", stats.starts)
        if stats.starts
        else "",
        "choices": choice_wins("Win share of the most taken choices (95 % interval)", stats.choices)
        if stats.choices
        else "",
        "rounds": rounds(stats) if stats.rounds else "",
        "refusals": refusals(stats) if stats.refusals else "",
    }
    return {name: svg for name, svg in charts.items() if svg}


def as_image(svg: str) -> str:
    """An SVG as a `data:` URL for an <img>: drawn in its own document, its styles kept."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()

"""Figures side by side, a column per broker (or per way of doing a thing), each goal marked
against the Kafka column."""

from collections.abc import Mapping
from typing import Any, Literal, NamedTuple

from tests.bench.scratch import KAFKA


class Goal(NamedTuple):
    op: Literal["<=", ">="]
    value: float

    def met(self, figure: float) -> bool:
        return figure <= self.value if self.op == "<=" else figure >= self.value


class Row(NamedTuple):
    label: str
    key: str  # in each broker's figures
    form: str = "{:,.0f}"
    goal: Goal | None = None


def print_table(title: str, rows: list[Row], figures: Mapping[str, Mapping[str, Any]]) -> None:
    brokers = list(figures)
    width = max(len(row.label) for row in rows) + 2
    columns = {b: max(12, len(b) + 3) for b in brokers}
    goals = "   goal (on Kafka)" if any(row.goal for row in rows) else ""
    print(title)
    print(" " * width + "".join(f"{b:>{columns[b]}}" for b in brokers) + goals)
    for row in rows:
        cells = "".join(f"{_cell(row, figures[b]):>{columns[b]}}" for b in brokers)
        line = f"  {row.label:<{width - 2}}{cells}   {_verdict(row, figures.get(KAFKA))}"
        print(line.rstrip())
    print(flush=True)


def _cell(row: Row, figures: Mapping[str, Any]) -> str:
    figure = figures.get(row.key)
    return "-" if figure is None else row.form.format(figure)


def _verdict(row: Row, kafka: Mapping[str, Any] | None) -> str:
    if row.goal is None:
        return ""
    said = f"{row.goal.op} {row.goal.value:,g}"
    if kafka is None or kafka.get(row.key) is None:
        return f"{said}, no Kafka figure"
    return f"{said}, {'met' if row.goal.met(kafka[row.key]) else 'MISSED'}"

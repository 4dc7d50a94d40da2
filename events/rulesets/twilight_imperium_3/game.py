"""Twilight Imperium 3rd edition behind the platform's interface (rules: TI-* rule IDs in
RULES.md), registered as a built-in game."""

import random
from typing import Any, ClassVar

from events.kit import phases
from events.kit.parts import Delegated, Parts, parts_of
from events.kit.phases import Phased, Table, default_bot, legal
from events.ruleset import CardInfo, Option, Ruleset, Standing, WindowAsk, register
from events.rulesets.twilight_imperium_3 import building, card_orders, talks, text, window_words
from events.rulesets.twilight_imperium_3.bots import greedy
from events.rulesets.twilight_imperium_3.card_decisions import CARD_DECISIONS
from events.rulesets.twilight_imperium_3.card_events import CardChosen, CardsRevealed
from events.rulesets.twilight_imperium_3.decisions import DECISIONS
from events.rulesets.twilight_imperium_3.happenings import EVENTS
from events.rulesets.twilight_imperium_3.loader import content_digest
from events.rulesets.twilight_imperium_3.lookup import card_infos
from events.rulesets.twilight_imperium_3.setup import setup
from events.rulesets.twilight_imperium_3.state import Game
from events.rulesets.twilight_imperium_3.steps import TABLE
from events.rulesets.twilight_imperium_3.view import resample

OPTIONS = {
    "galaxy": Option(
        "how the galaxy is made: 'dealt', placements drawn at random among those the rules "
        "allow (TI-G9), or 'build', the rulebook's: the players place their tiles in turn "
        "(TI-G3 to TI-G8)",
        "dealt",
        ("dealt", "build"),
    )
}


def _random(game: Game, seat: int, rng: random.Random) -> Any:
    return rng.choice(legal(TABLE, game, seat))


def _help(game: Game, seat: int) -> str:
    """The seat's commands; a gift of trade goods whenever it is asked anything (TI-R10)."""
    options = legal(TABLE, game, seat)
    return phases.text_help(
        TABLE,
        game,
        [*options, *talks.gifts(game, seat)] if options else options,
        lambda decision: text.render(game, seat, decision),
        "You may say:",
        "Nothing for you to decide now.",
        seat=seat,
    )


class TwilightImperium(Delegated, Phased, Ruleset):
    """Judging, waiting and reacting come from the table of prompts (`steps.py`)."""

    name = "twilight-imperium-3"
    version = "3"  # 2: the content pinned by its digest; 3: the 24 technologies (TI-K)
    min_seats = 3
    max_seats = 6
    decision_types = (*DECISIONS, *building.DECISIONS, *CARD_DECISIONS)
    event_types = (*EVENTS, *building.EVENTS)
    state_type = Game
    view_type = Game
    bots = {"pass": default_bot(TABLE), "random": _random, "greedy": greedy}
    options = OPTIONS
    table: ClassVar[Table] = TABLE
    parts: ClassVar[Parts] = parts_of(
        "events.rulesets.twilight_imperium_3",
        "TI",
        resample=resample,
        help_text=_help,
    )

    def initial(self, seats: int, options: dict[str, Any], chance: random.Random) -> list[Any]:
        return setup(seats, chance, build=options.get("galaxy", "dealt") == "build")

    def standing(self, state: Game) -> Standing:
        phase = "over" if state.over else str(TABLE.current(state))
        scores = tuple(p.points for p in state.players)
        return Standing(round=state.round, phase=phase, scores=scores, winners=state.winners)

    def is_over(self, state: Game) -> bool:
        return state.over

    def sealed_event(self, event: Any) -> int | None:
        return event.seat if isinstance(event, CardChosen) else None  # TI-Q2

    def reveals(self, event: Any) -> bool:
        return isinstance(event, CardsRevealed)

    def conditions(self, prompt: str) -> tuple[str, ...]:
        return card_orders.CONDITIONS.get(prompt, ())

    def order_answer(self, state: Game, seat: int, condition: str, answer: str) -> Any:
        if condition and not card_orders.holds(state, seat, condition):
            return None  # TI-Q2: the order rules out only the windows it names
        return super().order_answer(state, seat, "", answer)

    def window_ask(self, state: Game, seat: int) -> WindowAsk:
        """The kit's words for the window, with its moment (TI-Q2's ruling on windows)."""
        return phases.window_words(
            TABLE,
            state,
            seat,
            lambda decision: self.write_text(state, seat, decision),
            window_words.moment(state),
        )

    def cards(self, options: dict[str, Any]) -> list[CardInfo]:
        return card_infos()

    def content_digest(self, options: dict[str, Any]) -> str:
        return content_digest()


TWILIGHT_IMPERIUM = register(TwilightImperium())

"""The lines of a window opening, answered and closing (`Opened`, `Answered`, `Closed`, which
every window prompt shares), each in its own prompt's words: the card followed, the card a
Sabotage answers, the moment of a card window, the hand Disclosure discards from. A prompt
with no words here is told by its own name, never in another's."""

from collections.abc import Callable
from typing import Any

from events.kit.windows import Window
from events.kit.words import listing
from events.rulesets.twilight_imperium_3 import tactical
from events.rulesets.twilight_imperium_3.action_cards import HAND_LIMIT
from events.rulesets.twilight_imperium_3.action_cards import name as action_card
from events.rulesets.twilight_imperium_3.card_windows import timings_of
from events.rulesets.twilight_imperium_3.happenings import Answered, Closed, Opened
from events.rulesets.twilight_imperium_3.state import Game, WindowPrompt
from events.rulesets.twilight_imperium_3.strategy_cards import name as strategy_card
from events.rulesets.twilight_imperium_3.window_words import TIMING_WORDS

Name = Callable[[int], str]


def tell(before: Game | None, event: Any, name: Name) -> str | None:
    """The line of a window event, or None for an event of another kind."""
    top = before.stack[-1] if before is not None and before.stack else None
    match event:
        case Opened(window=window):
            return _opened(before, window, name)
        case Answered() if top is not None:
            return _answered(top, event, name)
        case Closed() if top is not None:
            return _closed(before, top)
    return None


def _opened(before: Game | None, window: Window, name: Name) -> str:
    asked = listing(map(name, window.asked))
    match window.prompt:
        case WindowPrompt.SECONDARY:
            return f"{asked} may follow {strategy_card(window.about)}'s secondary"
        case WindowPrompt.HAND_LIMIT:
            return f"{asked} must discard down to {HAND_LIMIT} action cards"
        case WindowPrompt.SABOTAGE:
            player = before.pending[0].seat if before is not None and before.pending else None
            played = f"{name(player)}'s " if player is not None else ""
            return f"{asked} may answer {played}{action_card(window.about)} with a Sabotage"
        case WindowPrompt.CARD:
            return f"{asked} may play an action card {_moment(before, window)}"
        case WindowPrompt.DISCLOSURE:
            holder = name(window.about)
            return f"{asked} chooses one of {holder}'s action cards for Disclosure to discard"
        case WindowPrompt.SYNCHRONICITY:
            return f"Synchronicity: the action deck is shown to {asked}, who takes a card of it"
        case WindowPrompt.PRIMARY_DONE:
            card = strategy_card(window.about)
            return f"{card}'s primary is done: action cards may be played before its secondaries"
    return f"the {window.prompt} window opens for {asked}"


def _moment(before: Game | None, window: Window) -> str:
    """When a card window comes, in a player's words: its first timing point, and where."""
    said = [TIMING_WORDS[t] for t in timings_of(window) if t in TIMING_WORDS]
    tactic = before.tactic if before is not None else None
    where = f"at {tactic.focus or tactic.system}, " if tactic is not None else ""
    return f"{where}{said[0]}" if said else "now"


def _answered(top: Window, event: Answered, name: Name) -> str:
    seat = name(event.seat)
    match top.prompt:
        case WindowPrompt.SECONDARY:
            verb = "follows" if event.followed else "declines"
            return f"{seat} {verb} {strategy_card(top.about)}'s secondary"
        case WindowPrompt.HAND_LIMIT:
            return f"{seat} discards down to {HAND_LIMIT}"
        case WindowPrompt.DISCLOSURE:
            return f"{seat} chooses which of {name(top.about)}'s action cards Disclosure discards"
    return f"{seat} answers the {top.prompt} window"


def _closed(before: Game, top: Window) -> str:
    match top.prompt:
        case WindowPrompt.SECONDARY:
            return f"{strategy_card(top.about)}'s secondary is over, and so is the strategic action"
        case WindowPrompt.HAND_LIMIT:
            return f"every hand is down to {HAND_LIMIT} action cards"
        case WindowPrompt.SABOTAGE:
            return f"the Sabotage window against {action_card(top.about)} closes"
        case WindowPrompt.CARD:
            return "the action card window closes"
        case WindowPrompt.DISCLOSURE:
            return "Disclosure is resolved"
        case WindowPrompt.SYNCHRONICITY:
            return "Synchronicity's search is over"
        case WindowPrompt.PRIMARY_DONE:
            return f"the action cards after {strategy_card(top.about)}'s primary are resolved"
        case prompt if prompt in tactical.PROMPTS:
            transfer = before.tactic is not None and before.tactic.transfer
            return f"the {'transfer' if transfer else 'tactical'} action is over"
    return f"the {top.prompt} window closes"

"""Response windows: a stack in the state, each window opened on top of play asking its
responders (all at once and sealed, or one by one in the order given) until each has answered,
passing allowed; a window may open another on top, and closes back to what lies beneath. A
sealed window's answer may change until all have answered: a second answer refused would tell
the others it had answered."""

from collections.abc import Callable, Iterable
from enum import StrEnum

import msgspec

from events.ruleset import Waiting

Stack = tuple["Window", ...]  # the open windows, the newest last


class Window(msgspec.Struct, frozen=True):
    """One window: the prompt that asks in it, its responders and who of them has answered."""

    prompt: str  # a member of the game's prompts (a StrEnum, which encodes as this string)
    asked: tuple[int, ...]  # the responders, in the order they answer one by one
    answered: tuple[int, ...] = ()
    sealed: bool = False  # all at once, answers hidden until all have answered
    about: int = -1  # what it answers (a card, a seat, a system): the game's to read


def opening(
    prompt: StrEnum,
    seats: Iterable[int],
    can: Callable[[int], bool],
    sealed: bool = False,
    about: int = -1,
) -> Window | None:
    """The window asking those of `seats` (in order) who `can` answer; None if no one can, so
    that it is skipped without asking anyone."""
    asked = tuple(s for s in seats if can(s))
    return Window(prompt, asked, sealed=sealed, about=about) if asked else None


def seat_order(first: int, seats: int, skip: int | None = None) -> tuple[int, ...]:
    """Every seat in turn round the table from `first`, but `skip`."""
    return tuple(s % seats for s in range(first, first + seats) if s % seats != skip)


def opened(stack: Stack, window: Window) -> Stack:
    return (*stack, window)


def answered(stack: Stack, seat: int) -> Stack:
    """The top window with `seat`'s answer counted (once, though a sealed answer may change)."""
    top = stack[-1]
    if seat in top.answered:
        return stack
    return (*stack[:-1], msgspec.structs.replace(top, answered=(*top.answered, seat)))


def closed(stack: Stack, windows: int = 1) -> Stack:
    """Back to what lay beneath the top `windows` windows."""
    return stack[: len(stack) - windows]


def next_up(window: Window) -> int | None:
    """The responder asked now in a window taken one by one; None once all have answered."""
    return next((s for s in window.asked if s not in window.answered), None)


def owes(window: Window, seat: int) -> bool:
    """Whether the window waits on `seat`: every responder of a sealed window until all have
    answered (`has_answered`: free to change), else only the one whose turn it is."""
    if window.sealed:
        return seat in window.asked and not settled(window)
    return next_up(window) == seat


def has_answered(window: Window, seat: int) -> bool:
    """A sealed window's responder that has answered and may change it (a prompt's `answered`)."""
    return window.sealed and seat in window.answered


def settled(window: Window) -> bool:
    return next_up(window) is None


def shown(window: Window, seat: int | None) -> Window:
    """The window as `seat` may see it: who has answered a sealed window is its own secret."""
    if not window.sealed:
        return window
    return msgspec.structs.replace(window, answered=tuple(s for s in window.answered if s == seat))


def waiting(window: Window) -> Waiting:
    """Whom the window waits for: in a sealed one who has yet to answer, and who may change.
    Of a window as `shown` to a seat, it is what that seat may see (`shown_waiting`)."""
    if window.sealed:
        must = tuple(sorted(s for s in window.asked if s not in window.answered))  # at once
        return Waiting(must=must, may=window.answered, simultaneous=True)
    up = next_up(window)
    return Waiting(must=() if up is None else (up,))

"""Who holds a seat, changed by the organiser: a player replaced by another, or a seat handed to
the game's bot for good (`events.clock.SeatHandedToBot`, whose cause is then `organiser`); and
the organiser's look at a seat's hidden information, which every player reads.
Decisions name the seat in their envelope and come from the organiser alone; tokens never
travel here: the log names players, the gateway keeps their tokens."""

from typing import Annotated

import msgspec

from events.storable import Int32

Note = Annotated[str, msgspec.Meta(max_length=200)]


class ReplacePlayer(msgspec.Struct, frozen=True, tag="match.replace_player"):
    """The organiser seats `player` in place of whoever plays the seat (a person or a bot)."""

    player: Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
    note: Note = ""
    player_id: Annotated[str, msgspec.Meta(min_length=1, max_length=40)] | msgspec.UnsetType = (
        msgspec.UNSET
    )


class HandToBot(msgspec.Struct, frozen=True, tag="match.hand_to_bot"):
    """The organiser hands the seat to the game's bot at `level` for good ("": the clock's
    level, else the game's first)."""

    level: Annotated[str, msgspec.Meta(max_length=40)] = ""
    note: Note = ""


class OpenSeatView(msgspec.Struct, frozen=True, tag="match.open_seat_view"):
    """The organiser asks to see the seat's hidden information (its hand, its sealed choices)
    as it stands, for `note`'s reason: a player who organises sees no more than the others
    until it does so, and every player reads that it did."""

    note: Note = ""


SEAT_DECISIONS = (ReplacePlayer, HandToBot, OpenSeatView)


class SeatReplaced(msgspec.Struct, frozen=True, tag="match.seat_replaced"):
    """`player` holds the seat from now on, in place of `previous`."""

    seat: Int32
    player: str
    previous: str
    note: str = ""
    player_id: str | msgspec.UnsetType = msgspec.UNSET  # the newcomer's player id, if one


class SeatViewOpened(msgspec.Struct, frozen=True, tag="match.seat_view_opened"):
    """The organiser may explain the seat's decisions up to entry `upto_seq` with its eyes."""

    seat: Int32
    upto_seq: Int32
    note: str = ""


SEAT_ENTRIES = (SeatReplaced, SeatViewOpened)


def seat_change_line(body: SeatReplaced | SeatViewOpened, seat: str) -> str:
    why = f" ({body.note})" if body.note else ""
    if isinstance(body, SeatViewOpened):
        return f"the organiser opened {seat}'s hidden information as of entry {body.upto_seq}{why}"
    seated = f"the organiser seated {body.player} at seat {body.seat}"
    return f"{seated} in place of {body.previous}{why}"


def seat_tool_words(decision: ReplacePlayer | HandToBot | OpenSeatView, seat: str) -> str:
    match decision:
        case ReplacePlayer(player=player):
            return f"seat {player} in place of {seat}"
        case HandToBot(level=level):
            return f"hand {seat} to the {level or 'default'} bot for good"
        case OpenSeatView():
            return f"open {seat}'s hidden information"

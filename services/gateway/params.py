"""Path parameters every route checks alike: ids the log can name, seats a match can have, and
entry numbers PostgreSQL can hold."""

from typing import Annotated

from litestar.params import Parameter

from services.gateway.api import ID_PATTERN

MatchId = Annotated[str, Parameter(pattern=ID_PATTERN, max_length=100)]
DecisionId = Annotated[str, Parameter(pattern=ID_PATTERN, max_length=100)]
EntryNumber = Annotated[int, Parameter(ge=0, le=2**31 - 1)]
SeatNumber = Annotated[int, Parameter(ge=0, le=15)]


def whole_number(text: str) -> int | None:
    """`text` as a number PostgreSQL's integer holds (an entry's, a round's, an option's place),
    if it is written in ASCII digits alone: `'²'.isdigit()` is true, and `int('²')` fails."""
    if not (text.isascii() and text.isdigit()) or len(text) > 10:
        return None
    number = int(text)
    return number if number <= 2**31 - 1 else None

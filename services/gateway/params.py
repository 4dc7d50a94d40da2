"""Path parameters every route checks alike: ids the log can name, seats a match can have, and
entry numbers PostgreSQL can hold."""

from typing import Annotated

from litestar.params import Parameter

from services.gateway.api import ID_PATTERN

MatchId = Annotated[str, Parameter(pattern=ID_PATTERN, max_length=100)]
DecisionId = Annotated[str, Parameter(pattern=ID_PATTERN, max_length=100)]
EntryNumber = Annotated[int, Parameter(ge=0, le=2**31 - 1)]
SeatNumber = Annotated[int, Parameter(ge=0, le=15)]

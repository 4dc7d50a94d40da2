"""How the gateway answers what goes wrong: a refused request says why (4xx, naming the field
when one is at fault); a server error is logged with a request id the answer repeats, so a
report of one can be found in the log. The same failure again (its kind, where it was raised)
is logged in full once a minute: the answers in between name that traceback's request id, and
the next one in full says how many it stood for, so a client repeating one failing request
cannot grow the log without bound."""

import time
import traceback
import uuid

import structlog
from litestar import Request, Response
from litestar.exceptions import ValidationException

from services.gateway.submit import Oversized

log = structlog.get_logger("gateway")

FOLD_S = 60.0
MOST_KINDS = 1_000  # failures told apart at once; past it the oldest is forgotten


class Folded:
    """Which failures were logged in full lately: their request id, when, and how many more
    came since."""

    def __init__(self) -> None:
        self._logged: dict[tuple[str, str, int], tuple[str, float, int]] = {}

    def same(self, error: Exception, now: float) -> str | None:
        """The request id of the traceback `error` repeats (counted), or None: log it anew."""
        kind = _kind(error)
        found = self._logged.get(kind)
        if found is None or now - found[1] >= FOLD_S:
            return None
        self._logged[kind] = (found[0], found[1], found[2] + 1)
        return found[0]

    def logged(self, error: Exception, request_id: str, now: float) -> int:
        """Note `error` as logged in full; how many repeats of it went unlogged before."""
        kind = _kind(error)
        _, _, repeats = self._logged.pop(kind, ("", now, 0))
        if len(self._logged) >= MOST_KINDS:
            del self._logged[next(iter(self._logged))]
        self._logged[kind] = (request_id, now, 0)
        return repeats


def _kind(error: Exception) -> tuple[str, str, int]:
    """The failure's class and the line that raised it: its message may hold the request's
    own values, which would make every repeat new."""
    frames = traceback.extract_tb(error.__traceback__)
    last = frames[-1] if frames else None
    return (
        type(error).__qualname__,
        last.filename if last else "",
        (last.lineno or 0) if last else 0,
    )


folded = Folded()


def refused(_request: Request, error: ValidationException) -> Response:
    """Schema mismatches are 422 and name the field; unreadable JSON stays 400."""
    if not error.extra:
        return Response({"status_code": 400, "detail": error.detail}, status_code=400)
    return Response(
        {"status_code": 422, "detail": error.detail, "fields": error.extra}, status_code=422
    )


def too_large(_request: Request, error: Oversized) -> Response:
    """A decision the rules service would refuse as oversized is refused here instead."""
    return Response({"status_code": 413, "detail": str(error)}, status_code=413)


def server_error(request: Request, error: Exception) -> Response:
    now = time.monotonic()
    request_id = folded.same(error, now)
    if request_id is None:
        request_id = uuid.uuid4().hex[:16]
        log.error(
            "server_error",
            request_id=request_id,
            method=request.method,
            path=request.url.path,
            error=repr(error),
            repeats_unlogged=folded.logged(error, request_id, now),
            exc_info=error,
        )
    return Response(
        {"status_code": 500, "detail": "Internal Server Error", "request_id": request_id},
        status_code=500,
        headers={"x-request-id": request_id},
    )

"""How the gateway answers what goes wrong: a refused request says why (4xx, naming the field
when one is at fault); a server error is logged with a request id the answer repeats, so a
report of one can be found in the log."""

import uuid

import structlog
from litestar import Request, Response
from litestar.exceptions import ValidationException

from services.gateway.submit import Oversized

log = structlog.get_logger("gateway")


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
    request_id = uuid.uuid4().hex[:16]
    log.error(
        "server_error",
        request_id=request_id,
        method=request.method,
        path=request.url.path,
        error=repr(error),
        exc_info=error,
    )
    return Response(
        {"status_code": 500, "detail": "Internal Server Error", "request_id": request_id},
        status_code=500,
        headers={"x-request-id": request_id},
    )

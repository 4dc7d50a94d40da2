"""What a request may hold, checked before any handler reads it: a body is UTF-8 JSON
nested at most 32 deep, with integers within 64 bits and strings free of what a read model
cannot store (NUL, lone surrogates) and of control characters other than tab and newline.
Fields narrow this further in `api` (names hold no control or bidi character at all)."""

import re

import msgspec
from litestar import Request
from litestar.exceptions import ClientException, HTTPException, ValidationException

from events import storable
from events.codec import decode_json
from services.gateway import tokens
from services.gateway.access import request_token
from services.gateway.context import READS_PER_S, context
from services.gateway.limits import Budget

# C0 and C1 controls but tab and newline, and lone surrogates: nothing a person types.
REFUSED_IN_TEXT = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")

_BODIES = frozenset({"POST", "PUT", "PATCH"})
_UNLIMITED = frozenset({"/health"})


async def check_request(request: Request) -> None:
    """Every request: reads within the client's rate (other requests, if they name a token not
    known to stand: its look-up is a read), then a body a handler may see."""
    if request.url.path not in _UNLIMITED:
        limit_reads(request, unknown_only=request.method != "GET")
    await check_body(request)


def client_address(request: Request) -> str:
    return request.client.host if request.client else ""


def limit_reads(request: Request, token: str | None = None, *, unknown_only: bool = False) -> None:
    """429 past READS_PER_S reads a second from one client, so no reader slows the others'
    pages down. A client is a token this gateway found standing, else an address: a token or
    cookie made up for each request (each an unknown, one more look-up) counts against the
    address that sends it. The token: the request's own, or one a caller read from elsewhere
    (the web pages' cookies); `unknown_only`: count the request only if it names a token not
    known to stand."""
    token = token or request_token(request)
    ctx = context(request)
    if token and ctx.vouched(token):
        key = None if unknown_only else f"token {tokens.digest(token)}"
    else:
        key = None if unknown_only and not token else f"address {client_address(request)}"
    if key is not None and not ctx.read_limiter.allow(key):
        detail = f"at most {READS_PER_S} reads a second"
        raise HTTPException(status_code=429, detail=detail, headers={"Retry-After": "1"})


def spend(request: Request, budget: Budget, what: str) -> None:
    """429 once the client's address has spent its `budget` of `what`."""
    if not budget.allow(client_address(request)):
        raise HTTPException(status_code=429, detail=f"too many {what} from here: try later")


async def check_body(request: Request) -> None:
    """Refuse a body no handler should see: 400 if it is not JSON, 422 naming the field that
    holds what is refused."""
    if request.method not in _BODIES:
        return
    raw = await request.body()
    if not raw:
        return
    try:
        value = decode_json(raw)
    except msgspec.DecodeError as error:
        raise ClientException(f"the body is not JSON: {error}") from None
    found = storable.problem(value, "$", refuse=REFUSED_IN_TEXT)
    if found is not None:
        raise ValidationException(
            f"Validation failed for {request.method} {request.url.path}",
            extra=[{"message": found.what, "key": found.at.removeprefix("$."), "source": "body"}],
        )

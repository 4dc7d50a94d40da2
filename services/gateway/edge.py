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

# C0 and C1 controls but tab and newline, and lone surrogates: nothing a person types.
REFUSED_IN_TEXT = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")

_BODIES = frozenset({"POST", "PUT", "PATCH"})
_UNLIMITED = frozenset({"/health"})


async def check_request(request: Request) -> None:
    """Every request: reads within the client's rate, then a body a handler may see."""
    if request.method == "GET" and request.url.path not in _UNLIMITED:
        limit_reads(request)
    await check_body(request)


def limit_reads(request: Request, token: str | None = None) -> None:
    """429 past READS_PER_S reads a second from one token (one address, without a token), so
    no reader slows the others' pages down. The token: the request's own, or one a caller read
    from elsewhere (the web pages' seat cookie)."""
    token = token or request_token(request)
    client = request.client.host if request.client else ""
    key = f"token {tokens.digest(token)}" if token else f"address {client}"
    if not context(request).read_limiter.allow(key):
        raise HTTPException(status_code=429, detail=f"at most {READS_PER_S} reads a second")


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

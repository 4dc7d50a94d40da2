"""A failure repeated is logged in full once a minute, not once a request: a client that found
a server error cannot grow the log without bound by asking again, and every answer still names
a request id whose traceback the log holds."""

from typing import Annotated

from litestar import get
from litestar.params import Parameter
from litestar.status_codes import HTTP_500_INTERNAL_SERVER_ERROR
from litestar.testing import create_test_client
from structlog.testing import capture_logs

from services.gateway import failures


@get("/fails/{n:int}")
async def fails(n: Annotated[int, Parameter(ge=0)]) -> None:
    raise ZeroDivisionError(f"{n} / 0")  # its message differs each time, its place does not


@get("/fails-elsewhere")
async def fails_elsewhere() -> None:
    raise KeyError("other")


def test_the_same_failure_asked_for_again_and_again_is_logged_once_with_its_count() -> None:
    handlers = {HTTP_500_INTERNAL_SERVER_ERROR: failures.server_error}
    with (
        create_test_client([fails, fails_elsewhere], exception_handlers=handlers) as client,
        capture_logs() as logs,
    ):
        answers = [client.get(f"/fails/{n}") for n in range(200)]
        other = client.get("/fails-elsewhere")
    logged = [entry for entry in logs if entry["event"] == "server_error"]
    assert len(logged) == 2  # one per failure, not one per request
    assert {a.status_code for a in [*answers, other]} == {500}
    ids = {a.json()["request_id"] for a in answers}
    assert ids == {a.headers["x-request-id"] for a in answers} == {logged[0]["request_id"]}
    assert other.json()["request_id"] == logged[1]["request_id"] != logged[0]["request_id"]
    assert all("exc_info" in entry for entry in logged)


def test_a_minute_on_the_failure_is_logged_again_saying_how_many_it_stood_for() -> None:
    folded, error = failures.Folded(), ZeroDivisionError("x")
    try:
        raise error
    except ZeroDivisionError:
        pass  # now it has a traceback, as a server error has
    assert folded.same(error, 0.0) is None
    assert folded.logged(error, "first", 0.0) == 0
    assert [folded.same(error, t) for t in (1.0, 30.0, 59.0)] == ["first"] * 3
    assert folded.same(error, failures.FOLD_S) is None
    assert folded.logged(error, "second", failures.FOLD_S) == 3
    assert folded.same(error, failures.FOLD_S + 1) == "second"

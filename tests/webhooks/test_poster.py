"""One POST to a real HTTP target in this process: a target that drips its answer a byte at a
time fails the delivery at its deadline, not at the target's pleasure; one that answers a huge
body has only a few KiB of it read, the connection dropped with the rest."""

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from services.webhooks.poster import Failed, Poster

Answer = Callable[[asyncio.StreamWriter], Awaitable[None]]
HUGE = 200_000_000  # bytes the huge target offers


class Target:
    """A local HTTP server that reads each request whole, then answers as `answer` does."""

    def __init__(self, answer: Answer) -> None:
        self.answer = answer
        self.requests = 0
        self.sent = 0  # bytes of answers the server managed to hand to the network
        self.closed = asyncio.Event()  # an answer ended: the client went, or all was sent

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await reader.readuntil(b"\r\n\r\n")
        length = next(
            int(line.split(b":")[1])
            for line in head.split(b"\r\n")
            if line.lower().startswith(b"content-length:")
        )
        await reader.readexactly(length)
        self.requests += 1
        try:
            await self.answer(writer)
        except (ConnectionError, OSError):
            pass  # the client hung up
        finally:
            writer.close()
            self.closed.set()

    async def write(self, writer: asyncio.StreamWriter, data: bytes) -> None:
        writer.write(data)
        await writer.drain()
        self.sent += len(data)


@pytest.fixture
async def serving() -> AsyncIterator[Callable[[Target], Awaitable[str]]]:
    servers: list[asyncio.Server] = []

    async def start(target: Target) -> str:
        server = await asyncio.start_server(target.serve, "127.0.0.1", 0)
        servers.append(server)
        return f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/hook"

    yield start
    for server in servers:
        server.close()


async def test_a_target_dripping_its_answer_fails_at_the_delivery_deadline(
    serving: Callable[[Target], Awaitable[str]],
) -> None:
    answer = b"HTTP/1.1 204 No Content\r\n\r\n"

    async def drip(writer: asyncio.StreamWriter) -> None:
        for byte in answer:  # each read gets a byte well within any per-read timeout
            await dripping.write(writer, bytes([byte]))
            await asyncio.sleep(0.1)

    dripping = Target(drip)
    url = await serving(dripping)
    poster = Poster(allow_private=True, deadline_s=0.5)
    try:
        async with asyncio.timeout(10):  # a guard for the test; the deadline must come first
            with pytest.raises(Failed, match=r"no answer within 0\.5 s"):
                await poster.post(url, b"{}", {"content-type": "application/json"})
        assert 0 < dripping.sent < len(answer)  # dropped while dripping, not when it ended
    finally:
        await poster.close()


async def test_a_huge_answer_is_cut_off_after_a_few_kib(
    serving: Callable[[Target], Awaitable[str]],
) -> None:
    async def flood(writer: asyncio.StreamWriter) -> None:
        await huge.write(writer, f"HTTP/1.1 200 OK\r\nContent-Length: {HUGE}\r\n\r\n".encode())
        chunk = b"x" * (1 << 16)
        while huge.sent < HUGE:
            await huge.write(writer, chunk)

    huge = Target(flood)
    url = await serving(huge)
    poster = Poster(allow_private=True, deadline_s=5)
    try:
        await poster.post(url, b"{}", {"content-type": "application/json"})  # a 200: taken
        await asyncio.wait_for(huge.closed.wait(), 5)
    finally:
        await poster.close()
    # What the server could write before the dropped connection refused more: socket buffers
    # of a few MiB at most, not the 200 MB offered (all of which was read before).
    assert huge.sent < 16 << 20

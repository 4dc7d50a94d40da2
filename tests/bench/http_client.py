"""A lean HTTP/1.1 client for load: kept-alive connections and server-sent events over plain
asyncio streams. On a small machine the load shares the CPU with the stack it measures, and
a general client costs several times as much per request."""

import asyncio
from collections.abc import Callable

import msgspec


class Reply(msgspec.Struct, frozen=True):
    status: int
    body: bytes


def _request(method: str, path: str, body: bytes | None, token: str | None) -> bytes:
    head = [f"{method} {path} HTTP/1.1", "host: bench"]
    if token:
        head.append(f"authorization: Bearer {token}")
    if body is not None:
        head += ["content-type: application/json", f"content-length: {len(body)}"]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + (body or b"")


async def _head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    status = int((await reader.readline()).split(b" ", 2)[1])
    headers: dict[str, str] = {}
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode().partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers


class Client:
    """Requests over `size` kept-alive connections, each carrying one request at a time."""

    def __init__(self, host: str, port: int, size: int) -> None:
        self.host, self.port, self.size = host, port, size
        self._idle: asyncio.Queue[tuple[asyncio.StreamReader, asyncio.StreamWriter]]
        self._idle = asyncio.Queue()

    async def start(self) -> None:
        for _ in range(self.size):
            self._idle.put_nowait(await asyncio.open_connection(self.host, self.port))

    async def close(self) -> None:
        while not self._idle.empty():
            self._idle.get_nowait()[1].close()

    async def send(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        token: str | None = None,
        on_sent: Callable[[], None] | None = None,
    ) -> Reply:
        """One request; `on_sent` runs as it is written, after any wait for a connection."""
        reader, writer = await self._idle.get()
        request = _request(method, path, body, token)
        try:
            if reader.at_eof():  # the server closed it while idle (keep-alive timeout)
                writer.close()
                reader, writer = await asyncio.open_connection(self.host, self.port)
            writer.write(request)
            if on_sent is not None:
                on_sent()
            status, headers = await _head(reader)
            reply = Reply(status, await reader.readexactly(int(headers.get("content-length", 0))))
        except BaseException:
            writer.close()
            self._idle.put_nowait(await asyncio.open_connection(self.host, self.port))
            raise
        self._idle.put_nowait((reader, writer))
        return reply


async def events(
    host: str, port: int, path: str, token: str, on_event: Callable[[str, str, bytes], None]
) -> None:
    """Follow a server-sent event stream until cancelled: `on_event(event, id, data)`."""
    reader, writer = await asyncio.open_connection(host, port)
    try:
        writer.write(_request("GET", path, None, token))
        status, headers = await _head(reader)
        if status != 200:
            raise RuntimeError(f"GET {path}: {status}")
        chunked = headers.get("transfer-encoding") == "chunked"
        pending = b""
        while True:
            if chunked:
                size = int((await reader.readline()).strip(), 16)
                pending += await reader.readexactly(size + 2)
                pending = pending[:-2]
            else:
                pending += await reader.read(65536)
            *done, pending = pending.replace(b"\r\n", b"\n").split(b"\n\n")
            for block in done:
                fields = dict(line.partition(b": ")[::2] for line in block.split(b"\n"))
                if b"event" in fields:
                    on_event(
                        fields[b"event"].decode(),
                        fields.get(b"id", b"").decode(),
                        fields.get(b"data", b""),
                    )
    finally:
        writer.close()

"""One POST to a webhook target, within bounds: its host checked and pinned (`targets`), the
whole exchange (lookup, connect, send and answer) within a deadline, since httpx's timeout holds
for each read and a target dripping a byte at a time would hold it for ever; and at most
ANSWER_BYTES of the answer read, the connection dropped with the rest, so a huge answer costs
nothing. A redirect is not followed but counted as a failure, as is any answer but 2xx."""

import asyncio

import httpx

from services.webhooks import targets

ANSWER_BYTES = 4096  # of the body: enough to end a short answer and keep the connection


class Failed(Exception):
    """The target did not take the notice; the message says how."""


class Poster:
    def __init__(self, allow_private: bool, deadline_s: float) -> None:
        self.allow_private, self.deadline_s = allow_private, deadline_s
        self.client = httpx.AsyncClient(follow_redirects=False, timeout=deadline_s, trust_env=False)

    async def close(self) -> None:
        await self.client.aclose()

    async def post(self, url: str, content: bytes, headers: dict[str, str]) -> None:
        try:
            async with asyncio.timeout(self.deadline_s):
                status = await self.exchange(url, content, headers)
        except TimeoutError as error:
            raise Failed(f"no answer within {self.deadline_s:g} s") from error
        except httpx.HTTPError as error:
            raise Failed(str(error) or type(error).__name__) from error
        if 300 <= status < 400:
            raise Failed(f"answered {status}: redirects are not followed")
        if not 200 <= status < 300:
            raise Failed(f"answered {status}")

    async def exchange(self, url: str, content: bytes, headers: dict[str, str]) -> int:
        target = await targets.resolve(url, self.allow_private)
        async with self.client.stream(
            "POST",
            target.url,
            content=content,
            headers={**headers, "host": target.netloc},
            extensions={"sni_hostname": target.host},
        ) as reply:
            read = 0
            async for chunk in reply.aiter_raw():
                read += len(chunk)
                if read >= ANSWER_BYTES:
                    break  # leaving the stream unread closes its connection
            return reply.status_code

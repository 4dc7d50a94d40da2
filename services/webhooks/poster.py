"""One POST to a webhook target: its host checked and pinned (`targets`), a redirect not
followed but counted as a failure, as is any answer but 2xx."""

import httpx

from services.webhooks import targets


class Failed(Exception):
    """The target did not take the notice; the message says how."""


class Poster:
    def __init__(self, allow_private: bool, deadline_s: float) -> None:
        self.allow_private = allow_private
        self.client = httpx.AsyncClient(follow_redirects=False, timeout=deadline_s, trust_env=False)

    async def close(self) -> None:
        await self.client.aclose()

    async def post(self, url: str, content: bytes, headers: dict[str, str]) -> None:
        target = await targets.resolve(url, self.allow_private)
        try:
            reply = await self.client.post(
                target.url,
                content=content,
                headers={**headers, "host": target.netloc},
                extensions={"sni_hostname": target.host},
            )
        except httpx.HTTPError as error:
            raise Failed(str(error)) from error
        if reply.is_redirect:
            raise Failed(f"answered {reply.status_code}: redirects are not followed")
        if not reply.is_success:
            raise Failed(f"answered {reply.status_code}")

"""The API documents itself with no other host: /schema and everything it loads come from the
gateway."""

import re
from html.parser import HTMLParser

import httpx

DOCUMENT = "/schema/openapi.json"


class _Loads(HTMLParser):
    """The URLs a page has the browser load: scripts, stylesheets, icons."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        url = found.get("src") if tag == "script" else found.get("href") if tag == "link" else None
        if url:
            self.urls.append(url)


async def test_the_docs_page_and_everything_it_loads_come_from_the_gateway(gateway: str) -> None:
    async with httpx.AsyncClient(base_url=gateway, timeout=10) as http:
        page = await http.get("/schema")
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        outside = [
            u for u in re.findall(r"https?://[^\s\"'<>]+", page.text) if not u.startswith(gateway)
        ]
        assert outside == []
        loads = _Loads()
        loads.feed(page.text)
        assert {"/schema/assets/swagger-ui-bundle.js", "/schema/assets/swagger-ui.css"} <= set(
            loads.urls
        )
        assert f'url: "{DOCUMENT}"' in page.text  # the document it renders
        for url in [*loads.urls, DOCUMENT]:
            assert url.startswith("/"), url  # this host's
            served = await http.get(url)
            assert served.status_code == 200 and served.content, url
        stylesheet = (await http.get("/schema/assets/swagger-ui.css")).text
        assert re.findall(r"url\((?!\"?data:)", stylesheet) == []  # images inline, none fetched

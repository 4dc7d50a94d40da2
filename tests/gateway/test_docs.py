"""The API documents itself with no other host: /schema and everything it loads come from the
gateway, and the OpenAPI document says which operations need a bearer token, as the gateway
answers them."""

import re
from html.parser import HTMLParser
from typing import Any

import httpx

DOCUMENT = "/schema/openapi.json"
# A body each operation that takes one accepts, so a refusal can only be about the token.
BODIES: dict[str, Any] = {
    "/matches": {"seats": 2},
    "/matches/{match_id}/join": {"seat": 0, "player": "ann"},
    "/matches/{match_id}/decisions": {"decision_id": "d-1", "body": {}},
    "/matches/{match_id}/say": {"text": "help"},
    "/matches/{match_id}/deadlines/{seat}/extend": {"by_s": 60},
    "/matches/{match_id}/absence": {"days": 1},
    "/matches/{match_id}/mail": {"address": "ann@example.org"},
    "/matches/{match_id}/webhook": {"url": "https://example.org/hook"},
    "/matches/{match_id}/seats/{seat}/invite": {},
    "/matches/{match_id}/seats/{seat}/replace": {"player": "dan"},
    "/matches/{match_id}/seats/{seat}/hand-to-bot": {},
    "/players": {"name": "ann"},
}
PATH_VALUES = {
    "match_id": "no-such-match",
    "decision_id": "no-such-decision",
    "game": "race-to-21",
    "seat": 0,
    "action": "pause",
}


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


async def test_the_document_names_the_bearer_token_where_the_gateway_asks_for_it(
    gateway: str,
) -> None:
    async with httpx.AsyncClient(base_url=gateway, timeout=10) as http:
        document = (await http.get(DOCUMENT)).json()
        bearer = document["components"]["securitySchemes"]["bearer"]
        assert (bearer["type"], bearer["scheme"]) == ("http", "bearer")
        needing = set()
        for path, item in document["paths"].items():
            for method, operation in item.items():
                required = operation.get("security", [])
                needs = bool(required) and {} not in required
                if needs:
                    assert {"bearer": []} in required, (method, path)
                    needing.add(f"{method.upper()} {path}")
                url = path.format(**PATH_VALUES, k=1, seq=1)
                answer = await http.request(method, url, json=BODIES.get(path))
                assert (answer.status_code == 401) == needs, (method, path, answer.text)
                if needs:
                    assert "Authorization: Bearer" in answer.text
        assert {"POST /matches", "POST /matches/{match_id}/decisions"} <= needing

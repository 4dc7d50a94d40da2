"""Refusals look like the rest: a web page that refuses, or a path no page has, carries the
security headers every page has; and the OpenAPI document lists the refusals each operation
answers, and says that request bodies take no field they do not name, as the gateway does."""

from typing import Any

import httpx

from services.web.pages import HEADERS
from tests.gateway.test_docs import ACTIONS, BODIES, DOCUMENT, PATH_VALUES


async def test_every_web_answer_carries_the_security_headers_refusals_included(
    gateway: str,
) -> None:
    async with httpx.AsyncClient(base_url=gateway, timeout=10) as http:
        answers = {
            "a page": await http.get("/web/"),
            "no such match": await http.get("/web/matches/no-such-match/watch"),
            "no seat held": await http.get("/web/matches/no-such-match/seat/live"),
            "no such page": await http.get("/web/no/such/page"),
            "an id refused": await http.get("/web/matches/%00/watch"),
        }
    assert [a.status_code for a in answers.values()] == [200, 404, 401, 404, 422]
    for what, answer in answers.items():
        assert {k: answer.headers.get(k) for k in HEADERS} == HEADERS, what


def _schema(document: dict[str, Any], operation: dict[str, Any]) -> dict[str, Any]:
    ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    schema: dict[str, Any] = document["components"]["schemas"][ref.rsplit("/", 1)[1]]
    return schema


async def test_the_document_lists_each_refusal_the_gateway_answers(gateway: str) -> None:
    async with httpx.AsyncClient(base_url=gateway, timeout=10) as http:
        document = (await http.get(DOCUMENT)).json()
        assert "Refusal" in document["components"]["schemas"]
        for path, item in document["paths"].items():
            action = ACTIONS.get(path.split("/")[-2], "")
            url = path.format(**PATH_VALUES, action=action, k=1, seq=1)
            for method, operation in item.items():
                listed = operation["responses"]
                assert "429" in listed, (method, path)
                if operation.get("security"):
                    assert {"401", "403"} <= set(listed), (method, path)
                    answer = await http.request(method, url, json=BODIES.get(path))
                    assert answer.status_code == 401 or {} in operation["security"]
                if "{" in path:
                    assert "404" in listed, (method, path)
                if "requestBody" not in operation:
                    continue
                assert {"400", "413", "422"} <= set(listed), (method, path)
                assert _schema(document, operation)["additionalProperties"] is False, path
                if operation.get("security") and {} not in operation["security"]:
                    continue  # refused for its token first, above
                unknown = {**BODIES.get(path, {}), "x-unknown": 1}
                answer = await http.request(method, url, json=unknown)
                assert answer.status_code == 422 and "x-unknown" in answer.text, (path, answer.text)

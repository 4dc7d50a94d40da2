"""The API documents itself with no other host: /schema and everything it loads come from the
gateway, and the OpenAPI document says which operations need a bearer token, as the gateway
answers them."""

import re
from html.parser import HTMLParser
from typing import Any

import httpx
import jsonschema_rs
import msgspec
from msgspec import Raw

from events.codec import encode
from events.envelope import DeadLetter, Decision, Entry, EntryBatch, MatchCreated, OwnerFence
from events.leagues.entries import LeagueRecord, RoundDrawn, SignUp, Table
from events.rulesets.star_realms.happenings import Drew
from services.settings import Settings
from services.topics import topics

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
    "/matches/{match_id}/seat/link": {},
    "/matches/{match_id}/seats/{seat}/invite": {},
    "/matches/{match_id}/seats/{seat}/replace": {"player": "dan"},
    "/matches/{match_id}/seats/{seat}/hand-to-bot": {},
    "/matches/{match_id}/seats/{seat}/open-view": {},
    "/matches/{match_id}/messages": {"text": "hello"},
    "/matches/{match_id}/messages/{seq}/hide": {"reason": "rude"},
    "/matches/{match_id}/disputes": {"seq": 1, "reason": "why"},
    "/matches/{match_id}/forks": {"at": 1},
    "/matches/{match_id}/upgrade": {"version": "2"},
    "/matches/{match_id}/disputes/{seq}": {"roll_back": False},
    "/matches/{match_id}/orders": {"prompt": "main", "answer": "pass"},
    "/matches/{match_id}/orders/{number}": {"prompt": "main", "answer": "pass"},
    "/players": {"name": "ann"},
    "/players/me/notices": {},
    "/leagues": {"name": "cup", "rounds": 3, "players": 8},
}
PATH_VALUES = {
    "match_id": "no-such-match",
    "decision_id": "no-such-decision",
    "game": "race-to-21",
    "seat": 0,
    "name": "no-such-player",
    "league_id": "no-such-league",
    "number": 1,
}
# /matches/{match_id}/<kind>/{action}
ACTIONS = {"clock": "pause", "hold": "hold", "take-back": "accept"}


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
                action = ACTIONS.get(path.split("/")[-2], "")
                url = path.format(**PATH_VALUES, action=action, k=1, seq=1)
                answer = await http.request(method, url, json=BODIES.get(path))
                assert (answer.status_code == 401) == needs, (method, path, answer.text)
                if needs:
                    assert "Authorization: Bearer" in answer.text
        assert {
            "POST /matches",
            "POST /matches/{match_id}/decisions",
            "POST /players/me/token",
        } <= needing


async def test_the_asyncapi_document_lists_every_topic_and_its_schemas_take_real_records(
    gateway: str, settings: Settings
) -> None:
    async with httpx.AsyncClient(base_url=gateway, timeout=10) as http:
        found = await http.get("/schema/asyncapi.json")
    assert found.status_code == 200
    document = found.json()
    assert document["asyncapi"] == "3.0.0"
    used = {
        getattr(settings, name)
        for name in dir(Settings)
        if name.endswith("_topic") and isinstance(getattr(Settings, name), property)
    }
    addresses = {channel["address"] for channel in document["channels"].values()}
    assert addresses == used == set(topics(settings))
    assert len(used) == 4
    schemas = document["components"]["schemas"]

    def validates(message: str, record: bytes) -> bool:
        root = {"$ref": f"#/components/schemas/{message}", "components": {"schemas": schemas}}
        return jsonschema_rs.validator_for(root).is_valid(msgspec.json.decode(record))

    body = MatchCreated("race-to-21", 2, {"target": 3}, "c0ffee", "seed", "digest")
    claim = b'{"type": "match.claim_seat", "player": "ann"}'
    entry = Entry(
        match_id="m1",
        seq=1,
        decision_id="d1",
        ruleset="race-to-21",
        ruleset_version="1",
        body=body,
        state_hash="ab",
    )
    records = {
        "Decision": encode(Decision(decision_id="d1", match_id="m1", seat=0, body=Raw(claim))),
        "EntryBatch_Any_": encode(
            EntryBatch(writer="w", decision_partition=0, decision_offset=4, entries=[entry])
        ),
        "OwnerFence": encode(OwnerFence(writer="w")),
        "DeadLetter": encode(
            DeadLetter(reason="r", rule="SL-1", partition=0, offset=1, payload="")
        ),
        "LeagueRecord": encode(
            LeagueRecord(league_id="lg", entry_id="e1", at_ms=1, body=SignUp("p1", "ann"))
        ),
    }
    sent = {message for channel in document["channels"].values() for message in channel["messages"]}
    assert sent == set(records)
    for message, record in records.items():
        assert validates(message, record), message
    assert not validates("Decision", b'{"decision_id": 1}')
    assert not validates("EntryBatch_Any_", encode(OwnerFence(writer="w")))
    drawn = RoundDrawn(1, [Table("lg-r1-t1", ["p1", "p2"])], [])
    assert validates(
        "LeagueRecord",
        encode(LeagueRecord(league_id="lg", entry_id="round-1", at_ms=1, body=drawn)),
    )
    assert not validates(
        "LeagueRecord", b'{"league_id": "lg", "entry_id": "e", "at_ms": 1, "body": {}}'
    )
    # bodies: each game's decisions and events are described, and nothing else passes for one
    for game in ("race-for-the-galaxy", "star-realms", "core-worlds", "twilight-imperium-3"):
        assert {"oneOf"} == set(schemas[f"decisions.{game}"]) == set(schemas[f"events.{game}"])
    buy = b'{"type": "sr.buy", "card": 3}'
    wrong = b'{"type": "sr.buy", "card": "three"}'
    for body, valid in ((buy, True), (wrong, False), (b"{}", False), (b'{"type": "x"}', False)):
        decided = Decision(decision_id="d1", match_id="m1", seat=0, body=Raw(body))
        assert validates("Decision", encode(decided)) is valid, body
    drew = msgspec.structs.replace(entry, body=Drew(seat=1, cards=(4, 5)), seq=2)
    batch = EntryBatch(writer="w", decision_partition=0, decision_offset=4, entries=[drew])
    assert validates("EntryBatch_Any_", encode(batch))

"""The API's documentation: the OpenAPI document, which says which operations take a token, and
the page at /schema that renders it, Swagger UI from the swagger-ui-bundle-v2 wheel served by
the gateway itself, so it works offline and asks no other host for anything; beside them the
AsyncAPI document of the Kafka topics (/schema/asyncapi.json). The document lists the refusals
each operation may answer and that request bodies take no field they do not name."""

import copy
import html
from collections.abc import Iterator
from typing import Any

import msgspec
from litestar import Request, Router, get
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin, OpenAPIRenderPlugin
from litestar.openapi.spec import Components, SecurityRequirement, SecurityScheme
from litestar.static_files import create_static_files_router
from swagger_ui_bundle import swagger_ui_path

from services import asyncapi
from services.gateway.api import RequestBody
from services.gateway.context import context

PATH = "/schema"

# What a handler declares: a token needed, or optional (it shows more, or other eyes).
TOKEN: list[SecurityRequirement] = [{"bearer": []}]
TOKEN_OPTIONAL: list[SecurityRequirement] = [{}, {"bearer": []}]
TOKEN_OR_QUERY: list[SecurityRequirement] = [{"bearer": []}, {"query_token": []}]

_SCHEMES = {
    "bearer": SecurityScheme(
        type="http",
        scheme="bearer",
        description=(
            "`Authorization: Bearer <token>`. A seat token comes from `POST"
            " /matches/{match_id}/join` and acts for that seat once the claim is accepted; an"
            " organiser token from `starledger organiser-token` (`starledger up` keeps one in"
            " `.run/organiser-token`)."
        ),
    ),
    "query_token": SecurityScheme(
        type="apiKey",
        name="token",
        security_scheme_in="query",
        description="The same token as `?token=`, for EventSource, which cannot set headers.",
    ),
}

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="icon" type="image/png" href="{assets}/favicon-32x32.png">
<link rel="stylesheet" href="{assets}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="{assets}/swagger-ui-bundle.js"></script>
<script>
SwaggerUIBundle({{url: "{document}", dom_id: "#swagger-ui", persistAuthorization: true}});
</script>
</body>
</html>
"""


class SwaggerPage(OpenAPIRenderPlugin):
    """Swagger UI's page with its own layout only: the standalone one's top bar would load any
    URL typed into it, and its badge asks an online validator about ours."""

    def __init__(self) -> None:
        super().__init__(path="/")

    def render(self, request: Request, openapi_schema: dict[str, Any]) -> bytes:
        return _PAGE.format(
            title=html.escape(openapi_schema["info"]["title"]),
            assets=f"{PATH}/assets",
            document=self.get_openapi_json_route(request),
        ).encode()

    def receive_router(self, router: Router) -> None:
        assets = create_static_files_router(
            path="/assets", directories=[swagger_ui_path], include_in_schema=False
        )
        router.register(assets)
        router.register(asyncapi_document)


@get("/asyncapi.json", include_in_schema=False, media_type="application/json")
async def asyncapi_document(request: Request) -> dict[str, Any]:
    """The AsyncAPI document of the Kafka topics, beside the OpenAPI one."""
    return asyncapi.document(context(request).settings)


# Refusals, and which operations may answer each: any (limits), those that read a token, those
# with parameters, with a path parameter, that take a body.
_REFUSALS = {
    "429": "too many requests from this client (reads or decisions a second, streams, new"
    " players, invite codes tried); try again later",
}
_TOKEN_REFUSALS = {
    "401": "no token where one is needed, or one unknown, expired or revoked",
    "403": "the token may not do this (another seat's, not an organiser's, a seat no longer held)",
}
_PARAMETER_REFUSALS = {"422": "a parameter out of its range or pattern, named in `fields`"}
_PATH_REFUSALS = {"404": "no such match, seat, decision or entry"}
_BODY_REFUSALS = {
    "400": "the body is not JSON",
    "413": "the body, or the decision it makes, is over 64 KiB",
    "422": "a field refused, named in `fields`: out of its range, unknown (bodies take no field"
    " they do not name), or holding what the log cannot store",
}
_REFUSAL = {
    "type": "object",
    "required": ["status_code", "detail"],
    "properties": {
        "status_code": {"type": "integer"},
        "detail": {"type": "string"},
        "fields": {"type": "array", "items": {"type": "object"}, "description": "at fault"},
    },
}


def _strict_structs(cls: type) -> Iterator[str]:
    """The names of the Structs a request body holds that refuse fields they do not name."""
    for info in msgspec.inspect.multi_type_info([cls]):
        yield from _strict_in(info)


def _strict_in(info: msgspec.inspect.Type) -> Iterator[str]:
    if isinstance(info, msgspec.inspect.StructType):
        if info.forbid_unknown_fields:
            yield info.cls.__name__
        for field in info.fields:
            yield from _strict_in(field.type)
    for inner in ("item_type", "value_type", "type"):
        if isinstance(found := getattr(info, inner, None), msgspec.inspect.Type):
            yield from _strict_in(found)
    for member in getattr(info, "types", ()):
        yield from _strict_in(member)


def _bodies() -> set[str]:
    found: set[str] = set()
    pending = [RequestBody]
    while pending:
        cls = pending.pop()
        pending += cls.__subclasses__()
        found.update(_strict_structs(cls))
    return found


def completed(document: dict[str, Any]) -> dict[str, Any]:
    """The document with each operation's refusals, and `additionalProperties: false` on every
    schema the gateway reads with `forbid_unknown_fields`."""
    done = copy.deepcopy(document)
    schemas = done.setdefault("components", {}).setdefault("schemas", {})
    schemas["Refusal"] = _REFUSAL
    for name in _bodies() & set(schemas):
        schemas[name]["additionalProperties"] = False
    for item in done.get("paths", {}).values():
        for operation in item.values():
            answers = operation.setdefault("responses", {})
            refusals = dict(_REFUSALS)
            if operation.get("security"):
                refusals |= _TOKEN_REFUSALS
            if parameters := operation.get("parameters", []):
                refusals |= _PARAMETER_REFUSALS
            if any(p.get("in") == "path" for p in parameters):
                refusals |= _PATH_REFUSALS
            if "requestBody" in operation:
                refusals |= _BODY_REFUSALS
            for status, why in refusals.items():
                answers.setdefault(status, {"description": why})
                answers[status]["content"] = {
                    "application/json": {"schema": {"$ref": "#/components/schemas/Refusal"}}
                }
    return done


class Document(JsonRenderPlugin):
    """/schema/openapi.json: Litestar's document, completed once."""

    def __init__(self) -> None:
        super().__init__()
        self._served: bytes | None = None

    def render(self, request: Request, openapi_schema: dict[str, Any]) -> bytes:
        if self._served is None:
            self._served = super().render(request, completed(openapi_schema))
        return self._served


def openapi_config() -> OpenAPIConfig:
    return OpenAPIConfig(
        title="Starledger",
        version="0.1.0",
        path=PATH,
        components=Components(security_schemes=_SCHEMES),
        render_plugins=[SwaggerPage(), Document()],
    )

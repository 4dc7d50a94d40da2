"""The API's documentation: the OpenAPI document, which says which operations take a token, and
the page at /schema that renders it, Swagger UI from the swagger-ui-bundle-v2 wheel served by
the gateway itself, so it works offline and asks no other host for anything; beside them the
AsyncAPI document of the Kafka topics (/schema/asyncapi.json)."""

import html
from typing import Any

from litestar import Request, Router, get
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import OpenAPIRenderPlugin
from litestar.openapi.spec import Components, SecurityRequirement, SecurityScheme
from litestar.static_files import create_static_files_router
from swagger_ui_bundle import swagger_ui_path

from services import asyncapi
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


def openapi_config() -> OpenAPIConfig:
    return OpenAPIConfig(
        title="Starledger",
        version="0.1.0",
        path=PATH,
        components=Components(security_schemes=_SCHEMES),
        render_plugins=[SwaggerPage()],
    )

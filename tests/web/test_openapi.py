"""The OpenAPI schema the server serves and docs/web-api.md name the same endpoints, and the schema
describes every JSON request and answer (by the Pydantic models of ``sixtysix.web.models``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from sixtysix.web.app import OPENAPI_URL

from .conftest import Api

DOC = Path(__file__).resolve().parents[2] / "docs" / "web-api.md"
ENDPOINT = re.compile(r"`(GET|POST|PUT|PATCH|DELETE) (/[^`?\s]*)")
"""An endpoint as a heading of docs/web-api.md names it: ``GET /api/matches/{id}`` (a query left out)."""
TEXT_ANSWERS = {("GET", "/api/matches/{}/record"), ("GET", "/metrics")}
"""The endpoints that answer text, not JSON: a 66R record, Prometheus's format."""


def _shape(path: str) -> str:
    """A path with its parameters unnamed: the doc says ``{id}`` and ``{n}`` where the code says ``{match_id}``."""
    return re.sub(r"\{[^}]*\}", "{}", path)


def documented() -> set[tuple[str, str]]:
    """Every endpoint a heading of docs/web-api.md names."""
    found: set[tuple[str, str]] = set()
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            found |= {(method, _shape(path)) for method, path in ENDPOINT.findall(line)}
    return found


def served(schema: dict[str, Any]) -> set[tuple[str, str]]:
    """Every endpoint of the schema, and the schema's own."""
    paths: dict[str, dict[str, Any]] = schema["paths"]
    return {(method.upper(), _shape(path)) for path, item in paths.items() for method in item} | {("GET", OPENAPI_URL)}


def test_the_openapi_schema_and_the_api_document_name_the_same_endpoints(api: Api) -> None:
    response = api.request("GET", OPENAPI_URL)
    assert response.status_code == 200, response.text
    schema = response.json()
    assert schema["openapi"].startswith("3.") and schema["info"]["version"] == "1"
    in_schema, in_doc = served(schema), documented()
    assert len(in_doc) >= 25, sorted(in_doc)  # the headings were read
    assert in_schema - in_doc == set(), "served but not documented in docs/web-api.md"
    assert in_doc - in_schema == set(), "documented in docs/web-api.md but not served"


def test_every_json_answer_and_request_body_has_its_model_in_the_schema(api: Api) -> None:
    schema = api.request("GET", OPENAPI_URL).json()
    models = schema["components"]["schemas"]
    assert "Refusal" in models and "Acted" in models
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            key = (method.upper(), _shape(path))
            success = next(v for status, v in operation["responses"].items() if status.startswith("2"))
            if key in TEXT_ANSWERS:
                assert "application/json" not in success.get("content", {}), key
                continue
            answer = success["content"]["application/json"]["schema"]
            listed = answer.get("items", {}) if answer.get("type") == "array" else {}  # a list of models
            assert answer.get("$ref") or answer.get("type") == "object" or listed.get("$ref"), (key, answer)
            assert "4XX" in operation["responses"], key  # the refusal's model
            if method == "post" and "requestBody" in operation:
                body = operation["requestBody"]["content"]["application/json"]["schema"]
                if "$ref" in body:  # a model FastAPI reads itself: its component
                    body = models[body["$ref"].rsplit("/", 1)[-1]]
                assert body["title"] and body["properties"], key
    action = schema["paths"]["/api/matches/{match_id}/actions"]["post"]["requestBody"]["content"]["application/json"]
    assert {"action", "version", "seat", "client_seed"} <= set(action["schema"]["properties"])

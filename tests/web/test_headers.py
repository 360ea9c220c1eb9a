"""Security headers on every answer (docs/web.md, "Security"): pages, static files, the API, its
errors and a failure of the server; and a page the policy lets run: no inline script or style."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.routing import APIRoute

from sixtysix.web.app import STATIC

from .conftest import Api, ServerThread

EXPECTED = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


def policy(header: str) -> dict[str, str]:
    """A Content-Security-Policy as {directive: sources}."""
    return {part.split()[0]: " ".join(part.split()[1:]) for part in header.split(";") if part.strip()}


def assert_secured(response: object) -> None:
    headers = response.headers  # type: ignore[attr-defined]
    for name, value in EXPECTED.items():
        assert headers.get(name) == value, (response, name)
    csp = policy(headers["content-security-policy"])
    assert csp["frame-ancestors"] == "'none'"
    assert csp["script-src"] == "'self'" and csp["style-src"] == "'self'" and csp["default-src"] == "'self'"
    assert csp["object-src"] == "'none'" and csp["base-uri"] == "'none'"
    assert "unsafe-inline" not in headers["content-security-policy"]


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/", 200),
        ("GET", "/?join=abc", 200),
        ("GET", "/js/app.js", 200),
        ("GET", "/css/app.css", 200),
        ("GET", "/favicon.svg", 200),
        ("GET", "/api/meta", 200),
        ("GET", "/api/rules?preset=seed66", 200),
        ("GET", "/no-such-file.png", 404),
        ("GET", "/api/no-such-endpoint", 404),
        ("GET", "/api/matches/nothing", 401),
        ("GET", "/api/invitations/nothing", 404),
        ("POST", "/api/matches", 400),
        ("DELETE", "/api/meta", 404),
        ("POST", "/index.html", 405),
    ],
)
def test_every_answer_carries_the_security_headers(api: Api, method: str, path: str, status: int) -> None:
    response = api.request(method, path, content=b"[]" if method == "POST" else None)
    assert response.status_code == status, response.text
    assert_secured(response)


def test_a_failure_of_the_server_carries_them_too(server: ServerThread, api: Api) -> None:
    def broken() -> None:
        raise RuntimeError("a bug")

    # before the page's catch-all mount, so that it is reached
    server.app.router.routes.insert(0, APIRoute("/api/test-broken", broken))
    response = api.request("GET", "/api/test-broken")
    assert response.status_code == 500 and response.json()["error"]["code"] == "internal"
    assert_secured(response)


def test_api_answers_and_the_match_are_not_cached(api: Api) -> None:
    created = api.create()
    response = api.request("GET", f"/api/matches/{created['match_id']}", created["token"])
    assert response.headers["cache-control"] == "no-store"
    assert_secured(response)


def static_files(*suffixes: str) -> list[Path]:
    return sorted(p for p in Path(STATIC).rglob("*") if p.suffix in suffixes)


def test_the_page_has_no_inline_script_or_style_that_the_policy_would_block() -> None:
    index = (Path(STATIC) / "index.html").read_text()
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", index, re.S)
    assert scripts and all("src=" in attributes and not body.strip() for attributes, body in scripts)
    for path in static_files(".html", ".js"):
        text = path.read_text()
        assert not re.search(r"<style\b|\sstyle=|\son[a-z]+=\"|javascript:", text), path

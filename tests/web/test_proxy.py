"""The reference deployment's nginx configuration (docs/deploy.md, "The reverse proxy"), as the document gives it:
checked with ``nginx -t``, then a real nginx with a self-signed certificate in front of a real ``sixtysix
serve`` (``--forwarded-allow-ips 127.0.0.1 --log-format json``), played through over HTTPS and a secure
WebSocket. Only the names, ports and paths of the machine are replaced. Skipped where nginx or openssl is
not installed (``.ci/run`` installs Debian's nginx)."""

from __future__ import annotations

import json
import os
import re
import shutil
import ssl
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from .conftest import START_SECONDS, ServerProcess, free_port

DEPLOY = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"
NGINX = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None)
OPENSSL = shutil.which("openssl")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(NGINX is None or OPENSSL is None, reason="nginx or openssl is not installed"),
]


def site_config() -> str:
    """The first ``nginx`` block of docs/deploy.md: the site's whole configuration."""
    blocks = re.findall(r"```nginx\n(.*?)```", DEPLOY.read_text(), re.S)
    assert blocks, "docs/deploy.md has no nginx configuration"
    return str(blocks[0])


def replaced(text: str, old: str, new: str) -> str:
    """``text`` with every ``old`` replaced, which must be there (the test follows the document)."""
    assert old in text, f"docs/deploy.md's nginx configuration no longer has {old!r}"
    return text.replace(old, new)


class Nginx:
    """nginx with the document's site configuration in a folder of its own (its own ports, logs, pid)."""

    def __init__(self, folder: Path, backend: int) -> None:
        assert NGINX is not None and OPENSSL is not None
        self.folder = folder
        self.http, self.https = free_port(), free_port()
        for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi", "acme"):
            (folder / name).mkdir()
        self.cert, self.key = folder / "cert.pem", folder / "key.pem"
        subprocess.run(
            [
                OPENSSL,
                "req",
                "-x509",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-days",
                "2",
                "-subj",
                "/CN=127.0.0.1",
                "-addext",
                "subjectAltName=IP:127.0.0.1,DNS:localhost",
                "-keyout",
                str(self.key),
                "-out",
                str(self.cert),
            ],
            check=True,
            capture_output=True,
        )
        self.access_log = folder / "sixtysix.access.log"
        site = site_config()
        site = replaced(site, "/etc/letsencrypt/live/games.example.org/fullchain.pem", str(self.cert))
        site = replaced(site, "/etc/letsencrypt/live/games.example.org/privkey.pem", str(self.key))
        site = replaced(site, "games.example.org", "127.0.0.1")
        site = replaced(site, "listen 80;", f"listen 127.0.0.1:{self.http};")
        site = replaced(site, "listen [::]:80;\n", "")
        site = replaced(site, "listen 443 ssl http2;", f"listen 127.0.0.1:{self.https} ssl http2;")
        site = replaced(site, "listen [::]:443 ssl http2;\n", "")
        site = replaced(site, "server 127.0.0.1:8066;", f"server 127.0.0.1:{backend};")
        site = replaced(site, "/var/log/nginx/sixtysix.access.log", str(self.access_log))
        site = replaced(site, "/var/www/letsencrypt", str(folder / "acme"))
        user = "user root;\n" if os.geteuid() == 0 else ""  # the workers read the test's files
        temp = "".join(f"    {name}_temp_path {folder / name};\n" for name in ("fastcgi", "uwsgi", "scgi", "proxy"))
        self.conf = folder / "nginx.conf"
        self.conf.write_text(
            f"{user}pid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'} info;\nevents {{}}\n"
            f"http {{\n    client_body_temp_path {folder / 'body'};\n{temp}"
            f"    access_log {folder / 'other.access.log'};\n{site}\n}}\n"
        )
        self.process: subprocess.Popen[bytes] | None = None

    def check(self) -> subprocess.CompletedProcess[str]:
        assert NGINX is not None
        return subprocess.run(
            [NGINX, "-t", "-p", str(self.folder), "-c", str(self.conf)], capture_output=True, text=True, check=False
        )

    def start(self) -> None:
        assert NGINX is not None
        command = [NGINX, "-p", str(self.folder), "-c", str(self.conf), "-g", "daemon off;"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                httpx.get(f"{self.base}/healthz", verify=self.context(), timeout=1)
                return
            except httpx.HTTPError:
                assert self.process.poll() is None, self.process.stderr.read() if self.process.stderr else ""
                assert time.monotonic() < deadline, "nginx did not start"
                time.sleep(0.05)

    @property
    def base(self) -> str:
        return f"https://127.0.0.1:{self.https}"

    def context(self) -> ssl.SSLContext:
        """A client's TLS context that trusts the self-signed certificate (and checks it)."""
        return ssl.create_default_context(cafile=str(self.cert))

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


def until(socket: ClientConnection, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first message of ``socket`` that is ``wanted`` (others, such as presence, are passed over)."""
    while True:
        message: dict[str, Any] = json.loads(socket.recv(timeout=30))
        if wanted(message):
            return message


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[tuple[Nginx, ServerProcess, Path]]:
    log = tmp_path / "serve.log"
    server = ServerProcess(
        tmp_path / "serve.sqlite3",
        log=log,
        options=["--forwarded-allow-ips", "127.0.0.1", "--log-format", "json"],
    )
    (tmp_path / "nginx").mkdir()
    nginx = Nginx(tmp_path / "nginx", server.port)
    try:
        yield nginx, server, log
    finally:
        nginx.stop()
        server.stop()


def test_the_documented_nginx_configuration_passes_nginx_t(proxied: tuple[Nginx, ServerProcess, Path]) -> None:
    nginx, _, _ = proxied
    checked = nginx.check()
    assert checked.returncode == 0, checked.stderr
    assert "syntax is ok" in checked.stderr and "test is successful" in checked.stderr


def test_a_match_is_played_through_the_documented_nginx_over_tls(proxied: tuple[Nginx, ServerProcess, Path]) -> None:
    nginx, server, log = proxied
    nginx.start()
    origin = nginx.base
    with httpx.Client(base_url=nginx.base, verify=nginx.context(), timeout=30) as client:
        redirect = httpx.get(f"http://127.0.0.1:{nginx.http}/?join=abc", follow_redirects=False)
        assert redirect.status_code == 301 and redirect.headers["location"].startswith("https://")
        assert client.get("/healthz").json() == {"status": "ok"}
        assert client.get("/readyz").json() == {"status": "ready"}
        assert client.get("/metrics").status_code == 404  # nginx keeps the metrics to the machine
        assert httpx.get(f"{server.base}/metrics").status_code == 200  # where Prometheus reads them
        assert client.get("/").headers["strict-transport-security"] == "max-age=31536000"
        # a page's request, with its Origin: the server checks it against the Host nginx passes on
        spoofed = {"Origin": origin, "X-Forwarded-For": "203.0.113.9"}
        created = client.post("/api/matches", json={"opponent": "friend", "name": "Alice"}, headers=spoofed)
        assert created.status_code == 201, created.text
        code = created.json()["invite"]["code"]
        assert client.get(f"/?join={code}").status_code == 200
        assert client.get(f"/api/invitations/{code}").status_code == 200
        joined = client.post("/api/join", json={"code": code, "name": "Bob"}, headers={"Origin": origin})
        assert joined.status_code == 201, joined.text
    match_id = created.json()["match_id"]
    tokens = [created.json()["token"], joined.json()["token"]]
    url = f"wss://127.0.0.1:{nginx.https}/ws/matches/{match_id}"
    with connect(url, ssl=nginx.context(), open_timeout=10) as first, connect(url, ssl=nginx.context()) as second:
        states = []
        for socket, token in ((first, tokens[0]), (second, tokens[1])):
            socket.send(json.dumps({"type": "auth", "token": token}))
            message = json.loads(socket.recv(timeout=30))
            assert message["type"] == "state", message
            states.append(message["state"])
        mover, state = next((s, st) for s, st in zip((first, second), states, strict=True) if st["legal"])
        mover.send(json.dumps({"type": "action", "action": state["legal"][0], "id": "a1", "version": state["version"]}))
        answer = until(mover, lambda message: message.get("reply_to") == "a1")
        assert answer["type"] == "state" and answer["state"]["version"] == state["version"] + 1, answer
        other = second if mover is first else first
        until(other, lambda message: message.get("state", {}).get("version") == state["version"] + 1)  # live
    nginx.stop()
    server.stop()
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    access = [line["message"] for line in lines if line["logger"] == "uvicorn.access"]
    assert any(message.startswith('127.0.0.1:0 - "POST /api/matches ') for message in access)  # forwarded, believed
    assert "203.0.113.9" not in log.read_text()  # a client's own X-Forwarded-For is replaced by nginx
    proxy_log = nginx.access_log.read_text()
    assert "/api/invitations/[redacted]" in proxy_log and '"GET /ws/matches/' in proxy_log
    ids = {line.rsplit(" ", 1)[1] for line in proxy_log.splitlines()}
    assert ids & {line.get("request_id") for line in lines}  # the same request id in both logs
    for secret in (*tokens, code):
        assert secret not in proxy_log and secret not in log.read_text()

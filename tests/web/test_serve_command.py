"""``sixtysix serve``: the command line, its defaults, a core that needs no web library, and nothing left running
after a stop or a kill."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from .conftest import STOP_SECONDS, Api, ServerProcess, holders, play_http, wait_until

needs_proc = pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="who holds a file open is read in /proc")


def test_import_sixtysix_needs_no_web_library() -> None:
    code = (
        "import sys, sixtysix, sixtysix.cli, sixtysix.web, sixtysix.web.serve_command\n"
        "sixtysix.cli._parser()\n"
        "heavy = [m for m in sys.modules if m.split('.')[0] in ('fastapi', 'uvicorn', 'starlette', 'websockets')]\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_serve_help() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "sixtysix.cli", "serve", "--help"], capture_output=True, text=True, check=True
    )
    for option in ("--host", "--port", "--db", "--think", "--review-time", "--computer-delay"):
        assert option in result.stdout
    assert "127.0.0.1" in result.stdout and "8066" in result.stdout and "sixtysix.sqlite3" in result.stdout


def test_serve_bad_port() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "sixtysix.cli", "serve", "--port", "99999"], capture_output=True, text=True
    )
    assert result.returncode == 2 and "not a port" in result.stderr


def test_the_default_database_is_in_the_current_folder(tmp_path: Path) -> None:
    server = ServerProcess(None, cwd=tmp_path)
    try:
        api = Api(server.base)
        api.create(level=1)
        api.close()
        assert (tmp_path / "sixtysix.sqlite3").exists()
        page = subprocess.run(
            [sys.executable, "-c", f"import httpx; print(httpx.get('{server.base}/').status_code)"],
            capture_output=True,
            text=True,
            check=True,
        )
        assert page.stdout.strip() in ("200", "404")  # 404 only until the page exists
    finally:
        server.stop()


def test_metrics_allow_ips_keeps_the_metrics_from_other_addresses(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "serve.sqlite3", options=["--metrics-allow-ips", "10.0.0.0/8, 192.0.2.1"])
    try:
        assert httpx.get(f"{server.base}/metrics").status_code == 404  # 127.0.0.1 is not in the list
        assert httpx.get(f"{server.base}/healthz").status_code == 200
    finally:
        server.stop()


def test_serve_refuses_the_analysis_queue_in_a_database_in_memory() -> None:
    for database in (":memory:", "sqlite:///:memory:"):
        command = [sys.executable, "-m", "sixtysix.cli", "serve", "--analysis", "queue", "--db", database]
        result = subprocess.run(command, capture_output=True, text=True, timeout=60)
        assert result.returncode == 2, result.stderr
        assert "--analysis queue needs a database the workers reach" in result.stderr
        assert "no sixtysix worker could take a job" in result.stderr and "serving on" not in result.stderr


@needs_proc
def test_a_server_stopped_while_it_analyses_ends_every_process_it_started_and_warns_of_nothing(tmp_path: Path) -> None:
    """SIGTERM while the analysis process works on the deal's decisions (a minute each): the server's analysis
    processes end with it, and nothing after it writes to its log a warning (of leaked semaphores) or a traceback."""
    log = tmp_path / "serve.log"
    server = ServerProcess(tmp_path / "serve.sqlite3", log=log, options=["--review-time", "60"])
    try:
        api = Api(server.base)
        created = api.create(opponent="friend", name="Alice")
        joined = api.join(created["invite"]["code"], "Bob").json()
        tokens = {1: created["token"], 2: joined["token"]}
        play_http(api, created["match_id"], tokens, random.Random(4), 4)
        api.close()
        wait_until(lambda: len(holders(log)) >= 2)  # the server and the analysis process it started
    finally:
        server.stop()  # and waits until no process has the log open
    text = log.read_text()
    assert "Finished server process" in text, text[-2000:]
    # a Python warning reads "file:line: UserWarning: message"
    assert "leaked" not in text and "Traceback" not in text and "Warning: " not in text, text[-2000:]


@needs_proc
def test_a_server_killed_while_its_analysis_processes_start_leaves_none_of_them_behind(tmp_path: Path) -> None:
    """SIGKILL as soon as the server answers, while the analysis processes it warms up are still starting: each
    ends (the server's death signal, or its own look at its parent), and nothing holds the log open."""
    log = tmp_path / "serve.log"
    server = ServerProcess(tmp_path / "serve.sqlite3", log=log)
    server.kill()
    wait_until(lambda: not holders(log), timeout=STOP_SECONDS)

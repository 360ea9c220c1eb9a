"""A real PostgreSQL for the tests: a cluster of its own in a temporary folder, or the server of an URL.

``SIXTYSIX_TEST_DATABASE_URL`` (``postgresql://user@host/db``): that server is used, a
database of its own made for each test. Otherwise, if PostgreSQL's programs are installed
(``/usr/lib/postgresql/*/bin``, Debian's ``postgresql`` package), a cluster is made with
``initdb`` in a temporary folder, served on a Unix socket there (no TCP port), and removed at
the end of the session; run as root, PostgreSQL's programs run as the ``postgres`` user, which
PostgreSQL requires. Neither: the PostgreSQL tests skip, unless ``SIXTYSIX_REQUIRE_POSTGRES=1``
(``.ci/run``), where they fail.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import psycopg
from psycopg import sql
from sqlalchemy import make_url

URL_VARIABLE = "SIXTYSIX_TEST_DATABASE_URL"
REQUIRE_VARIABLE = "SIXTYSIX_REQUIRE_POSTGRES"


def required() -> bool:
    """Whether a missing PostgreSQL fails the tests that need it (instead of skipping them)."""
    return os.environ.get(REQUIRE_VARIABLE) == "1"


def binaries() -> Path | None:
    """The folder of the newest PostgreSQL's ``initdb`` and ``pg_ctl``, if installed."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    return Path(found[-1]).parent if found else None


class Cluster:
    """A PostgreSQL server the tests make databases in; ``url`` names its maintenance database."""

    def __init__(self, url: str, folder: Path | None = None, bin_dir: Path | None = None) -> None:
        self.url = url
        self.folder = folder
        self.bin_dir = bin_dir
        self.numbers = itertools.count(1)

    @classmethod
    def start(cls, bin_dir: Path) -> Cluster:
        """``initdb`` and ``pg_ctl start`` in a new temporary folder (short: a Unix socket's path is)."""
        folder = Path(tempfile.mkdtemp(prefix="sixtysix-pg-"))
        as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if as_postgres:
            shutil.chown(folder, "postgres", "postgres")
        data = folder / "data"
        run = [*as_postgres, str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync"]
        subprocess.run(run, check=True, capture_output=True)
        settings = f"-k {folder} -c listen_addresses='' -c fsync=off -c full_page_writes=off -c max_connections=200"
        start = [*as_postgres, str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-w"]
        subprocess.run([*start, "-o", settings, "start"], check=True, capture_output=True)
        return cls(f"postgresql://postgres@/postgres?host={folder}", folder, bin_dir)

    def stop(self) -> None:
        """Stop the server and remove its folder (a cluster of an URL is left alone)."""
        if self.folder is None or self.bin_dir is None:
            return
        as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        stop = [*as_postgres, str(self.bin_dir / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate"]
        subprocess.run([*stop, "stop"], check=False, capture_output=True)
        shutil.rmtree(self.folder, ignore_errors=True)

    def create_database(self) -> str:
        """A new empty database; its URL."""
        name = f"sixtysix_test_{os.getpid()}_{next(self.numbers)}"
        with psycopg.connect(self.url, autocommit=True) as connection:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.url_of(name)

    def drop_database(self, url: str) -> None:
        name = make_url(url).database
        with psycopg.connect(self.url, autocommit=True) as connection:
            connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(str(name))))

    def url_of(self, name: str) -> str:
        """The URL of database ``name`` on this server."""
        return make_url(self.url).set(database=name).render_as_string(hide_password=False)

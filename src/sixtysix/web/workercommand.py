"""``sixtysix worker``: take hints and reviews from the analysis queue (registered by :mod:`sixtysix.cli`).

Only the standard library is imported until the command runs (:mod:`sixtysix.web.worker` does the work).
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys

from sixtysix.present.cliargs import positive_float, positive_int

DESCRIPTION = """\
Take hints and reviews from the analysis queue of a database and do them.

Servers started with `sixtysix serve --analysis queue` put their hints and reviews in a queue in
the database; any number of workers, on any machine that reaches it, take them in turn. A worker
that dies leaves its jobs to the others (they are taken again once its lease has expired).
SIGTERM or Ctrl-C stops a worker. docs/deploy.md."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``worker`` to the ``sixtysix`` subcommands."""
    worker = commands.add_parser(
        "worker",
        help="do the web app's hints and reviews, taken from the analysis queue",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    worker.add_argument(
        "--database",
        "--db",
        dest="db",
        default="sixtysix.sqlite3",
        metavar="PATH|URL",
        help="the servers' database: an SQLite file or a PostgreSQL URL (default: sixtysix.sqlite3 here)",
    )
    worker.add_argument(
        "--processes",
        type=positive_int,
        default=None,
        metavar="N",
        help="analysis processes, and jobs done at once (default: 2, or 1 on a one-core machine)",
    )
    worker.add_argument(
        "--lease",
        type=positive_float,
        default=None,
        metavar="SECONDS",
        help="how long a job stays this worker's without a renewal: if it dies, its jobs are taken again "
        "after this (default 30)",
    )
    worker.add_argument(
        "--poll",
        type=positive_float,
        default=None,
        metavar="SECONDS",
        help="how often a worker with nothing to do looks at the queue (default 0.2 on SQLite; 5 on PostgreSQL, "
        "where a notification wakes it as a job is queued)",
    )
    worker.add_argument("--name", default=None, help="the worker's name in the queue (default HOST:PID)")
    worker.add_argument(
        "--log-level", default="info", choices=("debug", "info", "warning", "error"), help="(default info)"
    )
    worker.add_argument(
        "--log-format",
        default="text",
        choices=("text", "json"),
        help="text lines, or one JSON object per line (time, level, logger, message), as sixtysix serve's "
        "(default text)",
    )
    worker.set_defaults(handler=_worker_command)


def _worker_command(args: argparse.Namespace) -> int:
    try:
        from sixtysix.web.jobs import LEASE_SECONDS
        from sixtysix.web.review import ANALYSIS_WORKERS
        from sixtysix.web.worker import Worker
    except ModuleNotFoundError as error:
        print(
            f"sixtysix worker needs the web extra ({error.name} is missing): pip install 'sixtysix[web]'",
            file=sys.stderr,
        )
        return 1
    from sixtysix.web.logsetup import setup_logs

    setup_logs(args.log_level, args.log_format)
    worker = Worker(
        args.db,
        processes=args.processes or ANALYSIS_WORKERS,
        lease=args.lease or LEASE_SECONDS,
        poll=args.poll,
        name=args.name,
    )
    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, lambda *_: worker.stop())
    shown = args.db.split("@")[-1] if "://" in args.db else args.db  # no password on the screen
    started = f"sixtysix worker {worker.name}: taking jobs from {shown}; Ctrl-C stops"

    def say_started() -> None:  # once the analysis processes are up: a supervisor may send jobs from then on
        if args.log_format == "json":
            logging.getLogger("sixtysix.web").info(started)  # every line one JSON object
        else:
            print(started, file=sys.stderr, flush=True)

    worker.run(ready=say_started)
    return 1 if worker.broken else 0

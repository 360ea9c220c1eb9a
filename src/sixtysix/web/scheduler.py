"""The computer's turns: a background task per match moves while a computer seat is to act.

After every change that leaves a computer to act, :meth:`Scheduler.schedule` starts the
match's task (one at a time per match). The searching levels think in worker threads on
their own view; their answer is committed only if the match has not moved meanwhile
(else they think again). The computer waits while a person may still exchange out of
turn, so that neither side's exchange offer is cut short by the other's speed.

Of several server processes on one database only the one that holds the match's lease
(:mod:`sixtysix.web.leases`) moves its computer: :meth:`Scheduler.schedule` takes the lease
first, and the task stops once another process has taken the lease over.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from concurrent.futures import Executor

from sixtysix.web.errors import WebError
from sixtysix.web.game import Game, decide, thinks_long
from sixtysix.web.leases import Leases
from sixtysix.web.matches import Matches
from sixtysix.web.play import commit_actions

log = logging.getLogger("sixtysix.web")


def computer_due(game: Game) -> bool:
    """Whether a computer seat decides next (an open exchange offer to a person comes first)."""
    if not game.players or game.status != "playing":
        return False
    deal = game.match.current
    if deal is None or deal.is_over:
        return False
    return deal.seat_to_ask in game.players


class Scheduler:
    """The computer's tasks of every match, with the threads for its long thoughts."""

    def __init__(self, matches: Matches, executor: Executor, leases: Leases, delay: float = 0.0) -> None:
        self.matches = matches
        self.leases = leases
        """The matches whose computer this process may move."""
        self.executor = executor
        self.delay = delay
        """Seconds the computer waits before each move."""
        self.tasks: set[asyncio.Task[None]] = set()

    def schedule(self, game: Game) -> None:
        """Start the match's task if a computer is to act and this process holds (or takes) the match's
        lease; needs the running loop."""
        if game.driving or not computer_due(game) or self.matches.expired(game):
            return
        loop = asyncio.get_running_loop()  # RuntimeError outside the server's loop
        if not self.leases.take(game.id):
            return  # another process drives it
        game.driving = True
        task = loop.create_task(self._drive(game))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def schedule_soon(self, game: Game) -> None:
        """:meth:`schedule` if the loop runs (else the server's start schedules it)."""
        with contextlib.suppress(RuntimeError):
            self.schedule(game)

    async def _drive(self, game: Game) -> None:
        loop = asyncio.get_running_loop()
        try:
            while computer_due(game) and self.leases.take(game.id):
                if self.delay:
                    await asyncio.sleep(self.delay)
                    if not computer_due(game):
                        break
                deal = game.match.current
                assert deal is not None
                seat = deal.seat_to_ask
                assert seat is not None
                player = game.players[seat]
                view = game.view(seat)
                version = game.version
                if thinks_long(game, seat) and deal.window != seat:
                    action = await loop.run_in_executor(self.executor, decide, game, player, view)
                else:
                    action = decide(game, player, view)
                    await asyncio.sleep(0)  # let other matches run between moves
                if game.version != version or game.players.get(seat) is not player:
                    continue  # the match moved while it thought: think again
                if not self.leases.take(game.id):
                    break  # another process took the match over: it moves
                try:
                    commit_actions(self.matches, game, [(seat, action)])
                except WebError as error:
                    if error.code != "stale_version":
                        raise
                    # another process stored a change first (it took the lease over while this one was
                    # stalled): the match is read again, and the loop asks for the lease again
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the computer of match %s failed", game.id)
        finally:
            game.driving = False

    async def stop(self) -> None:
        """Cancel every task and wait for them to end."""
        for task in list(self.tasks):
            task.cancel()
        for task in list(self.tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

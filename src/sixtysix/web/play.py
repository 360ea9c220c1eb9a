"""How a match moves on: a person's action checked, the computer's turns, and the commit each change is.

**A person's action** (:class:`Actions`, which the routers and the bots' connections call: the seat's
rate limit, the match still open, the action read, checked against the engine on a copy of the deal and
committed, then the computer's turn scheduled, the metrics, the review's work ahead). The server is
authoritative: a refused action raises :class:`~sixtysix.web.errors.WebError` and changes nothing. The
reasons given are the engine's own (in table seats). A card (or ``X``, ``C``, ``66``, a marriage) sent
right after winning a trick, instead of ``draw``, is taken after the draw the server makes first
(``after_draw`` in the seat state).

**The exchange window.** The computer's exchange decisions (``X``/``pass`` when not on
lead) are taken at once, in the same change as the person's action that offered the
exchange (:func:`~sixtysix.web.matches.decide_windows`): the person never sees a state that the
computer's answer makes stale. Between two people the engine's rule holds: the leader's next
action ends the offer.

**The move clock** (docs/web.md). In a match between people the seat to act has
:attr:`~sixtysix.web.matches.Game.move_seconds` for each decision (the clock restarts with every change).
When it runs out, every other person at the table may **claim the deal** (the action ``claim_deal``,
:func:`claim`): the late seat forfeits it (:func:`sixtysix.core.forfeit.forfeit_deal`, the opponent
wins :data:`~sixtysix.core.forfeit.FORFEIT_POINTS`). Once the clock has been out for
:attr:`~sixtysix.web.matches.Game.grace_seconds` more and the late seat has no open connection, they may
**claim the match** (``claim_match``): the late seat forfeits this deal and the match, which ends at
once with the deals really played (:func:`sixtysix.core.forfeit.forfeit_match`: no deal is made
up), won by its opponent. A forfeited deal is stored as the action ``forfeit`` and replayed on a
restart, and the 66R record carries it as a ``Forfeit`` header; the forfeited match is the
match's metadata (the columns ``forfeit`` and ``forfeit_claimant``; the record's ``Termination``
header, free text, as the format has no word for it).

**The computer's turns** (:class:`Scheduler`): after every change that leaves a computer to act,
:meth:`Scheduler.schedule` starts the match's task (one at a time per match). The searching levels
think in worker threads on their own view; their answer is committed only if the match has not moved
meanwhile (else they think again). The computer waits while a person may still exchange out of
turn, so that neither side's exchange offer is cut short by the other's speed. Of several server
processes on one database only the one that holds the match's lease (:mod:`sixtysix.web.leases`)
moves its computer: :meth:`Scheduler.schedule` takes the lease first, and the task stops once
another process has taken the lease over.

**Commits.** Every change of a match is one commit, each kind with its function: a friend taking a seat
(:func:`commit_seat`), a new deal (:func:`commit_deal`), the actions of people and computers
(:func:`commit_actions`, already checked against the engine on a copy of the deal), a forfeit
claimed against a late seat (:func:`commit_forfeit_deal`, :func:`commit_forfeit_match`). It is
written to the database first (:meth:`Store.commit`), in memory at the same time, and then each
open WebSocket gets its seat's new state (the socket that asked for it, its :class:`Reply`). All of this
runs on the event loop without awaiting, so the changes of one match never interleave. Should the
store refuse, the match is rebuilt from what it holds and the error is raised; should another
server process have changed the match first (:class:`~sixtysix.web.store.Conflict`), the
sockets get the match as it is now and the sender a ``409 stale_version``.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

from sixtysix.core.actions import DRAW, Action
from sixtysix.core.cards import CARD_NAMES
from sixtysix.core.errors import IllegalActionError, InvalidActionError
from sixtysix.core.forfeit import forfeit_deal, forfeit_match
from sixtysix.core.table import Table
from sixtysix.present.describe import Names, refusal_words
from sixtysix.present.outcome import result_columns
from sixtysix.present.picture import after_draw
from sixtysix.present.state import NEXT
from sixtysix.present.words import LANGUAGES
from sixtysix.web import fairness
from sixtysix.web.errors import WebError, malformed, not_your_turn
from sixtysix.web.leases import Leases
from sixtysix.web.live import Subscriber
from sixtysix.web.matches import FORFEIT, FORFEITS, Game, Matches, decide, decide_windows, start_deal, thinks_long
from sixtysix.web.messages import Message, Worded, sentence
from sixtysix.web.middleware import Metrics, RateLimiter
from sixtysix.web.store import Change, Conflict

log = logging.getLogger("sixtysix.web")


@dataclasses.dataclass(frozen=True)
class Reply:
    """The socket whose message caused a change (``origin``) and that message's id (``to``): the socket gets
    its new state as the answer to it. :data:`NO_REPLY` for a change no socket asked for."""

    origin: Subscriber | None = None
    to: object = None


NO_REPLY = Reply()


# -- a person's action -----------------------------------------------------------------------------


def read_action(token: object) -> Action | None:
    """The action a request names; ``None`` for ``next`` (the next deal)."""
    if not isinstance(token, str) or not token.strip() or len(token) > 16:
        raise malformed(sentence("server.action_help"))
    text = token.strip()
    if text.lower() == NEXT:
        return None
    try:
        return Action.parse(text)
    except InvalidActionError:
        raise malformed(sentence("server.not_an_action", text=text)) from None


def check_request(body: Mapping[str, Any], seat: int) -> None:
    """Refuse an action request (``POST .../actions`` or the WebSocket's ``action`` message) that names a
    ``seat`` not the token's (403 ``other_seat``) or has no ``action`` (400 ``malformed``)."""
    named = body.get("seat")
    if named is not None and named != seat:
        raise WebError(403, "other_seat", sentence("server.other_seat", seat=seat, named=named))
    if "action" not in body:
        raise malformed(sentence("server.action_required"))


@dataclasses.dataclass
class Actions:
    """A person's actions as the routers and the bots' connections send them: the seat's ``action`` rate
    limit (429 past it), the match still open, the action checked and committed (:meth:`_take`), then the
    computer's turn scheduled, the action counted in the metrics and the deal so far handed to the review's
    work ahead (``look_ahead``)."""

    matches: Matches
    computer: Scheduler
    limiter: RateLimiter
    metrics: Metrics
    look_ahead: Callable[[Game], None]
    """The review's work while the players think (:meth:`sixtysix.web.review.Advisor.look_ahead`)."""

    def act(
        self,
        game: Game,
        seat: int,
        token: object,
        version: object = None,
        client_seed: object = None,
        reply: Reply = NO_REPLY,
    ) -> int:
        """A person's action (validated, stored, broadcast); the new version. ``client_seed`` may come with ``next``.

        Every action a seat sends, legal or not, takes from its seat's ``action`` rate limit (429 past it)."""
        started = time.perf_counter()
        try:
            self.limiter.check("action", f"{game.id}/{seat}")
            self.matches.check_open(game)
            new_version = self._take(game, seat, token, version, client_seed, reply)
        except WebError as error:
            self.metrics.acted(time.perf_counter() - started, error.code)
            raise
        except Exception:
            self.metrics.acted(time.perf_counter() - started, "internal")
            raise
        self.computer.schedule(game)
        self.metrics.acted(time.perf_counter() - started)
        try:
            self.look_ahead(game)  # the review's work while the players think
        except Exception:  # why: the action is stored; work ahead of a review may fail, the review does it then
            log.warning("analysing match %s ahead of its review failed", game.id, exc_info=True)
        return new_version

    def act_request(self, game: Game, seat: int, body: Mapping[str, Any], reply: Reply = NO_REPLY) -> int:
        """An action request's ``body`` (``POST .../actions``, the WebSocket's ``action`` message): checked
        (:func:`check_request`), then :meth:`act`; the new version."""
        check_request(body, seat)
        return self.act(game, seat, body["action"], body.get("version"), body.get("client_seed"), reply)

    def _take(self, game: Game, seat: int, token: object, version: object, client_seed: object, reply: Reply) -> int:
        """Read and check the action against the engine on a copy of the deal (a claim, the next deal, or an action
        with the computer's exchange decisions around it), then commit it; the match's new version."""
        action = None if token in CLAIMS else read_action(token)
        if client_seed is not None and (action is not None or token in CLAIMS):
            raise malformed(sentence("server.seed_with_next"))
        seed = fairness.client_seed({"client_seed": client_seed}) if client_seed is not None else None
        if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
            raise malformed(sentence("server.version_number"))
        if version is not None and version != game.version:
            raise WebError(409, "stale_version", sentence("server.stale_version", version=game.version, sent=version))
        if game.seats[seat].kind != "human":
            raise WebError(403, "other_seat", sentence("server.computer_seat"))
        if token in CLAIMS:
            _check_playing(game)
            claim(self.matches, game, seat, str(token), reply)
            return game.version
        if action is None:
            _next_deal(self.matches, game, None if seed is None else (seat, seed), reply)
            return game.version
        _check_playing(game)
        deal = game.match.current
        assert deal is not None
        if deal.is_over:
            raise not_your_turn(sentence("server.match_over" if game.match.is_over else "server.deal_over"))
        work = deal.copy()
        steps: list[tuple[int, Action]] = []
        decide_windows(game, work, steps)
        if action in work.legal_actions(seat):
            work.apply(action, seat)
            steps.append((seat, action))
        elif action in after_draw(work, seat):
            work.apply(DRAW, seat)
            steps.append((seat, Action(DRAW)))
            decide_windows(game, work, steps)
            work.apply(action, seat)  # legal: after_draw lists legal actions only
            steps.append((seat, action))
        else:
            raise refusal(work, action, seat, {other: info.name for other, info in game.seats.items()})
        # an exchange offer this action opened for the computer is decided in the same change
        decide_windows(game, work, steps)
        commit_actions(self.matches, game, steps, reply)
        return game.version


def refusal(deal: Table, action: Action, seat: int, names: Mapping[int, str] | None = None) -> WebError:
    """Why ``seat`` may not take ``action`` now: in English the engine's reason, in table seats (what
    programs read); in German and French the same refusal said to the player
    (:func:`~sixtysix.present.describe.refusal_words`), the other seats called by ``names``.

    >>> from sixtysix import Deal
    >>> message = refusal(Deal.shuffled(seed=1), Action.parse("Ac"), 1, {2: "Bob"}).message  # Bob holds Ac
    >>> message.text("en"), message.text("de")
    ('Ac: seat 1 does not hold Ac', 'Nicht erlaubt: Du hast A♣ nicht')
    """
    if deal.window == seat:
        return WebError(409, "illegal_action", sentence("server.exchange_or_pass", action=action))
    try:
        deal.verify(action, seat)
    except IllegalActionError as error:
        reason = str(error)
    else:  # not expected: the action was found illegal
        reason = f"{action}: not allowed now"
    others = tuple((other, name) for other, name in sorted((names or {}).items()) if other != seat)
    why = Worded({lang: refusal_words(reason, Names(human=seat, others=others, lang=lang)) for lang in LANGUAGES})
    words = sentence("server.illegal", reason=reason, action=action, why=why)
    if not deal.legal_actions(seat):
        return not_your_turn(words)
    return WebError(409, "illegal_action", words)


def _check_playing(game: Game) -> None:
    if game.status == "waiting":
        raise not_your_turn(_waiting_for(game))


def _waiting_for(game: Game) -> Message:
    open_seats = sorted(game.open_seats())
    if open_seats:
        return sentence("server.waiting_seats", seats=", ".join(map(str, open_seats)))
    return sentence("server.waiting_friends")


def _next_deal(matches: Matches, game: Game, seed_update: tuple[int, str] | None, reply: Reply) -> None:
    _check_playing(game)
    if game.match.is_over:
        raise not_your_turn(sentence("server.match_over"))
    deal = game.match.current
    if deal is not None and not deal.is_over:
        raise not_your_turn(sentence("server.deal_not_over"))
    commit_deal(matches, game, seed_update, reply)


# -- the move clock's claims -----------------------------------------------------------------------

CLAIMS = ("claim_deal", "claim_match")
"""The action tokens of the claims against a late seat."""


def claim(
    matches: Matches,
    game: Game,
    seat: int,
    kind: str,
    reply: Reply = NO_REPLY,
    now: float | None = None,
) -> None:
    """``seat`` claims the deal (``claim_deal``) or the match (``claim_match``) from the late seat."""
    late = game.late_seat()
    if late is None:
        raise not_your_turn(sentence("server.no_clock"))
    if late == seat:
        raise WebError(409, "illegal_action", sentence("server.own_clock"))
    now = game.server_time.wall() if now is None else now
    deadline = game.updated + game.move_seconds
    if now < deadline:
        raise WebError(409, "too_early", sentence("server.clock_runs", seat=late, seconds=f"{deadline - now:.0f}"))
    if kind == "claim_match":
        if matches.presence is not None:  # connected to another server process: its rows, read now
            matches.presence.refresh([game])
        if game.audience.connected().get(late):
            raise WebError(409, "too_early", sentence("server.late_connected", seat=late))
        if now < deadline + game.grace_seconds:
            wait = deadline + game.grace_seconds - now
            raise WebError(409, "too_early", sentence("server.claim_match_later", seconds=f"{wait:.0f}"))
    if kind == "claim_match":
        commit_forfeit_match(matches, game, late, seat, reply)
    else:
        commit_forfeit_deal(matches, game, late, reply)


# -- the computer's turns --------------------------------------------------------------------------


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


# -- commits ---------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Seating:
    """A friend taking an open seat: the seat, the name, the hash of the seat's new token."""

    seat: int
    name: str
    token_hash: str


def commit_actions(matches: Matches, game: Game, steps: Sequence[tuple[int, Action]], reply: Reply = NO_REPLY) -> None:
    """The actions ``steps`` (seat, action), checked already on a copy of the deal, in one change."""
    _commit(matches, game, _Edit(steps=steps), reply)


def commit_deal(
    matches: Matches, game: Game, client_seed: tuple[int, str] | None = None, reply: Reply = NO_REPLY
) -> None:
    """A new deal, shuffled from the committed seeds (docs/fairness.md); with ``client_seed`` (seat, seed) that
    seat's new client seed first, from this deal on."""
    _commit(matches, game, _Edit(seed_update=client_seed, new_deal=True), reply)


def commit_seat(matches: Matches, game: Game, seating: Seating, client_seed: str) -> None:
    """A friend takes an open seat with its client seed; once no seat is open, the first deal is dealt."""
    last = not game.open_seats()  # the seat's invitation is taken already: no other seat waits
    _commit(matches, game, _Edit(seating=seating, seed_update=(seating.seat, client_seed), new_deal=last), NO_REPLY)


def commit_forfeit_deal(matches: Matches, game: Game, late: int, reply: Reply = NO_REPLY, token: str = FORFEIT) -> None:
    """Seat ``late`` forfeits the current deal (its move clock ran out and another seat claimed it; ``token``
    :data:`~sixtysix.web.matches.BOT_FORFEIT`: a bot's program broke the protocol)."""
    _commit(matches, game, _Edit(forfeit=late, forfeit_token=token), reply)


def commit_forfeit_match(matches: Matches, game: Game, late: int, claimant: int, reply: Reply = NO_REPLY) -> None:
    """Seat ``late`` forfeits the current deal and the match, which ``claimant`` claimed (unless the deal ended
    it): the match ends there, no deal is made up."""
    _commit(matches, game, _Edit(forfeit=late, match_claimant=claimant), reply)


@dataclasses.dataclass(frozen=True)
class _Edit:
    """What one commit changes, in this order: a seat taken, a seat's new client seed, a new deal, the actions,
    the current deal forfeited (and the match)."""

    seating: Seating | None = None
    seed_update: tuple[int, str] | None = None
    new_deal: bool = False
    steps: Sequence[tuple[int, Action]] = ()
    forfeit: int | None = None
    forfeit_token: str = FORFEIT
    match_claimant: int | None = None


def _commit(matches: Matches, game: Game, edit: _Edit, reply: Reply) -> None:
    """Apply ``edit`` and store it; each of its parts raises the match's version by one. ``reply``'s socket
    receives its state as the answer to its message."""
    match = game.match
    change = Change(game.id, game.version, game.status, match.score, match.winner, len(match.deals), base=game.version)
    try:
        _apply(matches, game, edit, change)
        game.updated = matches.store.commit(change)
    except Conflict:  # another server process changed the match first: its state now, and a refusal
        matches.reload(game)
        game.broadcast()
        refusal = sentence("server.stale_version", version=game.version, sent=change.base)
        raise WebError(409, "stale_version", refusal) from None
    except Exception:
        log.exception("commit of match %s failed; reloading it", game.id)
        matches.reload(game)
        raise
    matches.metrics.committed(change)
    game.broadcast(reply.origin, reply.to)


def _apply(matches: Matches, game: Game, edit: _Edit, change: Change) -> None:
    """Make ``edit`` in memory, part by part in the order of :class:`_Edit`, each written into ``change``."""
    match = game.match
    if edit.seating is not None:
        _take_seat(game, change, edit.seating)
    if edit.seed_update is not None:
        seat, seed = edit.seed_update
        game.seats[seat] = dataclasses.replace(game.seats[seat], client_seed=seed)
        change.seed_update = edit.seed_update
    if edit.new_deal:
        _deal(matches, game, change)
    number = len(match.deals)
    _play(game, change, number, edit.steps)
    current = match.current
    if edit.forfeit is not None and current is not None:
        _forfeit_deal(game, change, number, current, edit.forfeit, edit.forfeit_token)
    if (edit.steps or edit.forfeit is not None) and current is not None and current.is_over:
        change.results.append((number, result_columns(match, number)))
    if edit.forfeit is not None and edit.match_claimant is not None and not match.is_over:
        forfeit_match(match, edit.forfeit, edit.match_claimant)  # the match ends here: no deal is made up
        change.match_forfeit = (edit.forfeit, edit.match_claimant)
    if match.is_over:
        game.status = "over"
    change.version = game.version
    change.status = game.status
    change.score = match.score
    change.winner = match.winner
    change.deals = len(match.deals)


def _deal(matches: Matches, game: Game, change: Change) -> None:
    """A new deal from the committed seeds; the computers that play it are told."""
    match = game.match
    seeds, deck = matches.deal(game)
    dealt = match.new_deal(deck)
    game.seeds[len(match.deals) - 1 :] = [seeds]
    change.new_deals.append((len(match.deals), dealt.dealer, " ".join(CARD_NAMES[c] for c in dealt.deck)))
    change.deal_seeds.append((len(match.deals), seeds))
    game.version += 1
    start_deal(game)


def _play(game: Game, change: Change, number: int, steps: Sequence[tuple[int, Action]]) -> None:
    """The actions ``steps`` applied to deal ``number``, the current one."""
    match = game.match
    for seat, action in steps:
        deal = match.current
        assert deal is not None
        match.apply(action, seat)
        change.actions.append((number, len(deal.history), seat, str(action)))
        game.version += 1


def _forfeit_deal(game: Game, change: Change, number: int, current: Table, late: int, token: str) -> None:
    """Seat ``late`` forfeits deal ``number``, the current one (stored as its action ``token``: ``forfeit``, or
    ``forfeit:bot`` for a bot's broken program)."""
    forfeit_deal(current, late, FORFEITS[token])
    game.match.settle()
    change.actions.append((number, len(current.history) + 1, late, token))
    game.version += 1


def _take_seat(game: Game, change: Change, seating: Seating) -> None:
    """A friend takes an open seat; the match starts once no seat is open."""
    seat = seating.seat
    game.seats[seat] = dataclasses.replace(game.seats[seat], name=seating.name, token_hash=seating.token_hash)
    change.seat_update = (seat, seating.name, seating.token_hash)
    if seat == game.invite_seat:  # the two-player invitation, stored with the match
        change.invite_used = True
        game.invite_used = True
        game.invite_code = None
    else:
        change.invite_seat_used = seat
        game.invites.pop(seat, None)
    if not game.open_seats():
        game.status = "playing"
    game.version += 1

"""Every match of the server in memory, each rebuilt from the store the first time it is asked for.

A match is rebuilt by replaying its stored deals and actions (the decisions ``draw`` and
``pass`` included), so its state is exactly what it was before a restart; its computer
seats get fresh players. After a failed commit the match is rebuilt again from what the
store holds (:meth:`Matches.reload`). A change another server process stored is replayed on the
match in memory (:meth:`Matches.replay`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence

from sixtysix.core.actions import Action
from sixtysix.core.cards import Card, parse_card
from sixtysix.core.fairness import DealSeeds
from sixtysix.core.forfeit import forfeit_deal, forfeit_match
from sixtysix.core.match import AnyMatch, create_match
from sixtysix.core.rules import Rules
from sixtysix.core.table import Table
from sixtysix.web import fairness
from sixtysix.web.errors import WebError, not_found
from sixtysix.web.game import Game, SeatInfo, seat_players, start_deal
from sixtysix.web.limits import Limits
from sixtysix.web.messages import sentence
from sixtysix.web.middleware import Metrics, ServerTime
from sixtysix.web.presence import Presence
from sixtysix.web.store import Change, Store, StoredMatch

FORFEIT = "forfeit"
"""The stored action of a seat that forfeited the deal (its move clock ran out and another claimed)."""

TIMEOUT = "timeout: the move clock ran out"
"""Why a seat forfeits when another claims after its move clock ran out (the outcome's reason)."""
BOT_FORFEIT = "forfeit:bot"
"""The stored action of a bot's seat that forfeited the deal because its program broke the 66P protocol."""
BOT_FAILURE = "protocol: the bot's program failed (66P)"
"""Why a bot's seat forfeits the deal (the outcome's reason; :mod:`sixtysix.web.bot_api`)."""
FORFEITS = {FORFEIT: TIMEOUT, BOT_FORFEIT: BOT_FAILURE}
"""The stored forfeits, and the reason each one replays with."""


class Matches:
    """The matches in memory, by id, backed by the store."""

    def __init__(
        self,
        store: Store,
        rng: random.Random,
        think: float,
        move_seconds: float = 60.0,
        grace_seconds: float = 120.0,
        expire_seconds: float = float("inf"),
        server_time: ServerTime | None = None,
        metrics: Metrics | None = None,
        pending_commitments: int = Limits.pending_commitments,
    ) -> None:
        self.store = store
        self.metrics = metrics or Metrics()
        """The server's metrics: every commit counts its actions there."""
        self.server_time = server_time or ServerTime()
        """The server's clocks: the move clock, expiry and idle time read them (the tests set them)."""
        self.move_seconds = move_seconds
        """The move clock between people: seconds for each decision (docs/web.md, "The move clock")."""
        self.grace_seconds = grace_seconds
        """Seconds after a move clock ran out until the match may be claimed from a seat that is gone."""
        self.presence: Presence | None = None
        """The seats connected to other server processes (:mod:`sixtysix.web.presence`; set by the service)."""
        self.rng = rng
        self.think = think
        """Seconds per decision of the searching computer levels."""
        self.expire_seconds = expire_seconds
        """An unfinished match with no change for this long is closed (docs/web.md, "Limits")."""
        self.games: dict[str, Game] = {}
        self.commitments = fairness.Commitments(pending_commitments)
        """First deals' commitments offered before their match is created."""
        self.move_clock: Callable[[str], float | None] | None = None
        """A match's own move clock, if it has one (a lobby match's; set by :mod:`sixtysix.web.lobby`)."""
        self.bot_seats: Callable[[str], frozenset[int]] | None = None
        """The seats of a match held by a bot's account (set by :mod:`sixtysix.web.lobby`)."""
        self.rebuilt = 0
        """How many times a match was rebuilt from the store (the tests count them)."""
        self.replayed = 0
        """How many changes of other server processes were replayed on a match in memory, with no query."""
        self.caught_up = 0
        """How many times a match in memory read only what changed since its version (:meth:`catch_up`)."""

    def get(self, match_id: str) -> Game:
        """The match (loaded from the store and replayed if needed); 404 if unknown."""
        game = self.games.get(match_id)
        if game is not None:
            game.touched = self.server_time.monotonic()
            return game
        stored = self.store.load(match_id) if isinstance(match_id, str) and len(match_id) <= 64 else None
        if stored is None:
            raise not_found(sentence("server.no_match", match=match_id))
        game = self.rebuild(stored)
        self.games[match_id] = game
        return game

    def rebuild(self, stored: StoredMatch) -> Game:
        """A match as stored: every deal and action replayed, computer players at their seats."""
        self.rebuilt += 1
        row = stored.row
        rules = Rules.from_options(row.preset, row.options).replace(match_target=row.target)
        match = create_match(rules, row.first_dealer)
        for deal_row in stored.deals:
            deal = match.new_deal([parse_card(c) for c in deal_row.deck], dealer=deal_row.dealer)
            for seat, token in deal_row.actions:
                if token in FORFEITS:
                    forfeit_deal(deal, seat, FORFEITS[token])
                else:
                    deal.apply(Action.parse(token), seat)
            match.settle()
        if row.forfeit is not None and row.forfeit_claimant is not None:
            forfeit_match(match, row.forfeit, row.forfeit_claimant)
        game = Game(
            id=row.id,
            created=row.created,
            updated=row.updated,
            kind=row.kind,
            hints=row.hints,
            version=row.version,
            status=row.status,
            seats=_seat_infos(stored),
            match=match,
            first_dealer=row.first_dealer,
            invite_hash=row.invite_hash,
            invite_code=row.invite_code,
            invite_used=row.invite_used,
            invite_seat=row.invite_seat,
            invites={s: i.code for s, i in stored.invites.items() if not i.used},
            host=next((i.host for i in stored.invites.values()), None),
            fairness_secret=row.fairness_secret,
            seeds=[deal_row.seeds for deal_row in stored.deals],
            spectators=row.spectators,
            spectator_delay=row.spectator_delay,
        )
        game.move_seconds, game.grace_seconds = self.move_seconds, self.grace_seconds
        if row.kind == "friend" and self.move_clock is not None:  # a lobby match's own move clock
            game.move_seconds = self.move_clock(row.id) or self.move_seconds
        if row.kind == "friend" and self.bot_seats is not None:
            game.bots = self.bot_seats(row.id)
        game.server_time, game.touched = self.server_time, self.server_time.monotonic()
        if row.status == "over":
            game.rematch, game.rematch_codes = self.store.rematch_of(row.id)
        seat_players(game, self.rng, self.think)
        return game

    def reload(self, game: Game) -> None:
        """Put ``game`` back to what the store holds (memory may be ahead after a failed commit).

        The same object is kept, with its open sockets, for every holder of a reference.
        """
        stored = self.store.load(game.id)
        if stored is None:
            return
        fresh = self.rebuild(stored)
        names = (
            "version",
            "status",
            "seats",
            "match",
            "invite_used",
            "invite_code",
            "invites",
            "players",
            "levels",
            "seeds",
            "rematch",
            "rematch_codes",
        )
        for name in names:
            setattr(game, name, getattr(fresh, name))
        self.games[game.id] = game

    def catch_up(self, game: Game) -> None:
        """Bring ``game`` to what the store holds, reading only the deals and actions it has not (a change
        heard without its detail, or after a missed notification) and replaying them; if they do not end as
        stored, the whole match is read again (:meth:`reload`)."""
        match, current = game.match, game.match.current
        number = len(match.deals)
        since = (number, len(current.history)) if current is not None and not current.is_over else (number + 1, 0)
        try:
            stored = self.store.load(game.id, since)
            if stored is None:
                return
            if not self._catch_up(game, stored):
                raise ValueError("not what the store holds")
        except Exception:  # why: whatever does not replay cleanly is read whole instead
            self.reload(game)
            return
        self.caught_up += 1

    def _catch_up(self, game: Game, stored: StoredMatch) -> bool:
        """Replay the deals and actions of ``stored`` (read since ``game``'s last action) on ``game``, take its
        seats and invitations; whether the match ends as stored."""
        row, match = stored.row, game.match
        for deal_row in stored.deals:
            if deal_row.number == len(match.deals) + 1:
                match.new_deal([parse_card(c) for c in deal_row.deck], dealer=deal_row.dealer)
                game.seeds[deal_row.number - 1 :] = [deal_row.seeds]
                start_deal(game)
            deal = match.current
            if deal is None or deal_row.number != len(match.deals):
                return False
            for seat, token in deal_row.actions:
                _play(match, deal, seat, token)
        if row.forfeit is not None and row.forfeit_claimant is not None and not match.is_over:
            forfeit_match(match, row.forfeit, row.forfeit_claimant)
        if not (_same_score(match.score, row.score) and match.winner == row.winner and len(match.deals) == row.deals):
            return False
        game.seats = _seat_infos(stored)
        game.invite_used, game.invite_code = row.invite_used, row.invite_code
        game.invites = {s: i.code for s, i in stored.invites.items() if not i.used}
        game.version, game.status, game.updated = row.version, row.status, row.updated
        if row.status == "over":
            game.rematch, game.rematch_codes = self.store.rematch_of(row.id)
        return True

    def replay(self, game: Game, change: Change, updated: float) -> bool:
        """Bring ``game`` to ``change``, a change another server process stored on ``game``'s version
        (:mod:`sixtysix.web.notify`), by replaying it on the engine: no query. Whether it did; if not (the
        change is not the next one, or does not end as stored), ``game`` is read again from the store."""
        try:
            if change.base != game.version or not self._replay(game, change):
                raise ValueError("not the change that follows")
        except Exception:  # why: any change that does not replay cleanly is read from the database instead
            self.reload(game)
            return False
        game.version, game.status, game.updated = change.version, change.status, updated
        self.replayed += 1
        return True

    def _replay(self, game: Game, change: Change) -> bool:
        """Apply ``change`` to ``game``'s match and seats (as :mod:`sixtysix.web.play` made it); whether the
        match ends as stored."""
        match = game.match
        if change.seat_update is not None:
            seat, name, hashed = change.seat_update
            game.seats[seat] = dataclasses.replace(game.seats[seat], name=name, token_hash=hashed)
        if change.invite_used:
            game.invite_used, game.invite_code = True, None
        if change.invite_seat_used is not None:
            game.invites.pop(change.invite_seat_used, None)
        if change.seed_update is not None:
            seat, seed = change.seed_update
            game.seats[seat] = dataclasses.replace(game.seats[seat], client_seed=seed)
        seeds = dict(change.deal_seeds)
        for number, dealer, deck in change.new_deals:
            if number != len(match.deals) + 1:
                return False
            match.new_deal([parse_card(c) for c in deck.split()], dealer=dealer)
            game.seeds[number - 1 :] = [seeds.get(number)]
            start_deal(game)
        for number, seq, seat, token in change.actions:
            deal = match.current
            if deal is None or number != len(match.deals):
                return False
            _play(match, deal, seat, token)
            if seq != len(deal.history) + (token in FORFEITS):  # numbered as the commit numbered it
                return False
        if change.match_forfeit is not None and not match.is_over:
            forfeit_match(match, *change.match_forfeit)
        same = _same_score(match.score, change.score) and match.winner == change.winner
        return same and len(match.deals) == change.deals

    def deal(self, game: Game) -> tuple[DealSeeds, tuple[Card, ...]]:
        """The committed seeds and the deck of ``game``'s next deal (docs/fairness.md; reproducible when the
        server was given a seed)."""
        return fairness.next_deal(self.rng, game.match, game.fairness_secret, game.client_seeds())

    def expired(self, game: Game, now: float | None = None) -> bool:
        """Whether ``game`` is unfinished and has not changed for :attr:`expire_seconds`."""
        now = self.server_time.wall() if now is None else now
        return game.status != "over" and now - game.updated > self.expire_seconds

    def check_open(self, game: Game) -> None:
        """Refuse (410 ``expired``) anything that would play on in an expired match."""
        if self.expired(game):
            days = self.expire_seconds / 86400
            raise WebError(410, "expired", sentence("server.expired", days=f"{days:g}"))

    def forget(self, game: Game) -> None:
        """Drop a finished match nobody watches: it is read back from the store when asked for."""
        self.games.pop(game.id, None)


def _same_score(score: Sequence[int], stored: Sequence[int]) -> bool:
    """Whether a match's score is the stored one (stored with a third seat's column, 0 for two seats or four).

    >>> _same_score((3, 1), (3, 1, 0)), _same_score((3, 1), (1, 3, 0))
    (True, False)
    """
    return tuple(score) == tuple(stored)[: len(score)]


def _play(match: AnyMatch, deal: Table, seat: int, token: str) -> None:
    """One stored action (a forfeit included) played on the match's current deal ``deal``."""
    if token in FORFEITS:  # the clock's or a bot's
        forfeit_deal(deal, seat, FORFEITS[token])
        match.settle()
    else:
        match.apply(Action.parse(token), seat)


def _seat_infos(stored: StoredMatch) -> dict[int, SeatInfo]:
    return {s: SeatInfo(r.name, r.kind, r.level, r.token_hash, r.client_seed) for s, r in stored.seats.items()}

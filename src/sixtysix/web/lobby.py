"""The lobby: open seeks that another account accepts, direct challenges, and the house bots (docs/online.md).

A **seek** is an account's offer of a two-player match (a preset, a target, rated or casual, a move
clock, optionally a range of ratings it accepts): listed to everyone until another account accepts it,
its maker withdraws it, or it expires (:data:`SEEK_SECONDS`). A **challenge** is the same offer to one
named account, which accepts or declines it. Accepting creates the match with the maker in seat 1 and
the accepting account in seat 2, both seats held by their accounts (``account_seats``), and rated if
the offer was (:mod:`sixtysix.web.ratings`); the match's move clock is the offer's.

The maker's seat token is made when the offer is made and shown then, once: the database keeps only
its hash, which becomes seat 1's when the match is created; the maker learns the match from
:meth:`Lobby.mine`. The accepting account gets its token in the answer that accepts.

A **house bot** is the computer at one level (1 to 5) with an account of its own (``Computer level
3``, a name no person may take): a challenge to it is accepted at once, by a match against the
computer at that level, rated under the bot's account if asked.

Floods are limited per account: at most :data:`MAX_OPEN_SEEKS` open seeks and :data:`MAX_OPEN_CHALLENGES`
open challenges at a time. Every change of the offers raises the lobby's version (the row 1 of
``lobby_version``), in the same transaction, and announces it: on PostgreSQL with ``NOTIFY`` on
:data:`~sixtysix.web.notify.LOBBY_CHANNEL` (sent when the transaction commits, to every server
process), on SQLite to :attr:`Lobby.announce` (the one process): the lobby's sockets get the lists pushed
(:mod:`sixtysix.web.lobby_live`), and a page without one polls the version (docs/online.md, "The lobby").

**Stale offers.** An open offer past its time, or whose maker has no session left (logged out
everywhere, or the session expired; a bot account excepted), is stale: :meth:`Lobby.clean` marks it
expired, and deletes the offers that ended (withdrawn, declined, expired) more than
:data:`ENDED_SECONDS` ago. It runs every :data:`CLEAN_SECONDS` on one server process of all:
:meth:`Lobby.take_cleaning` claims the period (its number since 1970) in the row 2 of
``lobby_version``, one conditional statement the database serializes, as the leases are taken
(:mod:`sixtysix.web.leases`).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Row, and_, case, delete, exists, func, insert, not_, or_, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from sixtysix.core.rules import Rules
from sixtysix.web import schema
from sixtysix.web.accounts import Account, Accounts, name_key
from sixtysix.web.errors import WebError, malformed, not_found
from sixtysix.web.matches import Game
from sixtysix.web.messages import sentence
from sixtysix.web.notify import LOBBY_CHANNEL
from sixtysix.web.ratings import FAMILIES, Ratings, family_of
from sixtysix.web.seats import read_rules
from sixtysix.web.service import Service
from sixtysix.web.store import token_hash

SEEK_SECONDS = 600.0
"""How long an open seek or a challenge waits for an answer."""
MAX_OPEN_SEEKS = 3
"""The most open seeks one account may have at a time."""
MAX_OPEN_CHALLENGES = 5
"""The most open challenges one account may have made at a time."""
MOVE_CLOCKS = (15, 30, 60, 120, 300)
"""The move clocks an offer may ask for (seconds for each decision)."""
BOT_LEVELS = range(1, 6)
"""The levels of the house bots."""
CLEAN_SECONDS = 60
"""How often one server process of all cleans the stale offers away."""
ENDED_SECONDS = 2 * SEEK_SECONDS
"""How long an offer that ended unaccepted stays (its maker's list shows it as declined or expired)."""
VERSION_ROW, CLEANING_ROW = 1, 2
"""The rows of ``lobby_version``: the lobby's version; the last period of :data:`CLEAN_SECONDS` claimed."""
NO_PASSWORD = "!"
"""A house bot's password hash: no password verifies against it, so nobody logs in as a bot."""


def bot_name(level: int) -> str:
    """The house bot's account name at ``level`` (``Computer`` starts it: no person may sign up so).

    >>> bot_name(3)
    'Computer level 3'
    """
    return f"Computer level {level}"


@dataclass(frozen=True)
class Offer:
    """What a seek or a challenge offers."""

    rules: Rules
    family: str | None
    """The rating family if rated, else ``None``."""
    move_seconds: int
    min_rating: float | None = None
    max_rating: float | None = None


def read_offer(body: dict[str, Any]) -> Offer:
    """The offer of a ``POST /api/seeks`` or ``/api/challenges`` body: ``rules`` (a preset of a rating family,
    by its own options), ``target``, ``rated``, ``move_seconds`` (one of :data:`MOVE_CLOCKS`), and for a seek
    ``min_rating`` / ``max_rating``."""
    rules = read_rules({"rules": body.get("rules", "seed66"), "target": body.get("target")})
    if family_of(rules.preset_name) is None:  # the presets of the rating pools, rated or not
        raise malformed(sentence("server.lobby_presets", presets=", ".join(FAMILIES)))
    family = family_of(rules.preset_name) if body.get("rated") is True else None
    clock = body.get("move_seconds", 60)
    if clock not in MOVE_CLOCKS or isinstance(clock, bool):
        raise malformed(sentence("server.lobby_move_clock", clocks=", ".join(map(str, MOVE_CLOCKS))))
    bounds = [body.get(key) for key in ("min_rating", "max_rating")]
    for bound in bounds:
        if bound is not None and (
            isinstance(bound, bool) or not isinstance(bound, int | float) or not 0 <= bound <= 5000
        ):
            raise malformed(sentence("server.lobby_rating_range"))
    low, high = (None if b is None else float(b) for b in bounds)
    return Offer(rules, family, int(clock), low, high)


class Lobby:
    """The seeks, challenges and house bots in the app's database."""

    def __init__(self, service: Service, accounts: Accounts, ratings: Ratings) -> None:
        self.service = service
        self.store = service.store
        self.accounts = accounts
        self.ratings = ratings
        service.matches.move_clock = self.move_clock
        self.watchers: set[Callable[[], object]] = set()
        """Woken at every change of the lobby heard by its socket (:mod:`sixtysix.web.lobby_live`), from the
        event loop: the bots' connections, which then read their offers and matches again."""
        self.announce: Callable[[int], object] | None = None
        """SQLite: told the lobby's new version at each change (:mod:`sixtysix.web.lobby_live`; it reads the
        lists once the change is committed). PostgreSQL sends ``NOTIFY`` instead, to every process."""
        service.matches.bot_seats = self.bot_seats
        self.bots = self.make_bots()
        """The house bots' account ids by level."""

    def now(self) -> float:
        return self.service.server_time.wall()

    # -- the house bots ---------------------------------------------------------------------------

    def make_bots(self) -> dict[int, int]:
        """Make the house bots' accounts if they are not there yet (any number of processes at once)."""
        a, b = schema.accounts, schema.house_bots
        with self.store.transaction() as db:
            upsert = sqlite_insert if db.dialect.name == "sqlite" else postgresql_insert
            for row in (VERSION_ROW, CLEANING_ROW):
                db.execute(
                    upsert(schema.lobby_version)
                    .values(id=row, version=1 if row == VERSION_ROW else 0)
                    .on_conflict_do_nothing()
                )
            for level in BOT_LEVELS:
                name = bot_name(level)
                values = {
                    "name": name,
                    "name_key": name_key(name),
                    "password_hash": NO_PASSWORD,
                    "bot": 1,
                    "created": self.now(),
                }
                db.execute(upsert(a).values(values).on_conflict_do_nothing())
                made = db.execute(select(a.c.id).where(a.c.name_key == name_key(name))).scalar_one()
                db.execute(upsert(b).values(account_id=made, level=level).on_conflict_do_nothing())
            rows = db.execute(select(b.c.level, b.c.account_id)).all()
        return {int(level): int(account) for level, account in rows}

    def bot_level_of(self, name: str) -> int | None:
        """The level of the house bot named ``name`` (``None``: no house bot is)."""
        return next((level for level in self.bots if name_key(bot_name(level)) == name_key(name)), None)

    # -- offers -----------------------------------------------------------------------------------

    def version(self) -> int:
        v = schema.lobby_version
        with self.store.transaction() as db:
            return int(db.execute(select(v.c.version).where(v.c.id == VERSION_ROW)).scalar_one())

    def _changed(self, db: Connection) -> None:
        """Raise the lobby's version in ``db``'s transaction, and announce it (the module's docstring)."""
        v = schema.lobby_version
        version = db.execute(
            update(v).where(v.c.id == VERSION_ROW).values(version=v.c.version + 1).returning(v.c.version)
        ).scalar_one()
        if db.dialect.name != "sqlite":  # sent when (and only if) the transaction commits
            db.execute(select(func.pg_notify(LOBBY_CHANNEL, str(version))))
        elif self.announce is not None:
            self.announce(int(version))

    def _open(self, now: float) -> Any:
        s = schema.seeks
        return and_(s.c.state == "open", s.c.expires > now)

    def seek(self, account: Account, offer: Offer) -> tuple[dict[str, object], str]:
        """A new open seek (409 ``too_many_seeks`` past :data:`MAX_OPEN_SEEKS`): (its JSON, the maker's seat token)."""
        return self._offer(account, offer, None)

    def challenge(self, account: Account, name: str, offer: Offer) -> tuple[dict[str, object], str]:
        """A challenge to the account named ``name`` (404 if there is none; 409 ``too_many_challenges``)."""
        opponent = self._account_named(name)
        if opponent is None or opponent.id == account.id:
            raise not_found(sentence("server.lobby_no_account"))
        return self._offer(account, offer, opponent)

    def _offer(self, account: Account, offer: Offer, opponent: Account | None) -> tuple[dict[str, object], str]:
        s = schema.seeks
        now = self.now()
        token = secrets.token_urlsafe(32)
        challenge = opponent is not None
        with self.store.transaction() as db:
            if db.dialect.name != "sqlite":  # one account's offers are counted and made one at a time
                db.execute(select(schema.accounts.c.id).where(schema.accounts.c.id == account.id).with_for_update())
            count = db.execute(
                select(func.count())
                .select_from(s)
                .where(s.c.account_id == account.id, s.c.challenge == int(challenge), self._open(now))
            ).scalar_one()
            most = MAX_OPEN_CHALLENGES if challenge else MAX_OPEN_SEEKS
            if count >= most:
                if challenge:
                    raise WebError(409, "too_many_challenges", sentence("server.too_many_challenges", count=most))
                raise WebError(409, "too_many_seeks", sentence("server.too_many_seeks", count=most))
            made = db.execute(
                insert(s)
                .values(
                    account_id=account.id,
                    opponent_id=None if opponent is None else opponent.id,
                    challenge=int(challenge),
                    preset=offer.rules.preset_name,
                    target=offer.rules.match_target,
                    rated=int(offer.family is not None),
                    move_seconds=float(offer.move_seconds),
                    min_rating=None if challenge else offer.min_rating,
                    max_rating=None if challenge else offer.max_rating,
                    token_hash=token_hash(token),
                    state="open",
                    created=now,
                    expires=now + SEEK_SECONDS,
                )
                .returning(s.c.id)
            ).scalar_one()
            self._changed(db)
            row = db.execute(self._query().where(s.c.id == made)).one()
        return self._json(row, now), token

    def _account_named(self, name: str) -> Account | None:
        a = schema.accounts
        with self.store.transaction() as db:
            row = db.execute(select(a.c.id, a.c.name, a.c.bot).where(a.c.name_key == name_key(name))).first()
        return None if row is None else Account(int(row[0]), str(row[1]), bool(row[2]))

    def _query(self) -> Any:
        s, a = schema.seeks, schema.accounts
        maker, other = a.alias("maker"), a.alias("other")
        g = schema.ratings
        return (
            select(s, maker.c.name.label("maker"), maker.c.bot.label("maker_bot"), other.c.name.label("other"))
            .join(maker, maker.c.id == s.c.account_id)
            .outerjoin(other, other.c.id == s.c.opponent_id)
            .add_columns(
                select(g.c.rating)
                .where(g.c.account_id == s.c.account_id, g.c.family == func.coalesce(_family_case(s.c.preset), ""))
                .scalar_subquery()
                .label("rating")
            )
        )

    def _json(self, row: Row[Any], now: float) -> dict[str, object]:
        m = row._mapping
        state = str(m["state"])
        if state == "open" and m["expires"] <= now:
            state = "expired"
        return {
            "id": int(m["id"]),
            "name": str(m["maker"]),
            "bot": bool(m["maker_bot"]),
            "rating": None if m["rating"] is None else round(float(m["rating"]), 1),
            "challenge": bool(m["challenge"]),
            "opponent": None if m["other"] is None else str(m["other"]),
            "rules": str(m["preset"]),
            "target": int(m["target"]),
            "rated": bool(m["rated"]),
            "move_seconds": int(m["move_seconds"]),
            "min_rating": m["min_rating"],
            "max_rating": m["max_rating"],
            "state": state,
            "expires_in": max(0, round(float(m["expires"]) - now)),
            "match_id": m["match_id"],
        }

    def open_seeks(self) -> list[dict[str, object]]:
        """The open seeks, oldest first."""
        s = schema.seeks
        now = self.now()
        with self.store.transaction() as db:
            rows = db.execute(self._query().where(s.c.challenge == 0, self._open(now)).order_by(s.c.id)).all()
        return [self._json(row, now) for row in rows]

    def mine(self, account: Account) -> dict[str, object]:
        """The account's own offers (``made``) and the challenges to it (``received``) of the last
        :data:`SEEK_SECONDS`: open, accepted (with the match; the maker's seat is 1), declined, expired."""
        s = schema.seeks
        now = self.now()
        recent = s.c.created > now - 2 * SEEK_SECONDS
        with self.store.transaction() as db:
            made = db.execute(
                self._query().where(s.c.account_id == account.id, s.c.state != "withdrawn", recent).order_by(s.c.id)
            ).all()
            received = db.execute(
                self._query().where(s.c.opponent_id == account.id, s.c.challenge == 1, self._open(now)).order_by(s.c.id)
            ).all()
        return {"made": [self._json(r, now) for r in made], "received": [self._json(r, now) for r in received]}

    def quick(
        self, account: Account, offer: Offer, spread: float
    ) -> tuple[Game, int, str] | tuple[dict[str, object], str]:
        """Quick pairing: accept the oldest open seek of the same offer (preset, target, rated or not, move clock)
        whose maker's rating is within ``spread`` of the account's and whose own range takes the account; if there
        is none, make such a seek, open to the ratings within ``spread``. (game, seat, token), or (seek, token)."""
        s, g = schema.seeks, schema.ratings
        now = self.now()
        family = family_of(offer.rules.preset_name)
        with self.store.transaction() as db:
            mine = self._rating(db, account.id, family)
            theirs = func.coalesce(
                select(g.c.rating)
                .where(g.c.account_id == s.c.account_id, g.c.family == (family or ""))
                .scalar_subquery(),
                1500.0,
            )
            found = db.execute(
                select(s.c.id)
                .where(
                    s.c.challenge == 0,
                    self._open(now),
                    s.c.account_id != account.id,
                    s.c.preset == offer.rules.preset_name,
                    s.c.target == offer.rules.match_target,
                    s.c.rated == int(offer.family is not None),
                    s.c.move_seconds == float(offer.move_seconds),
                    theirs.between(mine - spread, mine + spread),
                    func.coalesce(s.c.min_rating, 0.0) <= mine,
                    func.coalesce(s.c.max_rating, 1e9) >= mine,
                )
                .order_by(s.c.id)
            ).all()
        for (seek_id,) in found:  # why: another account may take one first; the next is tried
            try:
                return self.accept(account, int(seek_id), challenge=False)
            except WebError as error:
                if error.status not in (404, 409):
                    raise
        ranged = Offer(offer.rules, offer.family, offer.move_seconds, max(0.0, mine - spread), mine + spread)
        return self.seek(account, ranged)

    def withdraw(self, account: Account, seek_id: int) -> None:
        """The maker takes back an open seek or challenge (404 if it has none open by that id)."""
        s = schema.seeks
        with self.store.transaction() as db:
            done = db.execute(
                update(s)
                .where(s.c.id == seek_id, s.c.account_id == account.id, s.c.state == "open")
                .values(state="withdrawn")
            ).rowcount
            if done != 1:
                raise not_found(sentence("server.no_seek"))
            self._changed(db)

    def decline(self, account: Account, seek_id: int) -> None:
        """The account challenged says no (404 if no open challenge to it has that id)."""
        s = schema.seeks
        with self.store.transaction() as db:
            done = db.execute(
                update(s)
                .where(s.c.id == seek_id, s.c.opponent_id == account.id, s.c.challenge == 1, self._open(self.now()))
                .values(state="declined")
            ).rowcount
            if done != 1:
                raise not_found(sentence("server.no_seek"))
            self._changed(db)

    def accept(self, account: Account, seek_id: int, challenge: bool) -> tuple[Game, int, str]:
        """Accept an open seek (``challenge=False``) or a challenge to ``account``: the match is created, the
        maker in seat 1 and ``account`` in seat 2; (game, 2, the accepting seat's token). 404 if there is no such
        open offer, 403 ``rating_out_of_range`` for an account outside the seek's range, 409 ``seek_taken`` if
        another account was first."""
        s = schema.seeks
        now = self.now()
        with self.store.transaction() as db:
            row = db.execute(self._query().where(s.c.id == seek_id, s.c.challenge == int(challenge))).first()
            if row is None or row.state != "open" or row.expires <= now:
                raise not_found(sentence("server.no_seek"))
            if challenge and row.opponent_id != account.id:
                raise not_found(sentence("server.no_seek"))
            if row.account_id == account.id:
                raise WebError(409, "own_seek", sentence("server.own_seek"))
            family = family_of(str(row.preset))
            if not challenge and (row.min_rating is not None or row.max_rating is not None):
                rating = self._rating(db, account.id, family)
                if not (row.min_rating or 0.0) <= rating <= (row.max_rating or float("inf")):
                    raise WebError(403, "rating_out_of_range", sentence("server.rating_out_of_range"))
            taken = db.execute(
                update(s).where(s.c.id == seek_id, s.c.state == "open").values(state="accepted", opponent_id=account.id)
            ).rowcount
            if taken != 1:
                raise WebError(409, "seek_taken", sentence("server.seek_taken"))
            self._changed(db)
        maker = Account(int(row.account_id), str(row.maker), bool(row.maker_bot))
        try:
            game, seat, token = self._start(row, maker, account)
        except Exception:
            with self.store.transaction() as db:  # why: the offer stays open for another try
                values = {"state": "open"} | ({} if challenge else {"opponent_id": None})
                db.execute(update(s).where(s.c.id == seek_id).values(values))
            raise
        with self.store.transaction() as db:
            db.execute(update(s).where(s.c.id == seek_id).values(match_id=game.id))
            self._changed(db)
        return game, seat, token

    def _rating(self, db: Connection, account_id: int, family: str | None) -> float:
        g = schema.ratings
        found = db.execute(select(g.c.rating).where(g.c.account_id == account_id, g.c.family == (family or ""))).first()
        return 1500.0 if found is None else float(found[0])

    def _start(self, row: Row[Any], maker: Account, guest: Account) -> tuple[Game, int, str]:
        """The offer's match: created with the maker's token, its accounts on their seats, rated if asked."""
        body = {"opponent": "friend", "rules": row.preset, "target": row.target, "name": maker.name, "hints": False}
        game, seat, _, codes = self.service.create(body, held=str(row.token_hash))
        game.move_seconds = float(row.move_seconds)  # read from the offer whenever the match is loaded again
        with self.store.transaction() as db:
            self.accounts.attach_seat(db, maker, game.id, seat)
            self.accounts.attach_seat(db, guest, game.id, 3 - seat)
            game.bots = frozenset(s for s, held in ((seat, maker), (3 - seat, guest)) if held.bot)
            family = family_of(str(row.preset))
            if row.rated and family is not None:
                self.ratings.mark_rated(db, game.id, family)
        return self.service.join({"code": codes[3 - seat], "name": guest.name})

    def play_bot(self, account: Account, level: int, offer: Offer) -> tuple[Game, int, str]:
        """A challenge to the house bot at ``level``, accepted at once: the match against the computer at that
        level, the bot's account on its seat; (game, the challenger's seat, its token)."""
        body = {
            "opponent": "computer",
            "level": level,
            "rules": offer.rules.preset_name,
            "target": offer.rules.match_target,
            "name": account.name,
            "hints": False,
        }
        game, seat, token, _ = self.service.create(body)
        bot = Account(self.bots[level], bot_name(level), True)
        with self.store.transaction() as db:
            self.accounts.attach_seat(db, account, game.id, seat)
            self.accounts.attach_seat(db, bot, game.id, 3 - seat)
            if offer.family is not None:
                self.ratings.mark_rated(db, game.id, offer.family)
        return game, seat, token

    def bot_seats(self, match_id: str) -> frozenset[int]:
        """The seats of a match between accounts held by a bot's account (read when the match is loaded again)."""
        held, a = schema.account_seats, schema.accounts
        with self.store.transaction() as db:
            rows = db.execute(
                select(held.c.seat)
                .join(a, a.c.id == held.c.account_id)
                .where(held.c.match_id == match_id, a.c.bot == 1)
            ).all()
        return frozenset(int(seat) for (seat,) in rows)

    # -- stale offers ---------------------------------------------------------------------------

    def take_cleaning(self, now: float) -> bool:
        """Claim the cleaning of the period of :data:`CLEAN_SECONDS` that ``now`` is in: whether no process has yet."""
        v = schema.lobby_version
        period = int(now // CLEAN_SECONDS)
        with self.store.transaction() as db:
            taken = db.execute(
                update(v).where(v.c.id == CLEANING_ROW, v.c.version < period).values(version=period)
            ).rowcount
        return taken == 1

    def clean(self, now: float) -> tuple[int, int]:
        """Mark the stale open offers expired and delete those that ended over :data:`ENDED_SECONDS` ago
        (never an accepted one: its match reads its move clock); (how many expired, how many deleted)."""
        s, sessions, a = schema.seeks, schema.sessions, schema.accounts
        has_session = exists().where(sessions.c.account_id == s.c.account_id, sessions.c.expires > now)
        is_bot = exists().where(a.c.id == s.c.account_id, a.c.bot == 1)
        with self.store.transaction() as db:
            expired = db.execute(
                update(s)
                .where(s.c.state == "open", or_(s.c.expires <= now, and_(not_(has_session), not_(is_bot))))
                .values(state="expired")
            ).rowcount
            ended = ("withdrawn", "declined", "expired")
            deleted = db.execute(
                delete(s).where(s.c.state.in_(ended), s.c.created <= now - ENDED_SECONDS, s.c.match_id.is_(None))
            ).rowcount
            if expired or deleted:
                self._changed(db)
        return int(expired), int(deleted)

    def move_clock(self, match_id: str) -> float | None:
        """The move clock of a match made in the lobby (``None``: any other match)."""
        s = schema.seeks
        with self.store.transaction() as db:
            found = db.execute(select(s.c.move_seconds).where(s.c.match_id == match_id)).first()
        return None if found is None else float(found[0])


def _family_case(preset: Any) -> Any:
    """The rating family of a ``preset`` column, in SQL (``NULL`` for a preset that is not rated)."""
    return case(*((preset == p, f) for p, f in FAMILIES.items()), else_=None)

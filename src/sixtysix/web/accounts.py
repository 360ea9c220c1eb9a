"""Accounts: a name and a password, login sessions, the seats an account holds (docs/online.md).

Accounts are optional: a person plays without one exactly as before. A password is kept only as
its Argon2id hash (argon2-cffi, its default parameters: RFC 9106's second choice); a session only
as the SHA-256 hash of its random cookie. A login that fails says the same for an unknown name as
for a wrong password, after the same work: an unknown name is checked against a dummy hash.
Every login makes a new session (the cookie the browser had, if any, is ended: no fixation);
changing the password ends every other session of the account. Deleting an account deletes its
sessions, bot tokens, ratings, rating history, lobby offers and the links to its seats; the matches stay, with the name
their seats were given, for the other players.

The hashing is slow on purpose (tens of milliseconds): the web layer runs these methods in a
thread, never on the event loop, and the database is touched only outside the hashing.

>>> accounts = Accounts(Store(":memory:"), PasswordHasher(time_cost=1, memory_cost=8, parallelism=1))
>>> ann = accounts.sign_up("Ann", "correct horse")
>>> session, same = accounts.log_in("ann", "correct horse")
>>> same == ann, accounts.account_of(session) == ann
(True, True)
>>> accounts.log_in("Ann", "wrong horse")
Traceback (most recent call last):
...
sixtysix.web.errors.WebError: wrong name or password
"""

from __future__ import annotations

import secrets
import time
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Connection, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from sixtysix.web import schema
from sixtysix.web.errors import WebError, malformed
from sixtysix.web.messages import sentence
from sixtysix.web.store import Store, token_hash

SESSION_SECONDS = 30 * 86400.0
"""How long a login lasts."""
MIN_PASSWORD = 8
"""The shortest password accepted (characters)."""
MAX_PASSWORD = 256
"""The longest password accepted (characters): more is refused before any hashing."""


@dataclass(frozen=True)
class Account:
    id: int
    name: str
    bot: bool = False

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "bot": self.bot}


def name_key(name: str) -> str:
    """The form two names are compared in: ``Ann`` and ``ＡＮＮ`` are the same name.

    >>> name_key("Ａnn  Smith") == name_key("ann smith")
    True
    """
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def check_password(password: object, key: str = "password") -> str:
    """A new password: a string of :data:`MIN_PASSWORD` to :data:`MAX_PASSWORD` characters."""
    if not isinstance(password, str) or not password:
        raise malformed(sentence("server.password_required", key=key))
    if len(password) < MIN_PASSWORD:
        raise malformed(sentence("server.password_short", count=MIN_PASSWORD))
    if len(password) > MAX_PASSWORD:
        raise malformed(sentence("server.password_long", count=MAX_PASSWORD))
    return password


def login_failed() -> WebError:
    """The one refusal of a failed login, whatever failed: the name or the password."""
    return WebError(401, "login_failed", sentence("server.login_failed"))


class Accounts:
    """The accounts and sessions in the app's database."""

    def __init__(
        self, store: Store, hasher: PasswordHasher | None = None, clock: Callable[[], float] = time.time
    ) -> None:
        self.store = store
        self.hasher = hasher or PasswordHasher()
        self.clock = clock
        self.dummy_hash = self.hasher.hash(secrets.token_urlsafe(16))
        """What an unknown name's password is checked against: the same work as a known name's."""

    # -- accounts ------------------------------------------------------------------------------

    def sign_up(self, name: str, password: str) -> Account:
        """A new account (409 ``name_taken`` if the name, folded, is somebody's)."""
        hashed = self.hasher.hash(check_password(password))
        a = schema.accounts
        try:
            with self.store.transaction() as db:
                made = db.execute(
                    insert(a)
                    .values(name=name, name_key=name_key(name), password_hash=hashed, bot=0, created=self.clock())
                    .returning(a.c.id)
                ).scalar_one()
        except IntegrityError:
            raise WebError(409, "name_taken", sentence("server.name_taken")) from None
        return Account(int(made), name)

    def _password_row(self, key: str) -> tuple[Account, str] | None:
        a = schema.accounts
        with self.store.transaction() as db:
            row = db.execute(select(a.c.id, a.c.name, a.c.bot, a.c.password_hash).where(a.c.name_key == key)).first()
        return None if row is None else (Account(int(row[0]), str(row[1]), bool(row[2])), str(row[3]))

    def _verify(self, hashed: str, password: str) -> bool:
        try:
            return self.hasher.verify(hashed, password)
        except (VerificationError, InvalidHashError):
            return False

    def check(self, name: str, password: str) -> Account:
        """The account of ``name`` if ``password`` is its password; else :func:`login_failed`, after the
        same work (an unknown name's password is checked against :attr:`dummy_hash`)."""
        if not isinstance(password, str) or len(password) > MAX_PASSWORD:
            password = ""
        found = self._password_row(name_key(name))
        hashed = found[1] if found is not None else self.dummy_hash
        right = self._verify(hashed, password)
        if found is None or not right:
            raise login_failed()
        account = found[0]
        if self.hasher.check_needs_rehash(hashed):  # the parameters grew since: stored anew
            with self.store.transaction() as db:
                a = schema.accounts
                db.execute(update(a).where(a.c.id == account.id).values(password_hash=self.hasher.hash(password)))
        return account

    def change_password(self, account: Account, password: str, new: str, keep: str | None) -> str:
        """Set ``new`` if ``password`` is the account's; every session ends but a new one, whose cookie is
        returned (``keep``: the session cookie of this request, ended too)."""
        self.check_own(account, password)
        hashed = self.hasher.hash(check_password(new, "new_password"))
        with self.store.transaction() as db:
            a, s = schema.accounts, schema.sessions
            db.execute(update(a).where(a.c.id == account.id).values(password_hash=hashed))
            db.execute(delete(s).where(s.c.account_id == account.id))
            return self._new_session(db, account)

    def check_own(self, account: Account, password: object) -> None:
        """Refuse (403 ``wrong_password``) a password that is not the logged-in account's own."""
        found = self._password_row(name_key(account.name))
        given = password if isinstance(password, str) and len(password) <= MAX_PASSWORD else ""
        if found is None or found[0].id != account.id or not self._verify(found[1], given):
            raise WebError(403, "wrong_password", sentence("server.wrong_password"))

    def delete(self, account: Account, password: object) -> None:
        """Delete the account and its data (sessions, ratings, rating history, links to seats), if
        ``password`` is its password."""
        self.check_own(account, password)
        with self.store.transaction() as db:
            for table in (
                schema.sessions,
                schema.ratings,
                schema.rating_history,
                schema.account_seats,
                schema.bot_tokens,
            ):
                db.execute(delete(table).where(table.c.account_id == account.id))
            seeks = schema.seeks  # its lobby offers go; those it accepted or was sent lose its name
            db.execute(delete(seeks).where(seeks.c.account_id == account.id))
            db.execute(update(seeks).where(seeks.c.opponent_id == account.id).values(opponent_id=None))
            db.execute(delete(schema.accounts).where(schema.accounts.c.id == account.id))

    # -- sessions ------------------------------------------------------------------------------

    def log_in(self, name: str, password: str, old: str | None = None) -> tuple[str, Account]:
        """A new session of ``name``'s account: (its cookie, the account); ``old`` (the cookie the
        browser sent, if any) is ended whatever it was."""
        account = self.check(name, password)
        with self.store.transaction() as db:
            if old:
                self._end(db, old)
            return self._new_session(db, account), account

    def session_for(self, account: Account, old: str | None = None) -> str:
        """A new session of ``account`` (just signed up); ``old`` ended."""
        with self.store.transaction() as db:
            if old:
                self._end(db, old)
            return self._new_session(db, account)

    def _new_session(self, db: Connection, account: Account) -> str:
        cookie = secrets.token_urlsafe(32)
        now = self.clock()
        s = schema.sessions
        db.execute(delete(s).where(s.c.account_id == account.id, s.c.expires <= now))  # the account's expired ones
        db.execute(
            insert(schema.sessions).values(
                token_hash=token_hash(cookie), account_id=account.id, created=now, expires=now + SESSION_SECONDS
            )
        )
        return cookie

    def _end(self, db: Connection, cookie: str) -> None:
        db.execute(delete(schema.sessions).where(schema.sessions.c.token_hash == token_hash(cookie)))

    def log_out(self, cookie: str) -> None:
        with self.store.transaction() as db:
            self._end(db, cookie)

    def account_of(self, cookie: str | None) -> Account | None:
        """The account of a session cookie, if the session exists and has not expired."""
        if not cookie or len(cookie) > 100:
            return None
        a, s = schema.accounts, schema.sessions
        with self.store.transaction() as db:
            row = db.execute(
                select(a.c.id, a.c.name, a.c.bot)
                .join(s, s.c.account_id == a.c.id)
                .where(s.c.token_hash == token_hash(cookie), s.c.expires > self.clock())
            ).first()
        return None if row is None else Account(int(row[0]), str(row[1]), bool(row[2]))

    def sessions(self, account: Account) -> int:
        """How many sessions of ``account`` are open (the tests count them)."""
        s = schema.sessions
        with self.store.transaction() as db:
            count = db.execute(select(func.count()).select_from(s).where(s.c.account_id == account.id)).scalar_one()
        return int(count)

    # -- seats ---------------------------------------------------------------------------------

    def attach(self, account: Account, seats: Iterable[tuple[str, int]]) -> int:
        """Link the (match id, seat) pairs to ``account`` (a browser's anonymous matches, or a seat just taken);
        a seat another account holds stays its own, and so does a seat of a rated match once it is played.
        How many seats were linked."""
        linked = 0
        with self.store.transaction() as db:
            for match_id, seat in seats:
                linked += self.attach_seat(db, account, match_id, seat)
        return linked

    def attach_seat(self, db: Connection, account: Account, match_id: str, seat: int) -> int:
        """Link one seat to ``account`` in the caller's transaction (see :meth:`attach`); 1 if linked, else 0."""
        held, rated, played = schema.account_seats, schema.rated_matches, schema.actions
        if db.execute(select(held.c.account_id).where(held.c.match_id == match_id, held.c.seat == seat)).first():
            return 0
        pending = db.execute(
            select(rated.c.match_id).where(rated.c.match_id == match_id, rated.c.state == "pending")
        ).first()
        if pending is not None and db.execute(select(played.c.seq).where(played.c.match_id == match_id)).first():
            return 0  # why: a rated match's seats are held from its start, never taken up by a winner after the fact
        values = {"match_id": match_id, "seat": seat, "account_id": account.id, "created": self.clock()}
        db.execute(insert(held).values(values))
        return 1

    def matches_of(self, account: Account) -> list[tuple[str, int]]:
        """The (match id, seat) pairs ``account`` holds, newest link first."""
        held = schema.account_seats
        with self.store.transaction() as db:
            rows = db.execute(
                select(held.c.match_id, held.c.seat)
                .where(held.c.account_id == account.id)
                .order_by(held.c.created.desc())
            ).all()
        return [(str(m), int(s)) for m, s in rows]

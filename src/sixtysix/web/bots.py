"""Bot accounts and their API tokens, and the one live connection of each token (docs/online.md, "Bots").

An account becomes a **bot** (:meth:`BotTokens.make_bot`) once, for good, while it holds no seat: it is
then marked as a bot everywhere (leaderboard, profile, lobby, match pages). Its owner, signed in, makes
**API tokens** for it (:meth:`BotTokens.create`): random, shown once, kept only as their SHA-256 hash,
revoked by deleting them; at most :data:`MAX_TOKENS` per account. A bot program connects with one
(``/ws/bot``, :mod:`sixtysix.web.bot_api`; ``sixtysix connect``), as lichess's bot API does.

**One live connection per token** (:class:`Connections`): a new connection with the same token
*replaces* the old one, which is closed (``4409``): a bot whose network failed reconnects at once,
before the server has noticed that the old connection is dead. Per server process: behind several
processes a connection replaces the one on its own process only (each plays the same matches, the
actions of both are checked against the match's version, so no action is taken twice).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import delete, func, insert, select, update

from sixtysix.web import schema
from sixtysix.web.accounts import Account, Accounts
from sixtysix.web.errors import WebError, not_found
from sixtysix.web.messages import sentence
from sixtysix.web.store import Store, token_hash

MAX_TOKENS = 3
"""The most API tokens one bot account may have at a time."""
TOKEN_PREFIX = "s66_"
"""What every API token starts with (a secret scanner can find one pasted by mistake)."""
MAX_TOKEN = 100
"""The longest token looked up: a longer ``Authorization`` header is refused before any query."""


@dataclass(frozen=True)
class BotToken:
    """One of an account's API tokens, as its owner sees it (never the token itself)."""

    id: int
    label: str
    created: float
    last_used: float | None

    def to_json(self) -> dict[str, object]:
        used = None if self.last_used is None else round(self.last_used, 3)
        return {"id": self.id, "label": self.label, "created": round(self.created, 3), "last_used": used}


@dataclass(frozen=True)
class TokenHolder:
    """The account a token belongs to, and which of its tokens it is."""

    account: Account
    token_id: int


class BotTokens:
    """The bot accounts' tokens in the app's database."""

    def __init__(self, store: Store, accounts: Accounts, clock: Callable[[], float]) -> None:
        self.store = store
        self.accounts = accounts
        self.clock = clock

    def make_bot(self, account: Account, password: object) -> Account:
        """Mark ``account`` a bot, for good (its password confirms it): 409 ``has_played`` if it holds a seat,
        as a bot's games and rating are a bot's from its first match on."""
        self.accounts.check_own(account, password)
        a, held = schema.accounts, schema.account_seats
        with self.store.transaction() as db:
            if db.execute(select(held.c.match_id).where(held.c.account_id == account.id).limit(1)).first():
                raise WebError(409, "has_played", sentence("server.bot_has_played"))
            db.execute(update(a).where(a.c.id == account.id).values(bot=1))
        return Account(account.id, account.name, True)

    def create(self, account: Account, label: str) -> tuple[BotToken, str]:
        """A new token of the bot ``account``: (what its owner sees of it, the token shown this once).
        403 ``not_a_bot`` for a person's account, 409 ``too_many_tokens`` past :data:`MAX_TOKENS`."""
        if not account.bot:
            raise WebError(403, "not_a_bot", sentence("server.not_a_bot"))
        t = schema.bot_tokens
        token = TOKEN_PREFIX + secrets.token_urlsafe(32)
        now = self.clock()
        with self.store.transaction() as db:
            if db.dialect.name != "sqlite":  # one account's tokens are counted and made one at a time
                db.execute(select(schema.accounts.c.id).where(schema.accounts.c.id == account.id).with_for_update())
            count = db.execute(select(func.count()).select_from(t).where(t.c.account_id == account.id)).scalar_one()
            if count >= MAX_TOKENS:
                raise WebError(409, "too_many_tokens", sentence("server.too_many_tokens", count=MAX_TOKENS))
            made = db.execute(
                insert(t)
                .values(account_id=account.id, token_hash=token_hash(token), label=label, created=now)
                .returning(t.c.id)
            ).scalar_one()
        return BotToken(int(made), label, now, None), token

    def tokens(self, account: Account) -> list[BotToken]:
        """The account's tokens, oldest first."""
        t = schema.bot_tokens
        with self.store.transaction() as db:
            rows = db.execute(
                select(t.c.id, t.c.label, t.c.created, t.c.last_used)
                .where(t.c.account_id == account.id)
                .order_by(t.c.id)
            ).all()
        return [
            BotToken(int(i), str(label), float(made), None if used is None else float(used))
            for i, label, made, used in rows
        ]

    def revoke(self, account: Account, token_id: int) -> None:
        """Delete one of the account's tokens (404 if it has none by that id): it connects no more."""
        t = schema.bot_tokens
        with self.store.transaction() as db:
            done = db.execute(delete(t).where(t.c.id == token_id, t.c.account_id == account.id)).rowcount
        if done != 1:
            raise not_found(sentence("server.no_bot_token"))

    def holder(self, token: str | None) -> TokenHolder | None:
        """The bot account of a live token (its last use noted now), or ``None``: unknown, revoked, too long,
        or the account is no bot any more. The same ``None`` whatever the reason."""
        if not token or len(token) > MAX_TOKEN:
            return None
        t, a = schema.bot_tokens, schema.accounts
        with self.store.transaction() as db:
            row = db.execute(
                select(t.c.id, a.c.id, a.c.name, a.c.bot)
                .join(a, a.c.id == t.c.account_id)
                .where(t.c.token_hash == token_hash(token))
            ).first()
            if row is None or not row[3]:
                return None
            db.execute(update(t).where(t.c.id == row[0]).values(last_used=self.clock()))
        return TokenHolder(Account(int(row[1]), str(row[2]), True), int(row[0]))

    def still_valid(self, token_id: int) -> bool:
        """Whether the token has not been revoked (a live connection ends when it is)."""
        t = schema.bot_tokens
        with self.store.transaction() as db:
            return db.execute(select(t.c.id).where(t.c.id == token_id)).first() is not None

    def live_matches(self, account: Account) -> list[tuple[str, int]]:
        """The (match id, seat) of every match the account holds a seat of that is not over, oldest first."""
        held, m = schema.account_seats, schema.matches
        with self.store.transaction() as db:
            rows = db.execute(
                select(held.c.match_id, held.c.seat)
                .join(m, m.c.id == held.c.match_id)
                .where(held.c.account_id == account.id, m.c.status != "over")
                .order_by(held.c.created)
            ).all()
        return [(str(match_id), int(seat)) for match_id, seat in rows]


class Connections:
    """The live bot connection of each token in this server process: a new one replaces the old one.

    >>> connections = Connections()
    >>> closed = []
    >>> connections.open(7, lambda: closed.append("first"))
    1
    >>> connections.open(7, lambda: closed.append("second"))
    2
    >>> closed, connections.is_current(7, 1), connections.is_current(7, 2)
    (['first'], False, True)
    >>> connections.close(7, 1); connections.count()   # an old connection's end leaves the new one
    1
    """

    def __init__(self) -> None:
        self._live: dict[int, tuple[int, Callable[[], None]]] = {}
        self._serial = 0

    def open(self, token_id: int, close: Callable[[], None]) -> int:
        """Register a new connection of ``token_id`` (``close`` ends it); the connection it replaces is closed.
        Its serial number."""
        self._serial += 1
        old = self._live.get(token_id)
        self._live[token_id] = (self._serial, close)
        if old is not None:
            old[1]()
        return self._serial

    def is_current(self, token_id: int, serial: int) -> bool:
        live = self._live.get(token_id)
        return live is not None and live[0] == serial

    def close(self, token_id: int, serial: int) -> None:
        """A connection ended: forgotten, unless a newer one has replaced it."""
        if self.is_current(token_id, serial):
            del self._live[token_id]

    def count(self) -> int:
        return len(self._live)

"""Ratings of accounts: Glicko-2 (:mod:`sixtysix.web.glicko`) per account and game family, and the leaderboard.

A match counts for the ratings when it is marked rated (:meth:`Ratings.mark_rated`, when it is
created) and ends with its two seats held by two accounts (``account_seats``). It is rated in the
transaction that ends it (the store calls :meth:`Ratings.match_ended` there), exactly once: the
``rated_matches`` row goes from ``pending`` to ``rated`` in that transaction, and only a
transaction that made that change writes the ratings; a match that ends without two accounts is
``void``. Each player is rated against the other's rating from before the match (one match is
one Glicko-2 rating period). A rating whose deviation is above
:data:`~sixtysix.web.glicko.PROVISIONAL` is provisional.

The game families pool the presets whose play is alike: the 66 presets (``seed66``, ``pagat66``)
and the Schnapsen presets (``schnapsen``, ``vu_schnapsen``, ``vu_schnapsen24``); three- and
four-handed matches are not rated.

>>> family_of("pagat66"), family_of("vu_schnapsen24"), family_of("four66")
('66', 'schnapsen', None)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import Connection, and_, insert, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from sixtysix.web import schema
from sixtysix.web.glicko import PROVISIONAL, Rating, rate
from sixtysix.web.store import Store

FAMILIES = {
    "seed66": "66",
    "pagat66": "66",
    "schnapsen": "schnapsen",
    "vu_schnapsen": "schnapsen",
    "vu_schnapsen24": "schnapsen",
}
"""The game family of each preset that may be rated (the site's rating pools, not a rule of play)."""

LEADERBOARD_SIZE = 100
"""The most players a leaderboard lists."""


def family_of(preset: str) -> str | None:
    """The rating family of a preset; ``None``: its matches are not rated."""
    return FAMILIES.get(preset)


def held_seats(store: Store, presets: dict[str, str]) -> dict[tuple[str, int], tuple[float | None, bool]]:
    """The seats held by accounts in the matches ``presets`` names (match id: its preset), one query: by (match id,
    seat), the account's rating in the match's family (``None``: none yet, or a family not rated) and whether the
    account is a bot's (the lobby's live matches: ordered by rating, bots marked)."""
    if not presets:
        return {}
    held, a, g = schema.account_seats, schema.accounts, schema.ratings
    with store.transaction() as db:
        rows = db.execute(
            select(held.c.match_id, held.c.seat, a.c.bot, g.c.family, g.c.rating, g.c.games)
            .join(a, a.c.id == held.c.account_id)
            .outerjoin(g, g.c.account_id == held.c.account_id)
            .where(held.c.match_id.in_(list(presets)))
        ).all()
    found: dict[tuple[str, int], tuple[float | None, bool]] = {}
    for match_id, seat, bot, family, rating, games in rows:
        key = (str(match_id), int(seat))
        rated = family is not None and family == family_of(presets[key[0]]) and int(games) > 0
        known = found.get(key, (None, bool(bot)))[0]
        found[key] = (float(rating) if rated else known, bool(bot))
    return found


@dataclass(frozen=True)
class Standing:
    """One account's rating in one family, as the leaderboard and the profile show it."""

    name: str
    rating: float
    deviation: float
    games: int
    bot: bool

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "rating": round(self.rating, 1),
            "deviation": round(self.deviation, 1),
            "games": self.games,
            "bot": self.bot,
            "provisional": self.deviation > PROVISIONAL,
        }


class Ratings:
    """The ratings in the app's database; rates the rated matches as the store ends them."""

    def __init__(self, store: Store) -> None:
        self.store = store
        store.on_end.append(self.match_ended)

    def mark_rated(self, db: Connection, match_id: str, family: str) -> None:
        """Match ``match_id`` counts for the ratings of ``family`` (in the caller's transaction)."""
        db.execute(
            insert(schema.rated_matches).values(match_id=match_id, family=family, state="pending", created=time.time())
        )

    def rated_family(self, match_id: str) -> str | None:
        """The family match ``match_id`` is rated in, if it is a rated match (pending or counted)."""
        r = schema.rated_matches
        with self.store.transaction() as db:
            row = db.execute(select(r.c.family).where(r.c.match_id == match_id, r.c.state != "void")).first()
        return None if row is None else str(row[0])

    def match_ended(self, db: Connection, match_id: str, winner: int | None) -> None:
        """Rate match ``match_id`` if it is rated and still pending (called in the transaction that ends it)."""
        r = schema.rated_matches
        row = db.execute(select(r.c.family).where(r.c.match_id == match_id, r.c.state == "pending")).first()
        if row is None:
            return
        family = str(row[0])
        a = schema.account_seats
        held = {
            int(seat): int(account)
            for seat, account in db.execute(select(a.c.seat, a.c.account_id).where(a.c.match_id == match_id)).all()
        }
        now = time.time()
        pending = (r.c.match_id == match_id) & (r.c.state == "pending")
        if sorted(held) != [1, 2] or held[1] == held[2] or winner not in held:
            db.execute(update(r).where(pending).values(state="void", rated=now))
            return
        if db.execute(update(r).where(pending).values(state="rated", rated=now)).rowcount != 1:
            return  # another transaction rated it
        before = {seat: self._locked(db, account, family) for seat, account in held.items()}
        for seat, account in held.items():
            score = 1.0 if winner == seat else 0.0
            after = rate(before[seat][0], [(before[3 - seat][0], score)])
            games = before[seat][1] + 1
            g = schema.ratings
            db.execute(
                update(g)
                .where(g.c.account_id == account, g.c.family == family)
                .values(
                    rating=after.rating,
                    deviation=after.deviation,
                    volatility=after.volatility,
                    games=games,
                    updated=now,
                )
            )
            db.execute(
                insert(schema.rating_history).values(
                    match_id=match_id,
                    account_id=account,
                    family=family,
                    score=score,
                    rating=after.rating,
                    deviation=after.deviation,
                    volatility=after.volatility,
                    created=now,
                )
            )

    def _locked(self, db: Connection, account: int, family: str) -> tuple[Rating, int]:
        """An account's rating in ``family`` (a new one made if it has none) and its games, its row locked
        until the transaction ends (PostgreSQL: ``FOR UPDATE``; SQLite's transaction holds the write lock)."""
        g = schema.ratings
        fresh = Rating()
        values = {
            "account_id": account,
            "family": family,
            "rating": fresh.rating,
            "deviation": fresh.deviation,
            "volatility": fresh.volatility,
            "games": 0,
            "updated": time.time(),
        }
        sqlite = db.dialect.name == "sqlite"
        db.execute(
            (sqlite_insert if sqlite else postgresql_insert)(g)
            .values(values)
            .on_conflict_do_nothing(index_elements=["account_id", "family"])
        )
        query = select(g.c.rating, g.c.deviation, g.c.volatility, g.c.games).where(
            g.c.account_id == account, g.c.family == family
        )
        row = db.execute(query if sqlite else query.with_for_update()).one()
        return Rating(float(row[0]), float(row[1]), float(row[2])), int(row[3])

    def leaderboard(self, family: str, limit: int = LEADERBOARD_SIZE) -> list[Standing]:
        """The best ratings of ``family``, best first (ties: more games first, then the name)."""
        g, a = schema.ratings, schema.accounts
        with self.store.transaction() as db:
            rows = db.execute(
                select(a.c.name, g.c.rating, g.c.deviation, g.c.games, a.c.bot)
                .join(a, a.c.id == g.c.account_id)
                .where(g.c.family == family, g.c.games > 0)
                .order_by(g.c.rating.desc(), g.c.games.desc(), a.c.name)
                .limit(limit)
            ).all()
        return [Standing(str(n), float(r), float(d), int(c), bool(b)) for n, r, d, c, b in rows]

    def of_account(self, account: int) -> dict[str, dict[str, object]]:
        """An account's ratings by family (its name and bot flag included)."""
        g, a = schema.ratings, schema.accounts
        with self.store.transaction() as db:
            rows = db.execute(
                select(g.c.family, a.c.name, g.c.rating, g.c.deviation, g.c.games, a.c.bot)
                .join(a, a.c.id == g.c.account_id)
                .where(g.c.account_id == account)
                .order_by(g.c.family)
            ).all()
        return {str(f): Standing(str(n), float(r), float(d), int(c), bool(b)).to_json() for f, n, r, d, c, b in rows}

    def history(self, account: int) -> list[dict[str, object]]:
        """An account's rating after each of its rated matches, oldest first."""
        h = schema.rating_history
        with self.store.transaction() as db:
            rows = db.execute(
                select(h.c.match_id, h.c.family, h.c.score, h.c.rating, h.c.deviation, h.c.created)
                .where(h.c.account_id == account)
                .order_by(h.c.created, h.c.match_id)
            ).all()
        return [
            {
                "match_id": str(m),
                "family": str(f),
                "score": float(s),
                "rating": round(float(r), 1),
                "deviation": round(float(d), 1),
                "time": float(t),
            }
            for m, f, s, r, d, t in rows
        ]

    def player(self, key: str) -> dict[str, object] | None:
        """The public profile of the account whose folded name is ``key``: its ratings, its rated matches
        (oldest first, each with the opponent's name and the rating after it) and their counts per family;
        ``None`` for an unknown name and for an account with no rated match alike (so the profile tells no
        more about which names exist than the leaderboard does)."""
        a, h = schema.accounts, schema.rating_history
        other, opponent = h.alias("other"), a.alias("opponent")
        with self.store.transaction() as db:
            found = db.execute(select(a.c.id, a.c.name, a.c.bot).where(a.c.name_key == key)).first()
            if found is None:
                return None
            rows = db.execute(
                select(h.c.family, h.c.score, h.c.rating, h.c.deviation, h.c.created, opponent.c.name)
                .outerjoin(other, and_(other.c.match_id == h.c.match_id, other.c.account_id != h.c.account_id))
                .outerjoin(opponent, opponent.c.id == other.c.account_id)
                .where(h.c.account_id == found[0])
                .order_by(h.c.created, h.c.match_id)
            ).all()
        if not rows:
            return None
        matches = [
            {
                "family": str(f),
                "score": float(sc),
                "rating": round(float(r), 1),
                "deviation": round(float(d), 1),
                "time": float(t),
                "opponent": None if o is None else str(o),
            }
            for f, sc, r, d, t, o in rows
        ]
        stats: dict[str, dict[str, int]] = {}
        for match in matches:
            counts = stats.setdefault(str(match["family"]), {"games": 0, "won": 0, "lost": 0})
            counts["games"] += 1
            counts["won" if match["score"] == 1.0 else "lost"] += 1
        return {
            "name": str(found[1]),
            "bot": bool(found[2]),
            "ratings": self.of_account(int(found[0])),
            "matches": matches,
            "stats": stats,
        }

"""The web app's tables as SQLAlchemy Core objects: the schema at the newest migration.

The same tables on SQLite and on PostgreSQL. Times are seconds since the epoch (``Float``),
JSON is stored as text, flags as integers 0/1 (as the first SQLite files had them). The
tables are created and changed only by the Alembic migrations (:mod:`sixtysix.web.migrations`);
this module is what the queries of :mod:`sixtysix.web.store` are written against, and it must
match the newest migration (``tests/web/test_database.py`` compares them).
"""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Index, Integer, MetaData, Table, Text

metadata = MetaData()

matches = Table(
    "matches",
    metadata,
    Column("id", Text, primary_key=True),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("preset", Text, nullable=False),
    Column("options", Text, nullable=False),  # JSON object of option texts (as record Option headers)
    Column("target", Integer, nullable=False),
    Column("first_dealer", Integer, nullable=False),
    Column("kind", Text, nullable=False),  # 'computer' or 'friend'
    Column("hints", Integer, nullable=False),
    Column("version", Integer, nullable=False),  # raised by every change: the database serializes them
    Column("status", Text, nullable=False),  # 'waiting', 'playing', 'over'
    Column("invite_hash", Text, unique=True),
    Column("invite_code", Text),  # NULL (an older server's plain code while unused)
    Column("invite_used", Integer, nullable=False, server_default="0"),
    Column("invite_seat", Integer),
    Column("score1", Integer, nullable=False, server_default="0"),
    Column("score2", Integer, nullable=False, server_default="0"),
    Column("score3", Integer, nullable=False, server_default="0"),  # three-handed: seat 3's game points
    Column("winner", Integer),
    Column("deals", Integer, nullable=False, server_default="0"),
    Column("fairness_secret", Text),  # the secret each deal's server seed comes from (never shown)
    Column("forfeit", Integer),  # the seat that forfeited the match (claim_match), else NULL
    Column("forfeit_claimant", Integer),  # the seat that claimed it
    Column("spectators", Integer, nullable=False, server_default="0"),  # 1: anyone may watch (web/watch.py)
    Column("spectator_delay", Integer, nullable=False, server_default="0"),  # actions its spectators are behind
)
Index("matches_status", matches.c.status)
Index("matches_live", matches.c.spectators, matches.c.status, matches.c.created)

seats = Table(
    "seats",
    metadata,
    Column("match_id", Text, ForeignKey("matches.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", Text, nullable=False),
    Column("kind", Text, nullable=False),  # 'human' or 'computer'
    Column("level", Integer),
    Column("token_hash", Text, unique=True),
    Column("client_seed", Text, nullable=False, server_default=""),  # docs/fairness.md; '' if none
)

deals = Table(
    "deals",
    metadata,
    Column("match_id", Text, ForeignKey("matches.id"), primary_key=True),
    Column("number", Integer, primary_key=True),  # 1 = the first deal
    Column("dealer", Integer, nullable=False),
    Column("deck", Text, nullable=False),  # card names, top first, blank-separated
    Column("created", Float, nullable=False),
    # the result, filled in when the deal ends
    Column("termination", Text),
    Column("winner", Integer),
    Column("game_points", Integer),
    Column("credited", Integer),
    Column("closer", Integer),
    Column("claimant", Integer),
    Column("win_kind", Text),
    Column("points1", Integer),
    Column("points2", Integer),
    Column("tricks1", Integer),
    Column("tricks2", Integer),
    # the fairness of the deal (docs/fairness.md): shown, except the server seed until the deal ends
    Column("commitment", Text),
    Column("server_seed", Text),
    Column("client_seeds", Text),  # JSON list, seat 1 first
)

actions = Table(
    "actions",
    metadata,
    Column("match_id", Text, ForeignKey("matches.id"), primary_key=True),
    Column("deal", Integer, primary_key=True),
    Column("seq", Integer, primary_key=True),  # 1 = the deal's first action: no action is stored twice
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),  # the token: Ah, 20h, X, C, CB, 66, draw, pass
    Column("created", Float, nullable=False),
)

rematches = Table(  # a finished match's rematch: one row per seat of the old match
    "rematches",
    metadata,
    Column("match_id", Text, ForeignKey("matches.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("new_id", Text, nullable=False),
    Column("code", Text),  # the hash of the seat's invitation to the rematch (NULL: the seat that asked)
)

reviews = Table(
    "reviews",
    metadata,
    Column("match_id", Text, ForeignKey("matches.id"), primary_key=True),
    Column("deal", Integer, primary_key=True),
    Column("data", Text, nullable=False),  # JSON
    Column("created", Float, nullable=False),
)

invites = Table(  # three- and four-handed: one invitation per open seat
    "invites",
    metadata,
    Column("match_id", Text, ForeignKey("matches.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("host", Integer, nullable=False),  # the creator's seat: only it is shown the codes
    Column("code_hash", Text, nullable=False, unique=True),
    Column("code", Text),  # NULL (an older server's plain code while unused)
    Column("used", Integer, nullable=False, server_default="0"),
)

puzzle_solvers = Table(
    "puzzle_solvers",
    metadata,
    Column("token_hash", Text, primary_key=True),  # SHA-256 of the browser's solver token
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("skill", Text, nullable=False),  # JSON: rating, deviation, streaks, the puzzles attempted
)

leases = Table(  # the server process that drives a match's computer (sixtysix.web.leases); one row per held match
    "leases",
    metadata,
    Column("match_id", Text, ForeignKey("matches.id"), primary_key=True),
    Column("holder", Text, nullable=False),  # the process: host, pid and a random part (PostgreSQL), 'sqlite'
    Column("expires", Float, nullable=False),  # held until then (seconds since the epoch); later: free
)
Index("leases_holder", leases.c.holder)

presence = Table(  # the seats with an open socket, by server process (sixtysix.web.presence); PostgreSQL only
    "presence",
    metadata,
    Column("match_id", Text, ForeignKey("matches.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("holder", Text, primary_key=True),  # the process whose socket it is (the leases' holder name)
    Column("expires", Float, nullable=False),  # renewed with the leases; later: the seat is gone from there
)
Index("presence_holder", presence.c.holder)

jobs = Table(  # hints and reviews as jobs for `sixtysix worker` processes (sixtysix.web.jobs)
    "jobs",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),  # the queue's order
    Column("key", Text, nullable=False, unique=True),  # what the job computes: one job per key
    Column("kind", Text, nullable=False),  # 'hint' or 'review'
    Column("match_id", Text),
    Column("deal", Integer),
    Column("payload", Text, nullable=False),  # JSON: the work (sixtysix.web.jobs)
    Column("state", Text, nullable=False),  # 'queued', 'running', 'done', 'failed'
    Column("worker", Text),  # the worker that took it last
    Column("attempts", Integer, nullable=False, server_default="0"),  # how many times it was taken
    Column("lease_expires", Float),  # a running job whose lease has expired is taken again
    Column("result", Text),  # JSON: the answer once done; a review's progress while it runs
    Column("created", Float, nullable=False),
    Column("started", Float),
    Column("finished", Float),
)
Index("jobs_state", jobs.c.state, jobs.c.id)

accounts = Table(  # optional accounts of people (sixtysix.web.accounts)
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", Text, nullable=False),  # as the person wrote it
    Column("name_key", Text, nullable=False, unique=True),  # folded (NFKC, casefold): no two names alike
    Column("password_hash", Text, nullable=False),  # Argon2id, with its parameters and salt
    Column("bot", Integer, nullable=False, server_default="0"),  # 1: a bot's account (marked as such everywhere)
    Column("created", Float, nullable=False),
)

sessions = Table(  # one per login: the cookie's SHA-256 hash only
    "sessions",
    metadata,
    Column("token_hash", Text, primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
)
Index("sessions_account", sessions.c.account_id)

account_seats = Table(  # the seats an account holds (attached at a join, or afterwards with the seat's token)
    "account_seats",
    metadata,
    Column("match_id", Text, ForeignKey("matches.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("created", Float, nullable=False),
)
Index("account_seats_account", account_seats.c.account_id)

rated_matches = Table(  # the matches that count for the ratings (sixtysix.web.ratings)
    "rated_matches",
    metadata,
    Column("match_id", Text, ForeignKey("matches.id"), primary_key=True),
    Column("family", Text, nullable=False),  # '66' or 'schnapsen'
    Column("state", Text, nullable=False),  # 'pending', 'rated' (counted, once), 'void' (ended without two accounts)
    Column("created", Float, nullable=False),
    Column("rated", Float),  # when it was counted
)

ratings = Table(  # Glicko-2, one per account and game family
    "ratings",
    metadata,
    Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True),
    Column("family", Text, primary_key=True),
    Column("rating", Float, nullable=False),
    Column("deviation", Float, nullable=False),
    Column("volatility", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
)
Index("ratings_family", ratings.c.family, ratings.c.rating)

rating_history = Table(  # an account's rating after each rated match
    "rating_history",
    metadata,
    Column("match_id", Text, ForeignKey("matches.id"), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True),
    Column("family", Text, nullable=False),
    Column("score", Float, nullable=False),  # 1 won, 0 lost
    Column("rating", Float, nullable=False),
    Column("deviation", Float, nullable=False),
    Column("volatility", Float, nullable=False),
    Column("created", Float, nullable=False),
)
Index("rating_history_account", rating_history.c.account_id, rating_history.c.created)

seeks = Table(  # the lobby's open seeks and direct challenges (sixtysix.web.lobby)
    "seeks",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),  # who seeks or challenges
    Column("opponent_id", Integer, ForeignKey("accounts.id")),  # the account challenged, or who accepted a seek
    Column("challenge", Integer, nullable=False),  # 1: a direct challenge to opponent_id; 0: an open seek
    Column("preset", Text, nullable=False),
    Column("target", Integer, nullable=False),
    Column("rated", Integer, nullable=False),
    Column("move_seconds", Float, nullable=False),  # the match's move clock
    Column("min_rating", Float),  # an open seek: the accepting account's rating at least this (NULL: any)
    Column("max_rating", Float),  # and at most this
    Column("token_hash", Text, nullable=False),  # the seeker's seat token (given when the seek is made), hashed
    Column("state", Text, nullable=False),  # 'open', 'accepted', 'declined', 'withdrawn'
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),  # an open seek past this is gone
    Column("match_id", Text, ForeignKey("matches.id")),  # the match once accepted
)
Index("seeks_state", seeks.c.state, seeks.c.expires)
Index("seeks_account", seeks.c.account_id, seeks.c.state)
Index("seeks_opponent", seeks.c.opponent_id, seeks.c.state)  # the challenges to an account

lobby_version = Table(  # one row: raised by every change of the seeks (the lobby page polls it)
    "lobby_version",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("version", Integer, nullable=False),
)

house_bots = Table(  # the accounts of the house bots: the computer at each level, rated under its own name
    "house_bots",
    metadata,
    Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True),
    Column("level", Integer, nullable=False, unique=True),
)

bot_tokens = Table(  # a bot account's API tokens (sixtysix.web.bots): the SHA-256 hash only, deleted when revoked
    "bot_tokens",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("token_hash", Text, nullable=False, unique=True),
    Column("label", Text, nullable=False),  # the owner's name for it ("my laptop")
    Column("created", Float, nullable=False),
    Column("last_used", Float),  # when a bot last connected with it
)
Index("bot_tokens_account", bot_tokens.c.account_id)

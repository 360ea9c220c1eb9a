"""Accounts, their sessions, the seats they hold, and Glicko-2 ratings (:mod:`sixtysix.web.accounts`,
:mod:`sixtysix.web.ratings`).

``accounts``: a name (unique as folded, ``name_key``) and an Argon2 hash of the password;
``sessions``: the SHA-256 hash of each login's cookie; ``account_seats``: the seats of matches an
account holds; ``rated_matches``: the matches that count for the ratings, and whether they were
counted; ``ratings``: one per account and game family; ``rating_history``: every rated match's
rating after it, per account.

Revision ID: 0006
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("name_key", sa.Text, nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=False),
        sa.Column("bot", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.Text, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index("sessions_account", "sessions", ["account_id"])
    op.create_table(
        "account_seats",
        sa.Column("match_id", sa.Text, sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("account_seats_account", "account_seats", ["account_id"])
    op.create_table(
        "rated_matches",
        sa.Column("match_id", sa.Text, sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("family", sa.Text, nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("rated", sa.Float),
    )
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("family", sa.Text, primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("ratings_family", "ratings", ["family", "rating"])
    op.create_table(
        "rating_history",
        sa.Column("match_id", sa.Text, sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("family", sa.Text, nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("rating_history_account", "rating_history", ["account_id", "created"])


def downgrade() -> None:
    op.drop_index("rating_history_account", "rating_history")
    op.drop_table("rating_history")
    op.drop_index("ratings_family", "ratings")
    op.drop_table("ratings")
    op.drop_table("rated_matches")
    op.drop_index("account_seats_account", "account_seats")
    op.drop_table("account_seats")
    op.drop_index("sessions_account", "sessions")
    op.drop_table("sessions")
    op.drop_table("accounts")

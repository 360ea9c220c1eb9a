"""The lobby (:mod:`sixtysix.web.lobby`): seeks and challenges, the lobby's version, the house bots' accounts.

``seeks``: every open seek and direct challenge, and what became of it (the match once accepted);
``lobby_version``: one row, raised by every change of the seeks, which the lobby page polls;
``house_bots``: the account of the computer at each level (made when a server starts).

Revision ID: 0007
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seeks",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("opponent_id", sa.Integer, sa.ForeignKey("accounts.id")),
        sa.Column("challenge", sa.Integer, nullable=False),
        sa.Column("preset", sa.Text, nullable=False),
        sa.Column("target", sa.Integer, nullable=False),
        sa.Column("rated", sa.Integer, nullable=False),
        sa.Column("move_seconds", sa.Float, nullable=False),
        sa.Column("min_rating", sa.Float),
        sa.Column("max_rating", sa.Float),
        sa.Column("token_hash", sa.Text, nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
        sa.Column("match_id", sa.Text, sa.ForeignKey("matches.id")),
    )
    op.create_index("seeks_state", "seeks", ["state", "expires"])
    op.create_index("seeks_account", "seeks", ["account_id", "state"])
    op.create_index("seeks_opponent", "seeks", ["opponent_id", "state"])
    version = op.create_table(
        "lobby_version",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
    )
    op.bulk_insert(version, [{"id": 1, "version": 1}])
    op.create_table(
        "house_bots",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("level", sa.Integer, nullable=False, unique=True),
    )


def downgrade() -> None:
    op.drop_table("house_bots")
    op.drop_table("lobby_version")
    op.drop_index("seeks_opponent", "seeks")
    op.drop_index("seeks_account", "seeks")
    op.drop_index("seeks_state", "seeks")
    op.drop_table("seeks")

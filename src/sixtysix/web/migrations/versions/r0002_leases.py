"""Leases: which server process drives each match's computer (one at a time across processes).

One row per match some process holds (:mod:`sixtysix.web.leases`): the holder's name and
until when it holds the match (seconds since the epoch). A row whose time has passed is free.

Revision ID: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("match_id", sa.Text, sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("holder", sa.Text, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index("leases_holder", "leases", ["holder"])


def downgrade() -> None:
    op.drop_index("leases_holder", "leases")
    op.drop_table("leases")

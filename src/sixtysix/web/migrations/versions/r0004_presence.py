"""Presence: which server processes have a socket open for each seat (shared across processes).

One row per match, seat and process with a socket of that seat open (:mod:`sixtysix.web.presence`):
the holder's name (as the leases') and until when the row holds unless renewed (seconds since the
epoch). A row whose time has passed means the seat is gone from that process.

Revision ID: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "presence",
        sa.Column("match_id", sa.Text, sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("holder", sa.Text, primary_key=True),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index("presence_holder", "presence", ["holder"])


def downgrade() -> None:
    op.drop_index("presence_holder", "presence")
    op.drop_table("presence")

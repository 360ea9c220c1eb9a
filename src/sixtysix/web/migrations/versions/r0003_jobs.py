"""The analysis queue: hints and reviews as jobs that ``sixtysix worker`` processes take (:mod:`sixtysix.web.jobs`).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "jobs",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.Text, nullable=False, unique=True),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("match_id", sa.Text),
        sa.Column("deal", sa.Integer),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("worker", sa.Text),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("lease_expires", sa.Float),
        sa.Column("result", sa.Text),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("started", sa.Float),
        sa.Column("finished", sa.Float),
    )
    op.create_index("jobs_state", "jobs", ["state", "id"])


def downgrade() -> None:
    op.drop_index("jobs_state", "jobs")
    op.drop_table("jobs")

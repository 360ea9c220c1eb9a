"""Spectators: whether a match may be watched, and the delay its spectators see it with.

Two columns of ``matches`` (:mod:`sixtysix.web.watch`): ``spectators`` (1: anyone may watch
it) and ``spectator_delay`` (how many actions behind its spectators are shown it). A match
stored before this revision was created without the choice: it is not watchable (0).

Revision ID: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("spectators", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("spectator_delay", sa.Integer, nullable=False, server_default="0"))
    op.create_index("matches_live", "matches", ["spectators", "status", "created"])


def downgrade() -> None:
    op.drop_index("matches_live", "matches")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("spectator_delay")
        batch.drop_column("spectators")

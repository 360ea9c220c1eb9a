"""The first schema: matches, seats, deals, actions, rematches, reviews, invites, puzzle solvers.

It is the schema the web app had before it had migrations; a database made then is stamped
with this revision once it has every column (:func:`sixtysix.web.store.upgrade`).

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels = None
depends_on = None


def _references() -> sa.Column[str]:
    return sa.Column("match_id", sa.Text, sa.ForeignKey("matches.id"), primary_key=True)


def upgrade() -> None:
    op.create_table(
        "matches",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("preset", sa.Text, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("target", sa.Integer, nullable=False),
        sa.Column("first_dealer", sa.Integer, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("hints", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("status", sa.Text, nullable=False),
        sa.Column("invite_hash", sa.Text, unique=True),
        sa.Column("invite_code", sa.Text),
        sa.Column("invite_used", sa.Integer, nullable=False, server_default="0"),
        sa.Column("invite_seat", sa.Integer),
        sa.Column("score1", sa.Integer, nullable=False, server_default="0"),
        sa.Column("score2", sa.Integer, nullable=False, server_default="0"),
        sa.Column("score3", sa.Integer, nullable=False, server_default="0"),
        sa.Column("winner", sa.Integer),
        sa.Column("deals", sa.Integer, nullable=False, server_default="0"),
        sa.Column("fairness_secret", sa.Text),
        sa.Column("forfeit", sa.Integer),
        sa.Column("forfeit_claimant", sa.Integer),
    )
    op.create_index("matches_status", "matches", ["status"])
    op.create_table(
        "seats",
        _references(),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("level", sa.Integer),
        sa.Column("token_hash", sa.Text, unique=True),
        sa.Column("client_seed", sa.Text, nullable=False, server_default=""),
    )
    op.create_table(
        "deals",
        _references(),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("dealer", sa.Integer, nullable=False),
        sa.Column("deck", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        *(sa.Column(name, sa.Text) for name in ("termination",)),
        *(sa.Column(name, sa.Integer) for name in ("winner", "game_points", "credited", "closer", "claimant")),
        sa.Column("win_kind", sa.Text),
        *(sa.Column(name, sa.Integer) for name in ("points1", "points2", "tricks1", "tricks2")),
        *(sa.Column(name, sa.Text) for name in ("commitment", "server_seed", "client_seeds")),
    )
    op.create_table(
        "actions",
        _references(),
        sa.Column("deal", sa.Integer, primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "rematches",
        _references(),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("new_id", sa.Text, nullable=False),
        sa.Column("code", sa.Text),
    )
    op.create_table(
        "reviews",
        _references(),
        sa.Column("deal", sa.Integer, primary_key=True),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "invites",
        _references(),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("host", sa.Integer, nullable=False),
        sa.Column("code_hash", sa.Text, nullable=False, unique=True),
        sa.Column("code", sa.Text),
        sa.Column("used", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_table(
        "puzzle_solvers",
        sa.Column("token_hash", sa.Text, primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("skill", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for table in ("puzzle_solvers", "invites", "reviews", "rematches", "actions", "deals", "seats"):
        op.drop_table(table)
    op.drop_index("matches_status", "matches")
    op.drop_table("matches")

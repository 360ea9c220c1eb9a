"""Bot accounts' API tokens (:mod:`sixtysix.web.bots`): ``bot_tokens``, each kept as its SHA-256 hash only.

A revoked token's row is deleted. The ``accounts.bot`` flag that marks a bot's account is the accounts'
revision's (0006).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision: str | None = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "bot_tokens",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("token_hash", sa.Text, nullable=False, unique=True),
        sa.Column("label", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("last_used", sa.Float),
    )
    op.create_index("bot_tokens_account", "bot_tokens", ["account_id"])


def downgrade() -> None:
    op.drop_index("bot_tokens_account", "bot_tokens")
    op.drop_table("bot_tokens")

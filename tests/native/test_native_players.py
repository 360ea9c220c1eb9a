"""The players choose exactly as before with the native core: the same values give the same choices.

Level 4 and the expert (with a fixed number of worlds instead of a time budget, so
that the work does not depend on speed) play the same seeded deals in two
processes, one with the native core and one with ``SIXTYSIX_NATIVE=0``; every
action of every deal must be the same.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from native_cases import require_native

_PLAY = """
import json, sys
from sixtysix import Deal, Rules
from sixtysix.ai import native
from sixtysix.ai.expert import ExpertPlayer
from sixtysix.ai.pimc import PimcPlayer
from sixtysix.players.table import play_table_deal

games = []
for preset in ("seed66", "schnapsen"):
    rules = Rules.preset(preset)
    for seed in range(2):
        players = {1: PimcPlayer(seed), 2: ExpertPlayer(seed, time_limit=None, samples=6)}
        for seat, player in players.items():
            player.new_match(rules, seat)
        deal = Deal.shuffled(seed, dealer=2 - (seed & 1), rules=rules)
        play_table_deal(deal, players)
        games.append([f"{seat}:{action}" for seat, action in deal.history])
print(json.dumps({"native": native.available(), "games": games}))
"""


def _play(native: str) -> dict[str, object]:
    env = dict(os.environ, SIXTYSIX_NATIVE=native)
    done = subprocess.run(
        [sys.executable, "-c", _PLAY], capture_output=True, text=True, env=env, timeout=900, check=False
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_level_4_and_the_expert_play_the_same_actions_with_and_without_the_native_core() -> None:
    require_native()
    with_native, pure = _play("1"), _play("0")
    assert with_native["native"] is True
    assert pure["native"] is False
    assert with_native["games"] == pure["games"]

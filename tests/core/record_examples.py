"""The example deals the record tests share (docs/records.md).

``SEED_DEAL`` is the actions of the spec's two-player example deal on ``DECK`` (seat 2
deals, seat 1 claims with 72 after closing); in the three-handed game seat 3 deals it and
sits out while seats 1 and 2 play it, which replays to ``SEED_DEAL_JSON``. ``DECK4`` is the
four-handed example deck.
"""

from __future__ import annotations

from typing import Any

DECK = "Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h"
SEED_DEAL = """1:20h 1:Kh 2:Ac
1:X 1:Ah 2:Ks
2:20c 2:Qc 1:Tc
1:C 1:As 2:Qs
1:Ts 2:9c
1:66
"""

SEED_DEAL_JSON: dict[str, Any] = {
    "dealer": 3,
    "complete": True,
    "winner": 1,
    "game_points": 1,
    "points": [72, 35, 0],
    "tricks": [4, 1, 0],
    "termination": "claim",
    "reasons": ["closer_claim", "at_close", "simple"],
    "dealer_points": 1,
    "sitting_out": 3,
}
"""The JSON of ``SEED_DEAL`` as the first deal of a three-handed match, seat 3 dealing."""

DECK4 = "8d 7s Kd 8c 9h Ad Jd Qh As Js Ts Jh Ac 7h Kh Th Qd 7c Jc 9s 8h Qs Ks 9d Kc 7d 9c Td 8s Qc Ah Tc"

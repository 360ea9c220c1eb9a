"""The native core checks what it receives: a malformed position or rule set raises ValueError, never crashes.

Run under AddressSanitizer by ``make check-native`` (see docs/native.md).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from native_cases import positions, require_native

from sixtysix import Rules
from sixtysix.ai import native
from sixtysix.ai.native import encode
from sixtysix.core.actions import CLAIM, EXCHANGE, PASS
from sixtysix.core.rules import CHOICES


def _core(rules: Rules) -> Any:
    require_native()
    core = native.core_for(rules)
    assert core is not None
    return core


def _valid() -> tuple[Any, ...]:
    """A position of seed66 at a lead (marriage_suit -1), no exchange window."""
    deals = positions(Rules.preset("seed66"), seed=31, how_many=40)
    return next(encode(d) for d in deals if d.stage == 0 and not d.window and d.marriage_suit < 0)


def _with(pos: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*pos[:index], value, *pos[index + 1 :])


@pytest.mark.parametrize(
    ("field", "value"),
    [
        (0, -1),  # hand1
        (0, 1 << 40),
        (0, "Ah"),
        (1, 0xFF),  # hand2: sevens and eights are not in the 24-card pack
        (2, (1, 2, 3)),  # the stock must be bytes
        (2, bytes(range(17))),
        (2, b"\x40"),
        (3, 99),  # stock_pos
        (4, 32),  # face_up
        (5, 4),  # trump
        (6, 401),  # score1
        (8, -5),  # pending1
        (10, 17),  # tricks1
        (12, 4),  # stage: over
        (13, 0),  # leader
        (14, 40),  # led
        (15, 7),  # marriage_suit
        (16, 3),  # closer
        (19, 3),  # window
        (19, 2.0),
        (19, -1),
    ],
)
def test_a_field_out_of_range_raises_value_error(field: int, value: Any) -> None:
    core = _core(Rules.preset("seed66"))
    session = core.new_session()
    with pytest.raises(ValueError):
        core.value(_with(_valid(), field, value), session)


def test_inconsistent_positions_raise_value_error() -> None:
    core = _core(Rules.preset("seed66"))
    session = core.new_session()
    pos = _valid()
    hand1, hand2 = pos[0], pos[1]
    card = (hand1 & -hand1).bit_length() - 1
    bad = [
        _with(pos, 1, hand2 | 1 << card),  # a card in both hands
        _with(pos, 0, hand1 & ~(1 << card)),  # hands of different sizes
        _with(pos, 12, 2),  # a follow without a led card
        _with(pos, 12, 1),  # a marriage stage without a declared pair
        (*pos[:5],),  # too short
        [*pos],  # not a tuple
        None,
    ]
    for i, position in enumerate(bad):
        with pytest.raises(ValueError):
            core.value(position, session)
            pytest.fail(f"case {i} was accepted")


def test_bad_calls_raise() -> None:
    rules = Rules.preset("seed66")
    core = _core(rules)
    session = core.new_session()
    pos = _valid()
    with pytest.raises(ValueError):
        core.value(pos, session + 1000)  # not a session of this core
    with pytest.raises(ValueError):
        core.action_values(pos, session, [EXCHANGE if EXCHANGE not in core.legal(pos) else 99], 1)
    with pytest.raises(ValueError):
        core.apply(pos, 44)  # a draw at the lead
    with pytest.raises(ValueError):
        core.legal(pos, 3)
    with pytest.raises(ValueError):
        core.perft(pos, -1)
    with pytest.raises(ValueError):
        core.playout(pos, 1, 7)
    with pytest.raises(ValueError):
        core.window(pos, session, 2, 1)
    with pytest.raises(ValueError):
        core.test(pos, session, 1, 99)
    with pytest.raises(TypeError):
        core.value(pos)


def test_bad_rules_raise() -> None:
    module = require_native()
    flags = native.rules_flags(Rules.preset("seed66"))
    assert flags is not None
    facts = native.facts_of(Rules.preset("seed66"))
    with pytest.raises(ValueError):
        module.Core(flags[:-1], facts)
    with pytest.raises(ValueError):
        module.Core((*flags[:-1], 5), facts)
    with pytest.raises(ValueError):
        module.Core(flags, facts, 40)  # table size
    with pytest.raises(ValueError):
        module.Core(flags, facts[:-1])
    with pytest.raises(ValueError):
        module.Core(flags, ((99,) * 32, *facts[1:]))  # card points out of range


def test_the_extension_knows_every_value_of_the_options_it_takes() -> None:
    """The extension's option table covers rules.CHOICES: a new option value must be taught to it."""
    module = require_native()
    taken = {name for name, _ in module.RULE_FIELDS}
    assert taken | native.IGNORED_OPTIONS == set(CHOICES), "an option is neither taken nor known to be irrelevant"
    for name, values in module.RULE_FIELDS:
        playable = {v for v in CHOICES[name] if not (name in ("deck", "hand_size") and v in (32, 8))}
        assert playable <= set(values), name


def test_mutated_positions_never_crash() -> None:
    """Random single-field and bit mutations of real positions: each call answers or raises ValueError."""
    rules = Rules.preset("seed66")
    core = _core(rules)
    session = core.new_session()
    rng = random.Random(32)
    originals = [encode(d) for d in positions(rules, seed=33, how_many=60)]
    answered = 0
    for _ in range(3000):
        pos = list(rng.choice(originals))
        for _ in range(rng.randint(1, 3)):
            field = rng.randrange(len(pos))
            if field == 2:
                stock = bytearray(pos[2])
                if stock:
                    stock[rng.randrange(len(stock))] = rng.randrange(40)
                pos[2] = bytes(stock)
            elif field in (0, 1):
                pos[field] ^= 1 << rng.randrange(32)
            else:
                pos[field] += rng.choice((-2, -1, 1, 2))
        try:
            core.legal(tuple(pos))
            core.perft(tuple(pos), 2)
            core.playout(tuple(pos), 1, 0)
            value = core.value(tuple(pos), session)
            assert -6 <= value <= 6
            answered += 1
        except ValueError:
            pass
    assert answered  # some mutations keep a legal position


def test_a_correct_claim_is_always_legal_natively_where_the_engine_allows_it() -> None:
    rules = Rules.preset("seed66")
    core = _core(rules)
    for deal in positions(rules, seed=34, how_many=100):
        seat = deal.to_act
        assert (CLAIM in core.legal(encode(deal), seat)) == (CLAIM in deal.legal_actions(seat))


def test_a_window_that_cannot_be_used_is_no_window() -> None:
    """A puzzle position (the same hands under another trump) may name a window its seat cannot use."""
    core = _core(Rules.preset("seed66"))
    pos = _valid()
    for window in (pos[13], 3 - pos[13]):
        assert core.legal(_with(pos, 19, window), 3 - pos[13]) in ([], [EXCHANGE, PASS])
        after, _ = core.apply(_with(pos, 19, window), core.legal(pos)[0])
        assert after[19] == 0


def test_the_core_takes_its_rule_facts_from_the_facts_module() -> None:
    """Without the last trick's bonus the native core values a position where it decides otherwise."""
    module = require_native()
    rules = Rules.preset("seed66")
    flags, facts = native.rules_flags(rules), native.facts_of(rules)
    assert flags is not None
    plain, no_bonus = module.Core(flags, facts), module.Core(flags, (*facts[:3], 0, *facts[4:]))
    differ = 0
    for deal in positions(rules, seed=35, how_many=300):
        pos = encode(deal)
        differ += plain.value(pos, plain.new_session()) != no_bonus.value(pos, no_bonus.new_session())
    assert differ


def test_the_core_takes_the_deal_target_and_the_game_point_scale_from_the_facts_module() -> None:
    """The target and the scale (rules.md §2.9, §2.11) are Python's: a doubled scale doubles every
    value; a higher target changes some (no claim at 66 any more, R-CLAIM-1)."""
    module = require_native()
    rules = Rules.preset("seed66")
    flags, facts = native.rules_flags(rules), native.facts_of(rules)
    assert flags is not None and facts[5:] == (66, (1, 2, 3))
    plain = module.Core(flags, facts)
    doubled = module.Core(flags, (*facts[:6], (2, 4, 6)))
    higher = module.Core(flags, (*facts[:5], 80, facts[6]))
    differ = 0
    for deal in positions(rules, seed=36, how_many=200):
        pos = encode(deal)
        value = plain.value(pos, plain.new_session())
        assert doubled.value(pos, doubled.new_session()) == 2 * value
        differ += higher.value(pos, higher.new_session()) != value
    assert differ

"""The rules of a game of 66 as one frozen value, with the named presets.

Every option of the rule specification (rules.md §3 and §3.1) is a field named
exactly as in the spec, which is also the name used by ``Option`` headers of
game records. Take a preset and override single options:

>>> rules = Rules.preset("seed66")
>>> rules.match_target, rules.tie_rule
(7, 'carry_one')
>>> custom = rules.replace(tie_rule="void", match_target=11)
>>> custom.options()
{'tie_rule': 'void', 'match_target': '11'}
>>> Rules.from_options("schnapsen", {"close_min_talon": "4"}).close_min_talon
4
>>> rules.replace(tie_rule="sometimes")
Traceback (most recent call last):
...
sixtysix.core.errors.RulesError: tie_rule: 'sometimes' is not one of carry_one, void
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sixtysix.core.cards import JACK, NINE, CardMask, card_point_table, pack_mask
from sixtysix.core.errors import RulesError

# Allowed values of every option (rules.md §3 / §3.1). Ints and bools are
# written in records as decimal numbers and true/false.
CHOICES: dict[str, tuple[Any, ...]] = {
    "players": (2, 3, 4),
    "deck": (24, 20, 32),
    "hand_size": (6, 5, 8),
    "nine_points": (0, 1),
    "exchange_rank": ("9", "J"),
    "nine_exchange_rule": ("seed", "leader_with_trick", "trick_anytime", "leader_any"),
    "first_lead_exchange": (False, True),
    "exchange_on_close": (False, True),
    "exchange_min_talon": (2, 4),
    "first_lead_marriage": (True, False),
    "marriage_in_phase2": (False, True),
    "marriage_credit": ("seed", "next_trick_won"),
    "marriage_claim_without_lead": (True, False),
    "marriage_lead_card": ("either", "king"),
    "close_allowed": (True, False),
    "first_lead_close": (True, False),
    "close_before_draw": (True, False),
    "close_min_talon": (2, 4),
    "closer_win_basis": ("at_close", "at_end"),
    "failed_close_points": ("two_or_three", "hoyle1895", "always_three"),
    "beaten_closer_points": ("two_or_three", "flat_two"),
    "closer_false_claim": ("failed_close", "false_claim"),
    "false_claim_points": ("flat_two", "two_or_three"),
    "auto_claim": (False, True),
    "strict_claims": (False, True),
    "must_head_trick": (True, False),
    "must_trump_when_void": (True, False),
    "last_trick_rule": ("ten_points", "wins_deal_one_point"),
    "tie_rule": ("carry_one", "void"),
    "next_dealer": ("alternate", "winner", "loser"),
    "match_target": (),  # any whole number from 1 to 1000
    "may_review_tricks": ("none", "own_only", "own_and_first"),
    "closed_deal_double": (False, True),
    # Three- and four-player games (rules.md §5).
    "three_player_form": ("dealer_sits_out",),
    "three_player_play_for_loser": (False, True),
    "four_player_undertrump_required": (True, False),
    "four_player_marriages": (False, True),
    "four_player_scale": ("hundred", "loser_under_33"),
    "ten_of_trumps_bonus": (False, True),
}


@dataclass(frozen=True)
class Rules:
    """One complete set of rules. Build it with :meth:`preset`."""

    preset_name: str = "seed66"
    """The preset these rules start from (records name it in ``Rules``)."""

    players: int = 2
    """2; 3 (three-handed: the dealer sits out, R-3P-*); 4 (partnerships, R-4P-*)."""
    deck: int = 24
    hand_size: int = 6
    nine_points: int = 0
    exchange_rank: str = "9"
    nine_exchange_rule: str = "seed"
    first_lead_exchange: bool = False
    exchange_on_close: bool = False
    exchange_min_talon: int = 2
    first_lead_marriage: bool = True
    marriage_in_phase2: bool = False
    marriage_credit: str = "seed"
    marriage_claim_without_lead: bool = True
    marriage_lead_card: str = "either"
    close_allowed: bool = True
    first_lead_close: bool = True
    close_before_draw: bool = True
    close_min_talon: int = 2
    closer_win_basis: str = "at_close"
    failed_close_points: str = "two_or_three"
    beaten_closer_points: str = "two_or_three"
    closer_false_claim: str = "failed_close"
    false_claim_points: str = "flat_two"
    auto_claim: bool = False
    strict_claims: bool = False
    must_head_trick: bool = True
    must_trump_when_void: bool = True
    last_trick_rule: str = "ten_points"
    tie_rule: str = "carry_one"
    next_dealer: str = "alternate"
    match_target: int = 7
    may_review_tricks: str = "none"
    closed_deal_double: bool = False
    three_player_form: str = "dealer_sits_out"
    three_player_play_for_loser: bool = False
    """R-3P-4: after the first seat reaches the target the other two play on to decide the loser."""
    four_player_undertrump_required: bool = True
    """R-4P-4: a void player who cannot over-trump must still play a trump."""
    four_player_marriages: bool = False
    """R-4P-5: marriages score in the four-handed game (German "Kreuzmariage")."""
    four_player_scale: str = "hundred"
    """R-4P-7: ``hundred`` (1 for 66-99, 2 for 100+) or ``loser_under_33`` (2 when the losers have < 33)."""
    ten_of_trumps_bonus: bool = False
    """R-4P-9: winning the ten of trumps in a trick scores 1 game point (and wins at once at target - 1)."""

    # Derived tables, computed once per value.
    pack: CardMask = field(init=False, repr=False, compare=False)
    """The mask of the cards in play."""
    points: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """``points[card]``: card points of every card under these rules."""
    exchange_rank_index: int = field(init=False, repr=False, compare=False)
    total_points: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if name == "match_target":
                if type(value) is not int or not 1 <= value <= 1000:
                    raise RulesError(f"match_target: {value!r} is not a whole number from 1 to 1000")
            elif value not in allowed or type(value) is not type(allowed[0]):
                raise RulesError(f"{name}: {value!r} is not one of {', '.join(_text(v) for v in allowed)}")
        if self.deck == 20 and self.exchange_rank == "9":
            raise RulesError("exchange_rank: a 20-card pack has no nines; use exchange_rank=J")
        _check_table(self)
        pack = pack_mask(self.deck)
        points = card_point_table(self.nine_points)
        setattr_ = object.__setattr__
        setattr_(self, "pack", pack)
        setattr_(self, "points", points)
        setattr_(self, "exchange_rank_index", NINE if self.exchange_rank == "9" else JACK)
        setattr_(self, "total_points", sum(points[c] for c in range(32) if pack >> c & 1))

    # -- construction -------------------------------------------------------

    @staticmethod
    def preset(name: str = "seed66") -> Rules:
        """A named preset: ``seed66`` (the default), ``pagat66``, ``schnapsen``, ``vu_schnapsen``,
        ``vu_schnapsen24``, ``three66`` or ``four66``."""
        try:
            return PRESETS[name.lower()]
        except KeyError:
            raise RulesError(f"unknown preset {name!r} (known: {', '.join(PRESETS)})") from None

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (typed values); unknown names are errors."""
        for name in changes:
            if name not in CHOICES:
                raise RulesError(f"unknown option {name!r}")
        return dataclasses.replace(self, **changes)

    @staticmethod
    def from_options(preset: str = "seed66", options: Mapping[str, str] | None = None) -> Rules:
        """A preset with options given as text, as in record headers."""
        base = Rules.preset(preset)
        return base.replace(**{k: parse_option(k, v) for k, v in (options or {}).items()})

    def options(self) -> dict[str, str]:
        """The options that differ from the preset, as text (for ``Option`` headers)."""
        base = Rules.preset(self.preset_name)
        return {name: _text(getattr(self, name)) for name in CHOICES if getattr(self, name) != getattr(base, name)}

    def text(self) -> str:
        """The preset and the options that differ from it, on one line (the start of a deal's text form).

        >>> Rules.preset("schnapsen").replace(nine_points=1).text()
        'schnapsen nine_points=1'
        >>> Rules.parse_text("schnapsen nine_points=1") == Rules.preset("schnapsen").replace(nine_points=1)
        True
        """
        return " ".join([self.preset_name, *(f"{name}={value}" for name, value in self.options().items())])

    @staticmethod
    def parse_text(text: str) -> Rules:
        """The rules of :meth:`text`: a preset name, then ``name=value`` options."""
        preset, *options = text.split() or [""]
        pairs = {}
        for option in options:
            name, sep, value = option.partition("=")
            if not sep:
                raise RulesError(f"an option must read name=value, not {option!r}")
            pairs[name] = value
        return Rules.from_options(preset, pairs)

    @property
    def talon_size(self) -> int:
        """Cards in the talon after the deal (face-down stock plus the trump card); 0 without a talon."""
        return self.deck - self.cards_per_trick * self.hand_size  # every player of a trick holds a hand

    @property
    def cards_per_trick(self) -> int:
        """Four cards make a trick in the partnership game, two in the others (the three-handed dealer sits out)."""
        return 4 if self.players == 4 else 2

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat numbers of the table: ``(1, 2)``, ``(1, 2, 3)`` or ``(1, 2, 3, 4)``."""
        return tuple(range(1, self.players + 1))


# The pack and hand of each table size: the two-player packs, or the 32 cards of the partnership game.
_TABLES = {2: {(24, 6), (24, 5), (20, 5)}, 3: {(24, 6), (24, 5), (20, 5)}, 4: {(32, 8)}}


def _check_table(rules: Rules) -> None:
    if (rules.deck, rules.hand_size) not in _TABLES[rules.players]:
        allowed = " or ".join(f"deck={d} hand_size={h}" for d, h in sorted(_TABLES[rules.players]))
        raise RulesError(
            f"players={rules.players} is played with {allowed}, not deck={rules.deck} hand_size={rules.hand_size}"
        )


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def parse_option(name: str, text: str) -> Any:
    """Parse one option's value from its text (``"true"``, ``"4"``, ``"void"``)."""
    if name not in CHOICES:
        raise RulesError(f"unknown option {name!r}")
    value = text.strip().lower() if name != "exchange_rank" else text.strip().upper()
    if name == "match_target":
        if not value.isdigit():
            raise RulesError(f"match_target: {text!r} is not a whole number")
        return int(value)
    for allowed in CHOICES[name]:
        if _text(allowed).lower() == value.lower():
            return allowed
    raise RulesError(f"{name}: {text!r} is not one of {', '.join(_text(v) for v in CHOICES[name])}")


def _vu_schnapsen(name: str, deck: int = 20, nine_points: int = 0) -> Rules:
    """The VU platform's Schnapsen (rules.md §4.3): Schnapsen without closing or claims."""
    return Rules(
        preset_name=name,
        deck=deck,
        hand_size=5,
        nine_points=nine_points,
        exchange_rank="J",
        nine_exchange_rule="leader_any",
        first_lead_exchange=True,
        marriage_in_phase2=True,
        marriage_credit="next_trick_won",
        marriage_claim_without_lead=False,
        marriage_lead_card="king",
        close_allowed=False,
        close_before_draw=False,
        false_claim_points="two_or_three",
        auto_claim=True,
        last_trick_rule="wins_deal_one_point",
    )


PRESETS: dict[str, Rules] = {
    "seed66": Rules(),
    "pagat66": Rules(
        preset_name="pagat66",
        nine_exchange_rule="leader_with_trick",
        exchange_on_close=True,
        closer_win_basis="at_end",
        beaten_closer_points="flat_two",
        tie_rule="void",
        next_dealer="winner",
    ),
    "schnapsen": Rules(
        preset_name="schnapsen",
        deck=20,
        hand_size=5,
        exchange_rank="J",
        nine_exchange_rule="leader_any",
        first_lead_exchange=True,
        marriage_in_phase2=True,
        close_before_draw=False,
        false_claim_points="two_or_three",
        last_trick_rule="wins_deal_one_point",
    ),
    # rules.md §4.3: the Schnapsen of the VU Amsterdam platform for Schnapsen bots (its
    # "intelligent systems" course): no closing, the deal ends by itself at 66, a marriage
    # plays its king and counts with the next trick won, the jack exchange on any lead.
    "vu_schnapsen": _vu_schnapsen("vu_schnapsen"),
    # ... and its 24-card engine: the nines join, worth 1 each, hands stay at 5 (talon 14).
    "vu_schnapsen24": _vu_schnapsen("vu_schnapsen24", deck=24, nine_points=1),
    # rules.md §5.1: seed66 between the two players the dealer deals to.
    "three66": Rules(preset_name="three66", players=3),
    # rules.md §5.2: 32 cards, 8 each, partners opposite, no talon.
    "four66": Rules(
        preset_name="four66",
        players=4,
        deck=32,
        hand_size=8,
        close_allowed=False,
    ),
}
"""The named presets of rules.md §3.1, §4 and §5."""

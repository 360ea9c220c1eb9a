"""The one bot interface of every table size: ``Player[View]``, where ``View`` is what the table shows a seat.

A player only ever receives its seat's view, never the deal: information hiding is
structural. It answers one of ``view.legal`` at each decision and may keep memory
across the decisions of a deal and a match (the optional hooks ``new_match`` and
``new_deal``), as an OpenSpiel bot or a PettingZoo agent does with its observations.

Which view a table shows is fixed by its size (:func:`view_type_of`):

* two players, and the three-handed game (whose bots play its inner two-player deal):
  :class:`~sixtysix.core.view.PlayerView`; ``Player`` alone means ``Player[PlayerView]``;
* the four-handed partnership game: :class:`~sixtysix.core.view.PartnershipView`, so its
  bots are ``Player[PartnershipView]`` (:class:`PartnershipPlayer` is that class, named);
* a player that reads only what every view holds (:class:`SeatView`: the seat, the rules,
  the hand, the history, the legal actions...) is a ``Player[SeatView]`` and plays at every table.

Write a bot by subclassing and implementing :meth:`Player.choose`:

>>> from sixtysix import Rules
>>> from sixtysix.core.actions import Action
>>> class FirstLegal(Player[PartnershipView]):
...     name = "first"
...     def choose(self, view: PartnershipView) -> Action:
...         return view.legal[0]
>>> FirstLegal().plays(Rules.preset("four66")), FirstLegal().plays(Rules.preset("seed66"))
(True, False)
>>> class LastLegal(Player[SeatView]):
...     def choose(self, view: SeatView) -> Action:
...         return view.legal[-1]
>>> [LastLegal().plays(Rules.preset(name)) for name in ("seed66", "three66", "four66")]
[True, True, True]

The loops that seat players and play deals and matches are in :mod:`sixtysix.players.table`.
"""

from __future__ import annotations

import random
import typing
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeAlias

from sixtysix.core.actions import Action
from sixtysix.core.cards import Card, CardMask
from sixtysix.core.rules import Rules
from sixtysix.core.view import PartnershipView, PlayerView


class SeatView(Protocol):
    """What the view of a seat holds at every table size (both :class:`PlayerView` and :class:`PartnershipView`)."""

    @property
    def seat(self) -> int: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def dealer(self) -> int: ...

    @property
    def trump_card(self) -> Card: ...

    @property
    def hand(self) -> CardMask: ...

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every action so far that this seat may know, as (seat, action)."""
        ...

    @property
    def legal(self) -> tuple[Action, ...]:
        """This seat's legal actions now (empty when it has no decision)."""
        ...

    @property
    def match_score(self) -> tuple[int, ...]: ...

    @property
    def carried(self) -> int: ...


if TYPE_CHECKING:  # a default for the type argument (PEP 696): ``Player`` is ``Player[PlayerView]``
    from typing_extensions import TypeVar

    ViewT = TypeVar("ViewT", bound=SeatView, contravariant=True, default=PlayerView)
else:
    from typing import TypeVar

    ViewT = TypeVar("ViewT", bound=SeatView, contravariant=True)

VIEW_OF_TABLE: dict[int, type[Any]] = {2: PlayerView, 3: PlayerView, 4: PartnershipView}
"""The view each seat of a table of 2, 3 or 4 players receives (three-handed: that of the inner two-player deal)."""


def view_type_of(rules: Rules) -> type[Any]:
    """The class of the views a table of ``rules`` shows its seats.

    >>> view_type_of(Rules.preset("three66")).__name__, view_type_of(Rules.preset("four66")).__name__
    ('PlayerView', 'PartnershipView')
    """
    return VIEW_OF_TABLE[rules.players]


class Player(ABC, Generic[ViewT]):
    """A computer (or any) player of the tables that show it a ``ViewT``. Subclasses implement :meth:`choose`.

    The life cycle: :meth:`new_match` before the first deal of a match, :meth:`new_deal`
    with the seat's first view of each deal it plays, :meth:`choose` at each of its decisions.
    """

    name: str = "player"
    view_type: ClassVar[Any] = PlayerView
    """The view class this player reads: the type argument of its class (``Player`` alone: :class:`PlayerView`)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for base in cls.__dict__.get("__orig_bases__", ()):  # class X(Player[V]) reads a V
            origin, args = typing.get_origin(base), typing.get_args(base)
            if (
                isinstance(origin, type)
                and issubclass(origin, Player)
                and args
                and not isinstance(args[0], typing.TypeVar)
            ):
                cls.view_type = args[0]

    def new_match(self, rules: Rules, seat: int) -> None:
        """Called before the first deal of a match, with the table seat the player holds."""

    def new_deal(self, view: ViewT) -> None:
        """Called when a deal starts, with the seat's first view."""

    @abstractmethod
    def choose(self, view: ViewT) -> Action:
        """One of ``view.legal``."""

    @classmethod
    def reads(cls, view_type: type[Any]) -> bool:
        """Whether this player can take the views of ``view_type`` (a :class:`SeatView` player takes every view)."""
        accepted = cls.view_type
        return accepted is SeatView or view_type in (typing.get_args(accepted) or (accepted,))

    def plays(self, rules: Rules) -> bool:
        """Whether this player can sit at a table of ``rules``: it reads the views that table shows."""
        return self.reads(view_type_of(rules))


AnyPlayer: TypeAlias = Player[Any]
"""A player of some table size (code that seats players by level or by a spec; check with :meth:`Player.plays`)."""


@dataclass
class DecisionStats:
    """Timing of one seat's decisions: wall-clock seconds, and CPU seconds of the deciding thread
    (what the searching players budget, whatever else the machine is doing)."""

    times: list[float] = field(default_factory=list)
    cpu_times: list[float] = field(default_factory=list)


class RandomPlayer(Player[ViewT]):
    """Level 1: a uniformly random legal action, from its own seeded generator (two players, three-handed)."""

    name = "random"

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: ViewT) -> Action:
        return self.rng.choice(view.legal)


class PartnershipPlayer(Player[PartnershipView]):
    """A player of the four-handed game: ``Player[PartnershipView]``, under the name existing code imports.

    New bots may subclass ``Player[PartnershipView]`` directly; the two are the same interface.
    """


class RandomPartnershipPlayer(RandomPlayer[PartnershipView], PartnershipPlayer):
    """Level 1 of the four-handed game: a uniformly random legal card (or marriage)."""

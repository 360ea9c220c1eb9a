"""Player specs: a tournament's players as text, and the factories that build them.

A spec is ``NAME=WHAT``:

``L3=level:3``
    the built-in computer player of level 1-5 (:func:`sixtysix.ai.levels.make_player`);
    ``--level 3`` is short for ``L3=level:3``.
``mybot=./mybot --fast``
    an external bot spoken to over the 66P bot protocol (a command line, split like a
    shell would; ``{seed}`` in it becomes the player's seed); it runs through the protocol
    host (:mod:`sixtysix.protocol.host`), so a failing bot forfeits its deal instead of
    stopping the tournament. Each game starts the bot afresh. In four-handed 66 (66P
    version 2) each of the side's two seats runs its own process of the bot.
``mine=python:package.module:factory``
    ``factory(seed, time_limit)`` from an importable module, returning a
    :class:`~sixtysix.players.player.Player` that plays at the tournament's table (a
    ``Player``, or for four-handed 66 a ``Player[PartnershipView]``; see ``Player.plays``).
``mixed=team:level:3+level:5``
    four-handed 66 only: a partnership of two different players (levels or Python
    players), the first at the side's first seat (1 or 2), the second opposite. Any
    other player is a partnership of two copies of itself.

>>> spec = parse_player("L3=level:3")
>>> spec.name, spec.kind, spec.text
('L3', 'level', 'level:3')
>>> parse_player("bot=./bot --depth 2").command
('./bot', '--depth', '2')
>>> make_specs(["level:1", "level:1"])[1].name
'L1-2'
>>> parse_player("mixed=team:level:3+level:5").text
'team:level:3+level:5'

A spec is a small frozen value: it pickles, so worker processes and Ray tasks
receive it and build their players themselves (:meth:`PlayerSpec.make`), a fresh
player for every game.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
import shlex
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

from sixtysix.tournament.schedule import table_format

if TYPE_CHECKING:
    from sixtysix.core.rules import Rules
    from sixtysix.players.player import AnyPlayer, Player
    from sixtysix.protocol.player import PartnershipProtocolPlayer, ProtocolPlayer, StartFailures

PlayerFactory = Callable[[int], "Player"]
"""Builds a fresh player from its seed."""

NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.+-]{0,39}$")
LEVELS = range(1, 6)
TIMED_LEVELS = frozenset({5})
"""Levels that take the per-decision time limit (``make_player(..., time_limit)``)."""


class SpecError(ValueError):
    """A player spec that cannot be read."""


@dataclass(frozen=True)
class PlayerSpec:
    """One player of a tournament: its name and what it is."""

    name: str
    kind: str
    """``level``, ``command`` (an external 66P bot), ``python`` or ``team`` (a four-handed partnership)."""
    level: int = 0
    command: tuple[str, ...] = ()
    target: str = ""
    """``module:attribute`` of a ``python`` player's factory."""
    members: tuple[PlayerSpec, ...] = ()
    """A ``team``'s two players: at the side's first seat, and opposite."""

    @property
    def text(self) -> str:
        """What follows ``NAME=`` in the spec."""
        if self.kind == "team":
            return "team:" + "+".join(member.text for member in self.members)
        if self.kind == "level":
            return f"level:{self.level}"
        if self.kind == "python":
            return f"python:{self.target}"
        return shlex.join(self.command)

    def seat_text(self, seat: int, players: int) -> str:
        """The spec of who plays at table ``seat`` of a table of ``players``: a team's member there, else :attr:`text`.

        >>> [parse_player("mix=team:level:3+level:5").seat_text(seat, 4) for seat in (2, 4)]
        ['level:3', 'level:5']
        """
        if self.kind == "team":
            return self.members[table_format(players).member_of(seat)].text
        return self.text

    @property
    def external(self) -> bool:
        """Whether it is an external bot (played through the protocol host)."""
        return self.kind == "command"

    @property
    def seeded(self) -> bool:
        """Whether an external bot's command takes the seed (``{seed}``): then every game starts it afresh."""
        return any("{seed}" in word for word in self.command)

    @property
    def deterministic(self) -> bool:
        """Whether its decisions depend only on its seed (not on time or another process)."""
        if self.kind == "team":
            return all(member.deterministic for member in self.members)
        return self.kind == "level" and self.level not in TIMED_LEVELS

    def make(self, seed: int, time_limit: float | None = None) -> Player:
        """A fresh player of the two-player game with this seed (``time_limit``: seconds per decision, for
        levels that take one)."""
        from sixtysix.core.rules import Rules

        return self.make_for(Rules(), seed, time_limit)

    def make_for(
        self,
        rules: Rules,
        seed: int,
        time_limit: float | None = None,
        seat: int = 1,
        start_failures: StartFailures | None = None,
    ) -> AnyPlayer:
        """A fresh player for ``seat`` at the table of ``rules`` (a team's member for that seat), one that reads
        the views that table shows (:meth:`~sixtysix.players.player.Player.plays`). ``start_failures``: an
        external bot's failures to start, shared with its other players (see :func:`external_player`).

        >>> from sixtysix.core.rules import Rules
        >>> type(level_player(1).make_for(Rules.preset("four66"), seed=1)).__name__
        'RandomPartnershipPlayer'
        """
        if self.kind == "team":
            table = table_format(rules.players)
            if not table.teams:
                raise SpecError(f"{self.name}: a team plays four-handed 66 only (--rules four66)")
            return self.members[table.member_of(seat)].make_for(rules, seed, time_limit)
        if self.kind == "level":
            from sixtysix.ai.levels import make_table_player

            try:
                return make_table_player(self.level, rules, seed, time_limit)
            except ValueError as error:
                raise SpecError(f"{self.name}: {error}") from None
        if self.external:
            return external_player(self, seed, time_limit, rules, start_failures)
        module_name, _, attribute = self.target.partition(":")
        factory = getattr(importlib.import_module(module_name), attribute)
        return _checked(self.name, factory(seed, time_limit), rules)

    def factory(self, time_limit: float | None = None) -> PlayerFactory:
        """``seed -> Player``."""
        return lambda seed: self.make(seed, time_limit)


def _checked(name: str, player: object, rules: Rules) -> AnyPlayer:
    """``player``, if it is a :class:`~sixtysix.players.player.Player` that plays at a table of ``rules``."""
    from sixtysix.players.player import PartnershipPlayer, Player, view_type_of

    plays = getattr(player, "plays", None)
    if callable(plays) and plays(rules):
        return player  # type: ignore[return-value]  # a Player: only they have plays()
    view_type = view_type_of(rules)
    wanted = next(base.__name__ for base in (PartnershipPlayer, Player) if base.reads(view_type))
    raise SpecError(f"{name}: a {rules.players}-player table needs a {wanted}, not a {type(player).__name__}")


def external_player(
    spec: PlayerSpec,
    seed: int,
    time_limit: float | None,
    rules: Rules | None = None,
    start_failures: StartFailures | None = None,
) -> AnyPlayer:
    """A :class:`sixtysix.protocol.player.ProtocolPlayer` running ``spec.command`` (imported only here), of the
    protocol version the table of ``rules`` is spoken in (default: two players); at a four-handed table a
    :class:`~sixtysix.protocol.player.PartnershipProtocolPlayer` (a side of one external bot is two processes of it).

    ``{seed}`` in the command's words is replaced by the player's seed (66P has no seed
    message: ``mybot=sixtysix bot --level 3 --seed {seed}``). ``time_limit`` is the bot's
    time per decision, sent as ``go movetime`` (the host's default, 1 s, without one).
    ``start_failures`` counts its failures to start (a bot that fails three times in a row
    is disqualified); players of the same bot may share it.
    """
    bot: type[ProtocolPlayer | PartnershipProtocolPlayer] = _protocol_host(spec).protocol_player_for(rules)
    command = [word.replace("{seed}", str(seed)) for word in spec.command]
    if time_limit is None:
        return bot(command, name=spec.name, start_failures=start_failures)
    return bot(command, name=spec.name, time_limit=time_limit, start_failures=start_failures)


def _protocol_host(spec: PlayerSpec) -> ModuleType:
    """:mod:`sixtysix.protocol.player`, imported only when an external bot plays."""
    try:
        return importlib.import_module("sixtysix.protocol.player")
    except ImportError as error:
        raise SpecError(f"{spec.name}: external bots need the 66P host (sixtysix.protocol): {error}") from None


def parse_player(text: str) -> PlayerSpec:
    """Read ``NAME=WHAT`` (see the module docstring); raise :class:`SpecError` if it is invalid."""
    name, sep, what = text.partition("=")
    name, what = name.strip(), what.strip()
    if not sep or not NAME.match(name):
        raise SpecError(
            f"{text!r}: a player is NAME=SPEC, with a NAME of letters, digits and _ . + - "
            "(for example L3=level:3 or mybot=./mybot)"
        )
    return _parse_what(name, what)


def _parse_what(name: str, what: str) -> PlayerSpec:
    kind, _, rest = what.partition(":")
    if kind == "team":
        members = tuple(_parse_what(name, part.strip()) for part in rest.split("+"))
        if len(members) != 2 or any(member.kind not in ("level", "python") for member in members):
            raise SpecError(f"{name}: a team is team:SPEC+SPEC of two levels or Python players, not {what!r}")
        return PlayerSpec(name, "team", members=members)
    if kind == "level":
        if rest.strip() not in {str(level) for level in LEVELS}:
            raise SpecError(f"{name}: no level {rest.strip()!r} (levels 1-5)")
        return PlayerSpec(name, "level", level=int(rest))
    if kind == "python":
        module_name, colon, attribute = rest.strip().partition(":")
        if not colon or not module_name or not attribute.isidentifier():
            raise SpecError(f"{name}: a Python player is python:module:factory, not {what!r}")
        return PlayerSpec(name, "python", target=f"{module_name}:{attribute}")
    try:
        command = tuple(shlex.split(what))
    except ValueError as error:
        raise SpecError(f"{name}: cannot read the command {what!r}: {error}") from None
    if not command:
        raise SpecError(f"{name}: the bot's command is empty")
    return PlayerSpec(name, "command", command=command)


def level_player(level: int, name: str | None = None) -> PlayerSpec:
    """The built-in player of ``level``, named ``L<level>`` by default."""
    if level not in LEVELS:
        raise SpecError(f"no level {level} (levels 1-5)")
    return PlayerSpec(name or f"L{level}", "level", level=level)


def make_specs(items: Iterable[str | int | PlayerSpec]) -> list[PlayerSpec]:
    """Specs from levels (``3``), bare ``level:3`` texts, ``NAME=WHAT`` texts or specs, with unique names.

    Unnamed levels that repeat get ``-2``, ``-3`` ... (``L1``, ``L1-2``); two players
    given the same name explicitly are an error.
    """
    specs: list[tuple[PlayerSpec, bool]] = []
    named: set[str] = set()
    for item in items:
        if isinstance(item, PlayerSpec):
            spec, explicit = item, True
        elif isinstance(item, int):
            spec, explicit = level_player(item), False
        elif "=" not in item and item.startswith("level:"):
            spec, explicit = _parse_what(f"L{item[6:].strip()}", item), False
        else:
            spec, explicit = parse_player(item), True
        if explicit:
            if spec.name in named:
                raise SpecError(f"two players are named {spec.name}")
            named.add(spec.name)
        specs.append((spec, explicit))
    taken = set(named)
    result = []
    for spec, explicit in specs:
        if explicit:
            result.append(spec)
            continue
        name, n = spec.name, 1
        while name in taken:
            n += 1
            name = f"{spec.name}-{n}"
        taken.add(name)
        result.append(spec if name == spec.name else dataclasses.replace(spec, name=name))
    return result

"""The core: every rule of 66, once, with no third-party dependency.

Cards and card sets as ints (:mod:`~sixtysix.core.cards`), actions
(:mod:`~sixtysix.core.actions`), the rules as data (:mod:`~sixtysix.core.rules`) and
the rule facts as functions and tables of a :class:`~sixtysix.core.rules.Rules` value
(:mod:`~sixtysix.core.facts`: card points, who takes a trick, marriages, the last
trick, the game-point scales, hand sizes), the deals of every table size
(:mod:`~sixtysix.core.game`, :mod:`~sixtysix.core.threehanded`,
:mod:`~sixtysix.core.partnership`) behind one interface (:mod:`~sixtysix.core.table`:
``Table`` and ``TableMatch``), matches, per-seat and spectator views
(:mod:`~sixtysix.core.view`), the one-line text form of a deal
(:mod:`~sixtysix.core.textform`) and 66R records. Nothing here imports anything
outside the core. docs/core.md is the map.
"""

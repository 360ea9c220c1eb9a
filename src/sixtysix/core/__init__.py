"""The core: every rule of 66, once, with no third-party dependency.

Cards and card sets as ints (:mod:`~sixtysix.core.cards`), actions
(:mod:`~sixtysix.core.actions`), the rules as data and the rule facts as
functions of a :class:`~sixtysix.core.rules.Rules` value (:mod:`~sixtysix.core.rules`),
the deals of every table size (:mod:`~sixtysix.core.game`,
:mod:`~sixtysix.core.threehanded`, :mod:`~sixtysix.core.partnership`), matches,
per-seat views and 66R records. Nothing here imports anything outside the core.
"""

"""Computer players and analysis for 66, built on the core engine.

* :mod:`sixtysix.ai.solver`: exact search of positions where every card is known.
* :mod:`sixtysix.ai.sampling`: worlds consistent with a player's view.
* :mod:`sixtysix.ai.levels`: the five levels, from random to expert.
* :mod:`sixtysix.ai.analysis`: what each possible action is worth.
* :mod:`sixtysix.ai.clock`: the CPU-time clock of every time budget.
"""

"""Glicko-2 ratings: Glickman's published algorithm ("Example of the Glicko-2 system", glicko2.pdf).

No Glicko-2 package on PyPI is both kept up to date and typed, and the algorithm is short: this is
its steps 1-8 as published, with the Illinois iteration for the new volatility (step 5), checked
against the paper's example (``tests/web/test_ratings.py``). A rating period here is one match:
:func:`rate` takes a player and the results against the opponents of the period.

The paper's example, to its published precision: it rounds the Glicko-2 values to four digits
(mu' = -0.2069, phi' = 0.8722) before it scales them back to 1464.06 and 151.52 (unrounded they
give 1464.05 and 151.52), and cuts the volatility 0.059996 to 0.05999.

>>> games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
>>> after = rate(Rating(1500, 200, 0.06), games)
>>> round(to_mu(after.rating), 4), round(after.deviation / SCALE, 4), round(after.volatility, 6)
(-0.2069, 0.8722, 0.059996)
>>> round(from_mu(-0.2069), 2), round(0.8722 * SCALE, 2), round(after.rating, 2), round(after.deviation, 2)
(1464.06, 151.52, 1464.05, 151.52)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
"""Glicko-2's scale factor between the Glicko scale (1500, 350) and its own (0, 2.015)."""
TAU = 0.5
"""The system constant: how much the volatility may change (the paper suggests 0.3 to 1.2)."""
EPSILON = 0.000001
"""The convergence tolerance of step 5."""
START = 1500.0
"""A new player's rating."""
START_DEVIATION = 350.0
"""A new player's rating deviation."""
START_VOLATILITY = 0.06
"""A new player's volatility."""
PROVISIONAL = 110.0
"""A rating whose deviation is above this is provisional (shown marked: it says little yet)."""


@dataclass(frozen=True)
class Rating:
    """A rating on the Glicko scale: rating, deviation (RD), volatility."""

    rating: float = START
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    @property
    def provisional(self) -> bool:
        """Whether the deviation is still above :data:`PROVISIONAL`."""
        return self.deviation > PROVISIONAL


def to_mu(rating: float) -> float:
    """A rating on the Glicko-2 scale (step 2)."""
    return (rating - START) / SCALE


def from_mu(mu: float) -> float:
    """A Glicko-2 value back on the Glicko scale (step 8)."""
    return mu * SCALE + START


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def rate(player: Rating, results: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player``'s rating after one rating period: ``results`` are (opponent, score: 1 win, 0.5 draw, 0 loss).

    No result: only the deviation grows (step 6 alone), as the paper says for a player who did not play.
    """
    # step 2: to the Glicko-2 scale
    mu = to_mu(player.rating)
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        return Rating(player.rating, min(START_DEVIATION, math.sqrt(phi * phi + sigma * sigma) * SCALE), sigma)
    opponents = [(to_mu(o.rating), o.deviation / SCALE, score) for o, score in results]
    # steps 3 and 4: the estimated variance and improvement
    v_inverse = 0.0
    delta_sum = 0.0
    for mu_j, phi_j, score in opponents:
        g = _g(phi_j)
        e = _expected(mu, mu_j, phi_j)
        v_inverse += g * g * e * (1.0 - e)
        delta_sum += g * (score - e)
    v = 1.0 / v_inverse
    delta = v * delta_sum
    # step 5: the new volatility (the Illinois algorithm of the paper)
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    new_sigma = math.exp(big_a / 2.0)
    # steps 6 and 7: the new deviation and rating
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * delta_sum
    # step 8: back to the Glicko scale
    return Rating(from_mu(new_mu), new_phi * SCALE, new_sigma)

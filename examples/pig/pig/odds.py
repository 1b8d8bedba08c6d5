"""Pig's exact odds: how long a turn lasts, and what holding at N scores."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from rometools.draws import Bag, DrawsUntil, present


def die(sides: int = 6) -> Bag:
    """One die as a bag of faces (rolls are draws with replacement)."""
    return Bag({face: 1 for face in range(1, sides + 1)})


def rolls_until_pig(sides: int = 6) -> DrawsUntil:
    """The number of rolls until the first 1, through :mod:`rometools.draws`.

    >>> rolls_until_pig().mean(), rolls_until_pig().cdf(3)
    (Fraction(6, 1), Fraction(91, 216))
    """
    return die(sides).draws_until(present(1), replace=True)


def turn_points(hold_at: int, sides: int = 6) -> dict[int, Fraction]:
    """The exact law of the points one turn banks when the player rolls until the turn total
    reaches ``hold_at``, then holds (0 when a 1 comes first).

    >>> law = turn_points(2)
    >>> law[0], law[2], sum(law.values())
    (Fraction(1, 6), Fraction(1, 6), Fraction(1, 1))
    """
    if hold_at < 1 or sides < 2:
        raise ValueError(f"hold_at must be 1 or more and sides 2 or more, got {hold_at}, {sides}")

    @cache
    def law(total: int) -> tuple[tuple[int, Fraction], ...]:
        if total >= hold_at:
            return ((total, Fraction(1)),)
        out: dict[int, Fraction] = {0: Fraction(1, sides)}
        for face in range(2, sides + 1):
            for points, p in law(total + face):
                out[points] = out.get(points, Fraction(0)) + p / sides
        return tuple(sorted(out.items()))

    return dict(law(0))


def key_odds(config) -> list[tuple[str, Fraction]]:
    """The playtest report's exact odds: what holding at 20 (the greedy bot) gives in one turn.

    >>> from pig.rules import PigConfig
    >>> key_odds(PigConfig())[2]
    ('the first 1 comes within 3 rolls', Fraction(91, 216))
    """
    law = turn_points(20, config.sides)
    return [("a turn that holds at 20 banks nothing (rolls a 1 first)", law[0]),
            ("a turn that holds at 20 banks 20 exactly", law.get(20, Fraction(0))),
            ("the first 1 comes within 3 rolls", rolls_until_pig(config.sides).cdf(3))]

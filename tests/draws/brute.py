"""Brute force the tests of rometools.draws share: every order of a bag's tokens."""

from fractions import Fraction
from itertools import permutations


def orders(bag):
    """Every distinct order of the tokens of ``{kind: tokens}``, with its probability."""
    tokens = [k for k, c in bag.items() for _ in range(c)]
    seen = {}
    for order in permutations(tokens):
        seen[order] = seen.get(order, 0) + 1
    total = sum(seen.values())
    return [(order, Fraction(c, total)) for order, c in seen.items()]

"""Exact card odds for Via Romana, through :mod:`rometools.draws` (Fractions).

Each function answers for a hand of ``hand_size`` cards drawn from the deck, optionally
after the cards in ``seen`` (``{(colour, symbol): cards}``: your hand, the display, the
discard pile) have left it. Rules: ``002_2e34de0661bde959.txt``, Contents; Detailed
Building Rules (a fort: 2 cards of one colour; two milestones: a card of a city's colour
and symbol).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from rometools.core.errors import ArgumentError

__all__ = ["card_bag", "prob_at_least", "prob_card", "prob_fort", "prob_same_colour_pair"]


def card_bag(seen: Mapping[tuple[str, str], int] | None = None, components=None):
    """The deck as a :class:`~rometools.draws.Bag` of ``(colour, symbol)`` kinds, less ``seen``.

    >>> card_bag().total, card_bag({("blue", "temple"): 2}).total
    (55, 53)
    """
    from rometools.draws import Bag
    from rometools.via_romana.components import load_components

    comps = components or load_components()
    bag = Bag(comps.deck())
    if seen:
        for k in seen:
            if k not in comps.deck():
                raise ArgumentError(f"seen: unknown card {k!r}")
        bag = bag.remove(dict(seen))
    return bag


def _draw(hand_size: int, seen, components):
    if type(hand_size) is not int or hand_size < 0:
        raise ArgumentError(f"hand_size must be a whole number 0 or more, got {hand_size!r}")
    bag = card_bag(seen, components)
    if hand_size > bag.total:
        raise ArgumentError(f"hand_size {hand_size} is more than the {bag.total} cards left")
    return bag, bag.draw(hand_size)


def _colour_kinds(bag, colour):
    kinds = [k for k in bag.kinds if k[0] == colour]
    if not kinds:
        raise ArgumentError(f"unknown colour {colour!r}")
    return kinds


def prob_at_least(k: int, colour: str, hand_size: int, *, seen=None, components=None) -> Fraction:
    """P(at least ``k`` cards of ``colour`` among ``hand_size`` cards).

    >>> prob_at_least(2, "blue", 4)
    Fraction(1084, 6201)
    """
    from rometools.draws import at_least

    bag, draw = _draw(hand_size, seen, components)
    return draw.prob(at_least(_colour_kinds(bag, colour), k))


def prob_fort(colour: str, hand_size: int, *, seen=None, components=None) -> Fraction:
    """P(a fort of ``colour``: at least 2 cards of it among ``hand_size``)."""
    return prob_at_least(2, colour, hand_size, seen=seen, components=components)


def prob_same_colour_pair(hand_size: int, *, seen=None, components=None) -> Fraction:
    """P(some colour twice among ``hand_size`` cards): a fort somewhere.

    >>> prob_same_colour_pair(4)
    Fraction(4870, 6201)
    """
    from rometools.draws import at_least

    bag, draw = _draw(hand_size, seen, components)
    colours = sorted({k[0] for k in bag.kinds})
    cond = at_least(_colour_kinds(bag, colours[0]), 2)
    for c in colours[1:]:
        cond = cond | at_least(_colour_kinds(bag, c), 2)
    return draw.prob(cond)


def prob_card(colour: str, symbol: str, hand_size: int, *, seen=None, components=None) -> Fraction:
    """P(at least one card of ``colour`` and ``symbol``): a double milestone from that city.

    >>> prob_card("blue", "temple", 4)
    Fraction(14, 99)
    """
    from rometools.draws import present

    bag, draw = _draw(hand_size, seen, components)
    if (colour, symbol) not in bag.kinds and not any(k[0] == colour for k in bag.kinds):
        raise ArgumentError(f"unknown card {(colour, symbol)!r}")
    return draw.prob(present((colour, symbol)))


def key_odds(config) -> list[tuple[str, Fraction]]:
    """The playtest report's exact odds: what an opening hand holds.

    Examples
    --------
    >>> from rometools.via_romana import GameConfig
    >>> key_odds(GameConfig(players=3))[0]
    ('an opening hand of 4 can build a fort (two cards of one colour)', Fraction(4870, 6201))
    """
    comps, hand = config.the_components(), config.hand
    colours = sorted({k[0] for k in card_bag(components=comps).kinds})
    return [(f"an opening hand of {hand} can build a fort (two cards of one colour)",
             prob_same_colour_pair(hand, components=comps)),
            (f"an opening hand of {hand} can build a {colours[0]} fort",
             prob_fort(colours[0], hand, components=comps)),
            (f"an opening hand of {hand} holds the {colours[0]} temple card (a double milestone from a "
             f"{colours[0]} temple city)", prob_card(colours[0], "temple", hand, components=comps))]

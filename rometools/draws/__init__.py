"""Exact odds of table questions: bags, decks, tile stacks, dice pools and more (game-agnostic).

Every game draws from something: a Treasure token bag, a mobilisation bag, a
deck of cards with several attributes, a reward-tile stack, a die. Describe it as
a :class:`Bag` of kinds, ask a question, get an exact :class:`fractions.Fraction`:

* ``Bag(counts)``: an immutable multiset of kinds (hashable ids, or attribute
  tuples such as ``("red", "temple")``).
* ``bag.draw(n, replace=False)`` -> :class:`Draw`: ``.prob(condition)``,
  ``.law(selector | statistic | points)``, ``.mean(...)``, ``.outcomes()``.
* ``bag.draws_until(condition, replace=False)`` -> :class:`DrawsUntil`:
  ``.pmf()``, ``.cdf(n)``, ``.mean()``, ``.quantile(p)``.
* ``bag.deal(sizes)`` -> :class:`Deal`: hands, displays or turn order dealt at once;
  ``.split(selector)``, ``.prob([...])``, ``.prob_all``, ``.prob_any``.
* ``bag.prob_curve(condition)``: P(condition after n draws) for every n.
* Conditions: :func:`at_least`, :func:`at_most`, :func:`exactly`, :func:`present`,
  :func:`absent`, :func:`some_absent`, :func:`any_at_least`, and comparisons of the
  statistics :func:`count`, :func:`n_distinct`, :func:`n_kinds_at_least`,
  :func:`score`; combine with ``&``, ``|``, ``~``.
* ``.simulate(trials, rng=...)`` on a draw, a draws-until, a deal or a bag (for
  ``prob_curve``): the seeded Monte Carlo twin with the same methods, answering with
  Wilson intervals (t intervals for means).

Dice and the other table questions (issue 45):

* ``Die(faces)``, ``Die.d(n)``, ``Pool(dice)`` / ``Pool.from_text("2d6 + d8")``: ``.law``,
  ``.prob``, ``.mean``, ``.simulate`` like a draw; statistics over values :func:`total`,
  :func:`highest`, :func:`lowest`, :func:`maximum`, :func:`minimum`, :func:`kth_highest`,
  :func:`kth_lowest` (also on a draw of a bag whose kinds carry values), and
  :func:`with_wilds` (wilds counted as whatever scores best).
* :func:`contest` (Risk's pairs) and :func:`roll_off`; ``bag.draws_until(stop, bust=...)``
  and ``pool.rolls_until(...)`` (push your luck, :class:`PushYourLuck`); :func:`majority`
  (friendly, unfriendly or split ties); :func:`stacked` piles and :class:`Display` markets;
  :class:`Record` (a tournament's or playtest log's wins as seat-balance figures).

Selectors name tokens: a kind, a collection of kinds (pooled) or a predicate over a
kind. Points are ``{kind: table or callable count -> points}`` (ints, negative
allowed). A question too large for the exact engine raises :class:`TooLargeError`,
which says to use ``simulate``.

Examples
--------
>>> from rometools.draws import Bag, some_absent, n_distinct, at_least
>>> bag = Bag({"red": 3, "green": 2, "yellow": 1})
>>> bag.draw(3).prob(some_absent())
Fraction(7, 10)
>>> bag.draw(3).law(n_distinct())
{1: Fraction(1, 20), 2: Fraction(13, 20), 3: Fraction(3, 10)}
>>> Bag({"jack": 4, "other": 48}).draws_until(at_least("jack", 3)).mean()
Fraction(159, 5)
"""

from rometools.draws._engine import TooLargeError
from rometools.draws.bag import Bag, SimulatedBag
from rometools.draws.conditions import (
    Condition,
    Statistic,
    absent,
    any_at_least,
    at_least,
    at_most,
    count,
    exactly,
    highest,
    kth_highest,
    kth_lowest,
    lowest,
    maximum,
    minimum,
    n_distinct,
    n_kinds_at_least,
    present,
    score,
    some_absent,
    total,
    with_wilds,
)
from rometools.draws.contest import contest, roll_off, simulate_contest, simulate_roll_off
from rometools.draws.deal import Deal, SimulatedDeal
from rometools.draws.dice import Die, Pool, SimulatedPool
from rometools.draws.draw import Draw, SimulatedDraw
from rometools.draws.hypergeometric import hypergeometric_distribution, hypergeometric_pmf
from rometools.draws.luck import PushYourLuck, SimulatedPushYourLuck
from rometools.draws.majority import Majority, SimulatedMajority, majority, simulate_majority
from rometools.draws.record import Record
from rometools.draws.simulate import MeanEstimate, exact_beside_simulated, mean_estimate
from rometools.draws.stacked import (
    Display,
    DisplayLaw,
    SimulatedDisplay,
    SimulatedStack,
    Stack,
    StackDraw,
    stacked,
)
from rometools.draws.until import DrawsUntil, SimulatedDrawsUntil

__all__ = [
    "Bag",
    "Die",
    "Pool",
    "SimulatedPool",
    "highest",
    "kth_highest",
    "kth_lowest",
    "lowest",
    "maximum",
    "minimum",
    "total",
    "with_wilds",
    "contest",
    "roll_off",
    "simulate_contest",
    "simulate_roll_off",
    "PushYourLuck",
    "Majority",
    "Record",
    "Display",
    "DisplayLaw",
    "SimulatedDisplay",
    "SimulatedStack",
    "Stack",
    "StackDraw",
    "stacked",
    "SimulatedMajority",
    "majority",
    "simulate_majority",
    "SimulatedPushYourLuck",
    "Condition",
    "Deal",
    "Draw",
    "DrawsUntil",
    "MeanEstimate",
    "SimulatedBag",
    "SimulatedDeal",
    "SimulatedDraw",
    "SimulatedDrawsUntil",
    "Statistic",
    "TooLargeError",
    "absent",
    "any_at_least",
    "at_least",
    "at_most",
    "count",
    "exactly",
    "hypergeometric_distribution",
    "hypergeometric_pmf",
    "exact_beside_simulated",
    "mean_estimate",
    "n_distinct",
    "n_kinds_at_least",
    "present",
    "score",
    "some_absent",
]

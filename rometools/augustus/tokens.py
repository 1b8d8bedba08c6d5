"""The Augustus mobilisation bag token by token: the next token's odds, a seeded run of draws.

Rules: ``003_d241425e5c31f6f1.txt``: the caller "pioche un jeton"; after the joker "tous les
jetons mobilisation sont remis dans le sac". The exact odds of completing objectives over many
draws are in :mod:`~rometools.augustus.odds`, which also exports these functions.

Examples
--------
>>> next_token_odds({"shield": 1, "joker": 1})["joker"]
Fraction(1, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import numpy as np

from rometools.augustus.components import load_components
from rometools.core.errors import ArgumentError
from rometools.core.formatting import shown
from rometools.core.rng import RngLike, as_generator
from rometools.draws import Bag, TooLargeError

__all__ = ["MAX_LISTED_DRAWS", "draw_tokens", "key_odds", "next_token_odds"]

#: Most draws :func:`draw_tokens` lists (each row keeps the bag and its odds, about 3 KB).
MAX_LISTED_DRAWS = 10_000


def _count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 0:
        raise ArgumentError(f"{what} must be a whole number >= 0, got {shown(value)}")
    return int(value)


def next_token_odds(bag: Mapping[str, int]) -> dict[str, Fraction]:
    """The chance of each token kind on the next draw from a bag in any state.

    Parameters
    ----------
    bag : Mapping[str, int]
        Tokens left in the bag, ``{token id: tokens}``.

    Returns
    -------
    dict[str, Fraction]
        Every kind of ``bag`` (0 for a kind with no token left), summing to 1.

    Raises
    ------
    ArgumentError
        If the bag is empty or a count is negative or not an int.

    Examples
    --------
    >>> next_token_odds({"double_sword": 6, "shield": 5, "joker": 2})["joker"]
    Fraction(2, 13)
    >>> next_token_odds({"joker": 0})
    Traceback (most recent call last):
    ...
    rometools.core.errors.ArgumentError: the bag is empty: no token can be drawn
    """
    if not isinstance(bag, Mapping):
        raise ArgumentError(f"bag must be a mapping of token id to count, got {type(bag).__name__}")
    counts = Bag({k: _count(v, f"bag[{k!r}]") for k, v in bag.items()})
    if not counts.total:
        raise ArgumentError("the bag is empty: no token can be drawn")
    return {k: Fraction(n, counts.total) for k, n in counts.items()}


def draw_tokens(draws: int, rng: RngLike = None, *, bag: Mapping[str, int] | None = None
                ) -> list[dict[str, Any]]:
    """Draw tokens one at a time by the rule: without replacement, the bag full again after a joker.

    Each draw is sampled exactly from :func:`next_token_odds` of the bag as it
    stands (the chance node of the game).

    Parameters
    ----------
    draws : int
        Tokens to draw (draws).
    rng : None, int or numpy.random.Generator
        SPEC 7 seed: the same seed draws the same tokens.
    bag : Mapping[str, int], optional
        The full bag; default the Augustus bag.

    Returns
    -------
    list[dict]
        One row per draw: ``draw`` (1, 2, ...), ``token``, ``before`` (the bag
        before it, ``{token id: tokens}``), ``odds`` (``next_token_odds`` of
        that bag), ``reset`` (a joker: every token goes back after it).

    Examples
    --------
    >>> steps = draw_tokens(30, rng=1)
    >>> sum(steps[0]["before"].values()), steps[0]["odds"]["joker"]
    (23, Fraction(2, 23))
    >>> all(sum(s["before"].values()) == 23 for s, prev in zip(steps[1:], steps) if prev["reset"])
    True
    """
    from rometools.core.playout import sample_outcome

    comps = load_components()
    full = dict(comps.bag) if bag is None else {k: _count(v, f"bag[{k!r}]") for k, v in dict(bag).items()}
    n = _count(draws, "draws")
    if n > MAX_LISTED_DRAWS:  # refused before the first draw: each listed draw keeps its bag and odds
        raise TooLargeError(f"draw_tokens lists every draw with its bag and odds (about 3 KB each): at most "
                            f"{MAX_LISTED_DRAWS:,} draws, got {shown(draws)}; for how long an objective "
                            f"takes over many draws, simulate it: simulate_completion(slots, max_draws, "
                            f"trials, rng=...)")
    gen = as_generator(rng)
    left = dict(full)
    out = []
    for k in range(1, n + 1):
        if not sum(left.values()):
            raise ArgumentError(f"the bag is empty after {k - 1} draw{'s' * (k != 2)} (it holds no joker to "
                                f"refill it)")
        odds = next_token_odds(left)
        token = sample_outcome([(t, p) for t, p in odds.items() if p], gen)
        reset = token == comps.joker
        out.append({"draw": k, "token": token, "before": dict(left), "odds": odds, "reset": reset})
        left[token] -= 1
        if reset:
            left = dict(full)
    return out


def key_odds(config) -> list[tuple[str, Fraction]]:
    """The playtest report's exact odds: the first token drawn from the full bag, each kind.

    Examples
    --------
    >>> from rometools.augustus import GameConfig
    >>> question, p = key_odds(GameConfig(players=2))[0]
    >>> question.startswith("the first token drawn is"), 0 < p < 1
    (True, True)
    """
    from rometools.augustus.components import symbol_text

    return [(f"the first token drawn is a {symbol_text(kind)}", p)
            for kind, p in sorted(next_token_odds(config.components.bag).items(), key=lambda kp: kp[1])]

"""Strategies a bot can be denied: :class:`Restriction` (what a game declares in
``GameSpec(restrictions=...)``) and :class:`RestrictedBot` (a bot that never plays them), used by the
playtest's restricted play (:mod:`rometools.core.playtest`) and by :func:`rometools.core.compare.compare`'s
restricted-play weights: a module of their own so that those two import one way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rometools.core.bots import Bot
from rometools.core.errors import ArgumentError
from rometools.core.rng import integer_below

__all__ = ["RestrictedBot", "Restriction", "restriction_of"]


@dataclass(frozen=True)
class Restriction:
    """A strategy a bot can be denied: a game declares these in ``GameSpec(restrictions=...)``.

    Attributes
    ----------
    name : str
        An identifier (``"no_fort"``).
    forbids : str
        What it forbids, as a sentence a designer reads ("never builds a fort").
    rule : callable
        ``rule(state, action) -> bool``: whether ``action`` is forbidden in ``state``.

    Examples
    --------
    >>> r = Restriction("no_hold", "never holds", lambda state, action: action == "hold")
    >>> r.rule(None, "hold"), r.rule(None, "roll")
    (True, False)
    """

    name: str
    forbids: str
    rule: Callable[[Any, Any], bool]


class RestrictedBot(Bot):
    """A base bot that never plays the actions a :class:`Restriction` forbids.

    At each decision it asks the base bot; an allowed choice is played. A forbidden one
    is replaced by an allowed action drawn uniformly with the bot's ``rng`` (a bot cannot
    be asked generically for its second choice, so the restricted bot loses the strategy
    and, where the base bot wanted it, that decision's judgement: the measured loss is
    an upper bound of the strategy's weight). When every legal action is forbidden, the
    base bot's choice is played and counted in :attr:`forced`.
    """

    def __init__(self, base: Bot, restriction: Restriction, rules: Any):
        self.base, self.restriction, self._rules = base, restriction, rules
        self.name = f"{getattr(base, 'name', 'bot')} without {restriction.name}"
        self.forced = 0
        self.replaced = 0

    def decide(self, state: Any, rng: Any) -> Any:
        choice = self.base.choose(state, rng)
        if not self.restriction.rule(state, choice):
            return choice
        allowed = [a for a in self._rules.legal_actions(state) if not self.restriction.rule(state, a)]
        if not allowed:
            self.forced += 1
            return choice
        self.replaced += 1
        return allowed[integer_below(rng, len(allowed))]


def restriction_of(game: Any, restriction: str | Restriction) -> Restriction:
    """``restriction`` itself, or the one ``game`` declares by that name (``ArgumentError`` naming the
    game's restrictions for a name it does not declare)."""
    if isinstance(restriction, Restriction):
        return restriction
    declared = game.spec.restrictions
    if restriction not in declared:
        names = ", ".join(declared) or "none declared"
        raise ArgumentError(f"unknown restriction {restriction!r} for {game.title}; its restrictions: {names}")
    return declared[restriction]

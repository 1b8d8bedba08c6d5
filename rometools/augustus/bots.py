"""Augustus bots.

Every bot is a :class:`rometools.core.game.Bot`: ``choose(state, rng)`` returns a
legal action for the seat to move and raises ``ArgumentError`` at a chance or
terminal node.

* :class:`~rometools.core.game.RandomBot` -- a uniformly random legal action.
* :class:`GreedyBot` -- places to maximise its completion odds: every legal
  placement (and passing) gives each objective in play the value (points + 1)
  x its exact chance of completion within :attr:`GreedyBot.horizon` draws from
  a full bag (:func:`~rometools.augustus.odds.completion_cdf`, cached per
  open-slot multiset), :attr:`GreedyBot.complete_weight` x (points + 1) for one
  completed now; the bot maximises the best objective's value, then the sum.
  (Maximising the sum alone deadlocks: with every legion placed and every
  objective two slots short, no single move raises the sum, and the bot would
  pass forever. Raising the best objective always concentrates legions.) It keeps and takes
  the cards with the most points per expected draw, claims every count reward
  it can, and removes the opponent legion worth most to its owner.

Rules: ``003_d241425e5c31f6f1.txt``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from rometools.augustus.components import Objective
from rometools.augustus.odds import completion_cdf, expected_draws
from rometools.augustus.rules import legal_actions, open_slots
from rometools.augustus.state import PASS, GameState, Placed
from rometools.core.game import Bot, RandomBot
from rometools.core.playtest import Restriction

__all__ = ["BOTS", "GreedyBot", "RandomBot"]


@lru_cache(maxsize=8192)
def _within(open_: tuple[tuple[str, int], ...], horizon: int, bag: tuple[tuple[str, int], ...]) -> float:
    """P(open slots complete within ``horizon`` draws from a full bag)."""
    if not open_:
        return 1.0
    return float(completion_cdf(dict(open_), horizon, bag=dict(bag))[-1])


@lru_cache(maxsize=4096)
def _draws(slots: tuple[tuple[str, int], ...], bag: tuple[tuple[str, int], ...]) -> float:
    """Expected draws to fill ``slots`` from a full bag, as a float (the exact Fraction's nearest)."""
    return float(expected_draws(dict(slots), bag=dict(bag)))


class GreedyBot(Bot):
    """Places to maximise completion odds (see the module docstring).

    Attributes
    ----------
    horizon : int
        Draws ahead the completion odds look (draws). Default 6.
    complete_weight : float
        Weight of an objective completed now, against 1 for a sure completion
        within the horizon. Default 2.

    Examples
    --------
    >>> from rometools.augustus import legal_actions, new_game
    >>> s = new_game(rng=0)
    >>> GreedyBot().choose(s, np.random.default_rng(1)) in legal_actions(s)
    True
    """

    name = "greedy"
    trusted = True
    horizon = 6
    complete_weight = 2.0

    # ------------------------------------------------------------ values
    def card_value(self, card: Objective, bag: tuple[tuple[str, int], ...]) -> float:
        """Points per expected draw of a card alone (points/draw).

        Examples
        --------
        >>> from rometools.augustus import load_components, load_objectives
        >>> bag = tuple(load_components().bag.items())
        >>> GreedyBot().card_value(load_objectives().card(23), bag) == (6 + 1) / 12
        True
        """
        return (card.points + 1) / _draws(card.slots, bag)

    def position_value(self, state: GameState, seat: int, plays: Sequence[Placed]) -> tuple[float, float]:
        """``(best, total)`` over ``plays`` of (points + 1) x P(complete within ``horizon`` draws).

        An objective already complete counts ``complete_weight`` instead of the
        probability. Compared as a tuple: the best objective first, then the sum.
        """
        cards = state.config.cards
        bag = tuple(state.config.components.bag.items())
        values = self._objective_values(cards, bag, self._values_memo(cards, bag), plays)
        return max(values), sum(values)

    def _objective_values(self, cards, bag, memo: dict, plays: Sequence[Placed]) -> list[float]:
        """``[0.0]`` then each objective's value, in ``plays`` order (the order they are summed in)."""
        values = [0.0]
        for p in plays:
            value = memo.get((p.number, p.legions))
            values.append(self._objective_value(cards, bag, memo, p.number, p.legions) if value is None else value)
        return values

    def _objective_value(self, cards, bag, memo: dict, number: int, legions: tuple[int, ...]) -> float:
        """One objective's (points + 1) x P(complete within ``horizon`` draws), kept in ``memo``."""
        card = cards.card(number)
        open_ = tuple(open_slots(card, legions).items())
        value = (card.points + 1) * (_within(open_, self.horizon, bag) if open_ else self.complete_weight)
        memo[(number, legions)] = value
        return value

    def placement_values(self, state: GameState, seat: int, actions: Sequence) -> list[tuple[float, float]]:
        """``position_value`` of the seat's objectives after each placement, move or pass in ``actions``.

        Equals ``[position_value(state, seat, self._after(state, seat, a)) for a in actions]`` (tested,
        float for float: the same values summed in the same order), without rebuilding the seat's
        objectives per action: only the one or two a legion lands on or leaves are rated again.
        """
        cards = state.config.cards
        bag = tuple(state.config.components.bag.items())
        memo = self._values_memo(cards, bag)
        shifted = self._shifted_memo(cards, bag)
        plays = state.in_play[seat]
        base = self._objective_values(cards, bag, memo, plays)
        where = {p.number: k for k, p in enumerate(plays, 1)}
        after: dict = {}   # (card, symbol, +1/-1) or (card, from symbol, to symbol) -> (place in base, value)

        def one_card(number: int, changes: tuple[tuple[str, int], ...]) -> tuple[int, float]:
            k = where[number]
            legions = plays[k - 1].legions
            value = shifted.get((number, legions, changes))   # met in an earlier decision or game
            if value is None:
                symbols = cards.card(number).symbols()
                moved = list(legions)
                for symbol, by in changes:
                    moved[symbols.index(symbol)] += by
                key = (number, tuple(moved))
                value = memo.get(key)
                if value is None:
                    value = self._objective_value(cards, bag, memo, *key)
                shifted[(number, legions, changes)] = value
            return k, value

        passed = (max(base), sum(base))
        out = []
        for a in actions:
            if a == PASS:
                out.append(passed)
                continue
            values = base.copy()
            if a[0] == "place" or a[1] == a[3]:   # one objective changes
                key = (a[1], a[2], 1) if a[0] == "place" else (a[1], a[2], a[4])
                got = after.get(key)
                if got is None:
                    got = after[key] = one_card(a[1], ((a[2], 1),) if a[0] == "place" else ((a[2], -1), (a[4], 1)))
                values[got[0]] = got[1]
            else:   # a legion leaves one objective for another
                leave, land = (a[1], a[2], -1), (a[3], a[4], 1)
                got = after.get(leave)
                if got is None:
                    got = after[leave] = one_card(a[1], ((a[2], -1),))
                values[got[0]] = got[1]
                got = after.get(land)
                if got is None:
                    got = after[land] = one_card(a[3], ((a[4], 1),))
                values[got[0]] = got[1]
            out.append((max(values), sum(values)))
        return out

    def _after(self, state: GameState, seat: int, action) -> list[Placed]:
        """The seat's objectives in play after a placement action (nothing applied)."""
        cards = state.config.cards
        plays = list(state.in_play[seat])
        if action == PASS:
            return plays
        moves = [(action[1], action[2], +1)] if action[0] == "place" else [
            (action[1], action[2], -1), (action[3], action[4], +1)]
        for number, symbol, by in moves:
            i = next(k for k, p in enumerate(plays) if p.number == number)
            j = cards.card(number).symbols().index(symbol)
            legions = list(plays[i].legions)
            legions[j] += by
            plays[i] = Placed(number, tuple(legions))
        return plays

    #: Objective values by (card number, legions), per (objectives, bag, horizon, complete_weight);
    #: the last few of those kept, shared by every greedy bot (a bot is made per game).
    _MEMOS: dict = {}

    def _values_memo(self, cards, bag: tuple) -> dict:
        """Objective values by (card number, legions): one objective's value depends only on its card,
        its legions, the bag, ``horizon`` and ``complete_weight``, so it is rated once while those stay
        (every game of a config), however many actions, decisions and games meet it."""
        return self._kept(cards, bag)[1]

    def _shifted_memo(self, cards, bag: tuple) -> dict:
        """Objective values by (card number, legions, legions moved): the value after a legion lands
        on or leaves the card, kept as :meth:`_values_memo` keeps values."""
        return self._kept(cards, bag)[2]

    def _kept(self, cards, bag: tuple) -> tuple:
        key = (id(cards), bag, self.horizon, self.complete_weight)
        kept = self._MEMOS.get(key)
        if kept is None or kept[0] is not cards:   # an id reused by other objectives: rated anew
            if len(self._MEMOS) >= 8:
                self._MEMOS.pop(next(iter(self._MEMOS)))
            kept = self._MEMOS[key] = (cards, {}, {})
        return kept

    # ------------------------------------------------------------ decisions
    def decide(self, state: GameState, rng: np.random.Generator):
        actions = legal_actions(state)
        phase, seat = state.phase, state.seat
        cards = state.config.cards
        bag = tuple(state.config.components.bag.items())
        if phase == "claim":
            return "claim"
        if phase == "keep":
            def score(a):
                return sum(self.card_value(cards.card(n), bag) for n in a[1:])
        elif phase == "take":
            def score(a):
                return self.card_value(cards.card(a[1]), bag)
        elif phase == "remove":
            def score(a):
                if a == PASS:
                    return 0.0
                _, other, number, symbol = a
                before = self.position_value(state, other, state.in_play[other])[1]
                plays = [Placed(p.number, tuple(k - (p.number == number and s == symbol)
                                                for (s, _), k in zip(cards.card(p.number).slots, p.legions,
                                                                     strict=True)))
                         for p in state.in_play[other]]
                return before - self.position_value(state, other, plays)[1]
        else:  # place, power_place
            score = None
        values = (self.placement_values(state, seat, actions) if score is None
                  else [score(a) for a in actions])
        best = max(values)
        top = [a for a, v in zip(actions, values, strict=True) if v == best]
        if PASS in top and len(top) > 1:
            top.remove(PASS)  # a legion placed is never worse than a pass at equal value
        return top[int(rng.integers(len(top)))] if len(top) > 1 else top[0]


#: Bot classes by name.
BOTS = {"random": RandomBot, "greedy": GreedyBot}




#: Strategies a bot can be denied in restricted play (:mod:`rometools.core.playtest`).
RESTRICTIONS = (
    Restriction("no_move", "never moves a placed legion to another slot",
                lambda state, action: isinstance(action, tuple) and action[0] == "move"),
    Restriction("no_claim", "never claims a reward tile", lambda state, action: action == "claim"),
    Restriction("no_remove", "never uses a power to remove a rival's legion",
                lambda state, action: isinstance(action, tuple) and action[0] == "remove"),
)


def action_places(state, action) -> tuple[str, ...]:
    """The objective cards an action takes (kept at the set-up, taken from the row), by name."""
    if not isinstance(action, tuple) or action[0] not in ("keep", "take"):
        return ()
    cards = state.config.cards
    return tuple(cards.card(n).name for n in action[1:] if isinstance(n, int))

"""Augustus bots.

Every bot is a :class:`rometools.core.game.Bot`: ``choose(state, rng)`` returns a
legal action for the seat to move and raises ``ArgumentError`` at a chance or
terminal node.

* :class:`~rometools.core.game.RandomBot` -- a uniformly random legal action.
* :class:`GreedyBot` -- places to maximise its completion odds: every legal
  placement (and passing) gives each objective in play the value (points + 1 +
  the rewards it would bring) x its exact chance of completion within
  :attr:`GreedyBot.horizon` draws from a full bag
  (:func:`~rometools.augustus.odds.completion_cdf`, cached per open-slot
  multiset), :attr:`GreedyBot.complete_weight` x that weight for one completed
  now; the bot maximises the best objective's value, then the sum. The rewards
  are read from the components as loaded (a variant's values): a colour or
  all-colours reward nobody holds, the count reward its next objective lets it
  claim, a resource reward it would take, and points-per-colour powers
  (``_greedy.reward_bonus``).
  (Maximising the sum alone deadlocks: with every legion placed and every
  objective two slots short, no single move raises the sum, and the bot would
  pass forever. Raising the best objective always concentrates legions.) It keeps and takes
  the cards with the most points (and reward points) per expected draw, claims every count reward
  it can, and removes the opponent legion worth most to its owner. Its choice
  is made in the private module ``_greedy``, compiled as a twin where it was
  built (the same choices, faster; ``docs/architecture.md``).

Rules: ``003_d241425e5c31f6f1.txt``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rometools.augustus.components import Objective
from rometools.augustus.state import PASS, GameState, Placed
from rometools.core._cython import compiled_or_plain
from rometools.core.game import Bot, RandomBot
from rometools.core.playtest import Restriction

__all__ = ["BOTS", "GreedyBot", "RandomBot"]

#: GreedyBot's choice and the values it rates by: a compiled twin where it was built (the same source).
_greedy = compiled_or_plain("rometools.augustus._greedy")


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
    >>> import numpy as np
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
    def card_value(self, card: Objective, bag: tuple[tuple[str, int], ...], bonus: float = 0.0) -> float:
        """Points per expected draw of a card alone (points/draw); ``bonus``: the reward points it would
        bring (``_greedy.reward_bonus``), which the bot adds when it keeps and takes cards.

        Examples
        --------
        >>> from rometools.augustus import load_components, load_objectives
        >>> bag = tuple(load_components().bag.items())
        >>> GreedyBot().card_value(load_objectives().card(23), bag) == (6 + 1) / 12
        True
        """
        return _greedy.card_value(card, bag, bonus)

    def position_value(self, state: GameState, seat: int, plays: Sequence[Placed]) -> tuple[float, float]:
        """``(best, total)`` over ``plays`` of (points + 1 + reward points, ``_greedy.weights``) x
        P(complete within ``horizon`` draws).

        An objective already complete counts ``complete_weight`` instead of the
        probability. Compared as a tuple: the best objective first, then the sum.
        """
        return _greedy.position_value(state, seat, plays, self.horizon, self.complete_weight, self._MEMOS)

    def placement_values(self, state: GameState, seat: int, actions: Sequence) -> list[tuple[float, float]]:
        """``position_value`` of the seat's objectives after each placement, move or pass in ``actions``.

        Equals ``[position_value(state, seat, self._after(state, seat, a)) for a in actions]`` (tested,
        float for float: the same values summed in the same order), without rebuilding the seat's
        objectives per action: only the one or two a legion lands on or leaves are rated again.
        """
        return _greedy.placement_values(state, seat, actions, self.horizon, self.complete_weight, self._MEMOS)

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

    #: Objective values by (card number, legions), and by (card number, legions, legions moved),
    #: per (objectives, bag, horizon, complete_weight); the last few of those kept, shared by every
    #: greedy bot (a bot is made per game). One objective's value depends only on its card, its
    #: legions, the bag, ``horizon`` and ``complete_weight``, so it is rated once while those stay
    #: (every game of a config), however many actions, decisions and games meet it
    #: (``_greedy.kept``).
    _MEMOS: dict = {}

    # ------------------------------------------------------------ decisions
    #: ``decide(state, rng)`` (:meth:`Bot.decide`): the twin's function itself, bound as this class's
    #: method (it reads the bot's ``horizon``, ``complete_weight`` and ``_MEMOS``), with no Python frame
    #: of this module between the play loop and the choice
    decide = _greedy.decide


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
    """The objective cards an action takes (kept at the set-up, taken from the row), by number
    (as text: the hot spots' ids)."""
    if not isinstance(action, tuple) or action[0] not in ("keep", "take"):
        return ()
    return tuple(str(n) for n in action[1:] if isinstance(n, int) and not isinstance(n, bool))


def place_names(config) -> dict[str, str]:
    """Every objective card by number (as text), with its name (the hot spots show the names)."""
    return {str(c.number): c.name for c in config.cards.cards}

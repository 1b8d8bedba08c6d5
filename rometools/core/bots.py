"""The bot protocol: :class:`Bot` (``choose(state, rng)``) and every game's :class:`RandomBot`.

The bots every game has by name (``"mcts"``, ``"mcts:200"``) are
:data:`rometools.core.load.GENERIC_BOTS`.

A bot reads a state through its game's registered functions (found from the state's type,
:func:`rometools.core.registry.game_of`), so this module imports no game.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from rometools.core.errors import ArgumentError
from rometools.core.protocol import CHANCE, TERMINAL
from rometools.core.registry import game_of
from rometools.core.rng import as_generator, integer_below

__all__ = ["Bot", "RandomBot"]


class Bot:
    """Base class of every bot: ``choose(state, rng) -> action``.

    A bot reads a state through its game's public functions and returns one
    legal action for the seat to move. Randomness comes only from the ``rng``
    passed in (a :class:`numpy.random.Generator`, SPEC 7), so the same seed
    plays the same game.

    Subclasses implement :meth:`decide`; :meth:`choose` first refuses chance
    and terminal nodes with a :class:`~rometools.core.errors.ArgumentError`.

    Attributes
    ----------
    name : str
        The name the bot is registered under (``"random"``, ``"greedy"``...).
    trusted : bool
        ``True`` only for a bot whose actions come from its engine's own legal
        lists: the play loop then applies them with the game's
        ``apply_legal`` (no second validation). Default ``False``: every
        action goes through ``apply`` and an illegal one raises.

    Examples
    --------
    >>> import rometools
    >>> game = rometools.load_game("caesars_empire")
    >>> bot = game.bot("random")
    >>> state = game.new_game(rng=0)
    >>> bot.choose(state, np.random.default_rng(1)) in game.legal_actions(state)
    True
    >>> bot.choose(game.new_game(), np.random.default_rng(1))
    Traceback (most recent call last):
    ...
    rometools.core.errors.ArgumentError: the random bot has no decision to make: a chance node (the set-up deal) is pending
    """

    name: ClassVar[str] = "bot"
    trusted: ClassVar[bool] = False

    def choose(self, state: Any, rng: Any = None) -> Any:
        """A legal action for the seat to move.

        Parameters
        ----------
        state : game state
            A decision node.
        rng : None, int or numpy.random.Generator
            Randomness for tie-breaks and random choices (SPEC 7).

        Raises
        ------
        ArgumentError
            At a chance node or once the game is over.
        """
        player = game_of(state).rules.current_player(state)
        if player == CHANCE:
            raise ArgumentError(f"the {self.name} bot has no decision to make: a chance node "
                                f"({game_of(state).chance_name}) is pending")
        if player == TERMINAL:
            raise ArgumentError(f"the {self.name} bot has no decision to make: the game is over")
        return self.decide(state, as_generator(rng))

    def decide(self, state: Any, rng: np.random.Generator) -> Any:  # pragma: no cover - abstract
        """The bot's choice at a decision node (called by :meth:`choose` and the play loop)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(Bot):
    """Plays a uniformly random legal action: any game's ``"random"`` bot.

    One integer below the number of legal actions is drawn from ``rng`` at
    every decision (also when only one action is legal), so a seed replays
    the game. A game registers it as its ``"random"`` bot unless its engine
    has a faster way to the same law (Caesar's Empire counts its chains
    without listing them).

    Examples
    --------
    >>> import rometools
    >>> game = rometools.load_game("augustus")
    >>> s = game.new_game(rng=0)
    >>> RandomBot().choose(s, np.random.default_rng(1)) in game.legal_actions(s)
    True
    """

    name = "random"
    trusted = True

    def decide(self, state: Any, rng: np.random.Generator) -> Any:
        actions = game_of(state).rules.legal_actions(state)
        return actions[integer_below(rng, len(actions))]

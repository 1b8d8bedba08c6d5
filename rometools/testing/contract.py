"""The whole contract of one game, as a list of named checks a game's own tests parametrize over.

:func:`contract` gathers every registry-wide check of :mod:`rometools.testing` that applies to
a game: each :func:`~rometools.testing.check_game` check, each bundled data file broken every
way, hostile saved games, the refusals of ``apply``, the shared views and the readable log,
the options, what ``rometools games`` says, the playtest declarations, simulation, and (when
ipywidgets is installed) every explorer the game declares and the general explorers opened on
it. rometools' own tests call the same functions over the registry; a game in another
package runs them all from one test::

    import pytest
    from rometools.testing import contract

    @pytest.mark.parametrize("check", contract("pig"), ids=str)
    def test_pig_keeps_the_contract(check):
        check()
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from rometools.core.registry import game_spec

__all__ = ["Check", "contract"]


@dataclass(frozen=True)
class Check:
    """One named check of a game's contract: call it to run it (it raises ``AssertionError``)."""

    name: str
    run: Callable[[], Any]

    def __call__(self) -> Any:
        return self.run()

    def __str__(self) -> str:
        return self.name


def contract(game_id: str, *, explorers: bool | None = None, n_games: int = 20) -> list[Check]:
    """Every check of the contract that applies to a registered game, each named.

    Parameters
    ----------
    game_id : str
        A registered game.
    explorers : bool, optional
        Include the explorer checks. Default: when ipywidgets is installed.
    n_games : int
        Seeded games per config of :func:`~rometools.testing.check_game`'s playthroughs.

    Returns
    -------
    list of Check
        Named ``"check_game: playthroughs"``, ``"check_data_file: board.toml"``,
        ``"check_explorer pig_playout"``...: a test parametrizes over them (``ids=str``).

    Raises
    ------
    ArgumentError
        For an unknown game.

    Examples
    --------
    >>> names = [str(c) for c in contract("pig", explorers=False)]
    >>> names[:2], "check_views: action_text" in names
    (['check_game: playthroughs', 'check_game: round_trips'], True)
    """
    from rometools.testing import conformance, description, options, playtest, simulation, views
    from rometools.testing.data_files import (
        check_data_file,
        check_planted_values,
        check_special_files,
    )
    from rometools.testing.refusals import check_refusals
    from rometools.testing.saved_games import check_hand_built_states, check_huge_numbers

    spec = game_spec(game_id)
    out = [Check(f"check_game: {name}", partial(conformance.check_game, game_id, checks=[name], n_games=n_games))
           for name in conformance.CHECKS if name != "data_files"]
    for name in spec.data_files:
        out += [Check(f"check_data_file: {name}", partial(check_data_file, game_id, name)),
                Check(f"check_special_files: {name}", partial(check_special_files, game_id, name)),
                Check(f"check_planted_values: {name}", partial(check_planted_values, game_id, name))]
    out += [Check("check_refusals", partial(check_refusals, game_id)),
            Check("check_hand_built_states", partial(check_hand_built_states, game_id)),
            Check("check_huge_numbers", partial(check_huge_numbers, game_id))]
    for module, function in ((views, views.check_views), (options, options.check_options),
                             (description, description.check_description), (playtest, playtest.check_playtest),
                             (simulation, simulation.check_simulation)):
        out += [Check(f"{function.__name__}: {name}", partial(function, game_id, checks=[name]))
                for name in module.CHECKS]
    if explorers is None:
        explorers = importlib.util.find_spec("ipywidgets") is not None
    if explorers:
        from rometools.testing.explorers import check_explorer, check_general_explorers

        for declared in spec.explorers:
            out.append(Check(f"check_explorer {declared.page}",
                             lambda declared=declared: check_explorer(declared.load(), spec=declared)))
        out.append(Check("check_general_explorers", partial(check_general_explorers, game_id)))
    return out

"""The whole conformance contract a game package runs: rometools' registry-wide checks, callable.

Every check rometools holds its own games to is here, as a function a game in another
package calls from its own tests (as OpenSpiel's games call ``random_sim_test`` and
pgx's call ``api_test``); rometools' own tests call the same functions over the registry.

* :func:`check_game` (:mod:`rometools.testing.conformance`) -- the protocol at every node of
  seeded playthroughs, saved games and replays, same seed same game, invalid and illegal
  actions told apart, bots refusing chance nodes, no reference cycles, tampered saved games,
  OpenSpiel's ``random_sim_test``, every bundled data file broken every way; for a game that
  hides information, that what the seat to move cannot see changes neither its information
  state, its bots' moves, an MCTS decision nor ``resample``
  (:mod:`rometools.testing.hidden_information`).
* :func:`check_saved_game` (:mod:`rometools.testing.saved_games`) -- one state's saved game,
  tampered with every way, refused in words.
* :func:`check_data_file` (:mod:`rometools.testing.data_files`) -- one bundled data file,
  broken every way, refused naming the file and the entry.
* :func:`registered` and :func:`perft` (:mod:`rometools.testing.helpers`) -- a toy game in the
  registry for a ``with`` block; golden counts of action sequences.

Examples
--------
>>> from rometools.testing import check_game
>>> report = check_game("imperator", configs=[{"players": 2}], n_games=2,
...                     checks=["playthroughs", "round_trips", "actions"])
>>> print(report)
imperator: 3 checks passed on 1 config
  config 0 {'players': 2}: playthroughs, round_trips, actions
"""

from rometools.testing.conformance import (
    CHECKS,
    MAX_GAME_ACTIONS,
    OPENSPIEL_SIMS,
    CheckReport,
    check_game,
)
from rometools.testing.data_files import (
    FILE_TIME_LIMIT,
    MEMORY_CAP,
    VARIANT_TIME_LIMIT,
    check_data_file,
)
from rometools.testing.helpers import perft, registered
from rometools.testing.saved_games import SAVED_JUNK, check_saved_game

__all__ = [
    "CHECKS",
    "FILE_TIME_LIMIT",
    "MAX_GAME_ACTIONS",
    "MEMORY_CAP",
    "OPENSPIEL_SIMS",
    "SAVED_JUNK",
    "VARIANT_TIME_LIMIT",
    "CheckReport",
    "check_data_file",
    "check_game",
    "check_saved_game",
    "perft",
    "registered",
]

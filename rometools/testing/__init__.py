"""The whole conformance contract a game package runs: rometools' registry-wide checks, callable.

Every check rometools holds its own games to is here, as a function a game in another
package calls from its own tests (as OpenSpiel's games call ``random_sim_test`` and
pgx's call ``api_test``); rometools' own tests call the same functions over the registry,
and ``tests/`` keeps only what is particular to the repository. :func:`contract` lists
them all for one game, each named, to parametrize a test over.

* :func:`check_game` (:mod:`~rometools.testing.conformance`) -- the protocol at every node of
  seeded playthroughs, saved games and replays, same seed same game, invalid and illegal
  actions told apart, bots refusing chance nodes, no reference cycles, tampered saved games,
  OpenSpiel's ``random_sim_test``, every bundled data file broken every way; for a game that
  hides information, that what the seat to move cannot see changes neither its information
  state, its bots' moves, an MCTS decision nor ``resample``
  (:mod:`~rometools.testing.hidden_information`).
* :func:`check_refusals` (:mod:`~rometools.testing.refusals`) -- a value that is no action and
  an action not allowed now, told apart at every kind of node and in a saved game's history.
* :func:`check_saved_game`, :func:`check_hand_built_states`, :func:`check_huge_numbers`
  (:mod:`~rometools.testing.saved_games`) -- hostile saved games refused in words.
* :func:`check_data_file`, :func:`check_special_files`, :func:`check_planted_values`
  (:mod:`~rometools.testing.data_files`) -- hostile data files refused naming the file and entry.
* :func:`check_views` (:mod:`~rometools.testing.views`) -- the views every game has, and a log in
  the rulebook's words (the game's ``action_text``).
* :func:`check_options` (:mod:`~rometools.testing.options`) -- options declared once, refused in
  words naming the game and the option.
* :func:`check_description` (:mod:`~rometools.testing.description`) -- ``rometools games`` and
  one-line reprs.
* :func:`check_playtest` (:mod:`~rometools.testing.playtest`) -- the playtest declarations
  (restrictions, places, the board map, key odds) hold what they say.
* :func:`check_simulation` (:mod:`~rometools.testing.simulation`) -- ``simulate``'s rows are the
  games ``play`` gives, and replay.
* :func:`check_explorer`, :func:`check_game_explorers`, :func:`check_general_explorers`
  (:mod:`~rometools.testing.explorers`, ipywidgets imported when run) -- the explorer
  contract: a chart, fields in the designer's words, hostile values refused, all or nothing,
  typed numbers, readable texts and charts.
* :mod:`~rometools.testing.readability` -- what a designer must never read (ids, printed
  tuples, scientific notation), for texts, charts and notebooks.
* :func:`registered` and :func:`perft` (:mod:`~rometools.testing.helpers`) -- a toy game in the
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
from rometools.testing.contract import Check, contract
from rometools.testing.data_files import (
    FILE_TIME_LIMIT,
    MEMORY_CAP,
    VARIANT_TIME_LIMIT,
    check_data_file,
    check_planted_values,
    check_special_files,
)
from rometools.testing.description import check_description
from rometools.testing.explorers import (
    check_explorer,
    check_game_explorers,
    check_general_explorers,
)
from rometools.testing.helpers import perft, registered
from rometools.testing.options import check_options
from rometools.testing.playtest import check_playtest
from rometools.testing.refusals import check_refusals
from rometools.testing.saved_games import (
    SAVED_JUNK,
    check_hand_built_states,
    check_huge_numbers,
    check_saved_game,
)
from rometools.testing.simulation import check_simulation
from rometools.testing.views import check_views

__all__ = [
    "CHECKS",
    "FILE_TIME_LIMIT",
    "MAX_GAME_ACTIONS",
    "MEMORY_CAP",
    "OPENSPIEL_SIMS",
    "SAVED_JUNK",
    "VARIANT_TIME_LIMIT",
    "Check",
    "CheckReport",
    "check_data_file",
    "check_description",
    "check_explorer",
    "check_game",
    "check_game_explorers",
    "check_general_explorers",
    "check_hand_built_states",
    "check_huge_numbers",
    "check_options",
    "check_planted_values",
    "check_playtest",
    "check_refusals",
    "check_saved_game",
    "check_simulation",
    "check_special_files",
    "check_views",
    "contract",
    "perft",
    "registered",
]

"""The game registry, the bot protocol and a game bound to its options.

A game registers itself once with :func:`register_game` (its package does it
on import) and declares its package in the ``rometools.games`` entry-point
group of its distribution's ``pyproject.toml``::

    [project.entry-points."rometools.games"]
    augustus = "rometools.augustus:GAME"

so :func:`games` lists it, and :func:`load_game` builds it with its options,
whether it ships with rometools or with another installed package. Everything
written over the registry (the play loop, saved games, the conformance suite
:func:`rometools.testing.check_game`, the balance lab, the command line, the
OpenSpiel bridge) picks it up. The protocol a game's rules write, and the
defaults of the rest, are in :mod:`rometools.core.protocol`.

This module gathers the names a game package imports; each lives in the module of its job,
and the modules import one way (a test walks the graph, ``tests/core/test_import_graph.py``)::

    protocol  (CHANCE, TERMINAL, PROTOCOL, Rules)     the protocol and its defaults
    registry  (register_game, games, game_spec, game_of, spec_of_config, unregister_game)
    bots      (Bot, RandomBot)                         read a state through the registry
    saved     (to_json, from_json, load_saved_game)   the saved-game format
    playout   (play, states, turn_states, replay)     the play loop
    mcts      (MCTSBot, best_moves)                    every game's "mcts" bot
    load      (Game, load_game, GENERIC_BOTS, config_options, game_for)
    file_options (bundled_files, read_file_option, file_option_path)
    options   (Config, option)                         a game's config
    spec      (GameSpec)                               what a game registers, on top

Examples
--------
>>> import rometools
>>> "caesars_empire" in rometools.games()
True
>>> game = rometools.load_game("caesars_empire", players=3)
>>> game.title, game.config.players
("Caesar's Empire", 3)
>>> state = game.new_game(rng=1)
>>> game.current_player(state), len(game.legal_actions(state)) > 0
(0, True)
"""

from __future__ import annotations

from rometools.core.bots import Bot, RandomBot
from rometools.core.file_options import bundled_files, file_option_path, read_file_option
from rometools.core.load import (
    GENERIC_BOT_NAMES,
    GENERIC_BOTS,
    Game,
    config_options,
    game_for,
    load_game,
)
from rometools.core.protocol import CHANCE, PROTOCOL, TERMINAL, GameModule
from rometools.core.registry import (
    ENTRY_POINT_GROUP,
    game_of,
    game_spec,
    games,
    register_game,
    spec_from,
    spec_of_config,
    unregister_game,
)
from rometools.core.spec import GameSpec

__all__ = [
    "CHANCE",
    "ENTRY_POINT_GROUP",
    "GENERIC_BOTS",
    "GENERIC_BOT_NAMES",
    "PROTOCOL",
    "TERMINAL",
    "Bot",
    "Game",
    "GameModule",
    "RandomBot",
    "GameSpec",
    "config_options",
    "file_option_path",
    "game_for",
    "game_of",
    "game_spec",
    "games",
    "bundled_files",
    "load_game",
    "read_file_option",
    "register_game",
    "spec_from",
    "spec_of_config",
    "unregister_game",
]

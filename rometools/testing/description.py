"""What a game offers, discoverable without provoking an error: ``rometools games``, ``describe``, reprs.

:func:`check_description` holds a registered game to it: the ``rometools games`` listing
names its title, bots and options; ``rometools games GAME`` lists each option with what it
takes, its default and its meaning; its config, states and the data its file options load
read in one short line each.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Sequence

from rometools.core.describe import describe
from rometools.core.load import load_game
from rometools.core.registry import game_spec
from rometools.testing._common import _require, _run_checks, checks_doc

__all__ = ["CHECKS", "check_description"]


def _command(argv: list[str]) -> str:
    from rometools.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(argv)
    _require(code == 0, f"rometools {' '.join(argv)} exited {code}")
    return out.getvalue()


def _listing(game_id: str) -> None:
    spec = game_spec(game_id)
    lines = _command(["games"]).splitlines()
    line = next((line for line in lines if line.startswith(f"{game_id}: ")), None)
    _require(line is not None, f"`rometools games` does not list {game_id}")
    _require(spec.title in line and all(b in line for b in spec.bots), f"the listing lacks the title or a bot: {line}")
    missing = [o.name for o in spec.config.options() if o.name not in line]
    _require(not missing, f"the listing lacks the options {missing}: {line}")


def _options_text(game_id: str) -> None:
    out = " ".join(_command(["games", game_id]).split())   # the text is wrapped at 100 columns
    for option in game_spec(game_id).config.options():
        _require(f"{option.name} ({' '.join(option.takes().split())}; default" in out,
                 f"`rometools games {game_id}` does not say what {option.name} takes and its default")
        _require(" ".join(option.meaning.split()) in out, f"`rometools games {game_id}` lacks {option.name}'s meaning")
    _require(str(describe(game_id)).startswith(f"{game_id}: {game_spec(game_id).title} ("),
             f"describe({game_id!r}) does not start with the game's id and title")


def _reprs(game_id: str) -> None:
    game = load_game(game_id)
    state = game.new_game(rng=1)
    texts = [repr(game.config), repr(state)]
    texts += [repr(getattr(game.config, o.name)) for o in game.config.options()
              if o.file is not None and getattr(game.config, o.name) is not None]
    for text in texts:
        _require(len(text) < 400 and "\n" not in text, f"a repr of more than one short line: {text[:200]}")
    _require(repr(state).startswith(f"<{game_spec(game_id).title} state: {game.players} players, "),
             f"a state's repr is {repr(state)[:200]}")


#: The checks of :func:`check_description`, in the order they run: ``{name: (what it holds, function)}``.
CHECKS = {
    "listing": ("`rometools games` lists the game with its title, bots and options", _listing),
    "options_text": ("`rometools games GAME` says what each option takes, its default and meaning", _options_text),
    "reprs": ("the config, states and file data read in one short line", _reprs),
}


def check_description(game_id: str, *, checks: Sequence[str] | None = None) -> list[str]:
    game_spec(game_id)
    return _run_checks(CHECKS, "check_description", game_id, checks, game_id)


check_description.__doc__ = checks_doc(
    "Hold what a registered game says of itself to what every game's does", CHECKS, """\
    >>> check_description("pig")
    ['listing', 'options_text', 'reprs']""",)

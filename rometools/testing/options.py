"""A game's options: declared once, refused in words that name the game and the option.

:func:`check_options` holds a registered game's config to what every game's options do:
each option declared with what it takes and what it means; a refused player count, a
player count of the wrong type and an option the game does not have each an
:class:`~rometools.core.errors.OptionError` naming the game; a file option given a name that
is neither a file nor a bundled file's lists the game's bundled files; every ``key=value``
example of a hint is one of the game's own options and changes its config; the command
line's hint gives the game's own option.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
from collections.abc import Sequence

from rometools.core.errors import DataFileError, OptionError
from rometools.core.file_options import bundled_files
from rometools.core.load import config_options, load_game
from rometools.core.options import GENERIC_OPTIONS, option_example, option_examples
from rometools.core.registry import game_spec
from rometools.testing._common import _raises, _require, _run_checks, checks_doc

__all__ = ["CHECKS", "check_options"]

#: Player counts no game takes, tried by ``player_counts``.
REFUSED_PLAYERS = (99, 1, 0)


def _declared(game_id: str) -> None:
    spec = game_spec(game_id)
    fields = [f.name for f in dataclasses.fields(spec.config) if f.init] if dataclasses.is_dataclass(spec.config) \
        else config_options(game_id)
    # the game's own options in their order, then the generic ones every config has (the handicap)
    own = [f for f in fields if not f.startswith("_") and f not in GENERIC_OPTIONS]
    _require(config_options(game_id) == own + [f for f in GENERIC_OPTIONS if f in fields],
             f"the options {config_options(game_id)} are not the config's fields without private ones, "
             f"the generic ones ({', '.join(GENERIC_OPTIONS)}) last: {fields}")
    _require("players" in config_options(game_id), "the config has no players option")
    for o in spec.config.options():  # declared once: each says what it does and takes
        _require(o.meaning.endswith(".") and len(o.meaning) > 15 and o.takes(),
                 f"option {o.name}: its meaning {o.meaning!r} is not a sentence, or it does not say what it takes")


def _player_counts(game_id: str, players: Sequence[int] = REFUSED_PLAYERS) -> None:
    title = game_spec(game_id).title
    for n in players:
        err = _raises(OptionError, lambda n=n: load_game(game_id, players=n), f"players={n}")
        _require(err.option == "players", f"players={n}: the error names the option {err.option!r}")
        _require(title in str(err) and f"got {n}" in str(err), f"players={n}: {err} (it must name {title} and {n})")


def _player_type(game_id: str) -> None:
    _raises(OptionError, lambda: load_game(game_id, players="3"), "players='3'",
            match=f"^players: {game_spec(game_id).title}")


def _unknown_option(game_id: str) -> None:
    spec = game_spec(game_id)
    expected = f"{spec.title} has no option 'foo'; its options are {', '.join(config_options(game_id))}"
    err = _raises(OptionError, lambda: load_game(game_id, foo=1), "foo=1")
    _require(str(err) == expected and err.option == "foo", f"foo=1: {err}, not {expected!r}")
    from rometools.core.simulate import simulate

    err = _raises(OptionError, lambda: simulate(game_id, 1, config={"foo": 1}, progress=False), "simulate(config=...)")
    _require(str(err) == expected, f"simulate(config={{'foo': 1}}): {err}")
    err = _raises(OptionError, lambda: load_game(game_id, players=2, **{"_secret": 1}), "_secret=1")
    _require(str(err) == expected.replace("'foo'", "'_secret'"), f"a private field is no option either: {err}")


def _file_options(game_id: str, options: Sequence[str] | None = None) -> None:
    spec = game_spec(game_id)
    for option in (spec.file_options if options is None else options):
        bundled = bundled_files(game_id, option)
        if spec.config.option(option).default is None:  # the game reads a bundled file when none is given
            _require(bundled, f"{option}: the option reads a bundled file that data_files does not list for it")
        err = _raises(DataFileError, lambda option=option: load_game(game_id, **{option: "no_such_file_9"}),
                      f"{option}='no_such_file_9'")
        text = str(err)
        _require(text.startswith("no_such_file_9: no such file; give the path of a "), f"{option}: {text}")
        for name in bundled:
            _require(name.removesuffix(".toml").removesuffix(".yaml") in text,
                     f"{option}: the message does not list the bundled {name}: {text}")


def _examples(game_id: str) -> None:
    examples = option_examples(game_spec(game_id).config)
    _require(option_example(game_id) == (examples[0] if examples else "players=3"),
             f"option_example gives {option_example(game_id)!r}")
    default = load_game(game_id).config
    for example in examples:
        key, _, value = example.partition("=")
        with contextlib.suppress(json.JSONDecodeError):
            value = json.loads(value)
        _require(load_game(game_id, **{key: value}).config != default,
                 f"the example {example} leaves the default config unchanged")


def _command_line(game_id: str, flags: Sequence[str] = ("--option", "--compare")) -> None:
    from rometools.cli import main

    for flag in flags:
        command = ["simulate", game_id, "--games", "1"] if flag == "--option" else ["report", game_id, "--out", "x.html"]
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            try:
                main([*command, flag, "nonsense"])
                code = 0
            except SystemExit as stop:
                code = stop.code
        said = f"argument {flag}: an option is key=value, e.g. {option_example(game_id)}; got 'nonsense'"
        _require(code == 2, f"rometools {' '.join(command)} {flag} nonsense exited {code}, not 2")
        _require(said in err.getvalue(), f"{flag} nonsense: {err.getvalue()[-300:]!r} does not say {said!r}")


#: The checks of :func:`check_options`, in the order they run: ``{name: (what it holds, function)}``.
CHECKS = {
    "declared": ("every option declared with what it takes and a sentence of what it means", _declared),
    "player_counts": ("a refused player count names the game and the count", _player_counts),
    "player_type": ("a player count of the wrong type names the game", _player_type),
    "unknown_option": ("an option the game does not have is named, with the game's options", _unknown_option),
    "file_options": ("a file option naming no file lists the game's bundled files", _file_options),
    "examples": ("every key=value example is the game's own option and changes its config", _examples),
    "command_line": ("the command's key=value hint gives the game's own option", _command_line),
}


def check_options(game_id: str, *, checks: Sequence[str] | None = None, players: Sequence[int] | None = None,
                  options: Sequence[str] | None = None, flags: Sequence[str] | None = None) -> list[str]:
    game_spec(game_id)
    return _run_checks(CHECKS, "check_options", game_id, checks, game_id, players=players, options=options,
                       flags=flags)


check_options.__doc__ = checks_doc(
    "Hold a registered game's options to what every game's do", CHECKS, """\
    >>> check_options("pig", checks=["declared", "player_counts", "examples"])
    ['declared', 'player_counts', 'examples']""",
    """\
    players : sequence of int, optional
        The refused player counts ``player_counts`` tries. Default: :data:`REFUSED_PLAYERS`.
    options : sequence of str, optional
        The file options ``file_options`` tries. Default: all of the game's.
    flags : sequence of str, optional
        The command's flags ``command_line`` tries. Default: ``--option`` and ``--compare``.
""")

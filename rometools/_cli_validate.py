"""``rometools validate``: data files and variant files of any registered game checked as their game
reads them, each said in words (``valid: board.toml is a Caesar's Empire board file``) or refused naming
the file, the entry and the problem (:mod:`rometools.cli`).

::

    rometools validate my_board.toml my_tiles.toml my_variant.toml
    rometools validate --game augustus objectives.toml
"""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["run_validate"]


def _an(word: str) -> str:
    """``word`` after its indefinite article: "an Augustus", "a Caesar's Empire" (by its first letter)."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _kind_name(spec, kind: str) -> str:
    """What a designer calls a file kind (``spec.file_kinds[kind]``): the file option that takes it
    (IMPERATOR's "region" table is its ``board`` file), else the bundled file its loader reads
    (Caesar's Empire's "tables" are its ``components.toml``), else the table's name.

    Examples
    --------
    >>> from rometools.core.game import game_spec
    >>> [_kind_name(game_spec("imperator"), k) for k in ("region", "tile")]
    ['board', 'components']
    """
    load = spec.file_kinds[kind]
    options = [name for name, loader in spec.file_options.items() if loader == load]
    files = {Path(name).stem for name, loader in spec.data_files.items() if loader == load}
    if options:
        return options[0]
    return files.pop() if len(files) == 1 else kind


def _data_file(file: str, game: str | None) -> str:
    """What a data file holds ("an Augustus objectives file"), read with its game's loader.

    The game is ``--game``, else the file's ``[meta] game``. When that game
    knows none of the file's tables, or its loader refuses the file, but
    another game's loader reads it, the error says that the game named
    disagrees with the contents.

    Raises
    ------
    DataFileError, ArgumentError
        Naming the file, the entry and the problem.
    """
    from rometools.core.data import _read
    from rometools.core.errors import ArgumentError, DataFileError
    from rometools.core.game import game_spec, games
    from rometools.core.variant_file import empty_variant_file

    raw = _read(Path(file))
    if not raw:   # worded as the app and --variant word it (a data file is never empty either)
        raise empty_variant_file(file)
    if "variant" in raw and "meta" not in raw:
        return _variant_file(file, game)
    named, said = (game, "--game") if game else ((raw.get("meta") or {}).get("game"), "meta.game")
    if named is None:
        raise DataFileError(file, "meta.game", f"names no game; add [meta] game = \"...\" or pass "
                                               f"--game (one of {', '.join(games())})")
    try:
        spec = game_spec(named)
    except ArgumentError as err:  # a misspelt game: say where it was written
        if said == "--game":
            raise ArgumentError(f"--game {named}: {err}") from None
        raise DataFileError(file, "meta.game", str(err)) from None
    kind = next((k for k in spec.file_kinds if k in raw), None)
    try:
        if kind is None:
            raise DataFileError(file, "", f"is not {_an(spec.title)} data file I know: it has none of the "
                                          f"tables {sorted(spec.file_kinds)}")
        spec.file_kinds[kind](file)  # read whole, as the game reads it: every entry checked
        return f"{_an(spec.title)} {_kind_name(spec, kind)} file"
    except DataFileError as err:
        for other in (game_spec(g) for g in games() if g != spec.id):
            for other_kind in (k for k in other.file_kinds if k in raw):
                try:
                    other.file_kinds[other_kind](file)
                except Exception:  # noqa: BLE001 - not that game's file either
                    continue
                contents = (f"disagrees with the contents, which are {_an(other.title)} "
                            f"{_kind_name(other, other_kind)} file")
                if said == "--game":
                    raise DataFileError(file, "", f"--game {named} {contents}; pass --game {other.id}") from err
                raise DataFileError(file, "meta.game", f"{named!r} {contents}; set [meta] game = "
                                                       f"\"{other.id}\"") from err
        raise


class _Problems(Exception):
    """Several problems of one file (:func:`rometools.core.variants.variant_file_problems`)."""

    def __init__(self, problems: list):
        super().__init__("; ".join(map(str, problems)))
        self.problems = problems


def _variant_file(file: str, game: str | None) -> str:
    """What a variant file holds ("a Caesar's Empire variant 'gold' (1 option, 2 edits of
    components.toml)"), every edit checked against its game's files (:func:`rometools.load_variant`).

    Raises
    ------
    DataFileError
        Naming the file, the entry and the problem.
    """
    from rometools.core.errors import DataFileError
    from rometools.core.formatting import counted
    from rometools.core.variants import load_variant, variant_file_problems

    try:
        variant = load_variant(file)
    except DataFileError:
        problems = variant_file_problems(file)   # every problem one pass finds, not only the first
        if len(problems) > 1:
            raise _Problems(problems) from None
        raise
    if game is not None and game != variant.game:
        raise DataFileError(file, "variant.game", f"is {variant.game!r}, but --game {game} was given")
    parts = [counted(len(variant.options), "option")] if variant.options else []
    for option, changes in variant.edits.items():
        parts.append(f"{counted(len(changes), 'edit')} of {variant.base_file(option).name}")
    named = f" {variant.name!r}" if variant.name else ""
    return f"{_an(variant.spec.title)} variant{named} ({', '.join(parts) or 'the published game'})"


def _validate(args) -> int:
    """Report every file (``valid: ...`` on stdout, ``invalid: ...`` on stderr); 1 if any fails."""
    from rometools.core.formatting import counted

    failed = 0
    for file in args.files:
        try:
            what = _data_file(file, args.game)
        except _Problems as many:   # a variant file with several problems: each on its line
            print(f"invalid: {file}: {len(many.problems)} problems", file=sys.stderr)
            for err in many.problems:
                print(f"invalid: {err}", file=sys.stderr)
            failed += 1
        except Exception as err:  # noqa: BLE001 - the command reports every failure in words
            print(f"invalid: {err}", file=sys.stderr)
            failed += 1
        else:
            print(f"valid: {file} is {what}")
    if failed and len(args.files) > 1:
        print(f"{failed} of {counted(len(args.files), 'file')} invalid", file=sys.stderr)
    return 1 if failed else 0


#: ``rometools validate`` as :func:`rometools.cli.main` runs it.
run_validate = _validate

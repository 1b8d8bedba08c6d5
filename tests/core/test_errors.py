"""Every rometools error survives a pickle round trip, its message and its fields whole.

A process executor (``simulate(..., executor="process")``, a tuning run's batches) sends an
error raised in a worker back to the caller pickled; an error whose ``__init__`` takes other
arguments than its message (``OptionError(option, message)``) failed to unpickle there. Written
once over every error class of :mod:`rometools.core.errors` and every other
:class:`~rometools.core.errors.RometoolsError` rometools defines, so a new one is checked by
being written.
"""

from __future__ import annotations

import copy
import inspect
import pickle

import pytest

import rometools
import rometools.core.errors as errors
import rometools.draws  # noqa: F401 (defines TooLargeError)
import rometools.widgets._inputs  # noqa: F401 (defines NumberBoxError, a refused box of an explorer)
from rometools.core.errors import RometoolsError

for _game in rometools.games():   # every game package loaded, with any error class it defines
    rometools.load_game(_game)


def _all_subclasses(cls: type) -> list[type]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *_all_subclasses(sub)]
    return found


IN_MODULE = [c for c in vars(errors).values() if inspect.isclass(c) and issubclass(c, BaseException)]
ERRORS = sorted({*IN_MODULE, *(c for c in _all_subclasses(RometoolsError) if c.__module__.startswith("rometools"))},
                key=lambda c: (c.__module__, c.__qualname__))


def _raised(cls: type[BaseException]) -> BaseException:
    """An instance of ``cls`` made as its ``__init__`` takes it: text for each argument it requires,
    a message for ``*args``; a field named afterwards (``argument``) and a note, as callers add them."""
    args = []
    for p in inspect.signature(cls.__init__).parameters.values():
        if p.name == "self":
            continue
        if p.kind is p.VAR_POSITIONAL:
            args.append(f"{cls.__name__}: 'x' is refused")
        elif p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty:
            args.append(f"the {p.name} of {cls.__name__}")
    err = cls(*args)
    if isinstance(err, RometoolsError):
        err.argument = "seats"   # as errors.about names it
    err.add_note("while loading the variant file")
    return err


def test_the_classes_checked_include_every_error_of_the_module_and_its_subclasses_elsewhere():
    names = {c.__name__ for c in ERRORS}
    assert {"RometoolsError", "RulesError", "IllegalActionError", "InvalidActionError", "ArgumentError",
            "OptionError", "DataFileError", "TooLargeError", "NumberBoxError"} <= names


@pytest.mark.parametrize("cls", ERRORS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("protocol", [pickle.DEFAULT_PROTOCOL, pickle.HIGHEST_PROTOCOL, 2])
def test_every_error_pickles_and_copies_whole(cls, protocol):
    err = _raised(cls)
    for again in (pickle.loads(pickle.dumps(err, protocol)), copy.copy(err), copy.deepcopy(err)):
        assert type(again) is cls
        assert str(again) == str(err) and again.args == err.args
        assert vars(again) == vars(err)   # every field: option, path, entry, problem, argument, the notes
        assert again.argument == "seats" and again.__notes__ == ["while loading the variant file"]


def test_an_option_error_and_a_data_file_error_come_back_with_their_own_fields():
    from rometools.core.errors import DataFileError, OptionError

    err = pickle.loads(pickle.dumps(OptionError("hand", "hand must be a whole number 3 to 6, got 9")))
    assert (err.option, err.message, str(err)) == ("hand", "hand must be a whole number 3 to 6, got 9",
                                                   "hand must be a whole number 3 to 6, got 9")
    err = pickle.loads(pickle.dumps(DataFileError("board.toml", "city[3] (id='capua').value", "must be 1 to 8")))
    assert (err.path, err.entry, err.problem) == ("board.toml", "city[3] (id='capua').value", "must be 1 to 8")
    assert str(err) == "board.toml: city[3] (id='capua').value: must be 1 to 8"


def test_an_option_error_raised_in_a_worker_process_reaches_the_caller_whole():
    """What a process executor does: before, the caller got ``BrokenProcessPool`` ("A process in the
    process pool was terminated abruptly"), the designer's message lost."""
    from concurrent.futures import ProcessPoolExecutor

    from rometools.core.errors import OptionError, check_choice

    with ProcessPoolExecutor(max_workers=1) as pool:
        future = pool.submit(check_choice, "no_move", "stop", ("pass", "end_game"))
        with pytest.raises(OptionError) as raised:
            future.result()
    assert raised.value.option == "no_move" and str(raised.value) == "no_move must be one of pass, end_game; got 'stop'"


def test_a_number_box_error_comes_back_naming_its_box():
    """NumberBoxError(field, text) did not unpickle (its __init__ takes the box first): it is a
    RometoolsError now, pickled as the family is."""
    from rometools.widgets._inputs import NumberBoxError

    err = pickle.loads(pickle.dumps(NumberBoxError("max_games", "Budget must be a whole number 10 to 1,000,000, got 0")))
    assert (type(err), err.field, str(err)) == (NumberBoxError, "max_games",
                                                "Budget must be a whole number 10 to 1,000,000, got 0")
    assert isinstance(err, ValueError) and isinstance(err, RometoolsError)

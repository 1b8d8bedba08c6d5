"""The explorer contract: every explorer, of any game, held to it by :func:`check_explorer`.

``docs/architecture.md``, "The explorer contract": an explorer shows a chart; its fields are
``set_values``' keyword arguments, named in the designer's words; an update is all or
nothing; a refused value says so in one message naming the field and changes nothing; a
number typed in a browser is refused in words or kept as typed; whatever a data file or a
user gives is shown as text, never inserted as HTML; every text reads as a designer's
(no id, printed tuple, scientific notation); every chart is titled, with titled axes and
a legend or caption where colour carries meaning. :data:`CHECKS` lists the checks, each
with what it holds; :func:`check_explorer` runs them on one explorer class (or a built
explorer), :func:`check_game_explorers` on every explorer a game declares
(``GameSpec(explorers=...)``), and :data:`TALLY` counts the cases tried (the repository's
``tests/test_explorer_inputs.py`` prints it).

The view a check reads and :data:`TALLY` are in :mod:`rometools.testing.explorer_view`, the
typed-number checks in :mod:`rometools.testing.typed_numbers` (both re-exported here).

This module imports no widget: :func:`check_explorer` imports ipywidgets and plotly when
it runs (``pip install 'rometools[notebook]'``).
"""

from __future__ import annotations

import inspect
import math
import re
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rometools.core.errors import ArgumentError
from rometools.core.explorers import ExplorerSpec, explorers
from rometools.core.formatting import count_choices, shown
from rometools.testing._common import _require
from rometools.testing.explorer_view import TALLY, _base, _widgets, view  # noqa: F401 - re-exported
from rometools.testing.readability import (
    PAYLOAD,
    explorer_figures,
    figure_problems,
    raw_html,
    shown_ids,
    text_problems,
    walk,
    widget_texts,
)
from rometools.testing.typed_numbers import (  # noqa: F401 - re-exported: the typed-number checks, where they were
    _browser_int_boxes,
    _check_typed_numbers,
    _check_whole_number_boxes,
    _model,
    _said,
    _type,
    _typed,
    _whole_number_boxes,
)

__all__ = ["CHECKS", "HOSTILE", "TALLY", "check_explorer", "check_game_explorers", "check_general_explorers",
           "declared_explorers",
           "explorer_spec"]


def _is_playout(cls: type) -> bool:
    from rometools.widgets._playout import PlayoutExplorer

    return issubclass(cls, PlayoutExplorer)


def _args(spec: ExplorerSpec | None) -> dict[str, Any]:
    return dict(spec.test_args) if spec is not None else {}


HOSTILE = {
    "2.5": 2.5, "-5": -5, "10**30": 10**30, "'no'": "no", "''": "", "10 kB text": "x" * 10_000,
    "HTML": PAYLOAD, "[]": [], "{}": {}, "['<b>x</b>']": ["<b>x</b>"], "{HTML: 1}": {PAYLOAD: 1},
    "object()": object(), "nan": math.nan, "True": True, "bytes": b"\xff\xfe", "('a', 1)": ("a", 1),
    "[('red', 10**30)]": [("red", 10**30)], "{'x': 2.5}": {"x": 2.5},
}


def _accepts_type(annotation: str, value) -> bool:
    """Whether ``value`` is of a type the annotation names (``int | None``, ``Mapping[str, int]``...)."""
    parts, depth, word = [], 0, ""
    for ch in annotation.replace(" ", ""):
        depth += ch == "["
        depth -= ch == "]"
        if ch == "|" and depth == 0:
            parts.append(word)
            word = ""
        else:
            word += ch
    parts.append(word)
    for part in parts:
        base = part.split("[")[0].split(".")[-1]
        if base in ("object", "Any"):
            return True
        if base == "bool" and isinstance(value, bool):
            return True
        if base == "int" and isinstance(value, int) and not isinstance(value, bool):
            return True
        if base == "float" and isinstance(value, int | float) and not isinstance(value, bool):
            return True
        if base == "str" and isinstance(value, str):
            return True
        if base == "Path" and isinstance(value, Path):
            return True
        if base in ("Mapping", "dict") and isinstance(value, Mapping):
            return True
        if base in ("list", "Sequence", "Iterable", "tuple") and isinstance(value, list | tuple):
            return True
        if base and base[0].isupper() and type(value).__name__ == base:
            return True
    return False


def _shown_as_given(given, current) -> bool:
    if isinstance(given, Mapping):
        return isinstance(current, Mapping) and all(current.get(k) == v for k, v in given.items())
    if not given and not current:  # an empty value: no tokens, no start...
        return True
    return current == given


def _annotations(ex) -> dict[str, str]:
    import inspect

    return {p.name: str(p.annotation) for p in inspect.signature(ex.set_values).parameters.values()}


def _check_refusal(ex, before, label: str, where: str) -> list[str]:
    problems = []
    text = ex.message
    if not text.startswith("Cannot update:"):
        problems.append(f"{where}: message does not start with 'Cannot update:': {text[:120]!r}")
    if "unexpected error" in text:
        problems.append(f"{where}: an unexpected error: {text[:300]}")
    singular = label.lower().removesuffix("s")
    if singular not in text.lower():
        problems.append(f"{where}: the message does not name {label!r}: {text[:200]}")
    if len(text) > _base().MAX_MESSAGE + 120:
        problems.append(f"{where}: a {len(text)}-character message")
    # the designer's words, never the code's: no argument name whose label differs ("trials" for
    # "Simulated games", "skill_games" for "Skill-curve games"), unless quoted back from the input
    # (a word of a box's label is the designer's word too: "seat" of "Bots per seat")
    words = {w.removesuffix("s") for f in ex.fields() for w in re.findall(r"[a-z]+", ex.field_label(f).lower())}
    for field in ex.fields():
        if field.lower().removesuffix("s") not in words and re.search(rf"(?<![\w'\"]){re.escape(field)}(?![\w'\"])", text):
            problems.append(f"{where}: the message names the argument {field!r}, not its box "
                            f"{ex.field_label(field)!r}: {text[:200]}")
    if PAYLOAD in ex._message.value or "<b>x</b>" in ex._message.value:
        problems.append(f"{where}: the message inserts the input as HTML")
    if view(ex) != before:
        problems.append(f"{where}: a refused value changed what is shown")
    return problems


def _check_contract(explorer, spec) -> None:
    """docs/architecture.md, "The explorer contract": at least one chart, laid out among the
    children and drawn at opening; every field of set_values named in the designer's words."""
    _require(explorer._charts, "an explorer shows at least one chart (_add_chart)")
    laid_out = {id(w) for w in walk(explorer)}
    _require(all(id(chart.view) in laid_out for chart in explorer._charts.values()),
             "every chart's view is laid out among the explorer's children")
    _require(len(explorer_figures(explorer)) >= 1, "no chart was drawn at opening")
    _require(explorer.message == "", f"it opens with a message: {explorer.message[:200]!r}")
    _require(explorer.fields() and set(explorer.values()) <= set(explorer.fields()),
             "set_values takes keyword arguments (fields()), and values() gives each of them")
    _require(all(explorer.field_label(f) and explorer.field_label(f) != f for f in explorer.fields()
                 if "_" in f), "a field with an id-like name needs a FIELD_LABELS entry")


def _check_hostile_values(explorer, spec) -> None:
    ex = explorer
    annotations = _annotations(ex)
    problems = []
    for field in ex.fields():
        label = ex.field_label(field)
        for name, value in HOSTILE.items():
            where = f"{type(ex).__name__}.set_values({field}={name})"
            before = view(ex)
            try:
                ok = ex.set_values(**{field: value})
            except Exception as err:  # noqa: BLE001 - the point of the test
                problems.append(f"{where}: raised {type(err).__name__}: {str(err)[:200]}")
                TALLY["escaped"] += 1
                continue
            TALLY["tried"] += 1
            if ok is False:
                found = _check_refusal(ex, before, label, where)
                TALLY["clear error" if not found else "unclear"] += 1
                problems += found
                continue
            current = ex.values().get(field)
            if not _accepts_type(annotations[field], value):
                problems.append(f"{where}: a {type(value).__name__} was accepted (shown as {current!r:.80})")
                TALLY["converted"] += 1
            elif not _shown_as_given(value, current):
                problems.append(f"{where}: accepted but shown as {current!r:.80}")
                TALLY["converted"] += 1
            else:
                TALLY["accepted as given"] += 1
            if any(PAYLOAD in h for h in raw_html(ex)):
                problems.append(f"{where}: HTML from the input is inserted raw")
            ex.set_values(**{field: before_value(before, field)})
    _require(not problems, "\n".join(problems))


def before_value(before, field):
    values = eval(before[0], {"PosixPath": Path, "Path": Path})  # noqa: S307 - our own repr of plain values
    return values.get(field)


def _alternatives(ex, field) -> list:
    """Values of ``field`` that the explorer takes (found by trying), other than the current one."""
    current = ex.values().get(field)
    control = ex._controls.get(field)
    candidates: list = []
    if isinstance(current, bool):
        candidates = [not current]
    elif isinstance(current, int):
        candidates = [current + 1, current - 1]
    elif isinstance(current, Mapping) and current:
        key = next(iter(current))
        if isinstance(current[key], int) and not isinstance(current[key], bool):
            candidates = [{key: current[key] + 1}, {key: current[key] - 1}]
    if control is not None and hasattr(control, "options"):
        values = [o[1] if isinstance(o, tuple) else o for o in control.options]
        candidates += [v for v in values if v != current][:2]
    found = []
    for value in candidates:
        if ex.set_values(**{field: value}):
            found.append(value)
            _require(ex.set_values(**{field: current}), f"putting {field} back: {ex.message}")
            break
    return found


def _refused(ex, field) -> list:
    """Values of ``field`` refused on their own: hostile ones, and ones refused only in context."""
    refused = []
    for value in (10**30, -5, "no", PAYLOAD):
        if not ex.set_values(**{field: value}):
            refused.append(value)
    return refused[:2]


def _check_all_or_nothing(explorer, spec) -> None:
    ex = explorer
    good = {f: v for f in ex.fields() for v in _alternatives(ex, f)[:1]}
    bad = {f: _refused(ex, f) for f in ex.fields()}
    _require(len(good) >= 2, f"{type(ex).__name__}: found no two fields to change")
    problems = []
    for g, good_value in good.items():
        for b, values in bad.items():
            if b == g:
                continue
            for value in values:
                before = view(ex)
                where = f"{type(ex).__name__}.set_values({g}={good_value!r:.40}, {b}={value!r:.40})"
                TALLY["pairs tried"] += 1
                try:
                    ok = ex.set_values(**{g: good_value, b: value})
                except Exception as err:  # noqa: BLE001
                    problems.append(f"{where}: raised {type(err).__name__}")
                    continue
                if ok:
                    problems.append(f"{where}: accepted")
                elif view(ex) != before:
                    problems.append(f"{where}: applied part of the change")
                else:
                    TALLY["pairs all or nothing"] += 1
    _require(not problems, "\n".join(problems))


_STRING_ENTRY = re.compile(r'^(\s*)(\w+)(\s*=\s*)"([^"\n]*)"', re.MULTILINE)


def _drawn_raw(ex) -> bool:
    """Whether a chart of the explorer draws :data:`PAYLOAD` raw: in a trace's text or hover, an
    annotation, the title or an axis title (plotly renders those as HTML)."""
    for fig in explorer_figures(ex):
        texts = [str(v) for t in fig.data for v in (list(t.text or []) if not isinstance(t.text, str)
                                                    else [t.text]) + list(t.hovertext or [])]
        texts += [str(a.text) for a in fig.layout.annotations] + [str(fig.layout.title.text)]
        texts += [str(getattr(fig.layout, axis).title.text) for axis in ("xaxis", "yaxis")]
        if any(PAYLOAD in s for s in texts):
            return True
    return False


def _broken_variants(text: str) -> list[tuple[str, str]]:
    """One variant per text entry name: its first value replaced by HTML, and one by 5,000 characters."""
    out, seen = [], set()
    for m in _STRING_ENTRY.finditer(text):
        key = m.group(2)
        if key in seen:
            continue
        seen.add(key)
        for label, value in ((f"{key}=HTML", PAYLOAD.replace('"', "'")), (f"{key}=5000 chars", "b" * 5000)):
            start, end = m.span(4)
            out.append((label, text[:start] + value + text[end:]))
    return out


def _check_refused_players(explorer, spec) -> None:
    cls = type(explorer)
    if not _is_playout(cls):
        return
    default = cls()
    counts = default.all_player_counts()
    refused = cls(players=max(counts) + 1)
    _require(refused._players.value == default._players.value,
             f"players={max(counts) + 1} opened with {refused._players.value} players, not the default "
             f"{default._players.value}")
    _require(refused.states[-1] == default.states[-1],   # the same game as opening with no players given
             "a refused player count opened on another game than the default one")
    expected = (f"Cannot open with: Players must be {count_choices(counts)}, "   # the explorer's own wording
                f"got {max(counts) + 1} (opened with the defaults instead)")
    _require(refused.message == expected, f"the message is {refused.message!r}, not {expected!r}")
    if cls.DEFAULT_PLAYERS is not None:
        _require(default._players.value == cls.DEFAULT_PLAYERS,
                 f"it opens with {default._players.value} players, not its DEFAULT_PLAYERS {cls.DEFAULT_PLAYERS}")


def _check_broken_boards(explorer, spec) -> None:
    cls = type(explorer)
    if not _is_playout(cls) or not cls.HAS_BOARD:
        return
    with tempfile.TemporaryDirectory(prefix="rometools-boards-") as folder:
        _broken_boards(cls, Path(folder))


def _broken_boards(cls, tmp_path: Path) -> None:
    ex = cls()
    problems = []
    for source in ex.board_files().values():
        source = Path(source)
        if source.suffix != ".toml":
            continue
        counts = list(ex.player_counts(ex.load_board(source)))
        for label, text in _broken_variants(source.read_text(encoding="utf-8")):
            path = tmp_path / f"{source.stem}-{re.sub(r'[^a-z0-9]+', '_', label.lower())}.toml"
            path.write_text(text, encoding="utf-8")
            where = f"{cls.__name__} {source.name} {label}"
            TALLY["board files tried"] += 1
            try:
                ok = ex._set({"board": path, "players": counts[0]})   # set_values may call it "cards"...
            except Exception as err:  # noqa: BLE001
                problems.append(f"{where}: raised {type(err).__name__}")
                continue
            if not ok:
                if "unexpected" in ex.message or len(ex.message) > _base().MAX_MESSAGE + 120:
                    problems.append(f"{where}: unclear message {ex.message[:200]}")
                TALLY["board files refused clearly"] += 1
            else:
                TALLY["board files loaded"] += 1
            if any(PAYLOAD in h for h in raw_html(ex)):
                problems.append(f"{where}: HTML from the file is inserted raw")
            if _drawn_raw(ex):
                problems.append(f"{where}: HTML from the file is drawn raw in a chart")
    _require(not problems, "\n".join(problems))


def _check_html_components(explorer, spec) -> None:
    cls = type(explorer)
    if "components" not in inspect.signature(cls).parameters:
        return
    with tempfile.TemporaryDirectory(prefix="rometools-components-") as folder:
        _html_components(cls, spec, Path(folder))


def _html_components(cls, spec, tmp_path: Path) -> None:
    """Every explorer that takes a components file: each text entry of the bundled file planted with
    HTML in turn; a file that loads is shown with the HTML as text, in widgets and charts alike."""
    default = cls(**_args(spec))
    comps = default.components
    loader = sys.modules[type(comps).__module__].load_components
    source = Path(comps.path)
    problems, loaded = [], 0
    for label, text in _broken_variants(source.read_text(encoding="utf-8")):
        if not label.endswith("=HTML"):
            continue
        path = tmp_path / f"{re.sub(r'[^a-z0-9]+', '_', label.lower())}{source.suffix}"
        path.write_text(text, encoding="utf-8")
        try:
            planted = loader(path)
        except ValueError:  # refused by the loader: nothing reaches the page
            continue
        ex = cls(components=planted, **_args(spec))
        loaded += 1
        if any(PAYLOAD in h for h in raw_html(ex)):
            problems.append(f"{cls.__name__} {label}: HTML from the file is inserted raw")
        if _drawn_raw(ex):
            problems.append(f"{cls.__name__} {label}: HTML from the file is drawn raw in a chart")
    _require(loaded > 0, f"{cls.__name__}: no planted components file loaded (the check checked nothing)")
    _require(not problems, "\n".join(problems))


# ----------------------------------------------------------------- what a designer reads
def _states(ex, spec: ExplorerSpec | None, states: Sequence[Mapping[str, Any]] | None):
    yield "default", ex
    for values in (states if states is not None else (spec.states if spec is not None else ())):
        _require(ex.set_values(**values), f"the state {dict(values)!r} was refused: {ex.message}")
        yield str(dict(values)), ex


def _check_readable_texts(explorer, spec, states=None) -> None:
    ids = shown_ids()
    problems = []
    for state, ex in _states(explorer, spec, states):
        problems += [f"{state}: {p}" for p in text_problems(widget_texts(ex), ids)]
    _require(not problems, "\n".join(problems))


def _check_readable_charts(explorer, spec, states=None) -> None:
    problems = []
    for state, ex in _states(explorer, spec, states):
        figures = explorer_figures(ex)
        _require(figures, f"{type(ex).__name__} shows no chart")
        for i, fig in enumerate(figures):
            problems += figure_problems(fig, f"{type(ex).__name__} {state} chart {i}")
    _require(not problems, "\n".join(problems))


def _check_padding(explorer, spec) -> None:
    _require("rt-explorer" in explorer._dom_classes, "the explorer lacks the rt-explorer class (Explorer's padding)")
    _require(explorer.layout.padding and explorer.layout.padding.split()[-1] != "0",
             "the explorer is not padded off the page's left edge")


# ----------------------------------------------------------------- its declaration
def _css_classes(widget) -> list[str]:
    return [c for c in widget._dom_classes if c.startswith("rt-")]


def _steps(stress: Sequence) -> list[tuple]:
    out = []
    for step in stress:
        out += _steps(step[1:]) if step and step[0] == "then" else [tuple(step)]
    return out


STRESS_KINDS = ("number", "text", "text_area", "dropdown", "slider", "checkbox", "toggle", "choose", "button")
CHANGE_KINDS = ("number", "select", "keys", "number_then_click")


def _check_declaration(explorer, spec) -> None:
    """The explorer's :class:`~rometools.core.explorers.ExplorerSpec` says true things of it: the
    charts the browser watches are its charts, drawn at opening (``plots`` of them), the
    stress test's controls are its controls."""
    if spec is None:
        return
    charts = {f".{c}": chart for chart in explorer._charts.values() for c in _css_classes(chart.view)}
    for selector in (spec.chart, *spec.also_redraw):
        _require(selector.split()[0] in charts, f"{spec.page}: the declared chart {selector!r} is none of the "
                                                f"explorer's charts ({', '.join(sorted(charts)) or 'none'})")
    drawn = [c for c in explorer._charts.values() if bytes(c.source.figure) and c.view.layout.display != "none"]
    _require(len(drawn) == spec.plots, f"{spec.page}: declares {spec.plots} charts, the explorer draws "
                                       f"{len(drawn)} at opening")
    _require(spec.change and spec.change[0] in CHANGE_KINDS,
             f"{spec.page}: the browser change must be one of {', '.join(CHANGE_KINDS)}, got {spec.change!r}")
    steps = _steps(spec.stress)
    _require(steps, f"{spec.page}: declare the browser stress test's changes (stress=...)")
    for step in steps:
        kind, control = step[0], step[1] if len(step) > 1 else None
        _require(kind in STRESS_KINDS, f"{spec.page}: unknown stress change {step!r}; the kinds are "
                                       f"{', '.join(STRESS_KINDS)}")
        widget = explorer._controls.get(control) if control in explorer._controls else getattr(explorer, str(control),
                                                                                                 None)
        _require(widget is not None and _css_classes(widget),
                 f"{spec.page}: the stress change {step!r} names no control of the explorer with an rt- class")
        if kind == "dropdown" and len(step) > 2:   # the browser picks the choice by its label
            labels = [str(x) for x in getattr(widget, "_options_labels", ())]
            _require(str(step[2]) in labels,
                     f"{spec.page}: the stress change {step!r} picks {step[2]!r}, not a choice of the {control} list "
                     f"({', '.join(labels)}): pick one it holds, or leave the change out when it holds one choice "
                     f"(a game for one player count has no players change)")


# ----------------------------------------------------------------- the checks
#: The checks of :func:`check_explorer`, in the order they run, each with what it holds.
CHECKS: dict[str, tuple[str, Any]] = {
    "contract": ("a chart drawn at opening, fields named in the designer's words", _check_contract),
    "declaration": ("its ExplorerSpec names its charts, controls and plots truly", _check_declaration),
    "hostile_values": ("every field refuses hostile values clearly, or shows them as given", _check_hostile_values),
    "all_or_nothing": ("several fields at once: all or nothing", _check_all_or_nothing),
    "typed_numbers": ("a number typed in a browser is refused in words or kept", _check_typed_numbers),
    "whole_number_boxes": ("every whole-number box refuses fractions and out-of-range values in words, as typed",
                           _check_whole_number_boxes),
    "readable_texts": ("every text reads as a designer's: no id, printed tuple or scientific notation",
                       _check_readable_texts),
    "readable_charts": ("every chart titled, with titled axes and a legend or caption", _check_readable_charts),
    "padding": ("padded off the page's edge", _check_padding),
    "refused_players": ("a playout explorer given a refused player count opens on its own default",
                        _check_refused_players),
    "broken_boards": ("a playout explorer's broken board files never reach the page raw", _check_broken_boards),
    "html_components": ("a components file with HTML names is shown as text", _check_html_components),
}
#: The checks that read the explorer in the states it is given (``states=``).
_WITH_STATES = ("readable_texts", "readable_charts")


def explorer_spec(cls: type) -> ExplorerSpec | None:
    """The declaration (game's or general) whose explorer is ``cls``, or ``None``."""
    for spec in explorers():
        if spec.explorer == f"{cls.__module__}:{cls.__qualname__}":
            return spec
    return None


def declared_explorers(game: str | None = None) -> list[tuple[ExplorerSpec, type]]:
    """``(declaration, class)`` of every declared explorer (every game's, then the general ones),
    or one game's: each class imported now.

    Raises
    ------
    AssertionError
        Naming a declaration whose class cannot be imported or is no explorer.
    """
    import rometools.widgets  # noqa: F401 - registers the general explorers
    from rometools.widgets._base import Explorer

    out = []
    for spec in explorers(game):
        try:
            cls = spec.load()
        except (ImportError, AttributeError) as err:
            raise AssertionError(f"the explorer {spec.explorer} (page {spec.page}) does not import: "
                                 f"{type(err).__name__}: {err}") from err
        _require(inspect.isclass(cls) and issubclass(cls, Explorer),
                 f"{spec.explorer} is not an rometools.widgets._base.Explorer subclass")
        out.append((spec, cls))
    return out


def check_explorer(explorer: Any, *, checks: Sequence[str] | None = None, args: Mapping[str, Any] | None = None,
                   states: Sequence[Mapping[str, Any]] | None = None, spec: ExplorerSpec | None = None) -> list[str]:
    """Hold one explorer to the explorer contract; raise on the first failed check.

    Parameters
    ----------
    explorer : Explorer subclass or Explorer
        A class (built with ``args``) or an explorer already built (several checks on one
        explorer share it; a check leaves it as it found it, or on values it takes).
    checks : sequence of str, optional
        Names from :data:`CHECKS`. Default: all. A check that does not apply (a playout check
        of an odds explorer) passes at once.
    args : Mapping, optional
        Arguments that build the explorer. Default: its declaration's ``test_args``.
    states : sequence of Mapping, optional
        ``set_values`` arguments of the states the readability checks read beyond the opening
        one. Default: its declaration's ``states``.
    spec : ExplorerSpec, optional
        Its declaration. Default: found among :func:`rometools.core.explorers.explorers`.

    Returns
    -------
    list of str
        The checks that ran.

    Raises
    ------
    AssertionError
        ``check_explorer(BoardExplorer): check 'hostile_values' (...) failed: ...``, listing
        every problem the check found.
    ArgumentError
        For an unknown check, or an ``explorer`` that is no explorer.

    Examples
    --------
    >>> from rometools.widgets import CollectionExplorer
    >>> check_explorer(CollectionExplorer, checks=["contract", "declaration", "padding"])
    ['contract', 'declaration', 'padding']
    """
    from rometools.widgets._base import Explorer

    cls = explorer if inspect.isclass(explorer) else type(explorer)
    if not issubclass(cls, Explorer):
        raise ArgumentError(f"check_explorer takes an explorer or its class, got {shown(explorer)}")
    wanted = list(CHECKS) if checks is None else list(checks)
    for name in wanted:
        if name not in CHECKS:
            raise ArgumentError(f"unknown check {shown(name)}; the checks are {', '.join(CHECKS)}")
    spec = spec if spec is not None else explorer_spec(cls)
    built = explorer if not inspect.isclass(explorer) else cls(**(dict(args) if args is not None else _args(spec)))
    ran = []
    for name in (n for n in CHECKS if n in wanted):
        what, check = CHECKS[name]
        try:
            if name in _WITH_STATES:
                check(built, spec, states)
            else:
                check(built, spec)
        except AssertionError as err:
            raise AssertionError(f"check_explorer({cls.__name__}): check {name!r} ({what}) failed: {err}") from err
        ran.append(name)
    return ran


def check_game_explorers(game_id: str, *, checks: Sequence[str] | None = None) -> list[str]:
    """:func:`check_explorer` on every explorer the game declares (``GameSpec(explorers=...)``).

    Returns
    -------
    list of str
        ``"<page>: <check>"`` for every check that ran.

    Raises
    ------
    AssertionError
        As :func:`check_explorer`, or naming a declaration whose class does not import.
    """
    ran = []
    for spec, cls in declared_explorers(game_id):
        ran += [f"{spec.page}: {name}" for name in check_explorer(cls, checks=checks, spec=spec)]
    return ran


def check_general_explorers(game_id: str) -> None:
    """The explorers of no one game open on ``game_id``: the balance lab takes it, and its
    ``key=value`` hint and placeholders give the game's own options (never another game's).

    Raises
    ------
    AssertionError
        Naming what the balance lab showed.
    """
    from rometools.core.options import option_examples
    from rometools.core.registry import game_spec
    from rometools.widgets import BalanceExplorer

    ex = BalanceExplorer(game=game_id, games=2, run=False)
    examples = option_examples(game_spec(game_id).config) or ["players=3"]
    _require(ex._options_a.placeholder == f"e.g. {examples[0]}",
             f"the balance lab's Options A placeholder is {ex._options_a.placeholder!r}, not 'e.g. {examples[0]}'")
    _require(ex.set_values(options="nonsense") is False, "the balance lab took options='nonsense'")
    said = f"Options A: write options as key=value, e.g. {examples[0]}; got 'nonsense'"
    _require(said in ex.message, f"the balance lab said {ex.message!r}, not {said!r}")

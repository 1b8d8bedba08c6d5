"""Hostile explorer input (issue 9, section 3), generated for every explorer and every game.

For every concrete explorer of ``rometools.widgets`` (new ones are picked up when
exported) and every argument of its ``set_values``:

* no exception escapes, for any value (wrong types, out of range, huge, HTML,
  empty, objects);
* a value of a type the argument does not take is refused; a value of the
  right type is refused or shown exactly as given (never converted: ``"no"``
  is not ``False``, ``2.5`` is not ``2``, ``-5`` is not ``0``);
* a refusal says "Cannot update:", names the field as the designer sees it,
  stays under a few hundred characters, escapes what it quotes, is not an
  "unexpected error", and changes nothing (controls, values and charts);
* several fields at once are all or nothing: a good value of one field with a
  refused value of another changes nothing;
* a number typed in a browser's number box (no ``set_values`` check) is
  refused the same way or kept as typed;
* every whole-number box in the explorer (found in its widget tree) is a
  :class:`~rometools.widgets._base.WholeNumberText` with a range, and a typed
  ``1.5``, ``99999999999`` or a typed number out of its range is refused in words naming the
  field, the box put back and the state and charts unchanged, while a typed
  whole number in range is taken as typed (an ``IntText`` sent ``1.5`` as
  ``1``, a ``BoundedIntText`` clamped: both are emulated so that either fails).

For every explorer that plays a game from board files (a
:class:`~rometools.widgets.PlayoutExplorer`), every bundled board file of its
game is broken with HTML and huge values in each of its text entries: loading it
gives a clear message or a board whose every text is escaped on screen.

The totals per class (cases tried / clear error / accepted as given / anything
else) are printed by ``test_report`` (``pytest -s``).
"""

from __future__ import annotations

import inspect
import math
import re
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

import ipywidgets as widgets
import pytest
from readability_checks import PAYLOAD, explorer_classes, explorer_figures, raw_html, walk

from rometools.widgets import PlayoutExplorer
from rometools.widgets._base import MAX_MESSAGE, WholeNumberText, plain_text

EXPLORERS = explorer_classes()
TALLY: Counter = Counter()

HOSTILE = {
    "2.5": 2.5, "-5": -5, "10**30": 10**30, "'no'": "no", "''": "", "10 kB text": "x" * 10_000,
    "HTML": PAYLOAD, "[]": [], "{}": {}, "['<b>x</b>']": ["<b>x</b>"], "{HTML: 1}": {PAYLOAD: 1},
    "object()": object(), "nan": math.nan, "True": True, "bytes": b"\xff\xfe", "('a', 1)": ("a", 1),
    "[('red', 10**30)]": [("red", 10**30)], "{'x': 2.5}": {"x": 2.5},
}


#: Arguments that make an explorer quick to build and update in these tests (an explorer
#: not listed here is built with no arguments).
QUICK = {"BalanceExplorer": {"games": 6}}


@pytest.fixture(scope="module", params=EXPLORERS, ids=lambda c: c.__name__)
def explorer(request):
    return request.param(**QUICK.get(request.param.__name__, {}))


def view(ex) -> tuple:
    """What the user sees of an explorer: every field's value and every chart's content."""
    figures = [(tuple(t.to_plotly_json().items().__repr__() for t in f.data), f.layout.title.text)
               for f in explorer_figures(ex)]
    return repr(ex.values()), figures


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
    if len(text) > MAX_MESSAGE + 120:
        problems.append(f"{where}: a {len(text)}-character message")
    # the designer's words, never the code's: no argument name whose label differs ("trials" for
    # "Simulated", "skill_games" for "Skill-curve games"), unless quoted back from the input
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


# ----------------------------------------------------------------- one field at a time
def test_every_explorer_keeps_the_contract(explorer):
    """docs/architecture.md, "The explorer contract": at least one chart, laid out among the
    children and drawn at opening; every field of set_values named in the designer's words."""
    assert explorer._charts, "an explorer shows at least one chart (_add_chart)"
    laid_out = {id(w) for w in walk(explorer)}
    assert all(id(chart.view) in laid_out for chart in explorer._charts.values())
    assert len(explorer_figures(explorer)) >= 1 and explorer.message == ""
    assert explorer.fields() and set(explorer.values()) <= set(explorer.fields())
    assert all(explorer.field_label(f) and explorer.field_label(f) != f for f in explorer.fields()
               if "_" in f), "a field with an id-like name needs a FIELD_LABELS entry"


def test_every_field_refuses_hostile_values_clearly_or_shows_them_as_given(explorer):
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
    assert not problems, "\n".join(problems)


def before_value(before, field):
    values = eval(before[0], {"PosixPath": Path, "Path": Path})  # noqa: S307 - our own repr of plain values
    return values.get(field)


# ----------------------------------------------------------------- all or nothing
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
            assert ex.set_values(**{field: current}), ex.message
            break
    return found


def _refused(ex, field) -> list:
    """Values of ``field`` refused on their own: hostile ones, and ones refused only in context."""
    refused = []
    for value in (10**30, -5, "no", PAYLOAD):
        if not ex.set_values(**{field: value}):
            refused.append(value)
    return refused[:2]


def test_several_fields_are_all_or_nothing(explorer):
    ex = explorer
    good = {f: v for f in ex.fields() for v in _alternatives(ex, f)[:1]}
    bad = {f: _refused(ex, f) for f in ex.fields()}
    assert len(good) >= 2, f"{type(ex).__name__}: found no two fields to change"
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
    assert not problems, "\n".join(problems)


# ----------------------------------------------------------------- what a browser sends
def test_numbers_typed_in_a_browser_are_refused_or_kept(explorer):
    """A number box sends any whole number; the explorer refuses it with a message or keeps it."""
    ex = explorer
    problems = []
    for name, control in ex._controls.items():
        value = getattr(control, "value", None)
        if isinstance(value, bool) or not isinstance(value, int) or hasattr(control, "options") \
                or control.has_trait("max"):
            continue
        for typed in (-5, 10**12):
            ex._clear_error()
            before = view(ex)
            TALLY["typed numbers"] += 1
            try:
                control.value = typed          # what the front end sends
            except Exception as err:  # noqa: BLE001
                problems.append(f"{type(ex).__name__} {name}={typed}: raised {type(err).__name__}: {err}")
                continue
            if "rt-error" in ex._message._dom_classes:
                # refused: the charts keep the last valid input; the box is put back or keeps what was typed
                if control.value not in (value, typed) or view(ex)[1] != before[1] or "unexpected" in ex.message:
                    problems.append(f"{type(ex).__name__} {name}={typed}: refused but the view changed")
                else:
                    TALLY["typed numbers refused"] += 1
                control.value = value
            elif control.value != typed:
                problems.append(f"{type(ex).__name__} {name}={typed}: silently became {control.value}")
            else:
                TALLY["typed numbers kept"] += 1
                control.value = value
    assert not problems, "\n".join(problems)


# ----------------------------------------------------------------- whole numbers typed in a box
_BROWSER_INT_BOXES = (widgets.IntText, widgets.BoundedIntText)


def _whole_number_boxes(ex) -> list[tuple[str, widgets.Widget, str, tuple]]:
    """Every box of the explorer's widget tree a designer types a whole number in, that a
    browser lets them type in (not disabled): ``(control name or "", box, label, (low, high))``."""
    names = {id(w): name for name, w in ex._controls.items()}
    ranges = ex.number_boxes()
    found, seen = [], set()
    for w in walk(ex):
        if not isinstance(w, (WholeNumberText, *_BROWSER_INT_BOXES)) or id(w) in seen or w.disabled:
            continue
        seen.add(id(w))
        name = names.get(id(w), "")
        label = ex.field_label(name) if name else w.description
        bounds = ranges.get(name) or (getattr(w, "low", None), getattr(w, "high", None))
        if bounds == (None, None) and isinstance(w, widgets.BoundedIntText):
            bounds = (w.min, w.max)
        found.append((name, w, label, bounds))
    return found


def _type(box, text: str) -> None:
    """What a browser sends the kernel when ``text`` is typed in ``box`` and Enter pressed."""
    if isinstance(box, WholeNumberText):
        box.set_state({"value": text})    # the text, read by the kernel
        return
    value = int(float(text))              # an IntText's front end: parseInt, 1.5 -> 1
    if isinstance(box, widgets.BoundedIntText):
        value = min(max(value, box.min), box.max)  # ... and a BoundedIntText's clamps
    box.value = value


def _said(ex) -> str:
    """Every refusal on screen: the message area's, and any panel's (the strong-play search)."""
    texts = [ex.message] if "rt-error" in ex._message._dom_classes else []
    texts += [plain_text(w.value) for w in walk(ex) if isinstance(w, widgets.HTML) and w is not ex._message
              and 'class="rt-error"' in w.value]
    return " | ".join(texts)


def _model(ex) -> dict:
    return {a: getattr(ex, a, None) for a in ex.MODEL}


def _typed(ex, box, text: str) -> str:
    """Type ``text`` in ``box``; what the explorer newly says (after Run or the next redraw, for a
    box that is read only then, as the balance lab's Games)."""
    said = _said(ex)
    _type(box, text)
    if _said(ex) == said:
        ex.update()
    return "" if _said(ex) == said else _said(ex)


def test_every_whole_number_box_refuses_fractions_and_out_of_range_in_words(explorer):
    ex = explorer
    boxes = _whole_number_boxes(ex)
    problems = []
    for name, box, label, (low, high) in boxes:
        where = f"{type(ex).__name__} {name or label}"
        if isinstance(box, _BROWSER_INT_BOXES):
            problems.append(f"{where}: a {type(box).__name__}, whose browser side turns 1.5 into 1"
                            + (" and clamps" if isinstance(box, widgets.BoundedIntText) else ""))
        if (low, high) == (None, None):
            problems.append(f"{where}: the box declares no range (WholeNumberText low/high or NUMBER_BOXES)")
        bad = ["1.5", "99999999999"] + ([str(low - 1)] if low is not None else []) + (
            [str(high + 1)] if high is not None else [])
        for text in bad:
            ex._clear_error()
            value, before, model = box.value, view(ex), _model(ex)
            TALLY["typed whole-number boxes"] += 1
            said = _typed(ex, box, text)
            if not said:
                problems.append(f"{where}: typed {text!r} was not refused (the box holds {box.value!r})")
                _typed(ex, box, str(value))
                continue
            if not said.startswith("Cannot") or "unexpected" in said:
                problems.append(f"{where}: typed {text!r}: unclear refusal {said[:200]!r}")
            if label.lower().removesuffix("s") not in said.lower() or text not in said:
                problems.append(f"{where}: typed {text!r}: the refusal does not name {label!r} and the "
                                f"value: {said[:200]!r}")
            if box.value != value or view(ex) != before or any(
                    _model(ex)[a] is not model[a] for a in model):
                problems.append(f"{where}: typed {text!r}: refused, but the box ({box.value!r}, was "
                                f"{value!r}), the state or the charts changed")
            else:
                TALLY["typed whole-number boxes refused"] += 1
        # a whole number in range is taken as typed ("7", or one nearer the range)
        value = box.value
        lo, hi = (0 if low is None else low), (10**6 if high is None else high)
        candidates = dict.fromkeys(v for v in (7, min(max(7, lo), hi), lo, value - 1, value + 1, hi)
                                   if lo <= v <= hi and v != value)
        for v in candidates:
            ex._clear_error()
            if not _typed(ex, box, str(v)) and box.value == v and type(box.value) is int:
                TALLY["typed whole-number boxes kept"] += 1
                break
        else:
            problems.append(f"{where}: no typed whole number in range was taken (tried {list(candidates)}): "
                            f"{ex.message[:200]!r}")
        ex._clear_error()
        if _typed(ex, box, str(value)) or box.value != value:
            problems.append(f"{where}: typing back {value!r} failed: {ex.message[:200]!r}")
    assert boxes or not any(isinstance(w, WholeNumberText) for w in walk(ex))
    assert not problems, "\n".join(problems)


# ----------------------------------------------------------------- broken board files of every game
_STRING_ENTRY = re.compile(r'^(\s*)(\w+)(\s*=\s*)"([^"\n]*)"', re.MULTILINE)


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


PLAYOUTS = [c for c in EXPLORERS if issubclass(c, PlayoutExplorer)]


@pytest.mark.parametrize("cls", PLAYOUTS, ids=lambda c: c.__name__)
def test_a_refused_player_count_opens_on_the_explorers_own_default(cls):
    default = cls()
    counts = default.all_player_counts()
    refused = cls(players=max(counts) + 1)
    assert refused._players.value == default._players.value
    assert refused.states[-1] == default.states[-1]   # the same game as opening with no players given
    assert refused.message == (f"Cannot open with: Players must be {counts[0]} to {counts[-1]}, "
                               f"got {max(counts) + 1} (opened with the defaults instead)")
    if cls.DEFAULT_PLAYERS is not None:
        assert default._players.value == cls.DEFAULT_PLAYERS


@pytest.mark.parametrize("cls", PLAYOUTS, ids=lambda c: c.__name__)
def test_broken_board_files_never_reach_the_page_raw(cls, tmp_path):
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
                if "unexpected" in ex.message or len(ex.message) > MAX_MESSAGE + 120:
                    problems.append(f"{where}: unclear message {ex.message[:200]}")
                TALLY["board files refused clearly"] += 1
            else:
                TALLY["board files loaded"] += 1
            if any(PAYLOAD in h for h in raw_html(ex)):
                problems.append(f"{where}: HTML from the file is inserted raw")
            for fig in explorer_figures(ex):
                shown = [str(v) for t in fig.data for v in (list(t.text or []) if not isinstance(t.text, str)
                                                            else [t.text]) + list(t.hovertext or [])]
                shown += [str(a.text) for a in fig.layout.annotations] + [str(fig.layout.title.text)]
                if any(PAYLOAD in s for s in shown):
                    problems.append(f"{where}: HTML from the file is drawn raw in a chart")
    assert not problems, "\n".join(problems)


def test_report():
    """Print the tally of every class of input tried (run with ``-s``)."""
    print("\nexplorer input cases:", dict(sorted(TALLY.items())))
    assert TALLY["escaped"] == 0 and TALLY["converted"] == 0 and TALLY["unclear"] == 0


COMPONENT_EXPLORERS = [c for c in EXPLORERS if "components" in inspect.signature(c).parameters]


@pytest.mark.parametrize("cls", COMPONENT_EXPLORERS, ids=lambda c: c.__name__)
def test_component_files_with_html_names_are_shown_as_text(cls, tmp_path):
    """Every explorer that takes a components file: each text entry of the bundled file planted with
    HTML in turn; a file that loads is shown with the HTML as text, in widgets and charts alike."""
    import sys

    default = cls(**QUICK.get(cls.__name__, {}))
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
        ex = cls(components=planted, **QUICK.get(cls.__name__, {}))
        loaded += 1
        if any(PAYLOAD in h for h in raw_html(ex)):
            problems.append(f"{cls.__name__} {label}: HTML from the file is inserted raw")
        for fig in explorer_figures(ex):
            texts = [str(v) for t in fig.data for v in (list(t.text or []) if not isinstance(t.text, str)
                                                        else [t.text]) + list(t.hovertext or [])]
            texts += [str(a.text) for a in fig.layout.annotations] + [str(fig.layout.title.text)]
            texts += [str(getattr(fig.layout, axis).title.text) for axis in ("xaxis", "yaxis")]
            if any(PAYLOAD in s for s in texts):
                problems.append(f"{cls.__name__} {label}: HTML from the file is drawn raw in a chart")
    assert loaded > 0, f"{cls.__name__}: no planted components file loaded (the check checked nothing)"
    assert not problems, "\n".join(problems)


def test_csv_exports_keep_formulas_from_data_files_as_text(tmp_path):
    """A city named ``=HYPERLINK(...)`` in a board file is written to the explorer's CSV files
    with a leading quote, so a spreadsheet shows it instead of running it."""
    import csv

    from rometools.caesars_empire.board import board_path
    from rometools.widgets import BoardExplorer

    text = board_path("2-3").read_text(encoding="utf-8")
    first_name = re.search(r'^name\s*=\s*"([^"]+)"', text[text.index("[[city]]"):], re.M).group(1)
    planted = tmp_path / "formula_board.toml"
    planted.write_text(text.replace(f'"{first_name}"', '"=HYPERLINK(\'http://x\')"'), encoding="utf-8")
    ex = BoardExplorer(board=planted, players=2, seed=1)
    assert ex.message == ""
    cells = [cell for path in ex.export_csv(tmp_path) for row in csv.reader(path.open(encoding="utf-8"))
             for cell in row]
    assert not [c for c in cells if c.startswith(("=", "+", "@"))], "a formula reached a CSV cell"

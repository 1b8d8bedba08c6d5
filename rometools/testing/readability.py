"""What a designer must never read: checks of texts, charts, widget trees and notebooks.

* :func:`text_problems` -- ids instead of display names, printed dicts or tuples,
  scientific notation, nested brackets, unescaped HTML from data, long fractions alone.
* :func:`shown_ids` -- the ids of every registered game's bundled data that differ
  from their display names (``carthago_nova``), so that none may appear on screen.
* :func:`figure_problems` -- a chart without a title, an axis without a title, colour
  that carries meaning without a legend or caption.
* :func:`widget_texts` / :func:`figure_texts` / :func:`raw_html` -- every text a widget
  tree or a figure shows; :func:`explorer_figures` every figure an explorer's charts send.
* :func:`notebook_problems` -- the same over an executed notebook's outputs.

Used by :func:`rometools.testing.check_views` (a game's log), :func:`rometools.testing.check_explorer`
and the repository's chart and notebook tests. ipywidgets and plotly are imported by the
functions that read widgets or figures, never by this module: a game's own tests import it
without them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from typing import Any

from rometools.core.data import data_dir
from rometools.core.registry import game_spec, games

__all__ = ["PAYLOAD", "explorer_figures", "figure_problems", "figure_texts", "notebook_problems", "raw_html",
           "shown_figure", "shown_ids", "table_problems", "text_problems", "walk", "widget_texts"]

#: A text from a data file or a user that would run as HTML if inserted raw.
PAYLOAD = "<img src=x onerror=alert(1)>"

#: A printed Python dict, tuple of ids or numpy scalar: ``{'Yellow': 1}``, ``('connect', 0, ...``.
RAW_REPR = re.compile(r"\{'[^']*': |\('[a-z_]+', (\d|\(|')|\[\('|\bnp\.(int|float)64\(|\bnumpy\.")
#: Scientific notation: ``2.297844e-03``.
SCIENTIFIC = re.compile(r"\b\d(\.\d+)?e[-+]\d{2,}\b")
#: Brackets inside brackets: ``(Caesar's Empire (English edition))``.
NESTED = re.compile(r"\([^()]*\(")


# ----------------------------------------------------------------- what is on screen
def walk(root: Any) -> Iterator[Any]:
    """``root`` and every widget inside it (boxes' children), depth first."""
    yield root
    for child in getattr(root, "children", ()) or ():
        yield from walk(child)


def _plain(markup: str) -> str:
    from rometools.widgets._html import plain_text

    return plain_text(markup)


def _strings(value) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    try:
        return [v for v in value if isinstance(v, str)]
    except TypeError:
        return []


def figure_texts(fig: Any) -> list[str]:
    """Every text a figure shows: title, axis titles, legend names, labels, hovers, ticks, annotations."""
    layout = fig.layout
    out = _strings(layout.title.text)
    for key in layout.to_plotly_json():
        if key.startswith(("xaxis", "yaxis")):
            axis = layout[key]
            out += _strings(axis.title.text) + _strings(axis.ticktext)
    for note in layout.annotations or ():
        out += _strings(note.text)
    for trace in fig.data:
        if trace.showlegend is not False:
            out += _strings(trace.name)
        out += _strings(getattr(trace, "text", None)) + _strings(getattr(trace, "hovertext", None))
        x = getattr(trace, "x", None)
        if x is not None and len(x) and all(isinstance(v, str) for v in x):
            out += list(x)
    return [_plain(t) if "<" in t else t for t in out]


def widget_texts(root: Any) -> list[str]:
    """Every text a widget tree shows (HTML as plain text, labels, options, figures)."""
    import ipywidgets as widgets

    from rometools.widgets._charts import ChartView

    out: list[str] = []
    for w in walk(root):
        if isinstance(w, ChartView):
            fig = shown_figure(w)
            out += figure_texts(fig) if fig is not None else []
            continue
        if isinstance(w, widgets.HTML | widgets.HTMLMath | widgets.Label):
            out.append(_plain(w.value) if isinstance(w, widgets.HTML | widgets.HTMLMath) else w.value)
        out += _strings(getattr(w, "description", None)) + _strings(getattr(w, "placeholder", None))
        out += _strings(getattr(w, "_options_labels", None)) + _strings(getattr(w, "tooltip", None))
    return [t for t in out if t]


def raw_html(root: Any) -> list[str]:
    """The markup of every HTML widget in the tree (to look for unescaped text)."""
    import ipywidgets as widgets

    return [w.value for w in walk(root) if isinstance(w, widgets.HTML | widgets.HTMLMath)]


@lru_cache(maxsize=1)
def shown_ids() -> frozenset[str]:
    """Ids of every registered game's bundled data that a designer must never see.

    Every item of a loaded data file that has both an ``id`` and a ``name``
    (cities, cards, tiles...) whose id is not its name: ``carthago_nova``
    (Carthago Nova), ``capua`` (Capua). Texts are matched case-sensitively as
    whole words, so the name "Capua" never counts as the id ``capua``.
    """
    ids: set[str] = set()
    for gid in games():
        spec = game_spec(gid)
        for name, load in spec.data_files.items():
            try:
                data = load(data_dir() / gid / name)
            except Exception:  # a loader this check cannot use: its own tests cover it
                continue
            for attr, item in _items(data):
                ident, display = getattr(item, "id", None), getattr(item, "name", None)
                # a token named by its own word ("catapult" / "Catapult") reads as English in
                # lower case; "double_sword" does not
                if (isinstance(ident, str) and isinstance(display, str) and ident != display
                        and not (attr == "tokens" and ident == display.lower())):
                    ids.add(ident)
    return frozenset(ids)


def _items(data) -> Iterable[tuple[str, object]]:
    for attr in ("cities", "regions", "treasures", "tokens", "cards", "tiles", "objectives", "items"):
        value = getattr(data, attr, None)
        if isinstance(value, tuple | list):
            yield from ((attr, v) for v in value)
        elif isinstance(value, Mapping):
            yield from ((attr, v) for v in value.values())


#: An exact fraction as text, and what must follow a long one within 40 characters: its decimal or percent.
FRACTION = re.compile(r"(?<![\w/.])\d+/\d+(?![\w/])")
DECIMAL_NEAR = re.compile(r"\d\.\d|\d\s?%|1 in \d")


def text_problems(texts: Iterable[str], ids: Iterable[str] = (), *, fractions: bool = True) -> list[str]:
    """What is wrong with texts a designer reads, each as ``"problem: text"``.

    ``fractions=False`` leaves out the long-fraction check (a table's cells: its decimal may be
    the next column's, :func:`notebook_problems` checks the rows for it)."""
    id_pattern = re.compile(r"(?<![\w/.-])(" + "|".join(map(re.escape, sorted(ids))) + r")(?![\w.])") if ids \
        else None
    problems = []
    for text in texts:
        short = text if len(text) < 160 else text[:160] + "..."
        if id_pattern is not None and id_pattern.search(text):
            problems.append(f"an id ({id_pattern.search(text).group(0)}): {short}")
        if RAW_REPR.search(text):
            problems.append(f"a printed dict, tuple or numpy value: {short}")
        if SCIENTIFIC.search(text):
            problems.append(f"scientific notation: {short}")
        if NESTED.search(text):
            problems.append(f"nested brackets: {short}")
        if PAYLOAD in text:
            problems.append(f"unescaped HTML from data shown as text: {short}")
        for m in FRACTION.finditer(text) if fractions else ():  # 487173373/641943120 alone reads as noise
            if len(m.group()) > 12 and not DECIMAL_NEAR.search(text[m.end():m.end() + 40]):
                problems.append(f"a fraction of {len(m.group())} characters without its decimal: {short}")
                break
    return problems


# ----------------------------------------------------------------- charts
def _colours(value) -> set:
    if value is None or isinstance(value, str):
        return set()
    try:
        return {str(v) for v in value}
    except TypeError:
        return set()


def figure_problems(fig: Any, where: str = "figure") -> list[str]:
    """A chart must have a title, titled axes, and a legend or caption when colour carries meaning."""
    problems = []
    layout = fig.layout
    if not (layout.title.text or "").strip():
        problems.append(f"{where}: no title")
    has_data = any(len(getattr(t, "x", None) or getattr(t, "y", None) or ()) for t in fig.data)
    if has_data:
        for key in ("xaxis", "yaxis"):
            axis = layout[key]
            if axis.visible is not False and not (axis.title.text or "").strip():
                problems.append(f"{where}: the {key[0]} axis has no title")
        for key in layout.to_plotly_json():
            if re.fullmatch(r"xaxis\d+", key) and layout[key].visible is not False \
                    and not (layout[key].title.text or "").strip():
                problems.append(f"{where}: {key} has no title")
    caption = any(note.name == "caption" and (note.text or "").strip() for note in layout.annotations or ())
    legend_entries = {t.name for t in fig.data if t.showlegend is not False and t.name and t.visible is not False}
    shows_legend = layout.showlegend is not False and len(legend_entries) >= 2
    for trace in fig.data:
        marker = getattr(trace, "marker", None)
        colours = _colours(getattr(marker, "color", None)) if marker is not None else set()
        if len(colours) >= 2 and not caption:
            problems.append(f"{where}: trace {trace.meta or trace.name!r} varies its colour with no caption")
    traces_coloured = {str(getattr(getattr(t, "line", None), "color", None) or getattr(getattr(t, "marker", None),
                                                                                         "color", None))
                       for t in fig.data if t.visible is not False and t.showlegend is not False}
    # colour means something only once there is data (an empty state hides its legend under a note)
    if has_data and len(legend_entries) >= 2 and len(traces_coloured) >= 2 and not (shows_legend or caption):
        problems.append(f"{where}: several coloured traces but no legend or caption")
    return problems


def shown_figure(view: Any) -> Any:
    """The figure a chart's browser view draws: what its source sent (``None`` before any)."""
    import plotly.graph_objects as go

    raw = bytes(view.source.figure)
    return go.Figure(json.loads(raw)) if raw else None


def explorer_figures(root: Any) -> list[Any]:
    """Every figure the charts of a widget tree send to the browser."""
    from rometools.widgets._charts import ChartView

    return [fig for w in walk(root) if isinstance(w, ChartView) and (fig := shown_figure(w)) is not None]


# ----------------------------------------------------------------- notebooks
#: A column name a designer should not read: a Python identifier with underscores (``win_rate``).
SNAKE_CASE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$")
#: A number with more decimals than a reader takes in (``0.291667``): round it, or say it as a percentage.
LONG_DECIMAL = re.compile(r"(?<![\w.])-?\d+\.\d{4,}(?![\d%])")
#: A cell pandas cut short (``display.max_colwidth``): ``8 points less o...``, or ``…`` at its end.
CUT_CELL = re.compile(r"(\.\.\.|\u2026)$")
#: A column of rates, shares or chances: its cells read as percentages (``46%``), never ``0.46``.
RATE_COLUMN = re.compile(r"\b(rate|rates|share|chance|probability|p\(|odds)\b|%", re.I)
#: A column whose name gives its unit in points (``pp of win rate``, ``percentage points``): not a share.
POINTS_UNIT = re.compile(r"\bpp\b|\bpoints?\b", re.I)
#: A bare decimal between 0 and 1 (``0.46``, ``.5``), nothing beside it.
BARE_SHARE = re.compile(r"^0?\.\d+$")
#: The cells of one table row, header or data, in order.
_CELL = re.compile(r"<t([dh])[^>]*>(.*?)</t[dh]>", re.S)


def _table_rows(html_text: str) -> tuple[list[list[str]], list[list[tuple[str, str]]]]:
    """The header rows (their texts) and the body's rows of ``(kind, text)`` cells, ``kind``
    ``"h"`` for a row's name, ``"d"`` for a value. The header is ``<thead>``, or without one the
    leading rows of ``<th>`` cells only."""
    rows = [[(kind, _plain(text).strip()) for kind, text in _CELL.findall(row)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", html_text, re.S)]
    head = re.search(r"<thead[^>]*>(.*?)</thead>", html_text, re.S)
    if head:
        heads = len(re.findall(r"<tr[^>]*>", head.group(1)))
    else:
        heads = next((i for i, row in enumerate(rows) if any(kind == "d" for kind, _ in row)), len(rows))
    return [[text for _, text in row] for row in rows[:heads]], rows[heads:]


def table_problems(html_text: str) -> list[str]:
    """A table shown in a notebook (a DataFrame's HTML) that does not read like the explorers' tables.

    Each problem once per table, with its first cell:

    * a column named as in code (``win_rate``, ``ci_low``);
    * a number with four or more decimals (``0.291667``, ``0.2345``): round it, or say it as a percentage;
    * an exact fraction without its decimal or percentage in the same cell (``487173373/641943120``);
    * a cell cut short (``8 points less o...``, pandas' ``display.max_colwidth``): show the whole text
      (:func:`rometools.core.tables.designer_table`);
    * ``True`` or ``False`` where a designer reads a word (``yes``, ``no``);
    * a rate, share or chance column (its name says ``rate``, ``share``, ``chance``, ``probability``,
      ``odds`` or ``%``, and no unit in points: ``pp of win rate`` is a difference) holding a bare
      decimal (``0.46``) instead of a percentage.

    Examples
    --------
    >>> table_problems("<table><tr><th>win_rate</th></tr><tr><td>0.291667</td></tr><tr><td>3/5</td></tr></table>")
    ["a column named as in code: 'win_rate'", "a number not rounded: '0.291667'", "an exact fraction without its decimal: '3/5'"]
    >>> table_problems("<table><thead><tr><th>win rate</th><th>inside</th><th>meaning</th></tr></thead>"
    ...                "<tr><td>0.46</td><td>True</td><td>8 points less o...</td></tr></table>")
    ["a rate not as a percentage: 'win rate' reads '0.46'", "True or False instead of a word: 'True'", "a cell cut short: '8 points less o...'"]
    >>> table_problems("<table><tr><th>win rate</th></tr><tr><td>29%</td></tr><tr><td>3/5 (60%)</td></tr></table>")
    []
    """
    out: dict[str, str] = {}

    def found(kind: str, text: str) -> None:
        out.setdefault(kind, f"{kind}: {text}")

    heads, rows = _table_rows(html_text)
    for name in (name for row in heads for name in row):
        if SNAKE_CASE.match(name):
            found("a column named as in code", repr(name))
    # the names by position: the header row naming the most columns (pandas adds a row for a named index)
    names = max(heads, key=lambda row: sum(1 for text in row if text), default=[])
    for row in rows:
        for position, (kind, text) in enumerate(row):
            if kind == "h":  # a row's name (the index)
                if SNAKE_CASE.match(text):
                    found("a row named as in code", repr(text))
                if CUT_CELL.search(text):
                    found("a cell cut short", repr(text[-60:]))
                continue
            if LONG_DECIMAL.search(text):
                found("a number not rounded", repr(text[:60]))
            if FRACTION.search(text) and not DECIMAL_NEAR.search(text):
                found("an exact fraction without its decimal", repr(text[:60]))
            if CUT_CELL.search(text):
                found("a cell cut short", repr(text[-60:]))
            if text in ("True", "False"):
                found("True or False instead of a word", repr(text))
            name = names[position] if len(names) == len(row) else ""
            if name and RATE_COLUMN.search(name) and not POINTS_UNIT.search(name) and BARE_SHARE.match(text):
                found("a rate not as a percentage", f"{name!r} reads {text!r}")
    return list(out.values())


#: A page's styles and scripts, which no designer reads (unrolled: a lazy ``.*?`` stepped through plotly.js char by char).
_UNREAD = re.compile(r"<(style|script)\b[^<]*(?:<(?!/\1>)[^<]*)*</\1>")


def notebook_problems(nb, name: str = "notebook") -> list[str]:
    """What a designer must not read in an executed notebook's outputs.

    Text and HTML outputs (tables, prints) go through :func:`text_problems`
    (no ids, printed dicts or tuples, scientific notation, nested brackets), tables also through
    :func:`table_problems`; every plotly chart through :func:`figure_problems`, and it must carry
    an HTML copy beside plotly's JSON (:func:`rometools.charts.notebook_charts`), or it vanishes
    in Voila and an exported page.
    """
    import plotly.graph_objects as go

    problems = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        for out in cell.get("outputs", []):
            texts = []
            if out.get("output_type") == "stream":
                texts.append(out.get("text", ""))
            data = out.get("data", {})
            if "application/vnd.plotly.v1+json" in data and "text/html" not in data:
                problems.append(f"{name} cell {i}: a chart with no HTML copy (it vanishes outside JupyterLab: "
                                f"call rometools.charts.notebook_charts() in the first code cell)")
            if "application/vnd.plotly.v1+json" in data:
                spec = data["application/vnd.plotly.v1+json"]
                fig = go.Figure(spec.get("data", []), spec.get("layout", {}))
                problems += figure_problems(fig, f"{name} cell {i}")
                texts += figure_texts(fig)
            elif "text/html" in data:
                html_text = data["text/html"]
                html_text = html_text if isinstance(html_text, str) else "".join(html_text)
                # a page's styles and scripts (plotly.js, 4.8 MB, in a notebook's first output) are never read
                html_text = _UNREAD.sub("", html_text)
                cells = [_plain(cell_text) for cell_text in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", html_text, re.S)]
                problems += [f"{name} cell {i}: {p}" for p in text_problems(cells, shown_ids(), fractions=False)]
                rows = [" ".join(_plain(c) for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S))
                        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", html_text, re.S)]
                problems += [f"{name} cell {i}: {p}" for p in text_problems(rows) if "a fraction of" in p]
                problems += [f"{name} cell {i}: {p}" for p in table_problems(html_text)]
            elif "text/plain" in data and "application/vnd.jupyter.widget-view+json" not in data:
                plain = data["text/plain"]
                texts.append(plain if isinstance(plain, str) else "".join(plain))
            problems += [f"{name} cell {i}: {p}" for p in text_problems(texts, shown_ids())]
    return problems

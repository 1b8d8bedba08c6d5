"""HTML helpers of the explorers: tables, players and downloads as HTML, and HTML as plain text.

Every text from data is escaped. Re-exported by :mod:`rometools.widgets._base`.
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Sequence
from typing import Any

from rometools.charts._common import seat_colour
from rometools.core.formatting import number, seat_label, spreadsheet_safe

__all__ = ["Raw", "csv_link", "html_table", "plain_text", "seat_html", "stale_note"]

_TAG = re.compile(r"<!--.*?-->|</?[A-Za-z][^>]*>", re.DOTALL)


def plain_text(markup: str) -> str:
    """HTML widget text as plain text (``<br>`` becomes a space).

    Only what a browser reads as a tag is removed: a stray ``<`` followed by a
    space or a digit stays text, as it does on screen.

    Examples
    --------
    >>> plain_text("<b>Cannot</b> update:<br>x &lt; 0")
    'Cannot update: x < 0'
    >>> plain_text("test: p < 0.0001 (the seats differ).<br><small>Games needed: 1,799.</small>")
    'test: p < 0.0001 (the seats differ). Games needed: 1,799.'

    A table reads row by row, its cells apart and its rows split by "; ":

    >>> plain_text("rates<table><tr><th>player</th><th>wins</th></tr><tr><td>P1</td><td>3</td></tr></table>ok")
    'rates player wins; P1 3 ok'
    """
    text = re.sub(r"<br\s*/?>", " ", markup, flags=re.IGNORECASE)
    text = re.sub(r"\s*</tr>\s*</table>", " ", text, flags=re.IGNORECASE)  # the last row: no separator
    text = re.sub(r"\s*</tr>", "; ", text, flags=re.IGNORECASE)
    text = re.sub(r"\s*</t[dh]>\s*(?=<t[dh][\s>])", " ", text, flags=re.IGNORECASE)  # cells of a row
    text = re.sub(r"<table[^>]*>", " ", text, flags=re.IGNORECASE)
    return re.sub(r" {2,}", " ", html.unescape(_TAG.sub("", text))).strip()


class Raw(str):
    """Text that :func:`html_table` inserts as HTML, unescaped: only for markup built here
    from safe parts (e.g. :func:`seat_html`), never for text from a data file or a user."""


def seat_html(seat: int) -> Raw:
    """A seat as a designer reads it, ``P1`` ... in its seat colour (bold), as HTML.

    Examples
    --------
    >>> seat_html(0)
    '<span style="color:#1a237e;font-weight:bold">P1</span>'
    """
    return Raw(f'<span style="color:{seat_colour(seat)};font-weight:bold">{seat_label(seat)}</span>')


def _cell(value: Any) -> str:
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return number(value)
    return html.escape(str(value))


def html_table(rows: Any, css: str, *, columns: Sequence[str] | None = None, highlight: int | None = None,
               dim_after: int | None = None, numeric: Sequence[str] = ()) -> str:
    """An HTML table of ``rows``, every cell escaped (except :class:`Raw` markup).

    Parameters
    ----------
    rows : pandas.DataFrame or sequence of sequences
        The cells; a DataFrame brings its column labels.
    css : str
        CSS class of the ``<table>``.
    columns : sequence of str, optional
        Header labels (default: the DataFrame's columns).
    highlight : int, optional
        Position of a row to highlight (CSS ``rt-current``, pale yellow).
    dim_after : int, optional
        Rows after this position are greyed (e.g. turns not played yet).
    numeric : sequence of str
        Columns aligned right.

    Examples
    --------
    >>> html_table([["<b>x</b>", 1500]], "t", columns=["name", "points"], numeric=["points"])
    "<table class='t' style='border-collapse:collapse'><thead><tr><th style='padding:2px 8px;text-align:left;border-bottom:1px solid #999'>name</th><th style='padding:2px 8px;text-align:right;border-bottom:1px solid #999'>points</th></tr></thead><tbody><tr><td style='padding:2px 8px;text-align:left'>&lt;b&gt;x&lt;/b&gt;</td><td style='padding:2px 8px;text-align:right'>1,500</td></tr></tbody></table>"
    """
    if columns is None:
        columns = [str(c) for c in rows.columns]
    body_rows = rows.itertuples(index=False) if hasattr(rows, "itertuples") else rows
    align = ["right" if c in numeric else "left" for c in columns]
    head = "".join(f"<th style='padding:2px 8px;text-align:{a};border-bottom:1px solid #999'>"
                   f"{html.escape(str(c))}</th>" for c, a in zip(columns, align, strict=True))
    body = []
    for i, row in enumerate(body_rows):
        cls, style = "", ""
        if i == highlight:
            cls, style = " class='rt-current'", " style='background:#fff3c4;font-weight:bold'"
        elif dim_after is not None and i > dim_after:
            cls, style = " class='rt-later'", " style='color:#9e9e9e'"
        cells = "".join(f"<td style='padding:2px 8px;text-align:{a}'>{_cell(v)}</td>"
                        for v, a in zip(row, align, strict=True))
        body.append(f"<tr{cls}{style}>{cells}</tr>")
    return (f"<table class='{html.escape(css)}' style='border-collapse:collapse'><thead><tr>{head}</tr>"
            f"</thead><tbody>{''.join(body)}</tbody></table>")


def csv_link(frame: Any, filename: str, label: str, css: str = "rt-download") -> str:
    """An HTML link that downloads ``frame`` as a CSV file, in the browser (no file on the server).

    Text cells are :func:`~rometools.core.formatting.spreadsheet_safe` (a name from a data file
    never runs as a spreadsheet formula).

    Examples
    --------
    >>> import pandas as pd
    >>> link = csv_link(pd.DataFrame({"Turn": [1]}), "log.csv", "Game log (CSV)")
    >>> link.startswith("<a class='rt-download' download='log.csv' href='data:text/csv;base64,"), link[-19:]
    (True, '>Game log (CSV)</a>')
    """
    data = base64.b64encode(spreadsheet_safe(frame).to_csv(index=False).encode("utf-8")).decode("ascii")
    return (f"<a class='{html.escape(css)}' download='{html.escape(filename)}' "
            f"href='data:text/csv;base64,{data}'>{html.escape(label)}</a>")


def stale_note(last_run: str, button: str = "Run") -> str:
    """The line an explorer shows over results that are not for the controls now set: they are
    the last run's (``last_run``, its summary in plain words), and ``button`` (Run, Compare...)
    gives the settings above.

    Examples
    --------
    >>> plain_text(stale_note("Pig, 2 players, 4 games"))
    'Results below are for the last run: Pig, 2 players, 4 games; they are not for the controls now set: press Run for the settings above.'
    """
    return ('<div style="color:#5d4037;background:#fffbe6;border:1px solid #e0c060;padding:4px 8px">'
            f"<b>Results below are for the last run:</b> {html.escape(last_run)}; "
            f"they are not for the controls now set: press <b>{html.escape(button)}</b> for the settings above.</div>")

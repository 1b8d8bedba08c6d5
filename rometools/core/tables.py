"""Tables a designer reads in a notebook: every cell whole, no row numbers.

pandas cuts a cell longer than ``display.max_colwidth`` (50 characters) with ``...`` and
numbers the rows 0, 1, 2; the explorers' tables do neither. :func:`designer_table` returns
a :class:`DesignerTable`: a pandas DataFrame in every way (``.iloc``, ``.to_dict``, a CSV
export) whose notebook display shows every cell's whole text (the browser wraps it) and
hides a plain row count. Nothing global changes: a designer's own DataFrames display as
pandas sets them.

The helpers that build tables for notebooks use it: :func:`rometools.core.balance.seat_table`,
:func:`rometools.core.paired.comparison_table`, :meth:`rometools.core.flow.Flow.table`,
:meth:`rometools.draws.Record.table`. :func:`rometools.testing.readability.table_problems`
checks what they show.

This module imports pandas: import it inside the function that needs it.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

__all__ = ["DesignerTable", "designer_table"]


class DesignerTable(pd.DataFrame):
    """A DataFrame whose notebook display shows every cell whole and no plain row numbers.

    Derived tables (a selection of its columns or rows) stay designer tables.

    Examples
    --------
    >>> t = designer_table([{"figure": "Comebacks", "meaning": "The share of games whose winner "
    ...                      "was behind on points at some point after the first turn."}])
    >>> "after the first turn." in t._repr_html_(), "..." in t._repr_html_()
    (True, False)
    >>> ">0<" in t._repr_html_()  # no row number
    False
    >>> type(t[["meaning"]]).__name__, t.iloc[0]["figure"]
    ('DesignerTable', 'Comebacks')
    """

    @property
    def _constructor(self):
        return DesignerTable

    def _shows_index(self) -> bool:
        return not (isinstance(self.index, pd.RangeIndex) and self.index.start == 0 and self.index.step == 1
                    and self.index.name is None)

    def _repr_html_(self) -> str | None:
        if not pd.get_option("display.notebook_repr_html"):
            return None
        with pd.option_context("display.max_colwidth", None):
            return self.to_html(notebook=True, index=self._shows_index(), escape=True,
                                max_rows=pd.get_option("display.max_rows"),
                                max_cols=pd.get_option("display.max_columns"),
                                show_dimensions=pd.get_option("display.show_dimensions"))

    def __repr__(self) -> str:
        with pd.option_context("display.max_colwidth", None):
            return self.to_string(index=self._shows_index(), max_rows=pd.get_option("display.max_rows"),
                                  max_cols=pd.get_option("display.max_columns"))


def designer_table(data: Any, columns: Any = None, index: Any = None) -> DesignerTable:
    """A table for a designer: :class:`DesignerTable` of ``data`` (as :class:`pandas.DataFrame` takes it).

    Parameters
    ----------
    data : rows (dicts or lists), a dict of columns, or a DataFrame
        The cells, already written as a designer reads them (``"32.5%"``, ``"25/108 (23%)"``).
    columns, index : optional
        As for :class:`pandas.DataFrame`; an ``index`` of row names is shown, a plain count is not.

    Examples
    --------
    >>> designer_table([["P1", "46%"]], columns=["seat", "win rate"]).to_dict("records")
    [{'seat': 'P1', 'win rate': '46%'}]
    """
    return DesignerTable(data, columns=columns, index=index)

"""What a check of the explorer contract reads of an explorer: :func:`view` (every field's value
and every chart as sent), the widget modules, imported when a check runs, and :data:`TALLY`.

Part of :mod:`rometools.testing.explorers`, which re-exports every name here.
"""

from __future__ import annotations

from collections import Counter

from rometools.testing.readability import walk

__all__ = ["TALLY", "view"]

#: Cases tried by class (``tried``, ``clear error``, ``accepted as given``, ``escaped``, ``converted``,
#: ``unclear``, ``pairs tried``, ``typed numbers``...), added to by every check of this process.
TALLY: Counter = Counter()


def _widgets():
    import ipywidgets

    return ipywidgets


def _base():
    import rometools.widgets._base as base

    return base


def view(ex) -> tuple:
    """What the user sees of an explorer: every field's value and every chart's content (each trace and
    the title of the figure its chart sent the browser, read as sent: building a plotly figure of
    each took most of the time of these checks, issue 48)."""
    import json

    from rometools.widgets._charts import ChartView

    figures = []
    for w in walk(ex):
        raw = bytes(w.source.figure) if isinstance(w, ChartView) else b""
        if raw:
            fig = json.loads(raw)
            title = (fig.get("layout") or {}).get("title")
            figures.append((tuple(json.dumps(t, sort_keys=True) for t in fig.get("data") or ()),
                            title.get("text") if isinstance(title, dict) else title))
    return repr(ex.values()), figures


"""Plumbing shared by every rometools explorer (no game logic here).

* :class:`Explorer` -- a ``VBox`` with a message area (``rt-message``), a hold
  flag for setting several controls at once, and readable error display.
* :func:`sync_figure` -- copy a freshly built ``go.Figure`` into a live
  ``go.FigureWidget`` in one batched update.
* :func:`trace_data` -- read a FigureWidget's data back by trace ``meta``.
* :func:`vocabulary_toggle` -- the Treasures / Riches edition toggle.
"""

from __future__ import annotations

import html
import re
from copy import deepcopy

import ipywidgets as widgets
import plotly.graph_objects as go
from traitlets import TraitError

__all__ = ["INPUT_ERRORS", "Explorer", "plain_text", "sync_figure", "trace_data", "vocabulary_toggle"]

#: Exceptions that mean "the input is bad": shown as a message, never a traceback.
INPUT_ERRORS = (ValueError, TypeError, KeyError, TraitError)


def sync_figure(fw: go.FigureWidget, new: go.Figure) -> None:
    """Copy ``new``'s traces and layout into ``fw`` (one batched front-end message).

    Examples
    --------
    >>> fw = go.FigureWidget()
    >>> sync_figure(fw, go.Figure(go.Bar(y=[1, 2], meta="bars")))
    >>> list(fw.data[0].y)
    [1, 2]
    """
    same_shape = len(fw.data) == len(new.data) and all(
        a.type == b.type and a.meta == b.meta for a, b in zip(fw.data, new.data, strict=True))
    if not same_shape:
        fw.data = []
        fw.add_traces(list(new.data))
    layout = new.layout.to_plotly_json()
    layout.pop("template", None)
    with fw.batch_update():
        if same_shape:
            for old, trace in zip(fw.data, new.data, strict=True):
                props = trace.to_plotly_json()
                props.pop("type", None)
                props.pop("uid", None)  # the FigureWidget keeps its own uids for syncing
                if "visible" not in props:
                    props["visible"] = True
                old.update(props)
        fw.layout.update(layout)
    # FigureWidget sends edits as one-shot messages and keeps its synced state
    # (``_widget_data`` / ``_widget_layout``) at what it was built with. A view
    # created later (Voila renders after the notebook ran; a second display)
    # would start from that stale state and show empty axes, so bring it up to date.
    fw._widget_data = deepcopy(fw._data)
    fw._widget_layout = deepcopy(fw._layout_obj._props)


def trace_data(fw: go.FigureWidget) -> dict[str, dict]:
    """A FigureWidget's trace data keyed by trace ``meta``.

    Each value holds ``name``, ``x``, ``y``, ``visible`` and, when set,
    ``customdata`` and ``error_plus`` / ``error_minus``.

    Examples
    --------
    >>> fw = go.FigureWidget(go.Bar(x=["a"], y=[3], meta="bars", name="b"))
    >>> trace_data(fw)["bars"]["y"]
    [3]
    """
    out = {}
    for t in fw.data:
        out[t.meta] = {
            "name": t.name,
            "x": list(t.x) if t.x is not None else [],
            "y": list(t.y) if t.y is not None else [],
            "visible": t.visible is not False,
        }
        if t.customdata is not None:
            cd = t.customdata
            out[t.meta]["customdata"] = (cd.tolist() if hasattr(cd, "tolist") else
                                        [list(c) if isinstance(c, tuple | list) else c for c in cd])
        if getattr(t, "error_y", None) is not None and t.error_y.array is not None:
            out[t.meta]["error_plus"] = list(t.error_y.array)
            out[t.meta]["error_minus"] = list(t.error_y.arrayminus)
    return out


def plain_text(markup: str) -> str:
    """HTML widget text as plain text (``<br>`` becomes a space).

    Examples
    --------
    >>> plain_text("<b>Cannot</b> update:<br>x &lt; 0")
    'Cannot update: x < 0'
    """
    return html.unescape(re.sub(r"<[^>]+>", "", re.sub(r"<br\s*/?>", " ", markup))).strip()


def vocabulary_toggle(value: str) -> widgets.ToggleButtons:
    """The Treasures (Caesar's Empire) / Riches (Drogi do Rzymu) toggle, CSS ``rt-vocabulary``."""
    toggle = widgets.ToggleButtons(
        options=[("Treasures", "treasures"), ("Riches", "riches")], value=value,
        description="Vocabulary", tooltips=["Caesar's Empire (English edition)",
                                            "Drogi do Rzymu (English translation)"],
        style={"button_width": "90px"},
    )
    toggle.add_class("rt-vocabulary")
    return toggle


class Explorer(widgets.VBox):
    """Shared plumbing: message area, hold-while-setting, error display.

    Subclasses call :meth:`_init_message` in ``__init__``, put ``self._message``
    among their children and implement :meth:`update` (return ``False`` after
    showing an error).
    """

    def _init_message(self) -> None:
        self._message = widgets.HTML(value="")
        self._message.add_class("rt-message")
        self._hold = False

    @property
    def message(self) -> str:
        """The message shown to the user, as plain text ('' when all is well)."""
        return plain_text(self._message.value)

    def _display_names(self) -> dict[str, str]:
        """``{id: display name}`` used to word error messages; override per explorer."""
        return {}

    def _show_error(self, err: Exception) -> None:
        text = str(err.args[0]) if getattr(err, "args", None) else str(err)
        for key, name in self._display_names().items():
            text = text.replace(repr(key), name)
        self._message.value = (f'<div style="color:#b00020"><b>Cannot update:</b> {html.escape(text)}'
                               f"<br><small>(the chart still shows the last valid input)</small></div>")
        self._message.add_class("rt-error")

    def _clear_error(self) -> None:
        self._message.value = ""
        self._message.remove_class("rt-error")

    def _on_change(self, _change=None) -> None:
        if not self._hold:
            self.update()

    def update(self) -> bool:  # pragma: no cover - overridden
        raise NotImplementedError

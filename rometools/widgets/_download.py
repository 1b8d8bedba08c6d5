"""A download built by the kernel when its button is clicked, from the values on screen then.

A download drawn as a link (``<a href="data:...">``) holds the file the kernel last built: a box
typed in and left for the link at once (no Enter, no Tab) syncs on the click's blur, after the
browser has already followed the link, so the file held the previous values. Here the button is a
core ipywidgets ``Button``: the page sends its click after the change of the box the click left
(one channel, in order), so the kernel builds the file from the values on screen, checked, and
sends it back to be saved in the browser; a value refused says so and nothing is downloaded.

* :class:`DownloadButton` -- the button (CSS ``rt-download-button``) and its saver, an ``HBox``
  to lay out in a row of buttons.
* :class:`DownloadSource`, :class:`DownloadSaver` -- how a file reaches the browser: a custom message
  on a core model (its messages never wait on anywidget's start-up, as a chart's source,
  :mod:`rometools.widgets._charts`) with the bytes as a buffer, saved by a view drawn nowhere
  (``_download.js``) through a ``blob:`` link. One file per click: each click is a user's gesture,
  so Chromium's limit on a page's automatic downloads (it asks before a second file with no
  gesture between) never stops one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
from traitlets import Instance

from rometools.widgets._inputs import INPUT_ERRORS

__all__ = ["DownloadButton", "DownloadSaver", "DownloadSource"]

_HERE = Path(__file__).parent

#: ``build() -> (file name, bytes)``, from the values on screen; raises one of :data:`INPUT_ERRORS`,
#: in words, for a value it refuses.
Build = Callable[[], tuple[str, bytes]]


class DownloadSource(widgets.Widget):
    """The files a :class:`DownloadButton` sends to the page, as custom messages (a core model: no module to load)."""


class DownloadSaver(anywidget.AnyWidget):
    """Saves in the browser each file its :class:`DownloadSource` receives (``_download.js``); drawn nowhere."""

    _esm = (_HERE / "_download.js").read_text(encoding="utf-8")
    source = Instance(DownloadSource).tag(sync=True, **widgets.widget_serialization)


class DownloadButton(widgets.HBox):
    """A button that downloads a file the kernel builds when it is clicked, from the values then on screen.

    Parameters
    ----------
    label : str
        The button's words (``"Download the mix (TOML)"``).
    build : callable
        ``build() -> (file name, bytes)``; it raises one of :data:`INPUT_ERRORS` in words for a value
        it refuses (then nothing is downloaded and ``say`` is given the words).
    mime : str
        The file's media type (``"application/toml"``).
    tooltip : str
        What the file holds and what to do with it.
    css : sequence of str
        CSS classes of the row (the button carries ``rt-download-button``).
    explorer : Explorer, optional
        The explorer whose values are downloaded: while its message says a value given was refused
        (and put back), the first click says so and downloads nothing; the next downloads what the
        controls show.
    say : callable, optional
        ``say(text, error)``: where a click's outcome is said ("" after a file sent).

    Attributes
    ----------
    button : ipywidgets.Button
        The button on the page.
    last : (str, bytes) or None
        The file last sent to the page: its name and bytes.
    saved : int
        How many files a page has reported saved.

    Examples
    --------
    >>> said = []
    >>> b = DownloadButton("Save (TOML)", lambda: ("v.toml", b"a = 1\\n"), mime="application/toml",
    ...                    say=lambda text, error: said.append((text, error)))
    >>> b.download(), b.last
    (True, ('v.toml', b'a = 1\\n'))
    >>> def refused():
    ...     raise ValueError("Rounds must be a whole number 1 to 12, got 0")
    >>> b = DownloadButton("Save (TOML)", refused, mime="application/toml", say=lambda t, e: said.append((t, e)))
    >>> b.download(), b.last, said[-1]
    (False, None, ('Nothing downloaded: Rounds must be a whole number 1 to 12, got 0', True))
    """

    def __init__(self, label: str, build: Build, *, mime: str, tooltip: str = "", css: Sequence[str] = (),
                 explorer: Any = None, say: Callable[[str, bool], None] | None = None,
                 width: str = "auto"):
        self.button = widgets.Button(description=label, icon="download", tooltip=tooltip,
                                     layout={"width": width, "min_width": "100px"})
        self.button.add_class("rt-download-button")
        self.source = DownloadSource()
        self.saver = DownloadSaver(source=self.source, layout={"display": "none"})
        super().__init__([self.button, self.saver], layout={"align_items": "center"})
        for cls in css:
            self.add_class(cls)
        self._build, self._mime, self._explorer, self._say = build, mime, explorer, say
        self._refusals_said = 0      # the explorer's refusals counted when a click last said one
        self.last: tuple[str, bytes] | None = None
        self.sent = 0
        self.saved = 0
        self.button.on_click(lambda _b: self.download())
        self.source.on_msg(self._on_message)

    def download(self) -> bool:
        """What a click does: build the file from the values now and send it to the page to save.

        Returns
        -------
        bool
            ``False`` when a value is refused: nothing is sent, and ``say`` is given why.
        """
        try:
            name, data = self._build()
        except INPUT_ERRORS as err:
            why = str(err.args[0]) if err.args else str(err)
            if why and why in self._refusal_shown():   # said once, in the message (a trial saw it twice)
                why = (f"the refusal the message shows still stands; mend it, then press {self.button.description} "
                       f"again")
            return self._refuse(why)
        refusals = getattr(self._explorer, "_refusals", 0)
        if self._refusal_shown() and refusals != self._refusals_said:
            self._refusals_said = refusals
            return self._refuse(f"the last value given was refused (the message says why); press "
                                f"{self.button.description} again to download what the controls show now")
        self.sent += 1
        self.source.send({"kind": "file", "id": self.sent, "name": name, "mime": self._mime}, buffers=[data])
        self.last = (name, data)
        if self._say is not None:
            self._say("", False)
        return True

    def _refusal_shown(self) -> str:
        """The explorer's message while it says a refusal, else ''."""
        message = getattr(self._explorer, "message", "")
        return message if isinstance(message, str) and message.startswith("Cannot update:") else ""

    def _refuse(self, why: str) -> bool:
        if self._say is not None:
            self._say(f"Nothing downloaded: {why}", True)
        return False

    def _on_message(self, _widget: Any, content: Mapping[str, Any], _buffers: Any = None) -> None:
        if isinstance(content, Mapping) and content.get("kind") == "saved":
            self.saved += 1

"""Explorers by declaration: a game names its explorers on its ``GameSpec``, the rest register here.

A game package must not import ipywidgets or plotly (``widgets -> charts -> games -> core``),
so it declares each of its explorers as an :class:`ExplorerSpec`: the explorer class by
dotted name (``"rometools.widgets.via_romana:RoadBoardExplorer"``, imported only when
:meth:`ExplorerSpec.load` is called), its app page and the words the app's index shows,
and how the browser tests drive it. ``GameSpec(explorers=(...))`` holds a game's;
:func:`register_explorer` holds the explorers of no one game (the balance lab, the draw
odds explorer, the playtest report: :mod:`rometools.widgets` registers them when it is
imported, another package may add its own). :func:`explorers` lists them all, so every
explorer test, the designer app's pages and index (:mod:`rometools.widgets.app`) and the
browser tests find an explorer by its registration alone.

Examples
--------
>>> pig = [e for e in explorers("pig")]
>>> pig[0].page, pig[0].explorer
('pig_playout', 'pig.widgets:PigPlayoutExplorer')
>>> ExplorerSpec("no colon here", page="x", title="X", summary="x.")
Traceback (most recent call last):
...
ValueError: an explorer is named 'module:Class', got 'no colon here'
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from rometools.core.errors import ArgumentError
from rometools.core.formatting import shown
from rometools.core.registry import game_spec, games

__all__ = ["ExplorerSpec", "explorers", "general_explorers", "register_explorer", "unregister_explorer"]


@dataclass(frozen=True)
class ExplorerSpec:
    """One explorer as a package declares it: by name, with its app page and browser gestures.

    Parameters
    ----------
    explorer : str
        ``"module:Class"``: the :class:`~rometools.widgets._base.Explorer` subclass, imported
        by :meth:`load` (never when the declaration is made).
    page : str
        The app page's name (a Python identifier): ``app/<page>.ipynb``.
    title : str
        The link text on the app's index ("Board explorer").
    summary : str
        What the index says after the link: one sentence, in the rulebook's words.
    heading : str
        The page's heading. Default: ``title``.
    description : str
        The page's text under its heading. Default: ``summary``.
    app_args : str
        The arguments the app page makes the explorer with, as Python source
        (``'files="upload"'``: files by upload, never a server path). The browser stress
        test makes its twin with the same call.
    chart : str
        CSS selector of the chart the browser test watches (``".rt-board-chart"``).
    change : tuple
        The gesture that redraws it, alternating between values: ``("number", selector,
        (4, 3))`` (type a number, Enter), ``("select", selector, (label, label))``,
        ``("keys", selector, ("ArrowRight", "ArrowLeft"))`` (a slider's handle), or
        ``("number_then_click", selector, (2, 1), button_selector)``.
    plots : int
        Charts the page draws when fully rendered.
    also_redraw : tuple of str
        The page's other charts that ``change`` also redraws.
    stress : tuple
        The browser stress test's changes, one of every kind of control the explorer has,
        each ``(kind, control, *arguments)`` with ``kind`` one of ``"number"``, ``"text"``,
        ``"text_area"``, ``"dropdown"``, ``"slider"``, ``"checkbox"``, ``"toggle"``,
        ``"choose"``, ``"button"``, or ``("then", step, step, ...)`` for gestures made
        together (a box typed, then Run); ``control`` is a control name of the explorer
        (its ``_controls``) or a button attribute.
    test_args : Mapping
        Arguments that make the explorer quick to build in tests (a balance lab's ``games``).
    states : tuple of Mapping
        ``set_values`` arguments of states worth reading beyond the opening one (the
        readability checks read each).

    Raises
    ------
    ValueError
        For an explorer not named ``"module:Class"`` or a page that is not an identifier.
    """

    explorer: str
    page: str
    title: str
    summary: str
    heading: str = ""
    description: str = ""
    app_args: str = ""
    chart: str = ""
    change: tuple = ()
    plots: int = 1
    also_redraw: tuple[str, ...] = ()
    stress: tuple = ()
    test_args: Mapping[str, Any] = field(default_factory=dict)
    states: tuple[Mapping[str, Any], ...] = ()

    def __post_init__(self):
        module, _, name = self.explorer.partition(":") if isinstance(self.explorer, str) else ("", "", "")
        if not (module and name.isidentifier()):
            raise ValueError(f"an explorer is named 'module:Class', got {shown(self.explorer)}")
        if not isinstance(self.page, str) or not self.page.isidentifier():
            raise ValueError(f"an explorer's page is a Python identifier (app/<page>.ipynb), got {shown(self.page)}")
        set_ = object.__setattr__
        set_(self, "heading", self.heading or self.title)
        set_(self, "description", self.description or self.summary)
        set_(self, "test_args", MappingProxyType(dict(self.test_args)))
        set_(self, "states", tuple(MappingProxyType(dict(s)) for s in self.states))

    @property
    def module(self) -> str:
        """The explorer's module (``"rometools.widgets.via_romana"``)."""
        return self.explorer.partition(":")[0]

    @property
    def name(self) -> str:
        """The explorer class's name (``"RoadBoardExplorer"``)."""
        return self.explorer.partition(":")[2]

    def load(self) -> type:
        """The explorer class: its module imported now (with ipywidgets and plotly).

        Raises
        ------
        ImportError, AttributeError
            If the module or the class is not there.
        """
        return getattr(importlib.import_module(self.module), self.name)


_GENERAL: dict[str, ExplorerSpec] = {}


def register_explorer(spec: ExplorerSpec) -> ExplorerSpec:
    """Add an explorer of no one game (a balance lab, a draw odds explorer) to :func:`explorers`.

    A game's own explorers go on its ``GameSpec(explorers=...)`` instead. Registering the same
    declaration again changes nothing.

    Raises
    ------
    ValueError
        If another explorer has the page ``spec.page``.
    """
    old = _GENERAL.get(spec.page)
    if old is not None and old != spec:
        raise ValueError(f"the app page {spec.page!r} is taken by {old.explorer}")
    _GENERAL[spec.page] = spec
    return spec


def unregister_explorer(page: str) -> ExplorerSpec:
    """Remove a general explorer by its page: the inverse of :func:`register_explorer`.

    Raises
    ------
    ArgumentError
        If no general explorer has that page.
    """
    spec = _GENERAL.pop(page, None) if isinstance(page, str) else None
    if spec is None:
        raise ArgumentError(f"no general explorer has the page {shown(page)}")
    return spec


def general_explorers() -> list[ExplorerSpec]:
    """The registered explorers of no one game, in the order they were registered."""
    return list(_GENERAL.values())


def explorers(game: str | None = None) -> list[ExplorerSpec]:
    """Every declared explorer: each registered game's (by game id), then the general ones.

    Parameters
    ----------
    game : str, optional
        Only this game's explorers (no general one).

    Raises
    ------
    ArgumentError
        For an unknown game; ``ValueError`` if two explorers declare the same page.
    """
    if game is not None:
        return list(game_spec(game).explorers)
    out = [e for gid in games() for e in game_spec(gid).explorers] + general_explorers()
    pages: dict[str, str] = {}
    for e in out:
        if pages.setdefault(e.page, e.explorer) != e.explorer:
            raise ValueError(f"two explorers declare the app page {e.page!r}: {pages[e.page]} and {e.explorer}")
    return out

"""Charts out of the notebook: images for a rulebook draft, and charts that read anywhere.

* :func:`save_figure`, :func:`save_figures` -- any chart as PNG or SVG (also PDF, JPEG, WebP) at
  its own size, through kaleido and Chromium, refused in words without them.
* :data:`PLOT_CONFIG` -- the plotly.js settings of every chart rometools draws (the explorers and
  the report page): no logo, the toolbar's camera saving a PNG at twice the size.
* :func:`notebook_charts` -- a notebook's charts with an HTML copy, so that Voila and
  ``nbconvert`` draw them too.

Public through :mod:`rometools.charts` (``rometools.charts.save_figure``); also re-exported by
:mod:`rometools.charts._common`, where they lived.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from rometools.core.formatting import shown

__all__ = ["IMAGE_FORMATS", "PLOT_CONFIG", "notebook_charts", "save_figure", "save_figures"]

#: The image formats :func:`save_figure` writes (by the file's suffix).
IMAGE_FORMATS = ("png", "svg", "pdf", "jpeg", "webp")
#: The plotly.js settings of every chart rometools draws (the explorers and the report page): no
#: plotly logo, and the toolbar's camera saves a PNG at twice the size, for a rulebook draft.
PLOT_CONFIG = {"displaylogo": False, "toImageButtonOptions": {"format": "png", "scale": 2}}


def notebook_charts() -> None:
    """Show every chart of this notebook with an HTML copy beside plotly's own output, so that it
    stays on screen wherever the notebook is read: JupyterLab draws plotly's output, while Voila,
    ``jupyter nbconvert --to html`` and other viewers draw the HTML copy (plotly.js inside the
    notebook once, so it reads offline). Call it once, in a notebook's first code cell.

    (It sets plotly's default renderer to ``"plotly_mimetype+notebook"``; a bare figure otherwise
    carries only plotly's JSON, which only JupyterLab draws.)

    Examples
    --------
    >>> import plotly.io as pio
    >>> before = pio.renderers.default
    >>> notebook_charts()
    >>> pio.renderers.default
    'plotly_mimetype+notebook'
    >>> pio.renderers.default = before
    """
    import plotly.io as pio

    _import_renderers()
    pio.renderers.default = "plotly_mimetype+notebook"


def _import_renderers() -> None:
    """Import plotly's renderers without jsonschema's optional IRI check, which costs a kernel 1.1 CPU s.

    plotly's renderers import nbformat, which imports jsonschema, whose format checks import
    ``rfc3987_syntax`` if it is installed (Jupyter's server installs it): it builds about thirty
    grammar parsers as it is imported, 1.1 of the 1.3 CPU seconds of a notebook's first cell. Nothing
    in a notebook checks an IRI's syntax (nbformat validates a notebook without format checks), so
    jsonschema is imported without that one check, as where ``rfc3987_syntax`` is not installed;
    ``import rfc3987_syntax`` still works afterwards. Where jsonschema is already imported, nothing changes.
    """
    import sys

    if "jsonschema" in sys.modules or "rfc3987_syntax" in sys.modules:
        import plotly.io._renderers  # noqa: F401 - as it would be imported anyway
        return
    sys.modules["rfc3987_syntax"] = None  # importing it raises ImportError, which jsonschema expects
    try:
        import plotly.io._renderers  # noqa: F401
    finally:
        if "rfc3987_syntax" in sys.modules and sys.modules["rfc3987_syntax"] is None:
            del sys.modules["rfc3987_syntax"]


def _image_format(path: Any) -> str:
    from pathlib import Path

    suffix = Path(path).suffix.lower().lstrip(".")
    fmt = "jpeg" if suffix == "jpg" else suffix
    if fmt not in IMAGE_FORMATS:
        raise ValueError(f"save_figure: write a .png or .svg file (or {', '.join('.' + f for f in IMAGE_FORMATS[2:])}), "
                         f"got {shown(str(path), 200)}")
    if not Path(path).parent.is_dir():
        raise ValueError(f"save_figure: folder {shown(str(Path(path).parent), 200)} does not exist")
    return fmt


def _kaleido_failed(err: BaseException) -> bool:
    return any(k.__name__ in ("ChromeNotFoundError", "BrowserFailedError", "BrowserDepsError")
               for k in type(err).__mro__)


_NO_CHROME = ("save_figure needs Chromium or Chrome to draw the image (kaleido drives it): on Debian or Ubuntu "
              "`apt-get install -y --no-install-recommends chromium`, or `plotly_get_chrome`")


def save_figure(fig: go.Figure, path: Any, *, scale: float = 2) -> Any:
    """Write a chart as an image for a rulebook draft or a print: PNG or SVG (by the file's suffix;
    also PDF, JPEG, WebP), at the chart's own width and height.

    Parameters
    ----------
    fig : plotly.graph_objects.Figure
        Any chart of :mod:`rometools.charts` (or an explorer's ``ex.figure``).
    path : str or Path
        The file to write (``.png``, ``.svg``...); an existing file is replaced.
    scale : float
        Pixels per layout pixel of a PNG, JPEG or WebP (2: sharp in print); an SVG or PDF is
        drawn at the layout's size.

    Returns
    -------
    pathlib.Path
        The file written.

    Raises
    ------
    ValueError
        For a suffix that is not an image format, or a folder that does not exist.
    ImportError
        Without kaleido (``pip install 'kaleido>=1.0'``; in rometools' ``notebook`` extra).
    RuntimeError
        Without Chromium or Chrome for kaleido to draw with (the message says how to install it).

    Examples
    --------
    >>> save_figure(go.Figure(go.Bar(y=[1])), "chart.gif")
    Traceback (most recent call last):
    ...
    ValueError: save_figure: write a .png or .svg file (or .pdf, .jpeg, .webp), got 'chart.gif'
    """
    return save_figures([fig], [path], scale=scale)[0]


def save_figures(figs: Sequence[go.Figure], paths: Sequence[Any], *, scale: float = 2) -> list:
    """:func:`save_figure` for several charts at once (one browser start for all of them).

    Returns
    -------
    list of pathlib.Path

    Raises
    ------
    ValueError, ImportError, RuntimeError
        As :func:`save_figure`; nothing is written when a path is refused.
    """
    from pathlib import Path

    if len(figs) != len(paths):
        raise ValueError(f"save_figures: {len(figs)} charts but {len(paths)} paths")
    formats = [_image_format(p) for p in paths]
    try:
        import kaleido  # noqa: F401
    except ImportError:
        raise ImportError("save_figure needs kaleido: pip install 'kaleido>=1.0' (in rometools' notebook extra), "
                          "and Chromium or Chrome") from None
    import plotly.io as pio

    try:
        pio.write_images(list(figs), [str(p) for p in paths], format=formats,
                         scale=[scale if f in ("png", "jpeg", "webp") else 1 for f in formats],
                         width=[f.layout.width or 700 for f in figs], height=[f.layout.height or 500 for f in figs])
    except Exception as err:  # kaleido's browser failures, said in a designer's words
        if _kaleido_failed(err):
            raise RuntimeError(_NO_CHROME) from err
        raise
    return [Path(p) for p in paths]

"""Figures for a rulebook draft: every chart saved as PNG and SVG (kaleido with Chromium), from a
notebook (``save_figure``), from the report (``report(figures=...)``, ``rometools report
--figures``) and by the links and toolbar of the report page.

kaleido draws with Chromium; without it these tests skip, except under ``CI=true`` (``make test``
installs Chromium), where they fail so a missing install cannot hide as a skip.
"""

from __future__ import annotations

import os
import re
import struct

import plotly.graph_objects as go
import pytest

import rometools
from rometools.charts._common import new_figure
from rometools.charts.export import PLOT_CONFIG, save_figure, save_figures
from rometools.charts.flow import lead_figure
from rometools.charts.playtest import hot_spots_map_figure, report, report_page
from rometools.cli import main
from rometools.core.playtest import place_names

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="module")
def chromium():
    if not os.access(CHROMIUM, os.X_OK):
        reason = (f"kaleido needs Chromium at {CHROMIUM}: "
                  "apt-get install -y --no-install-recommends chromium (make test does)")
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true: {reason}", pytrace=False)
        pytest.skip(reason)


def _png_size(path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def _svg_size(path) -> tuple[int, int]:
    head = path.read_text(encoding="utf-8")[:400]
    assert head.startswith("<svg")
    return int(re.search(r'width="(\d+)"', head).group(1)), int(re.search(r'height="(\d+)"', head).group(1))


def test_a_chart_saves_as_png_and_svg_at_its_own_size(chromium, tmp_path):
    flow = rometools.flow("pig", 6, seed=1, progress=False)
    fig = lead_figure(flow)
    game = rometools.load_game("via_romana", players=3)
    board = hot_spots_map_figure(rometools.hot_spots(game, 4), *game.spec.place_map(game.config),
                                 names=place_names(game))
    png, svg, map_svg = save_figures([fig, fig, board], [tmp_path / "lead.png", tmp_path / "lead.svg",
                                                         tmp_path / "map.svg"])
    assert _png_size(png) == (2 * fig.layout.width, 2 * fig.layout.height)      # twice the size: sharp in print
    assert _svg_size(svg) == (fig.layout.width, fig.layout.height)
    text = svg.read_text(encoding="utf-8")
    assert "The lead through the game" in text and "points" in text              # the words are in the image
    assert "Ravenna" in map_svg.read_text(encoding="utf-8") or "road" in map_svg.read_text(encoding="utf-8")
    one = save_figure(new_figure(go.Bar(y=[1, 2])), tmp_path / "bars.svg")
    assert _svg_size(one) == (700, 500)


def test_a_bad_path_is_refused_before_anything_is_drawn(tmp_path):
    fig = new_figure(go.Bar(y=[1]))
    with pytest.raises(ValueError, match=r"write a \.png or \.svg file .*/chart\.gif'"):
        save_figure(fig, tmp_path / "chart.gif")
    with pytest.raises(ValueError, match="does not exist"):
        save_figure(fig, tmp_path / "missing" / "chart.png")
    with pytest.raises(ValueError, match="2 charts but 1 paths"):
        save_figures([fig, fig], [tmp_path / "a.png"])
    assert not any(tmp_path.iterdir())


def test_the_report_writes_every_chart_as_png_and_svg(chromium, tmp_path):
    folder = tmp_path / "figures"
    page = report("pig", 8, seed=1, flow_games=0, figures=folder)
    names = sorted(p.name for p in folder.iterdir())
    charts = page.count("class=\"plotly-graph-div\"")
    assert charts == 2 and len(names) == 2 * charts                       # seat win rates, final scores
    assert names[0].startswith("01-seat-win-rates") and {n.rsplit(".", 1)[1] for n in names} == {"png", "svg"}
    assert main(["report", "pig", "--games", "6", "--flow-games", "0", "--out", str(tmp_path / "r.html"),
                 "--figures", str(tmp_path / "cli")]) == 0
    assert len(list((tmp_path / "cli").glob("*.svg"))) == 2


def test_every_chart_of_the_page_has_its_export_links_and_toolbar_camera():
    from rometools.core.playtest import playtest

    drawn: list = []
    page = report_page(playtest("pig", 6, seed=1, value_games=1), figures=drawn)
    charts = page.count("class=\"plotly-graph-div\"")
    assert charts == len(drawn) >= 9 and page.count("Save this chart for a rulebook draft") == charts
    assert page.count("format: 'svg'") == charts and page.count("format: 'png'") == charts
    name = drawn[2][0]
    assert name.startswith("03-how-it-plays-at-a-glance-pig") and f'"filename": "{name}"' in page
    assert PLOT_CONFIG["toImageButtonOptions"] == {"format": "png", "scale": 2}


def test_the_command_refuses_a_figures_path_that_is_a_file(tmp_path, capsys):
    file = tmp_path / "taken"
    file.write_text("x")
    assert main(["report", "pig", "--games", "4", "--out", str(tmp_path / "r.html"), "--figures", str(file)]) != 0
    assert "--figures" in capsys.readouterr().err and not (tmp_path / "r.html").exists()


def _title_baseline(path) -> float:
    """The first title line's baseline, in pixels from the image's top, as the SVG places it: the text's
    ``y`` moved by its first line's ``dy`` (plotly.js gives a title of one line ``dy="0.7em"`` and the
    lines of a longer one ``dy="0em"``)."""
    svg = path.read_text(encoding="utf-8")
    text = re.search(r'<text class="gtitle"[^>]*>(<tspan class="line"[^>]*>)?', svg)
    size = float(re.search(r"font-size: ([\d.]+)px", text.group(0)).group(1))
    dy = re.search(r'dy="(-?[\d.]+)em"', text.group(1) or text.group(0))
    return float(re.search(r' y="(-?[\d.]+)"', text.group(0)).group(1)) + float(dy.group(1)) * size


def test_a_title_of_several_lines_keeps_its_top_line_in_the_image(chromium, tmp_path):
    """The studio's PNG cut off the top of its charts' titles (the question, then the game and the variant
    on smaller lines): plotly.js draws a title of several lines higher than one of one line at the same
    padding. legend_above pads it by as much, so its first line sits where a one-line title's does."""
    from rometools.charts._common import legend_above

    figs = []
    for title in ("Win rates, variant minus published",
                  "Win rates, variant minus published<br><sup>Caesar's Empire, 4 players, greedy bots</sup>"
                  "<br><sup>as published against variant 'cheaper gold'</sup>"):
        fig = new_figure(go.Scatter(y=[1, 2], name="win rate P1"))
        fig.update_layout(width=500, height=360, title_text=title)
        figs.append(legend_above(fig))
    one, several = save_figures(figs, [tmp_path / "one.svg", tmp_path / "several.svg"])
    assert _title_baseline(one) > 12 + 8   # the padding, then the line's capitals
    assert _title_baseline(several) >= _title_baseline(one)   # was 12: its capitals above the image's top


def test_notebook_charts_sets_the_renderer_without_building_the_iri_parsers():
    # A fresh interpreter, as a notebook's kernel: plotly's renderers are imported with jsonschema but
    # without rfc3987_syntax (1.1 CPU s of grammar parsers); nbformat still validates a notebook, and
    # rfc3987_syntax can still be imported afterwards.
    import subprocess
    import sys

    code = (
        "import sys, plotly.io as pio\n"
        "from rometools.charts import notebook_charts\n"
        "notebook_charts()\n"
        "print(pio.renderers.default, 'jsonschema' in sys.modules, 'rfc3987_syntax' in sys.modules)\n"
        "import nbformat\n"
        "nbformat.validate(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell('1 + 1')]))\n"
        "import rfc3987_syntax\n"
        "print(rfc3987_syntax.is_valid_syntax_iri('https://example.org/a'))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["plotly_mimetype+notebook", "True", "False", "True"], out

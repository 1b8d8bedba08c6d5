"""What a designer sees in a real browser (issue 10, issue 9 section 3).

Every explorer of ``explorers.py`` (the app pages) is checked as it opens by
``test_explorers.py`` with :func:`readable_page.assert_readable` (no control text
cut, none at the page's left edge, no toolbar over a title, no id shown, in the
same page load as its reaction). Here, for the board explorer: map labels
never overlap (labels "Both"), nor the road board's city labels, the legend names the players' Roads, the game log
highlights the turn shown with display names, the score chart and the CSV
downloads are there; an uploaded board with HTML in its names shows the names as
text (nothing runs); in a notebook, a typed path and **Load** fail clearly and
keep the path, and a board for other player counts is refused, not adjusted.
Screenshots of the whole page go to ``artifacts/``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import harness
from explorers import EXPLORERS

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from readability_checks import PAYLOAD  # noqa: E402
from readable_page import whole_page  # noqa: E402

BOARD = next(c for c in EXPLORERS if c.id == "caesars_empire_board")
PATH_NOTEBOOK = "tests/browser/board_path.ipynb"
WAIT_MS = int(harness.CHANGE_S * 1000)

_LABEL_OVERLAPS_JS = """
([sel, meta]) => {
  // every label (beside a city, or on a leader line) against every other label and every city
  let root = document.querySelector(sel);  // the chart's box; plotly's data sits on the plot inside it
  if (root && !root.classList.contains('js-plotly-plot')) root = root.querySelector('.js-plotly-plot');
  const data = root && root.data && root.data.find((d) => d.meta === meta);
  if (!data) return null;  // between draws: read again
  const cities = Array.from(root.querySelectorAll('.scatterlayer .trace'))
    .find((t) => t.querySelectorAll('.points path').length === data.x.length);
  if (!cities) return null;
  const els = Array.from(cities.querySelectorAll('.textpoint text'))
    .concat(Array.from(root.querySelectorAll('.annotation-text')))
    .filter((e) => e.textContent.trim() && getComputedStyle(e).opacity !== '0');
  const boxes = els.map((e) => [e.textContent.trim(), e.getBoundingClientRect()]);
  const dots = Array.from(cities.querySelectorAll('.points path')).map((e) => e.getBoundingClientRect());
  const hit = (a, b, m) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > m
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > m;
  const out = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) if (hit(boxes[i][1], boxes[j][1], 1.5)) out.push([boxes[i][0], boxes[j][0]]);
    dots.forEach((d, k) => { if (hit(boxes[i][1], d, 3)) out.push([boxes[i][0], `city ${k}`]); });
  }
  return {labels: boxes.length, overlaps: out};
}
"""


def _open(voila, page, notebook: str, plots: int):
    page.goto(voila.url(f"/voila/render/{notebook}"))
    harness.wait_rendered(page, plots=plots, timeout=max(harness.RENDER_S, 90))


def _settled(page, js: str, arg=None, reads: int = 40):
    """``js``'s value once two reads 400 ms apart agree (plotly redraws labels after the data)."""
    last = page.evaluate(js, arg)
    for _ in range(reads):
        page.wait_for_timeout(400)
        now = page.evaluate(js, arg)
        if now == last and now is not None:
            return now
        last = now
    assert last is not None, "the chart was never drawn long enough to be read"
    return last


def _wait_for(page, js: str, arg=None, timeout_ms: int = WAIT_MS):
    page.wait_for_function(js, arg=arg, timeout=timeout_ms, polling=100)


#: Where a city's marker is on the page, in pixels: plotly's axes map its data position.
_CITY_AT_JS = """
([sel, id]) => {
  const p = document.querySelector(sel + ' .js-plotly-plot');
  const t = p.data.find((d) => d.meta === 'ce-board-cities');
  const i = t.customdata.indexOf(id);
  const xa = p._fullLayout.xaxis, ya = p._fullLayout.yaxis, box = p.getBoundingClientRect();
  return {x: box.left + xa._offset + xa.l2p(t.x[i]), y: box.top + ya._offset + ya.l2p(t.y[i])};
}
"""


def test_board_map_log_scores_and_downloads(voila, page):
    from rometools.caesars_empire import GameConfig, game_log, play_game

    _open(voila, page, BOARD.notebook, BOARD.plots)
    chart = ".rt-board-chart"
    # a click on a city picks it: the click comes back to the kernel (the City box follows);
    # Panormus has a cheapest connection and a scoring route at turn 5, which the legend shows below
    at = page.evaluate(_CITY_AT_JS, [chart, "panormus"])
    page.mouse.click(at["x"], at["y"])
    _wait_for(page, "() => { const s = document.querySelector('.rt-city select');"
                    " return s.options[s.selectedIndex].text.startsWith('Panormus'); }")
    before = harness.plot_data(page, chart)
    page.locator(".rt-labels button", has_text="Both").first.click()
    harness.wait_plot_change(page, chart, before)
    labels = _settled(page, _LABEL_OVERLAPS_JS, [chart, "ce-board-cities"])
    assert labels["labels"] >= 40 and not labels["overlaps"], labels

    handle = page.locator(".rt-turn .noUi-handle").first
    for _ in range(5):
        handle.focus()
        handle.press("ArrowRight")
        page.wait_for_timeout(150)
    _wait_for(page, "() => { const r = document.querySelector('.rt-game-log tr.rt-current');"
                    " return r && r.cells[0].textContent.trim() === '5'; }")
    expected = game_log(play_game(GameConfig(players=4), ["greedy"] * 4, rng=1)).iloc[4]
    row = page.locator(".rt-game-log tr.rt-current").inner_text()
    assert expected["Player"] == "P1" and "P1" in row
    for column in ("Paths built", "City", "City token", "Scoring route"):
        assert expected[column] in row, (column, expected[column], row)
    assert page.locator(".rt-game-log tr.rt-later").count() == 40 - 5
    # what would a strong player do here? the search's ranking at this turn, seeded by the explorer's seed
    from rometools.caesars_empire import action_text, turn_states
    from rometools.core.search import best_moves

    at_five = turn_states(play_game(GameConfig(players=4), ["greedy"] * 4, rng=1))[5]
    top = best_moves(at_five, 300, rng=1)[0]
    assert "Press Search" in page.locator(".rt-best-moves").inner_text()
    page.locator(".rt-best-run").first.click()
    _wait_for(page, "() => document.querySelector('.rt-best-moves-table tr.rt-current')")
    first = page.locator(".rt-best-moves-table tr.rt-current").inner_text()
    assert action_text(at_five, top.action) in first and str(top.visits) in first, first
    box = page.locator(".rt-best-budget input").first
    box.fill("3")
    box.press("Tab")  # the box sends what was typed when it loses focus; refused at once, no Search needed
    _wait_for(page, "() => document.querySelector('.rt-best-moves .rt-error')")
    panel = page.locator(".rt-best-moves").inner_text()
    assert "Cannot search: Simulations must be a whole number 10 to 5,000, got 3" in panel, panel
    assert page.locator(".rt-best-moves-table").count() == 0 and box.input_value() == "300"
    _wait_for(page, "() => Array.from(document.querySelectorAll('.rt-board-chart .legendtext'))"
                    ".some((e) => e.textContent === 'P1 Roads')")
    legend = page.eval_on_selector_all(f"{chart} .legendtext", "els => els.map(e => e.textContent)")
    assert {"P1 Roads", "P2 Roads", "P3 Roads", "P4 Roads", "scoring route"} <= set(legend), legend
    owners = page.eval_on_selector_all(f"{chart} .textpoint text", "els => els.map(e => e.textContent)")
    assert {"P1", "P2", "P3", "P4"} <= set(owners)
    scores = harness.wait_plot_data(page, ".rt-score-chart")
    assert {t["name"] for t in scores} == {"P1", "P2", "P3", "P4"}
    links = page.eval_on_selector_all(".rt-export a[download]", "els => els.map(e => e.getAttribute('download'))")
    assert links == ["game_log_seed1.csv", "final_scores_seed1.csv"]
    page.console_log.assert_clean()
    whole_page(page, "readable_board_log_and_scores")


def test_road_board_city_labels_overlap_nothing(voila, page):
    road = next(c for c in EXPLORERS if c.id == "via_romana_road_board")
    _open(voila, page, road.notebook, plots=1)
    labels = _settled(page, _LABEL_OVERLAPS_JS, [road.chart, "vr-board-cities"])
    assert labels["labels"] >= 20 and not labels["overlaps"], labels   # the bundled board has 20 cities
    page.console_log.assert_clean()
    whole_page(page, "readable_road_board")


def test_an_uploaded_board_shows_its_names_as_text(voila, page, tmp_path):
    from rometools.caesars_empire.board import board_path

    text = board_path("4-5").read_text(encoding="utf-8")
    evil = PAYLOAD.replace("alert(1)", "window.__rtXss=1")
    text = text.replace('name = "Capua"', f"name = \"{evil.replace(chr(34), chr(39))}\"", 1)
    _open(voila, page, BOARD.notebook, BOARD.plots)
    with page.expect_file_chooser(timeout=WAIT_MS) as chooser:
        page.locator(".rt-board-upload").first.click()
    chooser.value.set_files(files=[{"name": "my_board.toml", "mimeType": "text/plain",
                                    "buffer": text.encode("utf-8")}])
    _wait_for(page, "() => { const s = document.querySelector('.rt-board-file select');"
                    " return s && s.options[s.selectedIndex].text.startsWith('my_board.toml'); }",
              timeout_ms=2 * WAIT_MS)
    page.locator(".rt-labels button", has_text="City names").first.click()
    _wait_for(page, "(t) => Array.from(document.querySelectorAll('.rt-board-chart .textpoint text'))"
                    ".some((e) => e.textContent.includes(t))", "<img src=x")
    assert page.evaluate("() => window.__rtXss") is None
    assert page.locator("img[src='x']").count() == 0
    assert page.locator(".rt-message.rt-error").count() == 0
    page.console_log.assert_clean()
    whole_page(page, "readable_board_uploaded_with_html_names")


def test_typed_board_paths_load_or_fail_clearly_and_keep_the_path(voila, page, tmp_path):
    from rometools.caesars_empire.board import board_path

    small = tmp_path / "my_small_board.toml"
    small.write_text(board_path("2-3").read_text(encoding="utf-8"), encoding="utf-8")
    _open(voila, page, PATH_NOTEBOOK, 2)
    chart = ".rt-board-chart"
    before = harness.plot_data(page, chart)
    box = page.locator(".rt-board-path input").first
    message = page.locator(".rt-message")

    box.fill("/no/such/board.toml")
    page.locator(".rt-board-load").first.click()      # Load, without Enter
    _wait_for(page, "() => (document.querySelector('.rt-message.rt-error') || {}).textContent"
                    "?.includes('cannot be read')")
    assert box.input_value() == "/no/such/board.toml"
    page.locator(".rt-board-load").first.click()      # again: the same message, the path kept
    page.wait_for_timeout(1500)
    assert "/no/such/board.toml: cannot be read" in message.inner_text()
    assert box.input_value() == "/no/such/board.toml"
    assert harness.plot_data(page, chart) == before

    box.fill(str(small))
    page.locator(".rt-board-load").first.click()
    _wait_for(page, "() => (document.querySelector('.rt-message.rt-error') || {}).textContent"
                    "?.includes('is a board for 2 or 3 players, and Players is 4')")
    assert box.input_value() == str(small) and harness.plot_data(page, chart) == before

    page.locator(".rt-board-file select").first.select_option(index=0)   # the data folder's 2-3 board
    # a new board and a new player count: the whole board chart is drawn again (the render's bound)
    _wait_for(page, "() => (document.querySelector('.rt-message.rt-notice') || {}).textContent"
                    "?.includes('Players set to 2')", timeout_ms=int(harness.RENDER_S * 1000))
    page.locator(".rt-board-load").first.click()
    _wait_for(page, "() => { const s = document.querySelector('.rt-board-file select');"
                    " return s.options[s.selectedIndex].text.startsWith('my_small_board.toml'); }")
    _wait_for(page, "() => !document.querySelector('.rt-message.rt-error')")
    page.console_log.assert_clean()
    whole_page(page, "readable_board_typed_paths")


def test_a_search_says_it_is_searching_in_the_page_and_gives_the_button_back(voila, page):
    """The UX report: during a 7 s search the panel still read "Press Search..." and the button was live.

    The panel's "Searching…" line, the disabled button and the disabled controls are sent before the
    search starts, so the page shows them while the kernel searches; then the ranking, the button and
    the controls back as they were.
    """
    _open(voila, page, BOARD.notebook, BOARD.plots)
    button = page.locator(".rt-best-run").first
    assert "Press Search" in page.locator(".rt-best-moves").inner_text() and button.is_enabled()
    box = page.locator(".rt-best-budget input").first
    box.fill("5000")
    box.press("Tab")
    button.click()
    # the controls too (a turn moved during a search left the board behind the slider, unsaid)
    _wait_for(page, "() => { const b = document.querySelector('.rt-best-run');"
                    " const p = document.querySelector('.rt-best-moves');"
                    " return b.disabled && b.textContent.includes('Searching') && p.querySelector('.rt-computing')"
                    " && document.querySelector('.rt-players select').disabled; }")
    panel = page.locator(".rt-best-moves").inner_text()
    assert re.match(r"Searching… 5,000 simulations for P\d to move at turn \d+ ", panel), panel
    assert "Press Search" not in panel
    _wait_for(page, "() => document.querySelector('.rt-best-moves-table tr.rt-current')", timeout_ms=120_000)
    _wait_for(page, "() => !document.querySelector('.rt-best-run').disabled"
                    " && !document.querySelector('.rt-players select').disabled")
    assert button.inner_text().strip() == "Search"
    page.console_log.assert_clean()

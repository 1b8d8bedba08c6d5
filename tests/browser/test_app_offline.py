"""The app's pages ask no host but this one for anything, and a malformed static URL is a 404
(issue 47, item 14): Voila's lab page linked Font Awesome from a public CDN (two console errors
offline, no icon on a button), and ``/voila/templates/..%2f..%2fetc%2fpasswd`` answered 500."""

from __future__ import annotations

import urllib.error
import urllib.request

import harness


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            return resp.status
    except urllib.error.HTTPError as err:
        return err.code


def test_an_app_page_fetches_nothing_from_the_network_and_draws_its_icons(voila, page):
    page.goto(voila.url("/voila/render/app/balance_lab.ipynb"))
    harness.wait_rendered(page)
    # the Run button's icon is Font Awesome's, served by the app (an empty stub draws no glyph)
    icon = page.locator("button i.fa-play").first
    family = icon.evaluate("i => getComputedStyle(i, '::before').fontFamily")
    assert "Font Awesome" in family, family
    loaded = page.evaluate("async () => (await document.fonts.load('900 16px \"Font Awesome 5 Free\"', '\\uf04b'))"
                           ".map(f => f.status)")
    assert loaded and set(loaded) == {"loaded"}, loaded   # the font files came from this server and parsed
    assert page.stubbed_requests == [], page.stubbed_requests
    page.console_log.assert_clean()


def test_malformed_static_urls_are_404_with_or_without_the_token(voila):
    for path in ("/voila/templates/..%2f..%2fetc%2fpasswd", "/voila/templates/x", "/voila/templates/nope/static/x",
                 "/voila/templates/lab/static/..%2f..%2f..%2fetc%2fpasswd", "/voila/fontawesome/..%2f..%2fx"):
        for url in (voila.base + path, voila.url(path)):
            assert _status(url) in (403, 404), url
    assert _status(voila.base + "/voila/fontawesome/css/all.min.css") == 200
    assert "Uncaught exception" not in voila.log_tail(200_000)

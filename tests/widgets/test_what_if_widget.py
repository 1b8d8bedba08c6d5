"""VariantStudio: the question as a variant, Compare and Tune through rometools.compare / tune, Stop,
the variant file, and every game through the registry."""

from __future__ import annotations

import hashlib
import os
import re
import time
from datetime import datetime

import pytest

import rometools
from rometools import Variant, compare, tune
from rometools.core.errors import ArgumentError
from rometools.core.game import game_spec, load_game
from rometools.testing import check_explorer
from rometools.widgets._base import plain_text
from rometools.widgets.what_if import VariantStudio, changes_text, parse_changes, variant_changes

GOLD = "components:tables.gold.points"
FLAT = [0, 4, 9, 16, 16, 16, 16, 16]


def _disabled(ex) -> dict[str, bool]:
    return {name: ex._controls[name].disabled for name in ("game", "players", "changes", "seed", "max_games")}


# ----------------------------------------------------------------- the question
def test_every_value_is_listed_with_its_published_value_beside_it():
    ex = VariantStudio()
    assert ex.message == ""
    table = ex._table.value
    for address in ("route_policy", "handicap.4", "handicap.4.bonus"):
        assert f">{address}<" in table, address
    assert "196 values to edit" in table and "the first 60 shown: type in Find to narrow them" in table
    assert "No value changed yet" in ex.question
    # Find narrows the list and the picker; Set writes the change, checked as the variant loads it
    ex._find.value = "gold.points"
    assert [v for _, v in ex._pick.options] == [GOLD] + [f"{GOLD}.{i}" for i in range(8)]
    assert "9 match" in ex._table.value
    for address, published, provenance in ((GOLD, "[0, 4, 9, 16, 25, 36, 49, 64]", "rulebook"), (f"{GOLD}.7", "64", "rulebook")):
        assert re.search(f">{re.escape(address)}</td><td[^>]*>{re.escape(published)}</td><td[^>]*>"
                         f"{re.escape(published)}</td><td[^>]*>[^<]*</td><td[^>]*>{provenance}<", ex._table.value)
    ex._pick.value = f"{GOLD}.7"
    assert (ex._new_value.value, ex._new_value.placeholder) == ("", "64")   # the value now, greyed: typing replaces it
    ex._new_value.value = "49"
    ex._set_button.click()
    assert ex.values()["changes"] == {f"{GOLD}.7": 49} and ex.message == ""
    assert ex.variant.load().config.components.tables.gold == (0, 4, 9, 16, 25, 36, 49, 49)
    assert "changes 1 value of the published game" in ex.question
    assert re.search(r"components:tables\.gold\.points\.7 64 49", ex.question)
    # the whole list reads its edited element, and the changed rows come first
    assert "[0, 4, 9, 16, 25, 36, 49, 49]" in ex._table.value
    ex._unset_button.click()                       # back to the published value: no change
    assert ex.values()["changes"] == {}
    ex._tune_this.click()
    assert (ex._parameter.value, ex._tab.value) == (f"{GOLD}.7", "tune")
    assert ex._tune_box.layout.display is None and ex._compare_box.layout.display == "none"


@pytest.mark.parametrize("changes,said", [
    # (the choices listed are every route policy registered: other tests register more)
    ({"route_policy": "nowhere"}, "Changes: route_policy must be one of first, "),
    ({"tables.gold.points": [1]}, "Changes: Caesar's Empire has no option 'tables.gold.points'"),
    ({GOLD: [0, 1, 3, 6]}, "Changes: components.toml (as the variant edits it): tables.gold.points: must cover "
                           "up to 8 Gold Coins"),
    ({"components:tables.silver.points": [1]}, "tables.silver: no such entry"),
    ({"players": 3}, "Changes: players is the Players box"),
    ({"handicap.4": 2.5}, "handicap.4: must be a whole number, got 2.5"),
    ({"handicap.0": 1}, "seats are numbered from 1"),
    ({"<b>x</b>": 1}, "has no option '<b>x</b>'"),
    ({"hand": float("nan")}, "Changes: a value that does not read back as written"),
    ({"hand": object()}, "Changes: a value of a kind a variant cannot hold"),
])
def test_a_refused_change_is_said_in_words_and_changes_nothing(changes, said):
    ex = VariantStudio(changes={"handicap.4": 2})
    before = (ex.values(), ex._changes_box.value, ex._table.value, ex.question)
    assert ex.set_values(changes=changes) is False
    assert said in ex.message and ex.message.startswith("Cannot update: ")
    assert "<b>x</b>" not in ex._message.value      # quoted as text, never as HTML
    assert (ex.values(), ex._changes_box.value, ex._table.value, ex.question) == before


@pytest.mark.parametrize("game,address,typed,said", [
    ("via_romana", "hand", "6", "hand must be a whole number 4 to 5, got 6"),
    ("via_romana", "hand", "five", "hand must be a whole number 4 to 5, got 'five'"),
    ("caesars_empire", "handicap.4", "2.5", "handicap.4: must be a whole number, got 2.5"),
    ("caesars_empire", f"{GOLD}.7", "NaN", f"{GOLD}.7: must be a finite number, got nan"),
])
def test_a_value_refused_by_set_names_the_new_value_box(game, address, typed, said):
    """The designer typed in New value and pressed Set: the refusal names New value, not Changes."""
    ex = VariantStudio(game)
    before = (ex.values(), ex._changes_box.value, ex.question)
    ex._find.value = address
    ex._pick.value = address
    ex._new_value.value = typed
    ex._set_button.click()
    assert ex.message.startswith("Cannot update: New value: "), ex.message
    assert said in ex.message and "Changes:" not in ex.message
    assert (ex.values(), ex._changes_box.value, ex.question) == before


def test_a_refused_new_value_leaves_the_pick_alone():
    """A fresh-user trial: handicap.3 picked, 'xyz' refused, then 7 set. The refusal put Value back to
    the value the last view was drawn with (handicap.1), and the next Set handicapped the wrong seat."""
    ex = VariantStudio()
    ex._find.value = "handicap"
    picked = [v for _, v in ex._pick.options]
    assert picked[0] == "handicap.1" and "handicap.3" in picked
    ex._pick.value = "handicap.3"
    assert (ex._new_value.value, ex._new_value.placeholder) == ("", "0")
    ex._new_value.value = "xyz"
    ex._set_button.click()
    assert ex.message.startswith("Cannot update: New value: handicap.3: "), ex.message
    assert "Value put back" not in ex.message and "New value put back to empty, handicap.3 now 0 greyed" in ex.message
    assert (ex._pick.value, ex._new_value.value, ex.values()["changes"]) == ("handicap.3", "", {})
    assert ex._new_value.placeholder == "0"
    ex._new_value.value = "7"
    ex._set_button.click()
    assert ex.message == "" and ex.values()["changes"] == {"handicap.3": 7}
    assert ex._pick.value == "handicap.3"


def test_a_refused_tune_box_goes_back_and_is_not_said_again():
    """A refused Target, Values or Parameter reads the view's value again, and an edit of another box
    afterwards is judged on its own: the old refusal is not shown again as if new."""
    ex = VariantStudio("pig", tab="tune")
    ex._target.value = "length=-3"
    assert ex.message.startswith("Cannot update: Target must be equal-seats or length=<number>"), ex.message
    assert "Target put back to 'equal-seats'" in ex.message and ex._target.value == "equal-seats"
    ex._tune_games.value = 99999
    assert ex.message == "" and ex.values()["tune_games"] == 99999
    ex._tune_games.value = 99_999_999
    assert ex.message.startswith("Cannot update: Tune budget must be a whole number"), ex.message
    assert "Target" not in ex.message
    ex._values.value = "1,,2"
    assert ex.message.startswith("Cannot update: Values: an empty value between commas in '1,,2'"), ex.message
    assert ex._values.value == "0:60:10"
    ex._parameter.value = ""
    assert ex.message.startswith("Cannot update: Parameter: type the value to tune, e.g. handicap.2"), ex.message
    assert ex._parameter.value == "handicap.2"


def test_a_batch_larger_than_the_budget_is_explained():
    ex = VariantStudio("pig", max_games=100, batch=100)
    assert ex.message == ""
    ex._batch.value = 5000
    assert ex.message == ("Note: Batch 5,000 is more than Budget 100: Compare plays the 100 paired games in one "
                          "batch, with no look between (a smaller Batch stops as soon as the answer is clear).")
    assert ex.values()["batch"] == 5000


def test_changes_typed_in_the_page_are_read_line_by_line():
    ex = VariantStudio("via_romana", players=3)
    ex._changes_box.value = "hand = 5\n# a comment\nhandicap.3 = 2\ncomponents:goals.points = 7"
    assert ex.message == "" and ex.values()["changes"] == {"hand": 5, "handicap.3": 2, "components:goals.points": 7}
    assert ex.variant.load().config.hand == 5
    ex._changes_box.value = "hand 5"
    assert ex.message.startswith("Cannot update: Changes: line 1: write address = value")
    assert ex.values()["changes"] == {"hand": 5, "handicap.3": 2, "components:goals.points": 7}   # the last good
    ex._seed.value = 7                    # another box edited while the refused line stays: said as still refused
    assert ex.message.startswith("Cannot update: Changes are still refused as typed: "
                                 "line 1: write address = value"), ex.message
    ex._changes_box.value = "hand 4"      # a new mistake in Changes is said as new
    assert ex.message.startswith("Cannot update: Changes: line 1: write address = value"), ex.message


def test_another_box_edited_while_refused_lines_stay_in_changes_applies_and_says_so():
    """An edit of another box while Changes held refused lines was not applied: the Show toggle read Tune
    with the Compare controls still shown, the Bots box read random beside a question saying greedy, and
    a Players edit put the refused lines back to the last good ones. The edit applies now, with the
    changes accepted before; the refused lines stay in Changes to mend; the message says exactly that;
    and nothing plays until they are mended."""
    ex = VariantStudio("via_romana", players=3, changes={"hand": 5})
    ex._changes_box.value = "hand 5"
    refusal = "Cannot update: Changes are still refused as typed: line 1: write address = value, e.g. hand = 5; got 'hand 5'"
    ex._tab.value = "tune"
    assert (ex._tune_box.layout.display, ex._compare_box.layout.display) == (None, "none")   # Tune's controls shown
    assert ex.message == (f"{refusal} (Show is now Tune, applied with the changes accepted before, 'hand = 5'; the "
                          "refused lines stay in Changes to mend or empty)")
    ex._bots.value = "random"
    assert ex.question.startswith("Via Romana, 3 players, random bots in every seat. The variant hand = 5 changes 1")
    assert "Bots is now random, applied with the changes accepted before, 'hand = 5'" in ex.message
    ex._players.value = 4
    assert ex.question.startswith("Via Romana, 4 players, random bots") and ex._players.value == 4
    assert ex._changes_box.value == "hand 5" and ex.values()["changes"] == {"hand": 5}   # kept to mend
    assert ex.tune() is False and ex.tuning is None                                       # nothing plays them
    assert ex.message.startswith("Cannot update: Changes: line 1: write address = value, e.g. hand = 5; got "
                                 "'hand 5'; mend or empty them before Tune (nothing played)"), ex.message
    ex._changes_box.value = "hand = 4"                                                    # mended: all is well
    assert ex.message == "" and ex.values()["changes"] == {"hand": 4} and ex.variant.options["hand"] == 4
    ex._changes_box.value = "hand 5\nroute_policy = x"
    ex._find.value = "handicap.2"
    ex._new_value.value = "3"
    ex._set_button.click()           # Set writes Changes: the refused lines were dropped without a word
    assert ex._changes_box.value == "hand = 4\nhandicap.2 = 3" and ex.values()["changes"] == {"hand": 4, "handicap.2": 3}
    assert ex.message == ("Note: Dropped from Changes, not accepted: 'hand 5'; 'route_policy = x'. Changes now "
                          "holds the changes accepted before, with handicap.2 set; copy a line back to mend it."), \
        ex.message


def test_set_and_published_quote_each_refused_line_they_drop_whole():
    """A trial: with ``handicap.4 = banana`` added under an accepted line, Set quoted the whole box cut
    at 80 characters ('...\\nhandicap.4 = ban...'), accepted line and a literal \\n included; Published
    quoted the box so short that the line it dropped was not in the note at all. The note now quotes the
    lines dropped, each whole, and only those."""
    ex = VariantStudio(changes={GOLD: FLAT})
    flat = f"{GOLD} = [0, 4, 9, 16, 16, 16, 16, 16]"
    ex._changes_box.value = f"{flat}\nhandicap.4 = banana"
    assert ex.message.startswith("Cannot update: Changes: handicap.4: must be a whole number, got 'banana'"), ex.message
    ex._find.value = "handicap.2"
    ex._new_value.value = "3"
    ex._set_button.click()
    assert ex._changes_box.value == f"{flat}\nhandicap.2 = 3"
    assert ex.message == ("Note: Dropped from Changes, not accepted: 'handicap.4 = banana'. Changes now holds the "
                          "changes accepted before, with handicap.2 set; copy a line back to mend it."), ex.message
    ex._changes_box.value = f"{flat}\nhandicap.2=3\n{GOLD}.4 = -7"   # an accepted line, typed otherwise, is kept
    assert ex.message.startswith(f"Cannot update: Changes: {GOLD}.4 = -7: components.toml refuses it at "), ex.message
    ex._unset_button.click()                     # handicap.2 back to its published value
    assert ex._changes_box.value == flat and ex.values()["changes"] == {GOLD: FLAT}
    assert ex.message == (f"Note: Dropped from Changes, not accepted: '{GOLD}.4 = -7'. Changes now holds the changes "
                          "accepted before, with handicap.2 published; copy a line back to mend it."), ex.message
    # a line too long for the note is cut at its end, its length said; past three lines, the rest counted
    long = f"{GOLD} = [{', '.join(['16'] * 120)}]"
    ex._changes_box.value = "\n".join([flat, long, "a 1", "b 2", "c 3"])
    ex._new_value.value = "0"                    # handicap.2 set to its published 0: Set writes Changes
    ex._set_button.click()
    said = ex.message
    assert said.startswith(f"Note: Dropped from Changes, not accepted: '{long[:60]}") and len(long) == 512
    assert "...' (512 characters); 'a 1'; 'b 2' and 1 more lines. Changes now holds" in said and len(said) <= 400 + len("Note: ")


def test_a_variant_name_too_long_typed_in_the_page_is_refused_as_a_variant_file_refuses_it(tmp_path):
    """A name of more than 200 characters typed in the page was cut to 200 without a word, where
    set_values, a Variant and a variant file refuse it: refused now, in words naming the box, which
    goes back to the name shown."""
    from rometools.core.variants import MAX_NAME_CHARS, Variant

    ex = VariantStudio("pig", changes={"target": 80}, name="first to 80")
    ex._name.value = "n" * 250
    assert ex.message == ("Cannot update: Variant name is at most 200 characters, as a variant file keeps it; got "
                          f"'{'n' * 59}...' (250 characters) (Variant name put back to 'first to 80'; the question "
                          "and the results stay as they were)")
    assert ex._name.value == "first to 80" and ex.variant.name == "first to 80"
    assert ex.set_values(name="n" * 250) is False and ex.message.startswith("Cannot update: Variant name is at most 200")
    ex._name.value = "n" * MAX_NAME_CHARS                                          # the longest name is whole
    assert ex.message == "" and ex.variant.name == "n" * MAX_NAME_CHARS
    saved = ex.save(tmp_path / "long.toml")
    assert Variant.from_toml(saved.read_text(encoding="utf-8")).name == "n" * MAX_NAME_CHARS
    with pytest.raises(ValueError, match="at most 200 characters"):
        Variant("pig", "n" * 201)


def test_changes_text_round_trips():
    changes = {"hand": 5, "route_policy": "first", "flag": "true", "list": [1, 2.5], "gone": None, "deep": {"a": [1]},
               "digits": "03", "signed": "+3"}
    assert parse_changes(changes_text(changes)) == changes
    assert 'digits = "03"\nsigned = "+3"' in changes_text(changes)   # text that reads as a number is quoted
    with pytest.raises(ValueError, match="line 2: 'hand' is set twice"):
        parse_changes("hand = 4\nhand = 5")


@pytest.mark.parametrize("game", rometools.games())
def test_a_variant_of_every_game_round_trips_through_the_changes(game, tmp_path):
    """Every game: a variant (an option, a handicap, a data value) shown in the studio is the same variant,
    saved and loaded back equal."""
    ex = VariantStudio(game)
    players = ex._players.value
    numbers = [p for p in Variant(game, options={"players": players}).parameters()
               if p.kind == "data" and isinstance(p.published, int) and not isinstance(p.published, bool)]
    changes = {f"handicap.{players}": 3}
    for p in numbers:   # the first data value that takes one more (a count may have an upper bound)
        try:
            Variant(game, options={"players": players}).with_value(p.address, p.published + 1).load()
        except ValueError:
            continue
        changes[p.address] = p.published + 1
        break
    assert ex.set_values(changes=changes, name="a test"), ex.message
    v = ex.variant
    assert variant_changes(v) == changes and v.name == "a test" and v.options["players"] == players
    path = ex.save(tmp_path / f"{game}.toml")
    other = VariantStudio("pig" if game != "pig" else "caesars_empire")
    assert other.load(path), other.message
    assert other.values()["changes"] == changes and other._game.value == game and other._players.value == players
    assert other.variant == v
    with pytest.raises(ValueError, match="the file exists"):
        ex.save(path)


def test_a_game_picked_in_the_page_clears_the_changes_and_says_so():
    ex = VariantStudio(changes={"handicap.4": 2})
    ex._game.value = "pig"                         # as the browser sends it
    assert ex._players.value == 2 and list(ex._players.options) == [2, 3, 4, 5, 6]
    assert ex.values()["changes"] == {} and ex._parameter.value == "handicap.2"
    assert ex.message == "Note: Changes cleared: they were Caesar's Empire's."
    ex._players.value = 3                          # the default Tune parameter follows the last seat
    assert ex._parameter.value == "handicap.3"


def test_opening_with_a_refused_value_opens_on_the_defaults_and_says_why():
    ex = VariantStudio("pig", changes={"target": -1})
    assert ex.message.startswith("Cannot open with: Changes: target must be a whole number")
    assert ex._game.value == "caesars_empire" and ex.values()["changes"] == {}


# ----------------------------------------------------------------- compare
def test_compare_draws_the_intervals_batch_after_batch_and_says_the_verdict():
    ex = VariantStudio("pig", changes={"target": 80}, max_games=300, batch=100, seed=4)
    assert ex.compare()
    base = Variant("pig", "as published", {"players": 2})
    expected = compare(base, Variant("pig", "target = 80", {"players": 2, "target": 80}), seed=4, max_games=300,
                       batch=100, progress=False)
    c = ex.comparison
    assert (c.pairs, [f.difference for f in c.figures]) == (expected.pairs, [f.difference for f in expected.figures])
    assert c.history == expected.history and len(c.history) == 3
    data = ex.figure_data()
    assert data["wi-diff-win rate P1"]["x"] == [100, 200, 300]
    assert data["wi-diff-win rate P1"]["y"] == pytest.approx([100 * h["win rate P1"][0] for h in c.history])
    assert data["wi-diff-mean score P2"]["y"] == pytest.approx([h["mean score P2"][0] for h in c.history])
    assert "wi-diff-score spread" in data
    verdict = ex.verdict
    assert verdict.startswith("Verdict after 300 paired games:")
    for line in expected.text.splitlines():
        assert line in verdict
    assert "game length" in verdict and "more paired games to decide" in verdict
    assert ex._bar.value == 300 and ex._status.value.startswith("Done: 300 paired games")
    assert ex._compare_stale.value == ""
    ex._seed.value = 5                             # the results stay, saying which run they are for
    assert "press Compare for the settings above" in re.sub("<[^>]+>", "", ex._compare_stale.value)
    assert ex.comparison is c
    ex.compare()
    assert ex._compare_stale.value == "" and ex.comparison is not c


def test_a_number_typed_then_compare_clicked_is_refused_and_the_click_plays_the_box_put_back_saying_so():
    """A click on Compare sends a number typed without Enter just before it: refused, the box put back,
    and that click plays the value put back, saying so (never the old value without a word, trial 4;
    never a click that plays nothing and says nothing, trial58)."""
    ex = VariantStudio("pig", changes={"target": 80}, max_games=40, batch=20)
    ex._max_games.set_state({"value": "999999999"})    # what the browser sends on leaving the box
    assert "Budget must be a whole number 10 to 1,000,000, got 999999999" in ex.message
    assert ex._max_games.value == 40
    ex._compare_button.click()
    assert ex.comparison.pairs == 40
    assert ex.message == ("Note: The value typed in Budget, 999999999, was refused (Budget must be a whole number "
                          "10 to 1,000,000, got 999999999) and put back: Compare plays Budget 40, as the box reads now.")
    ex._compare_button.click()
    assert ex.comparison.pairs == 40 and ex.message == ""


def test_the_first_tune_after_a_refused_target_values_or_budget_plays(tmp_path):
    """Trial58 (MEDIUM): Target ``zzz`` typed and Enter pressed was refused and put back, and the first
    click on Tune then did nothing, and said nothing; so after a refused Values or Budget. The first
    click plays what the boxes read, and says which box was put back."""
    ex = VariantStudio("pig", tab="tune", parameter="target", values="60,100", tune_games=40, check_games=20, batch=20)
    why = {"Target": "Target must be equal-seats or length=<number> (a mean game length in the game's own unit, "
                     "e.g. length=40), got 'zzz'", "Values": "Values: a range's step is above 0, got '60:100:0'",
           "Tune budget": "Tune budget must be a whole number 10 to 10,000,000, got 3"}
    for box, typed, label, back in ((ex._target, "zzz", "Target", "'equal-seats'"),
                                    (ex._values, "60:100:0", "Values", "'60,100'"), (ex._tune_games, 3, "Tune budget", "40")):
        tuned = ex.tuning
        box.value = typed
        assert ex.message.startswith("Cannot update: ") and box.value != typed, ex.message
        ex._tune_button.click()
        assert ex.tuning is not tuned and ex.tuning is not None and ex._status.value.startswith("Done: 40 games")
        # the value typed and why it was refused, as Enter said it; never "Values as typed was refused" (trial59)
        shown_typed = f"'{typed}'" if isinstance(typed, str) else str(typed)
        assert ex.message == (f"Note: The value typed in {label}, {shown_typed}, was refused ({why[label]}) and put "
                              f"back: Tune plays {label} {back}, as the box reads now."), ex.message


def test_compare_refuses_the_published_game():
    ex = VariantStudio("pig", max_games=40, batch=20)
    assert ex.compare() is False
    assert "the variant is the published game: nothing to compare" in ex.message
    assert ex.set_values(changes={"target": 100}) and ex.compare() is False   # its published value: no change
    assert ex.comparison is None


def test_stop_keeps_what_was_played_and_the_controls_come_back():
    ex = VariantStudio("pig", changes={"target": 80}, max_games=1_000_000, batch=50, background=True)
    before = _disabled(ex)
    ex._compare_button.click()                     # plays in a thread: the page stays live
    deadline = time.monotonic() + 120
    while ex.comparison is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert ex.running == "compare"
    assert all(_disabled(ex).values()) and not ex._stop.disabled   # nothing that changes the question
    assert ex.set_values(seed=3) is False and "press Stop" in ex.message
    ex._stop.click()
    assert ex.wait(120)
    c = ex.comparison
    assert c.stopped == "stopped" and 50 <= c.pairs < 1_000_000 and c.pairs % 25 == 0
    assert "STOPPED on request" in ex.verdict
    assert ex._status.value.startswith(f"Stopped after {c.pairs:,} paired games")
    assert _disabled(ex) == before and ex._stop.disabled
    assert ex.set_values(seed=3)                   # the question can change again


def test_a_failed_run_says_so_in_words(monkeypatch):
    import rometools.core.tune

    def tune(*args, **kwargs):   # a refusal from the race itself (a candidate the data refuses is refused as
        raise ValueError("hand must be 2 to 5, got 6")   # typed in Values now, trial58)

    monkeypatch.setattr(rometools.core.tune, "tune", tune)
    ex = VariantStudio("via_romana", players=3, tab="tune", parameter="hand", values="4,5", tune_games=40,
                       batch=10, check_games=0)
    assert ex.tune()
    assert ex.message.startswith("Cannot tune: hand must be") and "6" in ex.message
    assert ex.tuning is None and ex.running is None and not ex._tune_button.disabled


# ----------------------------------------------------------------- tune
def test_tune_draws_the_response_curve_and_recommends_a_value():
    ex = VariantStudio("pig", tab="tune", parameter="handicap.2", values="0:20:10", tune_games=600, batch=100,
                       check_games=100, seed=2)
    assert ex.tune(), ex.message
    expected = tune(Variant("pig", "as published", {"players": 2}), "handicap.2", [0, 10, 20], seed=2,
                    max_games=600, batch=100, check_games=100, tolerance=0.02, progress=False)
    t = ex.tuning
    assert [c.value for c in t.candidates] == [0, 10, 20]
    assert [c.response for c in t.candidates] == [c.response for c in expected.candidates]
    assert t.recommended.value == expected.recommended.value and t.check == expected.check
    data = ex.figure_data()
    assert data["wi-response"]["x"] == [0, 10, 20]
    assert data["wi-response"]["y"] == pytest.approx([100 * c.response[0] for c in t.candidates])
    assert data["wi-recommended"]["x"] == [t.recommended.value]
    assert ex.curve_figure.layout.xaxis.title.text == "P2's handicap (points)"
    assert ex.recommendation.startswith("Recommendation:")
    assert f"Recommended: P2's handicap = {t.recommended.value} point" in ex.recommendation   # as the axis says it


@pytest.mark.parametrize("kwargs,said", [
    ({"parameter": "no_such"}, "Parameter: 'no_such' is not a numeric value of Pig"),
    ({"parameter": "route"}, "Parameter: 'route' is not a numeric value"),
    ({"values": "6:0"}, "Values: a range runs upward"),
    ({"values": "1,1"}, "Values: 1 is given twice, got '1,1'"),
    ({"values": "2, 1, 2.0"}, "Values: 2 is given twice, got '2, 1, 2.0'"),
    ({"target": "fun"}, "Target must be equal-seats or length=<number>"),
    ({"target": "length=-3"}, "Target must be equal-seats"),
])
def test_tune_questions_refused_in_words(kwargs, said):
    ex = VariantStudio("pig", tab="tune")
    assert ex.set_values(**kwargs) is False and said in ex.message


def test_tune_refuses_a_seat_beyond_the_players():
    ex = VariantStudio("pig", tab="tune", parameter="handicap.2", values="0:4:2", tune_games=40, batch=10)
    assert ex.set_values(players=3, parameter="handicap.2")
    assert ex.set_values(players=2) and ex._parameter.value == "handicap.2"
    ex._parameter.value = "handicap.3"
    assert "Parameter: handicap.3: seat 3 is not a seat of a 2-player game (seats 1 to 2)" in ex.message


# ----------------------------------------------------------------- the app's files
def _file(name: str, content: bytes) -> tuple[dict]:
    return ({"name": name, "type": "text/plain", "size": len(content), "content": memoryview(content),
             "last_modified": datetime(2026, 12, 5)},)


def test_in_the_app_the_variant_downloads_and_uploads():
    ex = VariantStudio(changes={GOLD: FLAT}, name="flat gold", files="upload")
    save = ex._download.button
    # a button (a trial saw plain text): its words, icon and tooltip; the file is built at the click
    assert (save.description, save.icon) == ("Save the variant (TOML)", "download")
    assert save.tooltip.startswith("Download the variant the controls describe, named after it: load it here")
    save.click()
    name, data = ex._download.last
    assert name == "flat_gold.toml"
    text = data.decode()
    assert Variant.from_toml(text) == ex.variant
    other = VariantStudio("pig", files="upload")
    other._upload.value = _file("flat gold.toml", text.encode())
    assert other.message == "" and other.values()["changes"] == {GOLD: FLAT} and other._game.value == "caesars_empire"
    assert "Loaded flat_gold.toml" in other._file_status.value
    other._upload.value = _file("x.toml", b"[variant]\ngame = 'chess'\n")
    assert "unknown game 'chess'" in other.message and other._game.value == "caesars_empire"
    other._upload.value = _file("x.json", b"{}")
    assert other.message.startswith("Cannot update: Variant file: upload a variant file (.toml), got 'x.json' (")


def test_a_refused_list_names_the_one_key_the_variant_set(tmp_path):
    """A file checks a list whole: one entry set to -49 was refused as ``tables.gold.points: ..., got [0, 4,
    ..., -49]`` (trial54b). The studio names the key set and its value first, in Changes, an uploaded file
    and a file loaded by path; the rest of the refusal stays whole."""
    one = VariantStudio()
    one._changes_box.value = "components:tables.gold.points.7 = -49"
    assert one.message.startswith("Cannot update: Changes: components:tables.gold.points.7 = -49: components.toml "
                                  "refuses it at tables.gold.points: points must be 0 to 10000, got [0, 4, 9, ")
    assert one.values()["changes"] == {}
    text = Variant("caesars_empire", "steep gold").with_value("components:tables.gold.points.7", -49).to_toml()
    app = VariantStudio("pig", files="upload")
    app._upload.value = _file("steep.toml", text.encode())
    assert app.message.startswith("Cannot update: Variant file: steep.toml: edits.components.set: "
                                  "tables.gold.points.7 = -49: components.toml refuses it at tables.gold.points: "
                                  "points must be 0 to 10000")
    assert app._game.value == "pig" and app._file_status.value == ""   # said once, in the message
    removed = Variant("caesars_empire").with_value("components:tables.gold.points.7", None)
    removed.save(tmp_path / "short.toml")
    notebook = VariantStudio("pig")
    notebook._file.value = str(tmp_path / "short.toml")
    notebook._load_button.click()
    assert ("short.toml: edits.components.remove: tables.gold.points.7 = removed: components.toml refuses it at "
            "tables.gold.points: must cover up to 8 Gold Coins") in notebook.message
    notebook._file.value = str(tmp_path / "missing.toml")     # a refusal of no edit stays as it was
    notebook._load_button.click()
    assert "Variant file: " in notebook.message and "missing.toml" in notebook.message
    app._upload.value = _file("x.toml", text.replace("-49", "'x'").encode())   # the key named already: unchanged
    assert ("x.toml: edits: components.toml (as the variant edits it): "
            "tables.gold.points.7: must be a whole number") in app.message


def test_the_upload_button_has_a_tooltip_and_a_true_count():
    """A trial saw the upload button's tooltip read "null" and its count "(0)" after a file was loaded
    (ipywidgets 8 draws "description (files held)" and has no trait to drop the count). The button now
    says what it takes, and its count is 1 exactly while the question shown is the file last uploaded."""
    text = Variant("via_romana", "hand 5", {"players": 3, "hand": 5}).to_toml()
    ex = VariantStudio("pig", files="upload")
    assert ex._upload.tooltip.startswith("Load a variant file (.toml, at most 1,000,000 bytes)")
    assert ex._upload.description == "Upload variant file"   # drawn without ipywidgets' "(0)" (upload_label)
    assert ex._upload.value == ()
    ex._upload.value = _file("hand5.toml", text.encode())
    assert ex.values()["changes"] == {"hand": 5} and len(ex._upload.value) == 1   # the file's question shown
    ex._seed.value = 7                          # not the file's: the question is still the file's
    assert len(ex._upload.value) == 1
    ex._changes_box.value = "hand = 4"          # the question changed: the count says so
    assert ex._upload.value == () and ex.values()["changes"] == {"hand": 4}
    ex._upload.value = _file("hand5.toml", text.encode())    # the same file again loads again
    assert ex.values()["changes"] == {"hand": 5} and len(ex._upload.value) == 1
    ex._upload.value = _file("hand9.toml", text.replace("hand = 5", "hand = 9").encode())   # refused: 0
    assert ex._upload.value == () and "hand9.toml: options.hand" in ex.message
    assert ex.values()["changes"] == {"hand": 5}
    ex._upload.value = _file("x.json", b"{}")
    assert ex._upload.value == () and "Variant file: upload a variant file (.toml)" in ex.message


def test_in_a_notebook_save_and_load_by_path(tmp_path):
    ex = VariantStudio("via_romana", players=3, changes={"hand": 5})
    ex._file.value = str(tmp_path / "hand5.txt")
    ex._save_button.click()
    assert "Cannot save: a variant file is a .toml file" in ex._file_status.value
    ex._file.value = str(tmp_path / "hand5.toml")
    ex._save_button.click()
    assert "Saved" in ex._file_status.value and (tmp_path / "hand5.toml").exists()
    other = VariantStudio()
    other._file.value = str(tmp_path / "hand5.toml")
    other._load_button.click()
    assert other.values()["changes"] == {"hand": 5} and other._players.value == 3
    other._file.value = str(tmp_path / "missing.toml")
    other._load_button.click()
    assert other._file_status.value == "" and "Variant file: " in other.message   # said once
    other._file.value = ""                      # refused in the words of every file refused: one wording
    other._load_button.click()
    assert other.message == ("Cannot update: Variant file: type the variant file's name, e.g. my_variant.toml "
                             "(the question and the results stay as they were)") and other._file_status.value == ""
    ex._save_button.click()                     # an existing name: what to do in the studio, not force=True
    assert "exists and the studio never replaces a file; type another name in Variant file" in ex._file_status.value
    assert "force" not in ex._file_status.value
    long = str(tmp_path / ("x" * 300 + ".toml"))   # trial55b: an uncaught OSError, nothing said
    ex._file.value = long
    ex._save_button.click()
    assert "Cannot save: cannot write &#x27;" in ex._file_status.value
    assert "characters): File name too long; the variant is not saved" in ex._file_status.value
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hand5.toml"]
    with pytest.raises(ArgumentError, match=r"characters\): File name too long; the variant is not saved"):
        ex.variant.save(long)


# ----------------------------------------------------------------- every game, read as a designer reads
@pytest.mark.parametrize("game", rometools.games())
def test_every_game_compares_and_reads_well(game):
    players = load_game(game).players
    ex = VariantStudio(game, changes={f"handicap.{players}": 5}, max_games=20, batch=10)
    assert ex.compare(), ex.message
    assert ex.comparison.pairs == 20 and ex.verdict.startswith("Verdict after 20 paired games:")
    assert game_spec(game).title in ex.verdict
    check_explorer(ex, checks=["readable_texts", "readable_charts"], states=())


def test_a_large_budget_plays_on_worker_processes_and_is_stopped_there_too():
    """From 2,000 games (on more than one core) the games play on worker processes, as the balance lab's:
    a Variant travels there whole, and Stop ends the race there too."""
    ex = VariantStudio("pig", tab="tune", parameter="handicap.2", values="0:20:10", tune_games=100_000, batch=100,
                       check_games=0, background=True)
    assert ex._executor(100_000) == ("process" if (os.cpu_count() or 1) > 1 else "serial")
    ex._tune_button.click()
    deadline = time.monotonic() + 120
    while ex.tuning is None and time.monotonic() < deadline:
        time.sleep(0.05)
    ex.stop()
    assert ex.wait(120), "the run did not end after Stop"
    assert ex.tuning.stopped == "stopped" and 0 < ex.tuning.games < 100_000
    assert [c.value for c in ex.tuning.candidates] == [0, 10, 20] and ex.message == ""


def test_find_narrows_the_values_while_a_refused_line_sits_in_changes():
    """A trial typed ``goals.points = -3`` in Via Romana (refused: the address is components:goals.points);
    Find then stopped narrowing the table. It narrows it regardless, and the refusal names the address."""
    ex = VariantStudio("via_romana", players=3)
    ex._changes_box.value = "goals.points = -3"
    assert "Via Romana has no option 'goals.points' (did you mean components:goals.points?)" in ex.message
    ex._find.value = "goals"
    assert ex._find.value == "goals" and "goals.points = -3" in ex._changes_box.value
    assert [v for _, v in ex._pick.options] and all("goals" in v for _, v in ex._pick.options)
    assert "components:goals.points" in [v for _, v in ex._pick.options]
    assert "; 1 matches &#x27;goals&#x27;." in ex._table.value
    assert ex.message.startswith("Cannot update: Changes are still refused as typed")   # still said, as still
    assert "(Find is now 'goals', applied with no change, the published game; the refused lines stay" in ex.message


def test_the_variant_name_does_not_follow_to_another_game(tmp_path):
    ex = VariantStudio(changes={"handicap.4": 2}, name="cheaper gold, P4 +2")
    ex._game.value = "via_romana"
    assert ex.values()["name"] == "" and "cleared: it named a variant of Caesar's Empire" in ex.message
    assert ex.set_values(changes={"hand": 5})
    assert "cheaper gold" not in ex.question and ex.variant.name == "hand = 5"
    assert "cheaper gold" not in ex.save(tmp_path / "v.toml").read_text()


def test_the_value_table_says_unset_options_in_their_own_words_and_lists_no_drawing_positions():
    ex = VariantStudio()
    ex._find.value = "max_chain_paths"
    table = ex._table.value
    assert "unset (every chain the rules allow)" in table and "bundled file" not in table and "or None" not in table
    ex._find.value = "position"
    assert "0 match &#x27;position&#x27;" in ex._table.value and list(ex._pick.options) == []


def test_the_charts_count_paired_games_and_whole_values_in_whole_ticks():
    """A trial's comparison chart, after one batch, had a tick at 199.5 paired games."""
    from rometools.charts.what_if import comparison_figure, response_curve_figure

    history = [{"pairs": 200, "win rate P1": (0.01, -0.02, 0.04)}]
    fig = comparison_figure(history, ["win rate P1"])
    assert list(fig.layout.xaxis.tickvals) == [200] and list(fig.layout.xaxis.ticktext) == ["200"]
    many = [{"pairs": 200 * k, "win rate P1": (0.01, -0.02, 0.04)} for k in range(1, 40)]
    assert comparison_figure(many, ["win rate P1"]).layout.xaxis.tickformat == ",d"
    curve = response_curve_figure([0, 5], [-0.2, 0.01], [-0.25, -0.03], [-0.15, 0.05], parameter="P4's handicap")
    assert list(curve.layout.xaxis.tickvals) == [0, 5]


def test_an_uploaded_variant_refused_names_the_uploaded_file():
    """The app's upload error read "<variant>: ..." instead of the file the designer uploaded."""
    ex = VariantStudio("pig", files="upload")
    ex._upload.value = _file("my gold.toml", b"[variant]\ngame = 'caesars_empire'\n[option]\nplayers = 4\n")
    assert "<variant>" not in ex.message
    assert "Variant file: my_gold.toml: option: is not a table of a variant file (misspelt?)" in ex.message
    assert ex._file_status.value == "" and ex._game.value == "pig"


def test_the_studio_names_a_data_edit_in_the_compare_and_tune_charts():
    """The studio's charts name the variant and that it edits data (the trial's Tune said only the game)."""
    ex = VariantStudio("via_romana", players=3, bots="random", changes={"components:goals.points": 7},
                       name="rich goals", max_games=20, batch=10)
    assert ex.compare(), ex.message
    title = ex._chart_figure("rates_figure").layout.title.text
    assert "as published against variant 'rich goals' (edits the components data: 1 value)" in title
    assert ex.set_values(parameter="handicap.3", values="0,5", tune_games=40, check_games=0) and ex.tune(), ex.message
    assert ex.tuning.title == "Via Romana, 3 players, random; variant 'rich goals' (edits the components data: 1 value)"
    title = ex._chart_figure("curve_figure").layout.title.text
    assert "Via Romana, 3 players, random: handicap.3</sup><br><sup>variant 'rich goals' (edits the components data: 1 " \
           "value)</sup>" in title


def test_the_tune_status_says_when_the_race_has_ended_and_the_check_plays():
    """The status line said "Tuning: up to 600 games in the race, ..." until the very end, also while the
    recommendation was checked on fresh seeds after the race had ended. Once the race ends it says so,
    and that the check plays; the table's candidates never say "in the race" after it."""
    ex = VariantStudio("pig", tab="tune", parameter="handicap.2", values="0:20:10", tune_games=600, batch=100,
                       check_games=100, seed=2)
    said = []
    ex._status.observe(lambda change: said.append(change["new"]), names="value")
    assert ex.tune(), ex.message
    t = ex.tuning
    ended = f"The race ended after {t.games:,} games: checking the recommendation on 100 fresh games\u2026"
    assert ended in said and said.index(ended) < len(said) - 1 and said[-1].startswith("Done: ")
    assert not [s for s in said[said.index(ended):] if "in the race" in s]
    assert "in the race" not in [c.status for c in t.candidates]


def test_the_studio_says_an_interim_verdict_is_so_far_and_the_last_why_it_stopped():
    """The studio read "Verdict after 200 paired games: ... stopped because every figure is decided"
    while its status said "Comparing: up to 20,000 paired games" and the run went on."""
    from rometools.widgets._what_if_text import _verdict_html

    seen = []
    c = compare("pig", load_game("pig", target=60), max_games=200, batch=100, progress=False, on_batch=seen.append)
    interim = _verdict_html(seen[0])
    assert interim.startswith("<b>Verdict so far</b>, after 100 paired games (the run goes on):<br>")
    assert "Paired games so far: 100; the run goes on." in interim and "stopped because" not in interim
    final = _verdict_html(c)
    assert final.startswith("<b>Verdict</b> after 200 paired games:<br>")
    assert "Paired games: 200; " in final and "so far" not in final


def test_a_variant_file_with_a_bad_edit_is_refused_naming_the_file_not_changes(tmp_path):
    """A trial uploaded a variant whose edit the game's file refuses: the message blamed Changes
    ("Cannot update: Changes: components.toml ...") while the error was in the file and Changes still
    read the old text. Refused now as a variant file is: naming the file, the entry and the problem,
    whichever way it comes (an upload, a path, its text, a Variant); the studio unchanged."""
    bad = Variant("caesars_empire", "bad", {"players": 4}, {"components": {"tables.gold.points.4": -7}})
    problem = ("edits.components.set: tables.gold.points.4 = -7: components.toml refuses it at tables.gold.points: "
               "points must be 0 to 10000, got [0, 4, 9, 16, -7, 36, 49, 64]")
    ex = VariantStudio("via_romana", players=3, changes={"hand": 5}, files="upload")
    before = (ex.values(), ex._changes_box.value, ex.question)
    ex._upload.value = _file("bad.toml", bad.to_toml().encode())
    assert ex.message == f"Cannot update: Variant file: bad.toml: {problem} (the question and the results stay as they were)"
    assert ex._file_status.value == ""   # said once, in the message
    assert (ex.values(), ex._changes_box.value, ex.question) == before
    for source, named in ((bad, "<variant>"), (bad.to_toml(), "<variant>"), (bad.save(tmp_path / "bad.toml"),
                                                                             str(tmp_path / "bad.toml"))):
        assert ex.load(source) is False
        assert ex.message.startswith(f"Cannot update: Variant file: {named}: {problem}"), ex.message
        assert (ex.values(), ex._changes_box.value, ex.question) == before


@pytest.mark.parametrize("address,typed,held", [
    ("handicap.2", "03", 3),          # New value holds the value picked: a click and 3 typed after it give 03
    ("handicap.2", "+3", 3),
    ("handicap.2", "-02", -2),
    ("handicap.3", "1e1", 10),        # a whole number, held (and shown, and saved) as the whole number it is
    ("handicap.3", "3.0", 3),
    (f"{GOLD}.7", "+49", 49),
])
def test_new_value_reads_a_number_as_a_designer_types_it(address, typed, held, tmp_path):
    """A trial: New value '03' (and '+3') was refused ("a value to tune is a number, got '03'") while
    '1e1' was taken for a whole number of points and shown as 10.0 where the saved file said 10."""
    ex = VariantStudio()
    ex._find.value = address
    ex._pick.value = address
    ex._new_value.value = typed
    ex._set_button.click()
    assert ex.message == "" and ex.values()["changes"] == {address: held}
    assert type(ex.values()["changes"][address]) is int
    assert ex._changes_box.value == f"{address} = {held}"
    published = 64 if address.startswith(GOLD) else 0
    assert ex.question.endswith(f"The variant {address} = {held} changes 1 value of the published game: value "
                                f"published variant; {address} {published} {held};"), ex.question
    assert re.search(f">{re.escape(address)}</td><td[^>]*>{published}</td><td[^>]*>{held}</td>", ex._table.value)
    assert variant_changes(Variant.from_toml(ex.save(tmp_path / "v.toml"))) == {address: held}


def test_typing_in_new_value_replaces_the_value_shown():
    """A trial clicked in New value, which held the picked value (0), typed 3 and got 03: New value is now
    empty with the value now greyed in it (its placeholder and tooltip), so what is typed replaces it;
    after Set it shows the new value the same way."""
    ex = VariantStudio()
    ex._find.value = "handicap.3"
    assert ex._pick.value == "handicap.3"
    assert (ex._new_value.value, ex._new_value.placeholder) == ("", "0")
    assert ex._new_value.tooltip == "handicap.3 is now 0: type its new value here, then press Set"
    ex._new_value.value = "3"                   # a click and 3 typed
    ex._set_button.click()
    assert ex.message == "" and ex.values()["changes"] == {"handicap.3": 3}
    assert (ex._new_value.value, ex._new_value.placeholder) == ("", "3")      # the value now: the variant's
    ex._set_button.click()                      # nothing typed: nothing set, said in words
    assert ex.message.startswith("Cannot update: New value: type the new value of handicap.3")
    assert ex.values()["changes"] == {"handicap.3": 3}
    ex._find.value = "gold.points"
    ex._pick.value = GOLD
    assert ex._new_value.placeholder == "[0, 4, 9, 16, 25, 36, 49, 64]" and ex._new_value.value == ""


def test_a_whole_number_field_refuses_a_fraction_and_says_which_field_without_tuning_words():
    ex = VariantStudio()
    ex._find.value = "handicap.2"
    for typed, said in (("3.5", "handicap.2: must be a whole number, got 3.5"),
                        ("banana", "handicap.2: must be a whole number, got 'banana'")):
        ex._new_value.value = typed
        ex._set_button.click()
        assert ex.message.startswith(f"Cannot update: New value: {said} (New value put back to empty, handicap.2 "
                                     "now 0 greyed in it"), ex.message
        assert "tune" not in ex.message and ex.values()["changes"] == {}
    ex._changes_box.value = "hand = 05\nhandicap.4 = +2"   # Changes lines read as New value reads them
    assert ex.message.startswith("Cannot update: Changes: Caesar's Empire has no option 'hand'"), ex.message
    ex._changes_box.value = f"handicap.4 = +2\n{GOLD}.7 = 049.0"
    assert ex.message == "" and ex.values()["changes"] == {"handicap.4": 2, f"{GOLD}.7": 49}
    assert f"The variant handicap.4 = 2; {GOLD}.7 = 49 changes 2 values" in ex.question
    ex._changes_box.value = f"{GOLD}.7 = lots"
    assert ex.message.startswith(f"Cannot update: Changes: components.toml (as the variant edits it): {GOLD[11:]}.7: "
                                 "must be a whole number"), ex.message
    assert "tune" not in ex.message


def test_each_tab_shows_its_own_runs_progress_and_a_finished_run_fills_its_bar():
    """A trial: the Tune tab read "Done: 2,000 paired games (the budget ended)." before any tune (Compare's
    run), and after a tune "Done: 14,600 games (the race decided)." under a bar 73% full. Each tab shows
    its own last run (none: nothing), and a run decided before its budget fills its bar."""
    ex = VariantStudio("pig", changes={"target": 80}, max_games=200, batch=100, tab="compare", parameter="handicap.2",
                       values="0:20:10", tune_games=20_000, check_games=100)
    assert (ex._status.value, ex._bar.value) == ("", 0)
    assert ex.compare(), ex.message
    compared = f"Done: 200 paired games ({'every figure decided' if ex.comparison.stopped == 'decided' else 'the budget ended'})."
    assert (ex._status.value, ex._bar.value, ex._bar.max) == (compared, 200, 200)
    ex._tab.value = "tune"
    assert ex.message == "" and (ex._status.value, ex._bar.value) == ("", 0)    # no tune has run
    assert ex.tune(), ex.message
    t = ex.tuning
    assert t.stopped == "decided" and t.games < 20_000                          # decided before its budget
    # decided the other way: no value of 0 to 20 brings P2 within 2 points (trial: it said "the race decided")
    assert not t.meets and ex._status.value == f"Done: {t.games:,} games (no value tried can meet the target)."
    assert ex._bar.value == ex._bar.max == t.games                              # whole, not t.games / 20,000
    ex._tab.value = "compare"
    assert (ex._status.value, ex._bar.value, ex._bar.max) == (compared, 200, 200)
    ex._tab.value = "tune"
    assert ex._status.value.startswith("Done: ") and ex._bar.value == ex._bar.max


def test_stop_sits_beside_the_run_buttons_and_the_progress_above_the_results():
    """A trial: Stop was the last thing on the page, under both charts, out of view when Compare was
    pressed. It sits in the row of the Compare (or Tune) button and the progress bar, right under the
    tab's controls and above its results."""
    ex = VariantStudio("pig")
    row = next(c for c in ex.children if ex._stop in getattr(c, "children", ()))
    assert list(row.children) == [ex._compare_button, ex._tune_button, ex._stop, ex._bar, ex._status]
    order = list(ex.children)
    assert order.index(ex._compare_box) < order.index(row) < order.index(ex._compare_results) < \
        order.index(ex._tune_results)
    assert ex._verdict in ex._compare_results.children and ex._recommendation in ex._tune_results.children
    shown = {w: w.layout.display for w in (ex._compare_button, ex._tune_button, ex._compare_results, ex._tune_results)}
    assert list(shown.values()) == [None, "none", None, "none"]
    ex._tab.value = "tune"
    assert [w.layout.display for w in shown] == ["none", None, "none", None]


@pytest.mark.parametrize("changes", [{"components:token.joker.count": 0, "components:bag.total": 21},
                                     {"components:token.joker.count": 0},
                                     {"components:token.joker.count": 0, "components:token.dagger.count": 0,
                                      "components:bag.total": 20}], ids=["with total", "alone", "and no dagger"])
def test_the_studio_refuses_an_augustus_bag_without_a_joker_in_the_loaders_words(changes):
    """fix55b (HIGH): Changes ``components:token.joker.count = 0`` were accepted and Compare stopped in the
    engine's words ("chance weights ... (0 outcomes)"); the joker is the bag's only refill (AU-15). The
    Changes load through load_components, which refuses the bag naming the count and the rule."""
    ex = VariantStudio("augustus", players=2)
    before = (ex.values(), ex._changes_box.value, ex._table.value, ex.question)
    assert ex.set_values(changes=changes) is False
    assert ex.message == ("Cannot update: Changes: components.toml (as the variant edits it): token[6] (id='joker')"
                          ".count: the bag needs at least one joker, got 0: drawing the joker is what puts every "
                          "token back in the bag (Le jeton joker), so a bag without one runs out and the game cannot "
                          "go on (the question and the results stay as they were)")
    assert (ex.values(), ex._changes_box.value, ex._table.value, ex.question) == before
    ex._changes_box.value = changes_text(changes)                                 # typed in Changes
    assert "token[6] (id='joker').count: the bag needs at least one joker, got 0" in ex.message
    assert ex.values()["changes"] == {}
    assert ex.set_values(changes={"components:token.joker.count": 1, "components:bag.total": 22}), ex.message


def test_a_count_the_file_checks_against_its_total_says_to_change_the_total_too():
    """Trial (MEDIUM): Augustus's dagger count set to 0 was refused as "bag.total: is 23 but the token counts add
    up to 22", with nothing saying that bag.total is a value to change in Changes as well."""
    ex = VariantStudio("augustus", max_games=20, batch=10)
    assert not ex.set_values(changes={"components:token.dagger.count": 0})
    assert ex.message.startswith(
        "Cannot update: Changes: components.toml (as the variant edits it): bag.total: is 23 but the token counts "
        "add up to 22; components:bag.total is not among the changes: the file checks the changes against it, so "
        "change it too (a line components:bag.total = ... in Changes)"), ex.message
    assert ex.set_values(changes={"components:token.dagger.count": 0, "components:bag.total": 22}), ex.message
    assert dict(ex.variant.edits["components"]) == {"token.dagger.count": 0, "bag.total": 22}
    # a total changed, and still wrong: the refusal is of that change, no hint to change it
    assert not ex.set_values(changes={"components:token.dagger.count": 0, "components:bag.total": 21})
    assert "not among the changes" not in ex.message and "bag.total: is 21 but" in ex.message, ex.message


def test_a_name_given_with_other_changes_goes_when_the_changes_do():
    """Trial (MEDIUM): the app's page opens on "Gold 0-4-9-16, no more"; Changes edited to another table kept that
    name, on the question and as the download's file name. A name given with its changes (the page's, a file's)
    goes, said, once the changes differ; a name typed in the box is the designer's and stays."""
    ex = VariantStudio(changes={GOLD: FLAT}, name="Gold 0-4-9-16, no more", files="upload")
    ex._changes_box.value = f"{GOLD} = [0, 4, 9, 16, 25, 36, 36, 36]"          # typed in Changes
    assert ex._name.value == "" and ex.variant.name == f"{GOLD} = [0, 4, 9, 16, 25, 36, 36, 36]"
    assert ex.message == ("Note: Variant name 'Gold 0-4-9-16, no more' cleared: it named changes no longer made; "
                          "the variant is named after its changes (type a name in Variant name to give it one).")
    ex._download.button.click()
    held = hashlib.sha256(ex.variant.to_toml().encode("utf-8")).hexdigest()[:8]     # the name is the changes'
    assert ex._download.last[0] == f"components_tables_gold_points_0_4_9_16_2_{held}.toml"
    # Trial (LOW): two variants whose changes read alike up to the cut were offered under one name
    ex._changes_box.value = f"{GOLD} = [0, 4, 9, 16, 25, 36, 49, 64]"
    ex._download.button.click()
    assert ex._download.last[0].startswith("components_tables_gold_points_0_4_9_16_2_")
    assert ex._download.last[0] != f"components_tables_gold_points_0_4_9_16_2_{held}.toml"
    ex._changes_box.value = f"{GOLD} = [0, 4, 9, 16, 25, 36, 49, 49]"
    ex._name.value = "gold to 36"                                               # typed: the designer's own
    ex._changes_box.value = f"{GOLD} = [0, 4, 9, 16, 25, 36, 49, 49]"
    assert ex._name.value == "gold to 36" and ex.message == ""
    # a name and changes given together stay together; the same changes again, or one added, keep it; one of its
    # changes removed does not
    assert ex.set_values(changes={GOLD: FLAT}, name="flat gold")
    assert ex.set_values(changes={GOLD: FLAT}) and ex._name.value == "flat gold" and ex.message == ""
    assert ex.set_values(changes={GOLD: FLAT, "handicap.4": 20}) and ex._name.value == "flat gold"
    assert ex.set_values(changes={"handicap.4": 20}) and ex._name.value == "" and ex.message.startswith(
        "Note: Variant name 'flat gold' cleared")
    assert ex.set_values(changes={GOLD: FLAT}, name="flat gold")
    # changes refused as typed change nothing: the name stays with the changes shown
    ex._changes_box.value = f"{GOLD} = [0, -4]"
    assert ex._name.value == "flat gold" and ex.message.startswith("Cannot update: Changes: ")


def test_tuning_every_seat_draws_and_tables_every_seat_not_p1_alone():
    """Trial (HIGH): Tune towards every seat's win rate drew one "response" line and an "off the target"
    column of P1's numbers under the title "every seat's win rate". Each seat is now its own line and
    column, with the farthest off beside them, and the end says no value tried can meet the target."""
    ex = VariantStudio("caesars_empire", players=4, tab="tune", parameter="components:road_bonus.points",
                       values="0:400:100", tune_games=4000, batch=200, check_games=0, seed=0)
    assert ex.tune(), ex.message
    t = ex.tuning
    assert t.coordinates == ("P1", "P2", "P3", "P4")
    data = ex.figure_data()
    assert "wi-response" not in data
    for j, seat in enumerate(t.coordinates):
        assert data[f"wi-response {seat}"]["x"] == [0, 100, 200, 300, 400]
        assert data[f"wi-response {seat}"]["y"] == pytest.approx([100 * c.response[j] for c in t.candidates])
    assert data["wi-recommended"]["x"] == [t.recommended.value] * 4
    text = plain_text(ex._recommendation.value)
    assert all(f"{seat} off (interval)" in text for seat in t.coordinates) and "farthest off" in text
    assert f"{100 * t.candidates[0].loss:.1f}" in text   # P1's 40.5 at 0 is the farthest off there
    assert "no value tried can meet the target" in ex._status.value


def test_a_tune_parameter_naming_a_seat_the_game_lacks_says_so():
    """Trial (LOW): Parameter handicap.7 at 4 players said "is not a numeric value of Caesar's Empire";
    the command line says which seats there are. The studio says it as the command line does."""
    ex = VariantStudio("caesars_empire", players=4, tab="tune", parameter="handicap.2", values="0:20:10")
    assert not ex.set_values(parameter="handicap.7")
    assert ex.message.startswith("Cannot update: Parameter: handicap.7: seat 7 is not a seat of a 4-player game "
                                 "(seats 1 to 4)"), ex.message
    assert ex.values()["parameter"] == "handicap.2"   # nothing changed
    assert ex.set_values(parameter="handicap.4") and ex.message == ""


def test_every_refusal_of_an_uploaded_file_is_said_in_the_message():
    """A binary upload's refusal ("Cannot load: bin.toml is not UTF-8 text") was on the file line, while a
    TOML file's refusal was in the message area: a file of the wrong kind, too large, or not text is now
    said where the others are, and the file line says nothing."""
    from rometools.core.data import MAX_FILE_BYTES

    ex = VariantStudio("pig", files="upload")
    ex._upload.value = _file("hand.toml", b"[variant]\ngame = 'pig'\n[options]\ntarget = 60\n")
    assert ex.values()["changes"] == {"target": 60} and plain_text(ex._file_status.value) == "Loaded hand.toml."
    kept = "(the question and the results stay as they were)"
    for name, content, said in [
            ("bin.toml", b"\x00\xff\xfe", "bin.toml is not UTF-8 text: a variant file is TOML text"),
            ("x.json", b"{}", "upload a variant file (.toml), got 'x.json'"),
            ("big.toml", b"#" * (MAX_FILE_BYTES + 1), f"big.toml is {MAX_FILE_BYTES + 1:,} bytes; a variant file is at "
                                                      f"most {MAX_FILE_BYTES:,} bytes"),
            ("bad.toml", b"[variant\n", "bad.toml: is not valid TOML: ")]:
        ex._upload.value = _file(name, content)
        assert ex.message.startswith(f"Cannot update: Variant file: {said}") and ex.message.endswith(kept), ex.message
        assert ex._file_status.value == "" and ex._upload.value == ()
        assert ex.values()["changes"] == {"target": 60}


def test_the_upload_button_says_what_to_do_not_a_count():
    """The studio's upload read "Load a variant (0)" before anything was uploaded (ipywidgets 8 draws
    "description (files held)"): its label is drawn by a style sheet beside it as "Upload variant file"
    alone, the count hidden (tests/browser/test_what_if.py reads it in a browser)."""
    ex = VariantStudio("pig", files="upload")
    styles = [w for w in _descendants(ex) if getattr(w, "value", None) and "<style>" in str(w.value)]
    assert [s.value for s in styles] == [
        "<style>button.rt-whatif-upload { font-size: 0 !important; } button.rt-whatif-upload > i { font-size: "
        "var(--jp-widgets-font-size, 13px); margin-right: 4px; } button.rt-whatif-upload::after { content: "
        "\"Upload variant file\"; font-size: var(--jp-widgets-font-size, 13px); }</style>"]
    assert styles[0].layout.display == "none" and "rt-whatif-upload" in ex._upload._dom_classes
    assert ex._upload.description == "Upload variant file"



def test_every_upload_of_the_app_says_what_to_do_not_a_count():
    """Every page of the designer app (each registered explorer made as its page makes it) draws each of its
    upload buttons with its label alone ("Upload a board", "Upload a saved game"), never "(0)", and gives a
    screen reader that label as the button's name (it read "Upload variant file (0)Upload variant file":
    tests/browser/test_what_if.py reads the name in a browser)."""
    import ipywidgets as widgets

    import rometools.widgets  # noqa: F401 - registers the general explorers
    from rometools.core.explorers import explorers
    from rometools.widgets._inputs import UploadName

    seen = {}
    for spec in explorers():
        explorer = spec.load()(**eval(f"dict({spec.app_args})"))   # noqa: S307 - the page's own arguments
        inside = list(_descendants(explorer))
        styles = " ".join(w.value for w in inside if isinstance(w, widgets.HTML) and w.value.startswith("<style>"))
        names = [(w.css, w.label) for w in inside if isinstance(w, UploadName)]
        for upload in (w for w in inside if isinstance(w, widgets.FileUpload)):
            css = next(c for c in upload._dom_classes if c.startswith("rt-"))
            assert f'button.{css}::after {{ content: "{upload.description}";' in styles, (spec.page, css)
            assert (css, upload.description) in names, (spec.page, css)   # its name for a screen reader, the same
            seen.setdefault(upload.description, set()).add(spec.page)
    assert seen == {"Upload variant file": {"what_if_studio"}, "Upload a board": {
        "balance_lab", "caesars_empire_board", "imperator_region_board", "via_romana_road_board", "augustus_playout"},
        "Upload a saved game": {"augustus_playout", "caesars_empire_board", "imperator_region_board", "pig_playout",
                                "via_romana_road_board"}}


def _descendants(widget):
    for child in getattr(widget, "children", ()):
        yield child
        yield from _descendants(child)


def test_a_refusal_of_a_tune_box_is_said_under_the_tab_boxes_not_above_the_question():
    """A trial found the refusal of Tune's Values 330 px above the box (the message sat over the question
    and the table of values). A refusal of a box of the Compare or Tune tab, a note about one, and a run's
    failure are said under the tab's boxes, just over the run's button; a refusal of Changes goes back to its
    place under the variant's boxes."""
    ex = VariantStudio("pig", tab="tune", values="0:10:10", tune_games=40, check_games=0, batch=20)
    home = ex.children.index(ex._file_status) + 1
    assert ex.children[home] is ex._message
    ex._values.value = "zzz"                      # as typed in the box
    assert ex.message == ("Cannot update: Values: values are numbers, got 'zzz' (Values put back to '0:10:10'; "
                          "the question and the results stay as they were)")
    at = ex.children.index(ex._message)
    assert ex.children[at - 1] is ex._tune_box and ex.children[at + 1] is ex._run_row
    ex._changes_box.value = "nosuch = 3"
    assert ex.message.startswith("Cannot update: Changes: Pig has no option 'nosuch'")
    assert ex.children[home] is ex._message and ex.children.count(ex._message) == 1
    ex._changes_box.value = ""
    ex._batch.value = 5                           # a box of the tabs' own row
    assert ex.message.startswith("Cannot update: Batch must be a whole number 10 to 100,000, got 5")
    assert ex.children[ex.children.index(ex._run_row) - 1] is ex._message
    ex._target.value = "zzz"
    assert ex.tune() is True                      # the put-back said at the run, there too
    assert ex.message.startswith("Note: The value typed in Target, 'zzz', was refused (Target must be equal-seats")
    assert ex.message.endswith(") and put back: Tune plays Target 'equal-seats', as the box reads now.")
    assert ex.children[ex.children.index(ex._run_row) - 1] is ex._message


def test_find_counts_the_rows_it_lists():
    """A trial read "1 match" over 5 rows: the values the variant changes are listed first, matching Find or
    not. The count says what is listed."""
    ex = VariantStudio(changes={"handicap.4": 2, "handicap.3": 1})
    ex._find.value = "tables.gold.points.7"
    said = plain_text(ex._table.value)
    assert said.startswith("196 values to edit (options, each seat's handicap, and the data files' numbers, addressed "
                           "by the files' own keys); 3 listed: 1 matches 'tables.gold.points.7' and 2 values this "
                           "variant changes. value published this variant takes provenance; handicap.3 0 1 "), said
    ex._find.value = "handicap"                   # both changed values match: no other row
    assert "; 8 match 'handicap'. value" in plain_text(ex._table.value)


def test_the_studio_headlines_no_recommendation_when_the_closest_value_is_surely_off():
    """trial59 (MEDIUM): "Recommendation: ... Recommended: components:goals.points = 0" under "no value tried
    can meet the target", the row "recommended" and the chart's diamond too. The studio says there is no
    recommendation, the closest value's row and diamond say it is surely off, as the text does."""
    import re

    ex = VariantStudio("pig", tab="tune", parameter="target", values="40,50,60,70,80", target="length=90",
                       tune_games=400, check_games=0, batch=100)
    assert ex.tune(), ex.message
    assert ex.tuning.stopped == "decided" and not ex.tuning.meets
    assert ex.recommendation.startswith("No recommendation (the closest value is surely off the target): Pig, ")
    assert "Recommended:" not in ex.recommendation and "Recommendation" not in ex.recommendation
    assert ("No value tried is recommended. Closest, but surely off the target by more than \u00b11 decision: "
            "target = 80: off the target by \u221230.9 decisions [\u221237.1, \u221224.6].") in ex.recommendation
    rows = re.findall(r"<tr>(.*?)</tr>", ex._recommendation.value)
    last = [re.sub("<[^>]+>", "", cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", rows[-1])]
    assert last == ["80", "80", "\u221230.9", "\u221237.1 to \u221224.6",
                    "closest, but surely off the target by more than the tolerance"]
    assert ex.figure_data()["wi-recommended"]["name"] == "closest (surely off the target)"

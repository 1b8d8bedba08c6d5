"""``rometools compare`` and ``rometools tune``: every flag bounded and checked before a game, --out
written whole, a non-zero exit when interrupted."""

from __future__ import annotations

import json

import pytest

import rometools.core.compare as compare_module
import rometools.core.tune as tune_module
from rometools.cli import main


def run(capsys, *argv) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as stop:   # argparse's own refusals
        code = stop.code
    out, err = capsys.readouterr()
    return code, out, err


def test_compare_prints_the_verdict_and_writes_its_json(tmp_path, capsys):
    out = tmp_path / "c.json"
    code, text, _ = run(capsys, "compare", "pig", "--set", "target=60", "--max-games", "200", "--batch", "100",
                        "--quiet", "--out", str(out))
    assert code == 0 and text.startswith("Pig, 2 players, greedy: as published against target 60. Paired games: 200;")
    data = json.loads(out.read_text())
    assert data["format"] == "rometools.comparison" and data["pairs"] == 200
    assert {f["name"] for f in data["figures"]} >= {"win rate P1", "game length"}
    assert [p.name for p in tmp_path.iterdir()] == ["c.json"]   # no temporary file left beside it
    code, _, err = run(capsys, "compare", "pig", "--set", "target=60", "--quiet", "--out", str(out))
    assert code == 2 and "the file exists; give another name, or --force to replace it" in err


@pytest.mark.parametrize(("argv", "message"), [
    (["--set", "target=60", "--precision", "80"], "--precision must be percentage points 0.1 to 50, got 80"),
    (["--set", "target=60", "--confidence", "101"], "--confidence must be a percentage 50 to 99.99, got 101"),
    # echoed as typed: "got 40.0" read as if the designer had typed a decimal
    (["--set", "target=60", "--confidence", "40"], "--confidence must be a percentage 50 to 99.99, got 40\n"),
    (["--set", "target=60", "--precision", "0.05"], "--precision must be percentage points 0.1 to 50, got 0.05\n"),
    (["--set", "target=60", "--score-precision", "0"], "--score-precision must be a number above 0, got 0\n"),
    (["--set", "target=60", "--length-precision=-1e-9"],
     "--length-precision must be a number above 0, got -1e-9\n"),
    # a designer types the per cent sign: told to leave it out, the number meant shown
    (["--set", "target=60", "--precision", "2%"], "argument --precision: write it without the % sign, e.g. 2; got '2%'"),
    (["--set", "target=60", "--confidence", "99 %"], "argument --confidence: write it without the % sign, e.g. 99; got '99 %'"),
    (["--set", "target=60", "--max-games", "0"], "--max-games must be a whole number 1 to 10,000,000, got 0"),
    (["--set", "target=60", "--batch", "5"], "--batch must be a whole number 10 to 100,000, got 5"),
    (["--set", "target=60", "--score-precision", "-1"], "--score-precision must be a number above 0"),
    (["--set", "target=60", "--workers", "0"], "--workers must be a whole number 1 to 1,024, got 0"),
    (["--set", "target=60", "--address", "tcp://x:1"], "--address tcp://x:1 names a Dask scheduler: give --executor "
                                                        "dask too"),
    (["--set", "target=0"], "--set target=0: target must be a whole number 1 to 10,000, got 0"),
    (["--set", "target=60", "--out", "x.csv"], "--out x.csv: write a .json file"),
    (["--set", "target=60", "--restriction", "no_gold"], "--restriction no_gold: unknown restriction 'no_gold'"),
    ([], "give the variant: --variant FILE, or --set KEY=VALUE for its options"),
    # every refusal names the flag that gave the value, as typed (trial F7)
    (["--set", "target=60", "--bots", "gredy"], "--bots gredy: unknown bot 'gredy' for Pig (did you mean greedy?)"),
    (["--set", "target=60", "--bots", "greedy,greedy,greedy"], "--bots greedy,greedy,greedy: 2 players need 2 bots"),
    (["--set", "players=3"], "--set players=3: base and variant must have the same number of players; the base "
                             "has 2, the variant 3"),
    (["--set", "handicap.3=2"], "--set handicap.3=2: handicap: seat 3 is not a seat of a 2-player game"),
    (["--set", "target=60", "--option", "handicap.3=1"], "--option handicap.3=1: handicap: seat 3 is not a seat"),
    (["--set", "handicap=2:x"], "--set handicap=2:x: handicap: '2:x' is not seat:points"),
    (["--set", "target=60", "--seed", "-1"], "--seed must be a whole number 0 to 9,223,372,036,854,775,807, got -1"),
    (["--set", "target=60", "--workers", "abc"], "argument --workers: must be a whole number, got 'abc'"),
    (["--set", "target=60", "--base", "nofile.toml"], "--base nofile.toml: cannot be read"),
    (["--variant", "nofile.toml"], "--variant nofile.toml: cannot be read"),
])
def test_compare_refuses_a_bad_flag_before_any_game(capsys, monkeypatch, argv, message):
    monkeypatch.setattr(compare_module, "play_pairs", lambda *a: pytest.fail("a game was played"))
    code, _, err = run(capsys, "compare", "pig", *argv)
    assert code == 2 and message in err, err


def test_an_interrupted_comparison_exits_non_zero_keeping_what_it_played(capsys, monkeypatch):
    real = compare_module.compare

    def interrupted(*args, **kwargs):
        def stop_now(c):
            raise KeyboardInterrupt
        return real(*args, **{**kwargs, "on_batch": stop_now})

    monkeypatch.setattr(compare_module, "compare", interrupted)
    with pytest.warns(RuntimeWarning, match="stopped after 100 paired games"):
        code, text, _ = run(capsys, "compare", "pig", "--set", "target=60", "--batch", "100", "--quiet")
    assert code == 3 and "STOPPED on request" in text and "100 paired games" in text


def test_tune_prints_its_recommendation_and_writes_its_json(tmp_path, capsys):
    out = tmp_path / "t.json"
    code, text, _ = run(capsys, "tune", "pig", "--parameter", "target", "--values", "40:80:20", "--target",
                        "length=60", "--max-games", "600", "--batch", "100", "--check-games", "100", "--quiet",
                        "--out", str(out))
    assert code == 0 and "Recommended: target = 80" in text
    data = json.loads(out.read_text())
    assert data["format"] == "rometools.tuning" and [c["value"] for c in data["candidates"]] == [40, 60, 80]


@pytest.mark.parametrize(("argv", "message"), [
    (["--parameter", "target", "--values", "6:0"], "a range runs upward"),
    (["--parameter", "target", "--values", "0:1000000"], "1,000,001 values; at most 400"),
    (["--parameter", "target", "--values", "a,b"], "values are numbers, got 'a'"),
    (["--parameter", "target", "--parameter", "sides", "--values", "40:60"], "give one --values per --parameter"),
    (["--parameter", "target", "--values", "40:60", "--target", "fast"], "--target fast: equal-seats or length=N"),
    (["--parameter", "target", "--values", "40:60", "--tolerance", "90"], "--tolerance must be percentage points"),
    (["--parameter", "target", "--values", "40:60", "--check-games", "-1"], "--check-games must be a whole number"),
    # every refusal names the flag that gave the value, as typed (trial F7: "hand must be a whole
    # number 4 to 5, got 6" said neither --parameter nor --values)
    (["--parameter", "colour", "--values", "1:3"], "rometools tune: --parameter colour --values 1:3: Pig has no "
                                                   "option 'colour'"),
    (["--parameter", "target", "--values", "0:3"], "rometools tune: --parameter target --values 0:3: target must be "
                                                   "a whole number 1 to 10,000, got 0\n"),
    (["--parameter", "target", "--parameter", "sides", "--values", "40:60", "--values", "0:3"],
     "rometools tune: --parameter sides --values 0:3: sides must be a whole number 2 to 20, got 0\n"),
    (["--parameter", "handicap.3", "--values", "1:3"], "--parameter handicap.3 --values 1:3: handicap: seat 3 is "
                                                       "not a seat of a 2-player game (seats 1 to 2)"),
    (["--parameter", "handicap.2.bonus", "--values", "0:2"], "--parameter handicap.2.bonus --values 0:2: "
                                                             "handicap.2.bonus: Pig declares no start bonus"),
    (["--parameter", "players", "--values", "2:3"], "--parameter players: every candidate must be the same game "
                                                    "with the same number of players"),
    (["--parameter", "target", "--values", "1,2,1"], "argument --values: 1 is given twice, got '1,2,1'"),
    (["--parameter", "target", "--values", "40:60", "--bots", "gredy"], "--bots gredy: unknown bot 'gredy'"),
    (["--parameter", "target", "--values", "40:60", "--bots", "random,random,random"],
     "--bots random,random,random: 2 players need 2 bots, got 3"),
    (["--parameter", "target", "--values", "40:60", "--target", "length=abc"],
     "--target length=abc: the length is a number above 0"),
    (["--parameter", "target", "--values", "40:60", "--target", "length=-5"],
     "--target length=-5: the length is a number above 0"),
    (["--parameter", "target", "--values", "40:60", "--workers", "two"], "argument --workers: must be a whole "
                                                                         "number, got 'two'"),
    (["--parameter", "target", "--values", "40:60", "--option", "handicap.3=1"],
     "--option handicap.3=1: handicap: seat 3 is not a seat"),
])
def test_tune_refuses_a_bad_flag_before_any_game(capsys, monkeypatch, argv, message):
    monkeypatch.setattr(tune_module, "play_games", lambda *a: pytest.fail("a game was played"))
    code, _, err = run(capsys, "tune", "pig", *argv)
    assert code == 2 and message in err, err


def test_tune_names_the_flag_of_a_refused_candidate_in_the_trials_words(capsys):
    """Trial F7's case, whole: Via Romana's hand takes 4 or 5 cards."""
    code, _, err = run(capsys, "tune", "via_romana", "--parameter", "hand", "--values", "4:6", "--quiet")
    assert (code, err) == (2, "rometools tune: --parameter hand --values 4:6: hand must be a whole number 4 to 5, "
                              "got 6\n")


def test_compare_takes_variant_files(tmp_path, capsys):
    from rometools import Variant

    Variant("pig", name="short race", options={"target": 60}).save(tmp_path / "short.toml")
    Variant("pig", name="P2 +5", options={"handicap": {2: 5}}).save(tmp_path / "p2.toml")
    code, text, _ = run(capsys, "compare", "pig", "--variant", str(tmp_path / "short.toml"), "--base",
                        str(tmp_path / "p2.toml"), "--max-games", "100", "--batch", "50", "--quiet")
    # each named variant with what it plays, in the game's own words: saved output tells them apart
    assert code == 0 and text.startswith("Pig, 2 players, greedy: variant 'P2 +5' with handicap seat 2: +5 points "
                                         "against variant 'short race' with target 60. Paired games: 100;"), text
    Variant("via_romana", name="hand 5", options={"hand": 5}).save(tmp_path / "vr.toml")
    code, _, err = run(capsys, "compare", "pig", "--variant", str(tmp_path / "vr.toml"), "--quiet")
    assert code == 2 and "a variant of via_romana, not pig" in err


def test_tune_takes_a_seat_handicap(capsys):
    code, text, _ = run(capsys, "tune", "pig", "--parameter", "handicap.2", "--values", "0,10", "--target",
                        "equal-seats", "--max-games", "400", "--batch", "100", "--check-games", "0", "--quiet")
    assert code == 0 and ("Pig, 2 players, greedy: P2's handicap in points (handicap.2) for P2's win rate at 50.0% "
                          "(the fair share)") in text


@pytest.mark.parametrize("command", [
    ["simulate", "pig", "--games", "10"],
    ["compare", "pig", "--set", "target=60", "--max-games", "20", "--batch", "10"],
    ["tune", "pig", "--parameter", "target", "--values", "40,60", "--max-games", "20", "--batch", "10"],
])
def test_a_dask_scheduler_that_does_not_answer_is_said_with_its_flag(capsys, monkeypatch, command):
    """``address 'tcp://nowhere:1': no Dask scheduler answered`` named no flag; the command says
    ``--address``, as typed."""
    import dask.distributed

    def refused(address, *args, **kwargs):
        raise OSError(f"Timed out trying to connect to {address}")

    monkeypatch.setattr(dask.distributed, "Client", refused)
    code, _, err = run(capsys, *command, "--executor", "dask", "--address", "tcp://nowhere:1", "--quiet")
    # the address said once, as typed with its flag (it was said three times)
    assert code == 2 and err == (f"rometools {command[0]}: --address tcp://nowhere:1: no Dask scheduler answered "
                                 "(Timed out trying to connect)\n"), err


@pytest.mark.parametrize("command", [
    ["simulate", "pig", "--games", "10"],
    ["compare", "pig", "--set", "target=60", "--max-games", "20", "--batch", "10"],
    ["tune", "pig", "--parameter", "target", "--values", "40,60", "--max-games", "20", "--batch", "10"],
])
@pytest.mark.parametrize(("address", "said"), [
    ("nonsense", "missing port number"),
    ("tcp://:abc", "invalid literal for int() with base 10: 'abc'"),
])
def test_an_address_dask_cannot_read_is_said_once_with_its_flag(capsys, command, address, said):
    """Dask's own refusal named no flag (``rometools simulate: missing port number in address 'nonsense'``)."""
    code, _, err = run(capsys, *command, "--executor", "dask", "--address", address, "--quiet")
    assert code == 2 and err == (f"rometools {command[0]}: --address {address}: not a Dask scheduler's address "
                                 f"such as tcp://127.0.0.1:8786 ({said})\n"), err


def test_players_and_options_beside_a_variant_file_apply_to_it(tmp_path, capsys):
    """``tune --variant p2.toml --players 3`` tuned at the file's 2 players, and ``compare --variant
    p2.toml --option target=50`` set the target in the base only (``--option``: "an option of both"):
    both were silently left out of the file's variant. They apply to it now, as ``simulate --variant``
    applies them; an option the file sets itself is refused (the variant's name would say 5 points
    where it played 1). Without --players, the base is the game at the variant's player count (it was
    refused: "base and variant must have the same number of players")."""
    from rometools import Variant

    p2 = tmp_path / "p2.toml"
    Variant("pig", name="P2 +5", options={"handicap": {2: 5}}).save(p2)
    code, text, err = run(capsys, "tune", "--variant", str(p2), "--players", "3", "--parameter", "target",
                          "--values", "40,60", "--target", "length=50", "--max-games", "20", "--batch", "10",
                          "--check-games", "0", "--quiet")
    assert code == 0 and text.startswith("Pig, 3 players, greedy; variant 'P2 +5'"), (text, err)
    code, text, err = run(capsys, "compare", "--variant", str(p2), "--players", "3", "--max-games", "20", "--batch",
                          "10", "--quiet")
    assert code == 0 and text.startswith("Pig, 3 players, greedy: as published against "
                                         "variant 'P2 +5' with handicap seat 2: +5 points."), (text, err)
    code, text, err = run(capsys, "compare", "--variant", str(p2), "--option", "target=50", "--max-games", "20",
                          "--batch", "10", "--quiet", "--out", str(tmp_path / "c.json"))
    assert code == 0 and text.startswith("Pig, 2 players, greedy: target 50 against "
                                         "variant 'P2 +5' with handicap seat 2: +5 points; target 50."), \
        (text, err)
    code, _, err = run(capsys, "compare", "--variant", str(p2), "--option", "handicap.2=1", "--quiet")
    assert (code, err) == (2, f"rometools compare: --option handicap.2=1: --variant {p2} sets handicap itself; "
                              "change it in the file, or leave the flag out\n")
    code, _, err = run(capsys, "tune", "--variant", str(p2), "--players", "9", "--parameter", "target", "--values",
                       "40,60", "--quiet")
    assert code == 2 and err.startswith("rometools tune: --players 9: players: Pig is for 2 to 6 players, got 9"), err
    three = tmp_path / "three.toml"   # a variant of 3 players is compared with the game at 3 players
    Variant("pig", name="three", options={"players": 3, "target": 60}).save(three)
    code, text, err = run(capsys, "compare", "--variant", str(three), "--max-games", "20", "--batch", "10", "--quiet")
    assert code == 0 and text.startswith("Pig, 3 players, greedy: as published against variant 'three' with "
                                         "target 60."), (text, err)


def test_tune_takes_a_penalty_range_starting_with_a_minus(capsys):
    """``--values -3:0`` (a penalty for P1) was taken by argparse for a flag: "expected one argument"."""
    code, text, err = run(capsys, "tune", "pig", "--parameter", "handicap.1", "--values", "-3:0", "--target",
                          "equal-seats", "--max-games", "40", "--batch", "10", "--check-games", "0", "--quiet")
    assert code == 0 and "4 candidates" in text.splitlines()[0], (text, err)
    code, text, err = run(capsys, "tune", "pig", "--parameter", "handicap.1", "--values", "-2,-1", "--max-games", "20",
                          "--batch", "10", "--check-games", "0", "--quiet")
    assert code == 0 and "2 candidates" in text.splitlines()[0], (text, err)


def test_tune_and_compare_name_the_variant_file_and_that_it_edits_data(tmp_path, capsys):
    from rometools import Variant

    Variant("via_romana", name="rich goals", options={"players": 3},
            edits={"components": {"goals.points": 7}}).save(tmp_path / "rich.toml")
    code, text, _ = run(capsys, "tune", "via_romana", "--variant", str(tmp_path / "rich.toml"), "--parameter",
                        "handicap.3", "--values", "0,5", "--bots", "random", "--max-games", "40", "--batch", "10",
                        "--check-games", "0", "--quiet")
    assert code == 0 and text.startswith("Via Romana, 3 players, random; variant 'rich goals' (edits the "
                                         "components data: 1 value): P3's handicap in points (handicap.3) for"), text
    code, text, _ = run(capsys, "compare", "via_romana", "--variant", str(tmp_path / "rich.toml"), "--players", "3",
                        "--bots", "random", "--max-games", "20", "--batch", "10", "--quiet")
    assert code == 0 and ("as published against variant 'rich goals' (edits the components data: 1 value)"
                          in text.splitlines()[0]), text


def test_tune_and_compare_take_the_game_from_the_variant_file(tmp_path, capsys):
    """A trial typed `rometools tune --variant p2.toml --parameter handicap.2 ...` and was refused for
    want of the game, which the file names: the game may be left out beside a variant file, as
    simulate and report take it; without a game or a file, the refusal says to give one."""
    from rometools import Variant

    Variant("pig", name="P2 +5", options={"handicap": {2: 5}}).save(tmp_path / "p2.toml")
    code, text, err = run(capsys, "tune", "--variant", str(tmp_path / "p2.toml"), "--parameter", "target",
                          "--values", "60,80", "--target", "length=60", "--max-games", "200", "--batch", "50",
                          "--check-games", "0", "--quiet")
    assert code == 0 and text.startswith("Pig, 2 players, greedy; variant 'P2 +5'"), (text, err)
    code, text, err = run(capsys, "compare", "--variant", str(tmp_path / "p2.toml"), "--max-games", "50",
                          "--batch", "50", "--quiet")
    assert code == 0 and text.startswith("Pig, 2 players, greedy: as published against "
                                         "variant 'P2 +5' with handicap seat 2: +5 points."), (text, err)
    code, _, err = run(capsys, "tune", "--parameter", "target", "--values", "60,80", "--quiet")
    assert code == 2 and "give a game (rometools games lists them) or --variant FILE" in err, err


def test_a_number_typed_with_a_sign_or_leading_zeros_is_that_number_as_in_the_studio(capsys):
    """``--set target=060`` was the text '060' ("must be a whole number ..., got '060'") where ``--values``
    read 060 as 60: one reader of a typed value now (``typed_value``), the studio's Changes too."""
    from rometools.cli import _option
    from rometools.widgets.what_if import parse_changes

    assert _option("target=060") == ("target", 60) and _option("handicap.2=+5") == ("handicap.2", 5)
    assert _option("route= first") == ("route", " first") and _option('name="007"') == ("name", "007")
    assert parse_changes("target = 060\nhandicap.2 = +5") == {"target": 60, "handicap.2": 5}
    code, text, _ = run(capsys, "compare", "pig", "--set", "target=060", "--max-games", "200", "--batch", "100",
                        "--quiet")
    assert code == 0 and text.startswith("Pig, 2 players, greedy: as published against target 60. Paired games: "
                                         "200;"), text
    code, _, err = run(capsys, "compare", "pig", "--set", "target=060.5", "--quiet")
    assert code == 2 and "--set target=60.5: target must be a whole number 1 to 10,000, got 60.5" in err, err
    code, _, err = run(capsys, "tune", "pig", "--parameter", "handicap.2", "--values", "+0,010,1_0", "--quiet")
    assert code == 2 and "values are numbers, got '1_0'" in err, err


def test_tune_help_says_what_equal_seats_targets_for_a_parameter_that_is_no_handicap(capsys):
    """Trial 58 (LOW): ``rometools tune --help`` described equal-seats only for a handicap parameter; a
    data value or an option targets every seat's win rate at its fair share."""
    with pytest.raises(SystemExit):
        main(["tune", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert ("--target TARGET equal-seats (a handicap parameter: the handicapped seat's win rate at its fair share; "
            "any other parameter: every seat's win rate at its fair share) or length=N (default equal-seats)") in said


def test_the_command_lines_verdict_shows_no_interval_before_it_holds_and_no_recommendation_surely_off(capsys):
    """trial59 (MEDIUM): the command line prints the studio's words. Before 100 paired games an asymptotic
    figure (the length) has no interval, and the 95% sentence covers only the statements that give one; a
    tuning whose closest value is surely off the target headlines no recommendation."""
    code, text, _ = run(capsys, "compare", "pig", "--set", "target=60", "--max-games", "60", "--batch", "60",
                        "--quiet")
    assert code == 0 and "Every statement below that gives an interval holds at once with 95% confidence" in text
    assert ("Undecided: game length \u221237.9 decisions, no interval yet (79.3 \u2192 41.4 decisions); its interval "
            "holds from 100 paired games on, 40 more, and its verdict waits for it.") in text.splitlines()
    assert "would decide it (a rough guess from only 60 paired games)." in text
    code, text, _ = run(capsys, "tune", "pig", "--parameter", "target", "--values", "40:80:10", "--target",
                        "length=90", "--max-games", "400", "--batch", "100", "--check-games", "0", "--quiet")
    assert code == 0 and "Recommended" not in text
    assert ("No value tried is recommended. Closest, but surely off the target by more than \u00b11 decision: "
            "target = 80: off the target by \u221230.9 decisions [\u221237.1, \u221224.6].") in text.splitlines()

"""A hostile user's run against rometools, counted: probes tried, refused clearly, wrong, hangs.

Issue 47 ("Hostile input, third pass") asks for a tally before and after. Each probe feeds one
hostile value to one surface and judges what came back:

* **clear** -- refused with rometools' own error (``RulesError``, ``OptionError``,
  ``DataFileError``, ``ArgumentError``) in at most 600 characters, naming what was wrong; or,
  where the value is acceptable, accepted and working;
* **wrong** -- any other exception (``RecursionError``, ``TypeError``, a bare ``ValueError``,
  ``OverflowError``), a message longer than 600 characters, an accepted value that then breaks,
  a refusal that tells a server's files apart, a page that fetches from another host, a log that
  shows the token, an interrupted run that says it finished;
* **hang** -- no answer within the probe's time limit (the probe is stopped).

The groups follow the issue's items: ``actions`` (13: every game, every kind of node, actions
nested 100,000 deep or megabytes long), ``options`` (13: every option of every game), ``listed``
(10: fuzzed play, actions ``apply`` accepts that ``legal_actions`` does not list), ``saved-files``
(11: a saved game's file option pointing at the server's files), ``paths`` (13: NUL bytes),
``positions`` (13: a saved start tampered inside), ``quantile`` (13), ``via-romana-data`` (4, 6, 9),
``report`` (1, 2, 3, 5, 12) and ``app`` (14: a Voila server started for the run).

Run from the repository root; ``--before COMMIT`` also runs every probe against that commit's
tree (``git archive`` of rometools/, data/, app/ and examples/pig, first on ``sys.path`` of a
fresh interpreter, plain Python modules) and prints both tallies::

    .venv/bin/python benchmarks/hostile_probe.py --before 72cd538 [--only actions,options] [--list]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Longest message that counts as clear (characters).
MAX_MESSAGE = 600
#: Seconds one probe may take before it counts as a hang.
PROBE_SECONDS = 60
#: Address space for the probing process: a probe that asks for more fails (counted wrong).
MEMORY_BYTES = 6 * 1024 ** 3


class _Hang(BaseException):
    pass


def _deep(levels: int):
    value = "x"
    for _ in range(levels):
        value = (value,)
    return value


def _hostile_values(example=None):
    yield "nested 100,000 deep", _deep(100_000)
    yield "1,000,000 characters", "x" * 1_000_000
    yield "a tuple of 1,000,000", tuple(range(1_000_000))
    yield "three 1,000,000-character strings", ("x" * 1_000_000,) * 3
    yield "5,000 digits", 10 ** 5000
    yield "a list nested around a long string", [[[[["x" * 100_000]]]]]
    if type(example) is tuple and example:
        for i in range(min(len(example), 3)):
            yield f"legal action, part {i} huge", (*example[:i], "x" * 1_000_000, *example[i + 1:])
            yield f"legal action, part {i} deep", (*example[:i], _deep(100_000), *example[i + 1:])


def _judged_refusal(err: BaseException, kinds: tuple, name: str | None = None) -> tuple[str, str]:
    text = str(err)
    if not isinstance(err, kinds):
        return "wrong", f"{type(err).__name__}: {text[:150]}"
    if len(text) > MAX_MESSAGE:
        return "wrong", f"a message of {len(text):,} characters"
    if name is not None and name not in text:
        return "wrong", f"does not name {name}: {text[:150]}"
    return "clear", ""


# ===================================================================== the probes
def probes_actions():
    import rometools
    from rometools.core.errors import RulesError
    from rometools.core.game import game_spec
    from rometools.core.playout import play, states

    for gid in rometools.games():
        spec = game_spec(gid)
        for config in spec.sample_configs[:2]:
            game = rometools.load_game(gid, **config)
            end = play(game, "random" if "random" in spec.bots else sorted(spec.bots)[0], rng=5)
            every = states(end)
            nodes = {"start": every[0],
                     "chance": next((s for s in every if game.current_player(s) == -1), None),
                     "decision": next((s for s in every if game.current_player(s) >= 0), None),
                     "end": end}
            for where, state in nodes.items():
                if state is None:
                    continue
                legal = game.legal_actions(state)
                for name, value in _hostile_values(legal[0] if legal else None):
                    def probe(state=state, value=value, game=game):
                        try:
                            game.apply(state, value)
                        except BaseException as err:  # noqa: BLE001
                            if isinstance(err, _Hang | MemoryError):
                                raise
                            return _judged_refusal(err, (RulesError,))
                        return "wrong", "accepted"
                    yield f"{gid} {config} {where}: {name}", probe


def probes_options():
    import rometools
    from rometools.core.errors import RometoolsError
    from rometools.core.game import game_spec
    from rometools.core.playout import play

    values = [(n, v) for n, v in _hostile_values()] + [
        ("inf", float("inf")), ("nan", float("nan")), ("-10**30", -10 ** 30), ("2**63", 2 ** 63),
        ("a NUL byte", "/tmp/x\x00.toml"), ("100,000 items", [1] * 100_000)]
    for gid in rometools.games():
        spec = game_spec(gid)
        for o in spec.config.options():
            for name, value in values:
                def probe(o=o, value=value, spec=spec, gid=gid):
                    try:
                        game = rometools.load_game(gid, **{o.name: value})
                    except BaseException as err:  # noqa: BLE001
                        if isinstance(err, _Hang | MemoryError):
                            raise
                        return _judged_refusal(err, (RometoolsError,), o.name)
                    try:
                        play(game, "random" if "random" in spec.bots else sorted(spec.bots)[0], rng=1)
                    except Exception as err:  # noqa: BLE001
                        return "wrong", f"accepted, then {type(err).__name__}: {str(err)[:120]}"
                    return "clear", "accepted and plays"
                yield f"{gid} option {o.name} = {name}", probe


def _key(a):
    return ("t", tuple(_key(x) for x in a)) if type(a) is tuple else (type(a).__name__, a)


def probes_listed():
    import rometools
    from rometools.core.errors import RulesError
    from rometools.core.game import game_spec
    from rometools.core.playout import play, states

    cases = [("caesars_empire", {"players": 3, "route_policy": "player"}, seed) for seed in (78006, 92006, 1, 2, 3, 4)]
    for gid in rometools.games():
        cases += [(gid, c, s) for c in game_spec(gid).sample_configs[:3] for s in (11, 12)]
    for gid, config, seed in cases:
        def probe(gid=gid, config=config, seed=seed):
            game = rometools.load_game(gid, **config)
            spec = game_spec(gid)
            end = play(game, "random" if "random" in spec.bots else sorted(spec.bots)[0], rng=seed)
            pool, rng = {}, random.Random(seed)
            for state in states(end):
                legal = game.legal_actions(state)
                listed = {_key(a) for a in legal}
                offered = [a for k, a in pool.items() if k not in listed]
                for action in rng.sample(offered, min(len(offered), 30)):
                    try:
                        after = game.apply(state, action)
                    except RulesError:
                        continue
                    recorded = game.action_history(after)[-1]
                    if _key(recorded) not in listed:
                        return "wrong", f"accepted and recorded {str(recorded)[:120]}, not listed"
                for a in legal:
                    pool.setdefault(_key(a), a)
            return "clear", ""
        yield f"{gid} {config} seed {seed}: fuzzed play", probe


def probes_saved_files():
    import rometools
    from rometools.core.errors import DataFileError
    from rometools.core.game import game_spec
    from rometools.core.playout import load_saved_game, saved_game
    try:
        from rometools.core.saved import _checksum
    except ImportError:   # before core/saved.py
        from rometools.core.playout import _checksum

    folder = Path(tempfile.mkdtemp(prefix="hostile-probe-"))
    os.mkfifo(folder / "pipe.toml")
    (folder / "big.toml").write_bytes(b"#" * 2_000_000)
    (folder / "readable.toml").write_text("provenance = 'illustrative'\n")
    paths = {"missing": str(folder / "missing.toml"), "a folder": str(folder), "/dev/zero": "/dev/zero",
             "a pipe": str(folder / "pipe.toml"), "over 1 MB": str(folder / "big.toml"),
             "readable": str(folder / "readable.toml"), "/etc/passwd": "/etc/passwd", "/etc": "/etc",
             "/proc/self/environ": "/proc/self/environ", "by ..": str(folder / ".." / ".." / "etc" / "hostname"),
             "a NUL byte": "/etc/x\x00", "10,000 characters": "/" + "x" * 10_000}
    for gid in rometools.games():
        spec = game_spec(gid)
        if not spec.file_options:
            continue
        data = saved_game(rometools.load_game(gid).new_game())
        for option in spec.file_options:
            def message(path, data=data, option=option):
                edited = json.loads(json.dumps(data))
                edited["config"][option] = {"file": path, "sha256": "0" * 64}
                edited["sha256"] = _checksum(edited)
                try:
                    load_saved_game(edited)
                except DataFileError as err:
                    return str(err)
                except Exception as err:  # noqa: BLE001
                    return f"{type(err).__name__}: {err}"
                return "LOADED"

            for what, path in paths.items():
                def probe(path=path, message=message):
                    got = message(path)
                    if got == "LOADED" or not got.startswith("<saved game>"):
                        return "wrong", got[:150]
                    if got != message(paths["missing"]) or got != message(paths["readable"]):
                        return "wrong", f"told apart: {got[:150]}"
                    return "clear", ""
                yield f"{gid} saved game, config.{option} = {{file: {what}}}", probe


def probes_paths():
    import rometools
    from rometools.core.errors import DataFileError
    from rometools.core.game import game_spec

    for gid in rometools.games():
        spec = game_spec(gid)
        for name, load in spec.data_files.items():
            for what, path in (("a NUL byte", f"/tmp/{name}\x00"), ("100,000 characters", "/" + "x" * 100_000)):
                def probe(load=load, path=path):
                    try:
                        load(path)
                    except BaseException as err:  # noqa: BLE001
                        if isinstance(err, _Hang | MemoryError):
                            raise
                        return _judged_refusal(err, (DataFileError,))
                    return "wrong", "loaded"
                yield f"{gid} {name} loader: {what}", probe


def probes_positions():
    import rometools
    from rometools.core.errors import DataFileError, RulesError
    from rometools.core.playout import load_saved_game, play, saved_game, turn_states
    try:
        from rometools.core.saved import _checksum
    except ImportError:   # before core/saved.py
        from rometools.core.playout import _checksum

    try:
        from rometools.caesars_empire import GameConfig, position
    except ImportError:
        return
    config = GameConfig(players=2)
    game = rometools.load_game("caesars_empire", config)
    middle = turn_states(play(game, ["greedy"] * 2, 1))[6]
    b = config.board
    start = position(config, treasures=dict(zip(b.city_ids, middle.treasures, strict=True)),
                     owners={c: o for c, o in zip(b.city_ids, middle.city_owner, strict=True) if o >= 0},
                     roads={b.paths[e].cities: o for e, o in enumerate(middle.path_owner) if o >= 0},
                     roads_left=dict(enumerate(middle.roads_left)), route_score=dict(enumerate(middle.route_score)),
                     to_move=middle.seat)
    data = saved_game(game.apply(start, game.legal_actions(start)[0]))
    for where in (("roads", 0, 0), ("roads", 0, 1), ("roads", 1, 2), ("owners",), ("treasures",), ("to_move",),
                  ("roads_left", 0), ("route_score", 1)):
        for name, junk in (("[]", []), ("{}", {}), ("[[]]", [[]]), ("10**30", 10 ** 30), ("None", None)):
            def probe(where=where, junk=junk):
                edited = json.loads(json.dumps(data))
                node = edited["start"]
                for k in where[:-1]:
                    node = node[k]
                node[where[-1]] = junk
                edited["sha256"] = _checksum(edited)
                try:
                    load_saved_game(edited)
                except BaseException as err:  # noqa: BLE001
                    if isinstance(err, _Hang | MemoryError):
                        raise
                    return _judged_refusal(err, (DataFileError, RulesError))
                return "clear", "loads"
            yield f"caesars_empire start.{'.'.join(map(str, where))} = {name}", probe


def probes_quantile():
    from rometools.draws import Bag, any_at_least

    until = Bag({c: 8 for c in "RGBYK"}).draws_until(any_at_least(2))
    simulated = until.simulate(200, rng=1)
    for what, target in (("exact", until), ("simulated", simulated)):
        for p in (float("inf"), float("-inf"), float("nan"), 2, -1, 0, "0.5", None, 10 ** 400):
            def probe(target=target, p=p):
                try:
                    target.quantile(p)
                except BaseException as err:  # noqa: BLE001
                    if isinstance(err, _Hang | MemoryError):
                        raise
                    from rometools.core.errors import RometoolsError
                    good = isinstance(err, RometoolsError) or (type(err) in (ValueError, TypeError) and "p" in str(err))
                    return ("clear", "") if good and len(str(err)) <= MAX_MESSAGE else ("wrong", f"{type(err).__name__}: {str(err)[:120]}")
                return "wrong", "accepted"
            yield f"draws_until({what}).quantile({p!r})", probe


def _big_board(path: Path, roads: int = 500, spaces: int = 50) -> Path:
    rng = random.Random(1)
    provinces, symbols = ["purple", "blue", "yellow", "red", "green"], ["temple", "helmet", "laurel", "eagle"]
    out = ['[meta]\ngame = "via_romana"\nschema = 1\n\n[board]\nname = "Big"\nprovenance = "illustrative"\n']
    out += [f'[[province]]\nid = "{p}"\nname = "{p.title()}"\n' for p in provinces]
    out += [f'[[city]]\nid = "c{i}"\nname = "City {i}"\nprovince = "{provinces[i % 5]}"\nsymbol = "{symbols[i % 4]}"\n'
            f'max_value = 3\nposition = [{rng.random():.3f}, {rng.random():.3f}]\n' for i in range(roads)]
    for j in range(roads):
        cells = ", ".join(f'["{provinces[rng.randrange(5)]}"]' for _ in range(spaces))
        out.append(f'[[road]]\nid = "r{j}"\na = "c{j}"\nb = "c{(j * 7 + 1) % roads or 1}"\nspaces = [{cells}]\n')
    path.write_text("\n".join(out))
    return path


def probes_via_romana_data():
    import rometools
    from rometools.core.errors import RometoolsError
    from rometools.core.playout import play

    try:
        from rometools.via_romana import board_path, components_path, game_log
    except ImportError:
        return
    board, comps = board_path().read_text(), components_path().read_text()
    folder = Path(tempfile.mkdtemp(prefix="hostile-vr-"))
    goal2 = comps.index("[[goals.tile]]", comps.index("[[goals.tile]]") + 1)
    goal4 = [i for i in range(len(comps)) if comps.startswith("[[goals.tile]]", i)][3]
    unblocked = re.sub(r"blocked_with = \[[\d, ]*\]\n", "", board)
    cases = [
        ("a road id with '.'", "board", board.replace('id = "r01"', 'id = "r0.1"', 1), 4),
        ("a road id that is another road's space", "board", board.replace('id = "r02"', 'id = "r01.0"', 1), 4),
        ("one goal tile", "components", comps[:goal2] + comps[comps.index("[supply]"):], 2),
        ("three goal tiles, 4 players", "components", comps[:goal4] + comps[comps.index("[supply]"):], 4),
        ("0 forts and 0 milestones", "components", comps.replace("forts_per_player = 4", "forts_per_player = 0")
         .replace("milestones_per_player = 20", "milestones_per_player = 0"), 4),
        ("0 milestones", "components", comps.replace("milestones_per_player = 20", "milestones_per_player = 0"), 3),
        ("1 fort each, 2 players", "components", comps.replace("forts_per_player = 4", "forts_per_player = 1"), 2),
        ("road signs below the roads blocked", "components", comps.replace("road_signs = 20", "road_signs = 5"), 2),
        ("road signs equal to the roads blocked", "components", comps.replace("road_signs = 20", "road_signs = 10"), 2),
        ("more road signs than roads", "components", comps.replace("road_signs = 20", "road_signs = 31"), 4),
        ("every road blocked with 2", "board", re.sub(r"(spaces = .*\n)", r"\1blocked_with = [2]\n", unblocked), 2),
        ("a NaN position", "board", board.replace("position = [0.44, 0.90]", "position = [nan, 0.90]", 1), 4),
        ("an infinite position", "board", board.replace("position = [0.44, 0.90]", "position = [inf, 0.90]", 1), 4),
        ("a position of 1e308", "board", board.replace("position = [0.44, 0.90]", "position = [1e308, 0.9]", 1), 4),
        ("a negative position", "board", board.replace("position = [0.44, 0.90]", "position = [-3, 0.90]", 1), 4),
        ("a deck colour no province has", "components",
         comps.replace('"red", "green"]', '"red", "green", "pink"]', 1).replace("cards = 55", "cards = 66"), 4),
        ("a city symbol no card has", "board", board.replace('symbol = "temple"', 'symbol = "templ"', 1), 4),
        ("blocked with 7 players", "board", board.replace("blocked_with = [2]", "blocked_with = [7]", 1), 4),
    ]
    for what, option, text, players in cases:
        def probe(option=option, text=text, players=players, what=what):
            path = folder / f"{abs(hash(what))}-{option}.toml"
            path.write_text(text)
            try:
                game = rometools.load_game("via_romana", players=players, **{option: str(path)})
            except RometoolsError as err:
                return ("clear", "") if len(str(err)) <= MAX_MESSAGE else ("wrong", "a long message")
            except Exception as err:  # noqa: BLE001
                return "wrong", f"{type(err).__name__}: {str(err)[:120]}"
            try:
                for seed in range(3):
                    end = play(game, "random", rng=seed)
                    game_log(end)
                    if end.turn >= end.config.max_turns:
                        return "wrong", "accepted; every game ran to the safeguard"
                from rometools.charts.via_romana import road_board_figure
                fig = road_board_figure(end)
                xs = [x for t in fig.data for x in (t.x or ()) if isinstance(x, float)]
                if any(x != x or abs(x) > 10 for x in xs):
                    return "wrong", "accepted; the board is drawn off the chart"
            except Exception as err:  # noqa: BLE001
                return "wrong", f"accepted, then {type(err).__name__}: {str(err)[:120]}"
            return "wrong", "accepted (a file that cannot be right)"
        yield f"via_romana data: {what}", probe

    def big() -> tuple[str, str]:
        path = _big_board(folder / "big.toml")
        try:
            rometools.load_game("via_romana", board=str(path))
        except RometoolsError as err:
            return ("clear", "refused at load") if len(str(err)) <= MAX_MESSAGE else ("wrong", "a long message")
        from rometools.widgets import RoadBoardExplorer
        t = time.perf_counter()
        explorer = RoadBoardExplorer(board=str(path))
        explorer.set_values(turn=5)
        took = time.perf_counter() - t
        return ("clear", "") if took < 5 else ("wrong", f"opened and stepped in {took:.0f} s")
    yield "via_romana data: a board of 500 roads and 25,000 road spaces in the road board", big


def probes_report():
    """The command line's report and simulate: arguments checked before any game, ``--out`` claimed
    and written whole, Ctrl-C (SIGINT to a real process) stopping every part with a non-zero exit."""
    folder = Path(tempfile.mkdtemp(prefix="hostile-report-"))
    command = [sys.executable, "-c", "import sys; from rometools.cli import main; sys.exit(main())"]

    def run(*argv: str, interrupt_after: float | None = None, timeout: float = PROBE_SECONDS - 5):
        proc = subprocess.Popen([*command, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL), cwd=folder)
        try:
            if interrupt_after is not None:
                time.sleep(interrupt_after)
                proc.send_signal(signal.SIGINT)
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            return None, "", ""
        return proc.returncode, out, err

    def refused_at_once(argv, what):
        def probe():
            start = time.perf_counter()
            code, _, err = run(*argv)
            took = time.perf_counter() - start
            if code is None:
                return "hang", "still playing"
            if code == 2 and len(err) <= MAX_MESSAGE and took < 15:
                return "clear", ""
            return "wrong", f"exit {code} after {took:.0f} s: {err.strip()[-150:]}"
        return f"report: {what}", probe

    yield refused_at_once(["report", "augustus", "--games", "300", "--quiet", "--compare", "zzz=1", "--out",
                           str(folder / "a.html")], "--compare zzz=1 refused before any game")
    yield refused_at_once(["report", "pig", "--games", "3", "--quiet", "--shift-games", "10000000", "--out",
                           str(folder / "b.html")], "--shift-games 10**7 refused")
    yield refused_at_once(["simulate", "pig", "--games", "2", "--quiet", "--bots", "mcts:1000000"],
                          "simulate --bots mcts:1000000 refused")
    yield refused_at_once(["report", "pig", "--games", "2", "--quiet", "--out", "/proc/self/r.html"],
                          "--out /proc/self/r.html refused up front")

    def busy_name():
        out = folder / "busy.html"
        first = subprocess.Popen([*command, "report", "augustus", "--games", "3000", "--quiet", "--out", str(out)],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=folder)
        try:
            time.sleep(4)
            code, _, err = run("report", "pig", "--games", "3", "--quiet", "--out", str(out))
            if code == 2:
                return "clear", ""
            return "wrong", f"a second run to the same name: exit {code}, {err.strip()[-120:]}"
        finally:
            first.kill()
            first.communicate()
    yield "report: a second run to a name another is writing is refused", busy_name

    def killed_then_rerun():
        out = folder / "killed.html"
        first = subprocess.Popen([*command, "report", "pig", "--games", "3000", "--quiet", "--out", str(out)],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=folder)
        time.sleep(3)
        first.kill()
        first.communicate()
        code, _, err = run("report", "pig", "--games", "3", "--quiet", "--out", str(out))
        ok = code == 0 and out.read_text(errors="replace").startswith("<!DOCTYPE html>")
        return ("clear", "") if ok else ("wrong", f"re-run after a killed run: exit {code}, {err.strip()[-120:]}")
    yield "report: a run killed half-way does not block the next", killed_then_rerun

    def ctrl_c(argv, name, what):
        def probe():
            out = folder / name
            code, stdout, err = run(*argv, "--out", str(out), interrupt_after=6)
            if code is None:
                return "hang", "did not stop"
            written = out.exists() and out.stat().st_size > 200
            said = "INTERRUPTED" in stdout + err or "interrupted" in (stdout + err).lower()
            if code != 0 and not written and said:
                return "clear", ""
            return "wrong", f"exit {code}, {'a file written' if written else 'nothing written'}, " \
                            f"{'said' if said else 'not said'}"
        return f"{what}: Ctrl-C stops it, says so, writes no partial result, exits non-zero", probe

    yield ctrl_c(["report", "augustus", "--games", "2000", "--quiet"], "c.html", "report")
    yield ctrl_c(["simulate", "augustus", "--games", "4000", "--quiet"], "c.csv", "simulate")

    def names_files():
        import shutil

        from rometools.core.data import bundled_file

        board = folder / "private-folder" / "b.toml"
        board.parent.mkdir(exist_ok=True)
        shutil.copyfile(bundled_file("via_romana", "board.toml"), board)
        out = folder / "names.html"
        code, _, err = run("report", "via_romana", "--games", "4", "--quiet", "--players", "2", "--compare",
                           f"board={board}", "--out", str(out))
        if code != 0:
            return "wrong", f"exit {code}: {err.strip()[-120:]}"
        return ("clear", "") if "private-folder" not in out.read_text() else ("wrong", "the page holds the path")
    yield "report: the page names a --compare file, not its folders", names_files


# ----------------------------------------------------------------- the app
def probes_app():
    token = "h0st1le+probe/T0k=en!@x"
    port = _free_port()
    log = Path(tempfile.mkstemp(prefix="hostile-app-", suffix=".log")[1])
    env = {**os.environ, "JUPYTER_TOKEN": token, "PYTHONPATH": os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen([sys.executable, "app/serve.py", "--ip", "127.0.0.1", "--port", str(port)],
                            cwd=os.environ.get("HOSTILE_APP_ROOT", str(ROOT)), env=env, stdout=log.open("wb"),
                            stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and _status(base + "/") == 0:
            time.sleep(0.3)
        for path in ("/voila/templates/..%2f..%2fetc%2fpasswd", "/voila/templates/x", "/voila/templates/nope/static/x",
                     "/voila/templates/..%2f..%2f..%2fapp%2fserve.py", "/voila/templates/lab/static/..%2f..%2fx"):
            yield f"app GET {path} without the token", lambda path=path: (
                ("clear", "") if _status(base + path) in (403, 404) else ("wrong", f"HTTP {_status(base + path)}"))
        page = ""
        with contextlib.suppress(Exception):
            page = urllib.request.urlopen(f"{base}/voila/render/index.ipynb?token={urllib.parse.quote(token, safe='')}",
                                          timeout=120).read().decode()
        links = re.findall(r'<(?:link|script)[^>]+(?:href|src)="(https?://[^"]+)"', page)
        yield "app: the index page renders", lambda: ("clear", "") if page else ("wrong", "no page")
        yield "app: no stylesheet or script from another host", lambda: (
            ("clear", "") if page and not links else ("wrong", str(links)[:150]))
        for headers in ({"Referer": f"{base}/voila/render/x.ipynb?token={token}"},
                        {"Authorization": f"token {token}"}):
            with contextlib.suppress(Exception):
                urllib.request.urlopen(urllib.request.Request(f"{base}/voila/render/none.ipynb?token={token}",
                                                              headers=headers), timeout=30)
        time.sleep(1)
        text = log.read_text(errors="replace")
        printed = f"?token={urllib.parse.quote(token, safe='')}"
        leaks = [line for line in text.splitlines() if ("T0k" in line or "en!@x" in line) and printed not in line
                 and f"?token={token}" not in line.split("open:")[-1]]
        ready = [line for line in text.splitlines() if "/voila/render/index.ipynb?token=" in line]
        leaks = [line for line in leaks if line not in ready]
        yield "app: the token in no log line (a token holding + / = ! @)", lambda: (
            ("clear", "") if not leaks else ("wrong", leaks[0][:150]))
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=30)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            return resp.status
    except urllib.error.HTTPError as err:
        return err.code
    except (urllib.error.URLError, OSError):
        return 0


GROUPS = {
    "actions": probes_actions,
    "options": probes_options,
    "listed": probes_listed,
    "saved-files": probes_saved_files,
    "paths": probes_paths,
    "positions": probes_positions,
    "quantile": probes_quantile,
    "via-romana-data": probes_via_romana_data,
    "report": probes_report,
    "app": probes_app,
}


# ===================================================================== running and counting
def run(groups: list[str], listing: bool) -> dict[str, Counter]:
    """Every probe of ``groups`` in this process; ``{group: Counter(clear=, wrong=, hang=)}``."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))

    def stop(signum, frame):
        raise _Hang()

    signal.signal(signal.SIGALRM, stop)
    tally: dict[str, Counter] = {}
    for group in groups:
        counts = tally.setdefault(group, Counter())
        try:
            for name, probe in GROUPS[group]():
                signal.alarm(PROBE_SECONDS)
                try:
                    verdict, detail = probe()
                except _Hang:
                    verdict, detail = "hang", f"no answer within {PROBE_SECONDS} s"
                except MemoryError:
                    verdict, detail = "wrong", "MemoryError"
                except Exception as err:  # noqa: BLE001 - the probe itself broke: the surface did
                    verdict, detail = "wrong", f"{type(err).__name__}: {str(err)[:150]}"
                finally:
                    signal.alarm(0)
                counts[verdict] += 1
                if listing and verdict != "clear":
                    print(f"  {verdict:5} {group}: {name[:110]}: {detail}", flush=True)
        except Exception:  # noqa: BLE001 - a group that cannot even be set up on this tree
            counts["not run"] += 1
            if listing:
                traceback.print_exc()
    return tally


def _tree(commit: str) -> Path:
    folder = Path(tempfile.mkdtemp(prefix=f"hostile-{commit}-"))
    archive = subprocess.run(["git", "archive", commit, "rometools", "data", "app", "examples/pig"], cwd=ROOT,
                             capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def _table(label: str, tally: dict[str, dict]) -> None:
    print(f"\n{label}")
    print(f"  {'group':16} {'tried':>6} {'clear':>6} {'wrong':>6} {'hangs':>6}")
    total = Counter()
    for group, c in tally.items():
        tried = sum(v for k, v in c.items() if k != "not run")
        total.update({"tried": tried, **{k: v for k, v in c.items() if k != "not run"}})
        note = "  (could not run on this tree)" if c.get("not run") else ""
        print(f"  {group:16} {tried:>6} {c.get('clear', 0):>6} {c.get('wrong', 0):>6} {c.get('hang', 0):>6}{note}")
    print(f"  {'all':16} {total['tried']:>6} {total['clear']:>6} {total['wrong']:>6} {total['hang']:>6}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="also probe this commit's tree (e.g. 72cd538)")
    parser.add_argument("--only", help="comma-separated groups: " + ", ".join(GROUPS))
    parser.add_argument("--list", action="store_true", help="print every probe that was not clear")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    groups = args.only.split(",") if args.only else list(GROUPS)
    unknown = [g for g in groups if g not in GROUPS]
    if unknown:
        parser.error(f"unknown group {unknown[0]!r}; the groups are {', '.join(GROUPS)}")
    if args.child:
        print("TALLY " + json.dumps(run(groups, args.list)), flush=True)
        return
    trees = [("before: " + args.before, _tree(args.before))] if args.before else []
    trees.append(("after: this tree", ROOT))
    for label, tree in trees:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tree), str(tree / "examples" / "pig")]),
               "HOSTILE_APP_ROOT": str(tree)}
        if tree != ROOT:
            env["ROMETOOLS_NO_COMPILED"] = "1"
        cmd = [sys.executable, "-W", "ignore", str(Path(__file__).resolve()), "--child", "--only", ",".join(groups),
               *(["--list"] if args.list else [])]
        print(f"probing {label} ...", flush=True)
        out = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True)
        sys.stdout.write("".join(line + "\n" for line in out.stdout.splitlines() if not line.startswith("TALLY ")))
        tally_line = next((line for line in out.stdout.splitlines() if line.startswith("TALLY ")), None)
        if tally_line is None:
            print(out.stderr[-3000:])
            continue
        _table(label, json.loads(tally_line[6:]))
        if tree != ROOT:
            shutil.rmtree(tree, ignore_errors=True)


if __name__ == "__main__":
    main()

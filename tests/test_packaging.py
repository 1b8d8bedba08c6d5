"""data/ stays at the top level but ships inside the wheel, found the same way."""

import hashlib
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_contains_data_and_code_finds_it(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(tmp_path), str(ROOT)],
        check=True, capture_output=True,
    )
    wheel = next(tmp_path.glob("rometools-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    bundled = sorted(p.relative_to(ROOT / "data").as_posix() for p in (ROOT / "data").rglob("*.toml"))
    assert bundled, "no bundled data files"
    for rel in bundled:
        assert f"rometools/data/{rel}" in names
    # hatch_build.py's compiled twins ship inside (a C compiler is part of README's set-up)
    for twin in ("caesars_empire/_greedy_search_c.", "caesars_empire/_kernel_c."):
        assert any(n.startswith(f"rometools/{twin}") and n.endswith(".so") for n in names), twin
    # Unpacked like an install, data_dir() finds the packaged copy first.
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    code = ("from rometools.core.data import data_dir; from rometools.caesars_empire import load_components; "
            "print(data_dir()); print(load_components().road_bonus)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=tmp_path, env={"PYTHONPATH": str(site), "PATH": ""})
    where, bonus = out.stdout.split()
    assert Path(where) == site / "rometools" / "data"
    assert bonus == "10"


def test_set_up_compiles_only_the_twins_whose_source_changed(tmp_path):
    """``python hatch_build.py`` (``make setup``'s compile step) compiles a twin without a built
    module, keeps one whose built module holds its source's SHA-256, compiles it again once its
    source changes, and says each step."""
    (tmp_path / "rometools" / "core").mkdir(parents=True)
    shutil.copy(ROOT / "rometools" / "core" / "_cython.py", tmp_path / "rometools" / "core" / "_cython.py")
    twin = tmp_path / "rometools" / "tiny.py"
    twin.write_text("# rometools: compiled twin\n\ndef double(x):\n    return 2 * x\n")

    def step() -> str:
        done = subprocess.run([sys.executable, str(ROOT / "hatch_build.py"), "--root", str(tmp_path), "-j", "2"],
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr
        return done.stdout

    first = step()
    assert "compiling 1 of 1 twins with Cython, 1 at a time (0 up to date):" in first
    assert "[1/1] compiled rometools/tiny.py" in first
    built = next((tmp_path / "rometools").glob("tiny_c.*"))
    stamp = built.stat().st_mtime_ns
    assert step() == "compiled twins: all 1 up to date with their sources\n"
    assert built.stat().st_mtime_ns == stamp                # not rebuilt
    twin.write_text(twin.read_text() + "\n\ndef triple(x):\n    return 3 * x\n")
    assert "[1/1] compiled rometools/tiny.py" in step()
    built = next((tmp_path / "rometools").glob("tiny_c.*"))
    code = ("import importlib.util, sys; spec = importlib.util.spec_from_file_location('rometools.tiny_c', sys.argv[1]); "
            "t = importlib.util.module_from_spec(spec); spec.loader.exec_module(t); "
            "print(t.double(4), t.triple(4), t.SOURCE_SHA256, t.__file__.endswith('.py'))")
    out = subprocess.run([sys.executable, "-c", code, str(built)], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["8", "12", hashlib.sha256(twin.read_bytes()).hexdigest(), "False"]
    # a .pxd beside the source (C declarations pure Python mode cannot write) is part of it: compiled with
    # the module, and the twin is stale once it changes
    twin.with_suffix(".pxd").write_text("ctypedef long whole\n")
    assert "[1/1] compiled rometools/tiny.py" in step()
    built = next((tmp_path / "rometools").glob("tiny_c.*"))
    out = subprocess.run([sys.executable, "-c", code, str(built)], capture_output=True, text=True, check=True)
    assert out.stdout.split()[2] == hashlib.sha256(twin.read_bytes() + b"ctypedef long whole\n").hexdigest()


def test_a_twin_done_while_the_next_is_translated_is_still_said(tmp_path, monkeypatch, capsys):
    """Cython translates with stdout and stderr redirected (its messages kept); a compiler thread's
    line said meanwhile went there and was lost (the first "[1/19]" never showed): it is now held and
    said when the translation ends, every line once, in order."""
    import contextlib
    import importlib.util
    import io
    import threading
    import time

    spec = importlib.util.spec_from_file_location("_hatch_build_under_test", ROOT / "hatch_build.py")
    hb = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hb)
    sources = ["rometools/a.py", "rometools/b.py", "rometools/c.py"]
    for i, s in enumerate(sources):
        (tmp_path / s).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / s).write_text("x = 1\n" * (10 - i))   # largest first: a, b, c
    go = threading.Event()

    def translate(root, source, work):   # as the real one: output redirected while it runs
        kept = io.StringIO()
        with contextlib.redirect_stdout(kept), contextlib.redirect_stderr(kept):
            if source == sources[1]:     # the first compile ends during this translation:
                go.set()
                waited = time.monotonic() + 2   # its line given the time to land here (as it did)
                while not kept.getvalue() and time.monotonic() < waited:
                    time.sleep(0.01)
        return source

    def build_c(ext, work):
        if ext == sources[0]:
            assert go.wait(10)
        return tmp_path / (Path(ext).stem + "_c.so")

    monkeypatch.setattr(hb, "translate", translate)
    monkeypatch.setattr(hb, "build_c", build_c)
    out = hb.compile_twins(tmp_path, sources, tmp_path, jobs=1)   # said as make setup says it: printed
    said = capsys.readouterr().out.splitlines()
    assert sorted(out) == sorted(sources)
    assert [line.split("]")[0] for line in said] == ["  [1/3", "  [2/3", "  [3/3"]
    assert said[0].startswith("  [1/3] compiled rometools/a.py")

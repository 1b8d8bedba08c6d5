"""data/ stays at the top level but ships inside the wheel, found the same way."""

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

"""Build hook: compile rometools' pure-Python-mode modules with Cython (hatchling's ``custom`` hook).

Each module whose first line is ``# rometools: compiled twin`` (``find_twins`` in
``rometools/core/_cython.py``) is plain Python that also compiles with Cython as it is. The hook compiles a copy of it as ``<name>_c`` with the
SHA-256 of the source appended (``SOURCE_SHA256``), so that
:func:`rometools.core._cython.compiled_or_plain` uses the compiled module only
while it matches the source next to it. Editable installs (``pip install -e``,
README's ``make`` commands) get the extension in the source tree, wheels get
it inside. If it cannot be built (no C compiler, say) the install goes on with
a warning, and the plain module runs: the same results, slower.

Only what changed is compiled: a twin whose built module beside its source
already carries its source's SHA-256 is kept as it is (a wheel takes that
module). The others compile at once: Cython translates them one after another in this
process (its start-up paid once), and each one's C goes to a C compiler as soon as it is written,
one compile per core (the C compiler's share of the time about four fifths).

``make setup`` installs with ``ROMETOOLS_BUILD_TWINS=0`` (an installer hides a build
hook's output) and runs this file as a script, which compiles the twins
that changed into the source tree and prints a line as each one is done, then writes the
bytecode of every module (:func:`write_bytecode`)::

    .venv/bin/python hatch_build.py [--jobs N] [--force]
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

if __name__ == "__main__":   # run as a script: the compile needs Cython and setuptools, not hatchling
    BuildHookInterface = object   # (``make setup`` runs it while the installer may be writing hatchling)
else:
    try:
        from hatchling.builders.hooks.plugin.interface import BuildHookInterface
    except ImportError:  # imported without hatchling (a test, say)
        BuildHookInterface = object

#: Set to 0 to install without compiling the twins (``make setup`` compiles them afterwards
#: with ``python hatch_build.py``, which prints its progress where pip would hide it).
BUILD_ENV = "ROMETOOLS_BUILD_TWINS"
#: Debug information off (Python's own flags ask for ``-g``): a third less C compiler time,
#: the same machine code.
COMPILE_ARGS = ["-g0"]
#: Cython 3.1+ compresses the module's strings; stored plainly, the source's SHA-256 can be read
#: from the built file without importing it (``is_current``).
MACROS = [("CYTHON_COMPRESS_STRINGS", "0")]


def _twins_module(root: Path):
    """``rometools/core/_cython.py`` (a stdlib-only module, loaded by path: the build has none of
    rometools' dependencies)."""
    spec = importlib.util.spec_from_file_location("_rometools_cython", root / "rometools" / "core" / "_cython.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compiled_sources(root: Path) -> list[str]:
    """The modules to compile, as paths from ``root``: those ``find_twins`` of
    ``rometools/core/_cython.py`` finds."""
    return [name.replace(".", "/") + ".py" for name in _twins_module(root).find_twins(root / "rometools")]


def source_sha256(root: Path, source: str) -> str:
    """The SHA-256 of ``source`` as it is now, with its ``.pxd`` if it has one (``twin_source`` of
    ``rometools/core/_cython.py``: what its twin's ``SOURCE_SHA256`` must say)."""
    return hashlib.sha256(_twins_module(root).twin_source(root / source)).hexdigest()


def beside(root: Path, source: str) -> Path:
    """Where the extension of ``source``'s twin lies in the source tree (an editable install
    imports it there), for this Python."""
    src = root / source
    return src.with_name(src.stem + "_c" + importlib.machinery.EXTENSION_SUFFIXES[0])


def is_current(root: Path, source: str) -> bool:
    """Whether the twin beside ``source`` was compiled from ``source`` as it is now: its file holds
    the source's SHA-256 (stored uncompressed, ``MACROS``). A twin built before the strings were
    stored plainly reads as not current and is compiled once more."""
    built = beside(root, source)
    return built.is_file() and source_sha256(root, source).encode() in built.read_bytes()


def translate(root: Path, source: str, work: Path):
    """Cython's translation of ``source`` (a path under ``root``) into C, as ``<module>_c``, in this
    process: the ``setuptools.Extension`` to build (its C file under ``work``).

    Cython's messages (performance hints, say) are kept, and the last one given as the error if the
    translation fails."""
    import contextlib
    import io

    from Cython.Build import cythonize
    from setuptools import Extension

    src = root / source
    text = src.read_bytes()
    name = ".".join(Path(source).with_suffix("").parts) + "_c"
    copy = work / "src" / Path(source).with_name(src.stem + "_c.py")
    copy.parent.mkdir(parents=True, exist_ok=True)
    copy.write_bytes(text + f'\n#: The SHA-256 of the source this module was compiled from.\nSOURCE_SHA256 = '
                            f'"{source_sha256(root, source)}"\n'.encode())
    if src.with_suffix(".pxd").is_file():   # its C declarations, read by Cython with the module
        copy.with_suffix(".pxd").write_bytes(src.with_suffix(".pxd").read_bytes())
    said = io.StringIO()
    try:
        with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
            return cythonize([Extension(name, [str(copy)], extra_compile_args=COMPILE_ARGS, define_macros=MACROS)],
                             quiet=True, build_dir=str(work / "c"), compiler_directives={"language_level": 3},
                             include_path=[str(work / "src")])[0]   # where the copy's .pxd is found
    except BaseException as exc:
        lines = [line for line in said.getvalue().splitlines() if line.strip()]
        raise RuntimeError(lines[-1] if lines else f"{type(exc).__name__}: {exc}") from exc


def _quietly(call: Callable) -> Callable:
    """The C compiler's ``call`` (setuptools' way to run the compiler and the linker) with their
    output kept, and its first error line given as the error if one fails (their warnings stay unsaid)."""
    def quiet(cmd, *args, **kwargs):
        with tempfile.TemporaryFile("w+") as said:
            try:
                return call(cmd, *args, stdout=said, stderr=subprocess.STDOUT, **kwargs)
            except Exception as exc:
                from setuptools.errors import CompileError

                said.seek(0)
                lines = [line for line in said.read().splitlines() if line.strip()]
                errors = [line for line in lines if "error" in line.lower()] or lines[-1:]
                raise CompileError(errors[0] if errors else str(exc)) from exc
    return quiet


def build_c(ext, work: Path) -> Path:
    """The C compile and link of ``ext`` (``translate``'s extension) with setuptools' ``build_ext``,
    in ``work``: the extension's path there. Several run at once, one per thread (each waits on its
    C compiler)."""
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    class QuietBuildExt(build_ext):
        def build_extensions(self):
            if hasattr(self.compiler, "call"):   # a setuptools without it shows the output
                self.compiler.call = _quietly(self.compiler.call)
            super().build_extensions()

    folder = work / "build" / ext.name
    dist = Distribution({"name": "rometools-compiled", "ext_modules": [ext], "cmdclass": {"build_ext": QuietBuildExt}})
    build = dist.get_command_obj("build_ext")
    build.build_lib, build.build_temp = str(folder / "lib"), str(folder / "tmp")
    build.ensure_finalized()
    build.run()
    return Path(build.get_ext_fullpath(ext.name))


def _say(line: str) -> None:
    print(line, flush=True)


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def compile_twins(root: Path, sources: list[str], work: Path, jobs: int | None = None,
                  say: Callable[[str], None] | None = None) -> dict[str, Path | Exception]:
    """Compile ``sources`` into ``work``, ``jobs`` C compiles at a time (default: one per core),
    saying a line as each is done; each source's extension, or the exception that stopped it.

    Cython translates the modules one after another in this process (its start-up, about half a
    second of CPU, paid once instead of once per module), the largest first, and each module's C
    goes to a C compiler as soon as it is written, while the next is translated."""
    import sysconfig
    import threading

    jobs, say = max(1, min(jobs or default_jobs(), len(sources) or 1)), say or _say
    out: dict[str, Path | Exception] = {}
    start, n, lock = time.monotonic(), len(sources), threading.Lock()
    sysconfig.get_config_vars()   # read once here, before threads share it
    # While Cython translates (this thread), this process's stdout and stderr are redirected to keep
    # its messages (translate): a line said then from a compiler thread would go there and be lost
    # (the first "[1/19]" was), so it waits in `held` and is said when the translation ends.
    held: list[str] | None = None

    def tell(line: str) -> None:   # with the lock held
        if held is None:
            say(line)
        else:
            held.append(line)

    def done(source: str, result: Path | Exception) -> None:
        with lock:
            out[source] = result
            i, seconds = len(out), time.monotonic() - start
            if isinstance(result, Exception):   # the plain module runs instead
                tell(f"  [{i}/{n}] NOT compiled {source} ({type(result).__name__}: {result}); "
                     f"its plain Python module runs instead (the same results, slower)")
            else:
                tell(f"  [{i}/{n}] compiled {source} ({seconds:.0f} s)")

    def finish(source: str, future) -> None:
        exc = future.exception()
        done(source, exc if exc is not None else future.result())

    # the longest first (a module's compile time goes with its size), so no long one is left to
    # run alone at the end
    sources = sorted(sources, key=lambda s: -(root / s).stat().st_size)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for source in sources:
            with lock:
                held = []
            try:
                ext = translate(root, source, work)
            except Exception as exc:
                ext = exc
            finally:
                with lock:
                    for line in held:
                        say(line)
                    held = None
            if isinstance(ext, Exception):
                done(source, ext)
                continue
            future = pool.submit(build_c, ext, work)
            future.add_done_callback(lambda f, source=source: finish(source, f))
    return out


def place_beside(root: Path, source: str, built: Path) -> None:
    """Put the extension ``built`` beside ``source`` in the source tree (an editable install
    imports it there). A new file replaces the old one, so a process that has the old one
    loaded keeps it intact."""
    target = (root / source).with_name(built.name)
    fresh = target.with_name(target.name + ".new")
    shutil.copy2(built, fresh)
    os.replace(fresh, target)


def build_in_place(root: Path, jobs: int | None = None, force: bool = False,
                   say: Callable[[str], None] | None = None) -> int:
    """Compile every twin whose built module beside it is missing or stale (all of them with
    ``force``) and put each beside its source; the number that failed (their plain modules run)."""
    say, sources = say or _say, compiled_sources(root)
    todo = [s for s in sources if force or not is_current(root, s)]
    if not todo:
        say(f"compiled twins: all {len(sources)} up to date with their sources")
        return 0
    jobs = max(1, min(jobs or default_jobs(), len(todo)))
    say(f"compiling {len(todo)} of {len(sources)} twins with Cython, {jobs} at a time "
        f"({len(sources) - len(todo)} up to date):")
    with tempfile.TemporaryDirectory(prefix="rometools-build-") as work:
        built = compile_twins(root, todo, Path(work), jobs, say)
        for source, result in built.items():
            if isinstance(result, Path):
                place_beside(root, source, result)
    return sum(isinstance(r, Exception) for r in built.values())


class CompiledModules(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel" or os.environ.get(BUILD_ENV, "") == "0":
            return
        root = Path(self.root)
        self._work = tempfile.mkdtemp(prefix="rometools-build-")  # removed by finalize
        sources = compiled_sources(root)
        ready = {s: beside(root, s) for s in sources if is_current(root, s)}
        built = {**ready, **compile_twins(root, [s for s in sources if s not in ready], Path(self._work),
                                          say=self.app.display_info)}
        for source, result in built.items():
            if isinstance(result, Exception):
                self.app.display_warning(
                    f"rometools: {source} was not compiled ({type(result).__name__}: {result}); its "
                    f"plain Python module runs instead (the same results, slower)")
                continue
            build_data["pure_python"] = False
            build_data["infer_tag"] = True
            if version == "editable":  # an editable install imports it from the source tree
                if source not in ready:
                    place_beside(root, source, result)
            else:
                build_data["force_include"][str(result)] = Path(source).with_name(result.name).as_posix()

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work:
            shutil.rmtree(work, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Compile rometools' twins that changed into the source tree.")
    parser.add_argument("--jobs", "-j", type=int, default=None, help="compiles at once (default: one per core)")
    parser.add_argument("--force", action="store_true", help="compile every twin, changed or not")
    parser.add_argument("--root", default=str(Path(__file__).resolve().parent), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    root = Path(args.root)
    if args.jobs is not None and args.jobs < 1:
        parser.error(f"--jobs must be 1 or more, got {args.jobs}")
    build_in_place(root, args.jobs, args.force)   # one not compiled: its plain module runs (`report` says so)
    write_bytecode(root)   # silent: a module that does not compile says so when imported
    return 0


def write_bytecode(root: Path) -> bool:
    """Write the bytecode (``__pycache__``) of every rometools module now, one process per core
    (about a second; silent).

    An editable install leaves it to the first import, which cannot write it where
    ``PYTHONDONTWRITEBYTECODE`` is set or the tree is read-only (an app server): then every new
    kernel compiled the modules it imports from source, about a fifth of a second of an
    explorer's first display (46 modules for Caesar's Empire's board explorer). A module edited
    since is compiled when imported, as before. False if one did not compile (its import says why).
    """
    import compileall

    return bool(compileall.compile_dir(str(root / "rometools"), quiet=2, workers=0))


if __name__ == "__main__":
    sys.exit(main())

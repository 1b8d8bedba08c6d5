"""Build hook: compile rometools' pure-Python-mode modules with Cython (hatchling's ``custom`` hook).

Each module whose first line is ``# rometools: compiled twin`` (``find_twins`` in
``rometools/core/_cython.py``) is plain Python that also compiles with Cython as it is. The hook compiles a copy of it as ``<name>_c`` with the
SHA-256 of the source appended (``SOURCE_SHA256``), so that
:func:`rometools.core._cython.compiled_or_plain` uses the compiled module only
while it matches the source next to it. Editable installs (``pip install -e``,
README's ``make`` commands) get the extension in the source tree, wheels get
it inside. If it cannot be built (no C compiler, say) the install goes on with
a warning, and the plain module runs: the same results, slower.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def compiled_sources(root: Path) -> list[str]:
    """The modules to compile, as paths from ``root``: those ``find_twins`` of
    ``rometools/core/_cython.py`` finds (a stdlib-only module, loaded by path: the build has none
    of rometools' dependencies)."""
    spec = importlib.util.spec_from_file_location("_rometools_cython", root / "rometools" / "core" / "_cython.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [name.replace(".", "/") + ".py" for name in module.find_twins(root / "rometools")]


def compile_module(root: Path, source: str, work: Path) -> Path:
    """Compile ``source`` (a path under ``root``) as ``<module>_c`` in ``work``; the extension's
    path there."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    src = root / source
    text = src.read_bytes()
    name = ".".join(Path(source).with_suffix("").parts) + "_c"
    copy = work / "src" / Path(source).with_name(src.stem + "_c.py")
    copy.parent.mkdir(parents=True, exist_ok=True)
    copy.write_bytes(text + f'\n#: The SHA-256 of the source this module was compiled from.\nSOURCE_SHA256 = '
                            f'"{hashlib.sha256(text).hexdigest()}"\n'.encode())
    extensions = cythonize([Extension(name, [str(copy)])], quiet=True,
                           build_dir=str(work / "c"), compiler_directives={"language_level": 3})
    dist = Distribution({"name": "rometools-compiled", "ext_modules": extensions})
    build = dist.get_command_obj("build_ext")
    build.build_lib, build.build_temp = str(work / "lib"), str(work / "tmp")
    build.ensure_finalized()
    build.run()
    return Path(build.get_ext_fullpath(name))


def place_beside(root: Path, source: str, built: Path) -> None:
    """Put the extension ``built`` beside ``source`` in the source tree (an editable install
    imports it there). A new file replaces the old one, so a process that has the old one
    loaded keeps it intact."""
    target = (root / source).with_name(built.name)
    fresh = target.with_name(target.name + ".new")
    shutil.copy2(built, fresh)
    os.replace(fresh, target)


class CompiledModules(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        self._work = tempfile.mkdtemp(prefix="rometools-build-")  # removed by finalize
        for source in compiled_sources(root):
            try:
                built = compile_module(root, source, Path(self._work))
            except Exception as exc:  # the plain module runs instead
                self.app.display_warning(
                    f"rometools: {source} was not compiled ({type(exc).__name__}: {exc}); its "
                    f"plain Python module runs instead (the same results, slower)")
                continue
            build_data["pure_python"] = False
            build_data["infer_tag"] = True
            if version == "editable":  # an editable install imports it from the source tree
                place_beside(root, source, built)
            else:
                build_data["force_include"][str(built)] = Path(source).with_name(built.name).as_posix()

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work:
            shutil.rmtree(work, ignore_errors=True)

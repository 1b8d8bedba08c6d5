"""A data file's text: read within limits, parsed (TOML or YAML), and a page written whole.

The reading every data file, saved variant and edited file goes through before its values are
checked (:func:`rometools.core.data.load_data_file`): a regular UTF-8 file of at most
:data:`MAX_FILE_BYTES` bytes (:func:`read_text_file`; a folder, device or pipe is refused
unread), parsed as TOML or YAML (aliases and repeated keys refused), nested at most
:data:`MAX_DEPTH` levels; and :func:`write_text_atomically`, a file written whole or not at all.
Needs neither pydantic nor anything else heavy.

Split out of :mod:`rometools.core.data`, which re-exports every public name.

Examples
--------
>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "t.toml"
>>> write_text_atomically(path, "a = 1\\n")
>>> _read(path)
{'a': 1}
"""

from __future__ import annotations

import os
import stat
import sys
import tomllib
from pathlib import Path
from typing import Any

from rometools.core.errors import DataFileError

__all__ = ["MAX_DEPTH", "MAX_FILE_BYTES", "read_text_file", "write_text_atomically"]


#: Largest data file read (bytes), checked before parsing. The bundled 40-city board is
#: about 20 kB; a board of a thousand cities fits easily.
MAX_FILE_BYTES = 1_000_000
#: Deepest nesting of tables and arrays in a data file (the bundled files use 4).
MAX_DEPTH = 16


def read_text_file(path: str | os.PathLike[str], what: str = "data file",
                   max_bytes: int = MAX_FILE_BYTES) -> str:
    """The text of a regular UTF-8 file of at most ``max_bytes`` bytes.

    The size is checked before reading; folders, devices and pipes are
    refused without reading them (``/dev/zero`` and a FIFO would never end).
    A UTF-8 byte-order mark (some Windows editors write one) is dropped.

    Raises
    ------
    DataFileError
        Naming the file: missing or unreadable, not a regular file, too large,
        not UTF-8 (with the byte and line).

    Examples
    --------
    >>> read_text_file("/dev/zero")
    Traceback (most recent call last):
    ...
    rometools.core.errors.DataFileError: /dev/zero: is not a regular file (a folder, device or pipe cannot be a data file)
    """
    path = Path(path)
    try:
        st = path.stat()
    except OSError as exc:
        raise DataFileError(path, "", f"cannot be read ({exc.strerror or exc})") from None
    except ValueError:  # Python's "embedded null byte": no file has such a name
        raise DataFileError(path, "", "cannot be read (a file name holds no NUL character)") from None
    if not stat.S_ISREG(st.st_mode):
        raise DataFileError(path, "", f"is not a regular file (a folder, device or pipe cannot be a {what})")
    if st.st_size > max_bytes:
        raise DataFileError(path, "", f"is {st.st_size:,} bytes; a {what} is at most {max_bytes:,} bytes")
    try:
        with open(path, "rb") as f:
            raw = f.read(max_bytes + 1)
    except OSError as exc:
        raise DataFileError(path, "", f"cannot be read ({exc.strerror or exc})") from None
    if len(raw) > max_bytes:
        raise DataFileError(path, "", f"is more than {max_bytes:,} bytes; a {what} is at most that")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise DataFileError(path, "", f"is not UTF-8 text (byte {exc.start}, line {line}: "
                                      f"{raw[exc.start:exc.start + 1]!r}); save it as UTF-8") from None
    return text.removeprefix("\ufeff")


def write_text_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all: a temporary file beside it, renamed
    over it, with the permissions a new file gets (``umask``), so a reader never sees half a file
    and a run stopped half-way leaves the old file (or none).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "page.html"
    >>> write_text_atomically(path, "<p>hi</p>")
    >>> path.read_text(), [p.name for p in path.parent.iterdir()]
    ('<p>hi</p>', ['page.html'])
    """
    import tempfile

    path = Path(path)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".partial")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as f:
            f.write(text)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(temporary, 0o666 & ~mask)   # mkstemp's 0600 would leave a page only its writer reads
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _depth_problem(data: Any) -> str | None:
    """The first entry nested deeper than :data:`MAX_DEPTH` (iteratively: no recursion)."""
    stack = [(data, "", 0)]
    while stack:
        node, where, depth = stack.pop()
        if depth > MAX_DEPTH:
            return where or "(top level)"
        if isinstance(node, dict):
            stack.extend((v, f"{where}.{k}" if where else str(k), depth + 1) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((v, f"{where}[{i}]", depth + 1) for i, v in enumerate(node))
    return None


def _load_yaml(path: Path, text: str) -> Any:
    try:
        import yaml  # PyYAML, optional
    except ImportError:
        raise DataFileError(path, "", "YAML files need PyYAML installed; use TOML") from None

    class NoAliases(yaml.SafeLoader):
        """SafeLoader refusing aliases: a few hundred bytes of nested aliases expand
        into gigabytes (an "alias bomb"); data files write their values out. A key given
        twice in one mapping is refused too (YAML kept the last silently; TOML refuses it)."""

        def construct_mapping(self, node, deep=False):
            seen = set()
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=True)
                try:
                    duplicate = key in seen
                except TypeError:  # an unhashable key: SafeLoader says so itself
                    break
                if duplicate:
                    raise DataFileError(path, "", f"gives the key {key!r} twice in one table (line "
                                                  f"{key_node.start_mark.line + 1}); give each key once")
                seen.add(key)
            return super().construct_mapping(node, deep=deep)

        def compose_node(self, parent, index):
            if self.check_event(yaml.AliasEvent):
                event = self.peek_event()
                raise DataFileError(path, "", f"uses the YAML alias *{event.anchor} (line "
                                              f"{event.start_mark.line + 1}); aliases are refused in data "
                                              "files: write the values out")
            return super().compose_node(parent, index)

    try:
        return yaml.load(text, Loader=NoAliases)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as exc:
        raise DataFileError(path, "", f"is not valid YAML: {exc}") from None


def _read(path: Path) -> dict[str, Any]:
    text = read_text_file(path)
    try:
        if path.suffix.lower() in (".yaml", ".yml"):
            data = _load_yaml(path, text)
        else:
            try:
                data = tomllib.loads(text)
            except tomllib.TOMLDecodeError as exc:
                raise DataFileError(path, "", f"is not valid TOML: {exc}") from None
    except RecursionError:
        raise DataFileError(path, "", f"is nested too deeply (data files nest at most {MAX_DEPTH} "
                                      "levels)") from None
    except DataFileError:
        raise
    except ValueError as exc:  # Python refuses int("9" * 5000): a number no data file needs
        if "integer string conversion" not in str(exc):
            raise
        raise DataFileError(path, "", f"holds a whole number of more than {sys.get_int_max_str_digits():,} "
                                      "digits; no count or value is that large") from None
    if not isinstance(data, dict):
        raise DataFileError(path, "", "must hold a table at the top level")
    deep = _depth_problem(data)
    if deep is not None:
        raise DataFileError(path, deep, f"is nested more than {MAX_DEPTH} levels deep")
    return data

"""Output files of the command line (``--out``): a run takes the name before it plays, so two runs never
both write one file, and gives it back if it wrote nothing (:func:`_claim`, :func:`_release`)."""

from __future__ import annotations

import os
from pathlib import Path

#: The first line of a file an unfinished run has claimed (``--out``): the name is taken at once, and
#: a run that was killed leaves this, which a later run may take over once its process is gone.
CLAIM_MARK = "rometools: this file is being written by process "


def _claim(out: Path, flag: str, force: bool) -> None:
    """Take the name ``out`` for this run before any game is played: a second run writing it is
    refused at once (two runs both said "written" and one page was lost), a name that cannot be
    created (``/proc/self/r.html``, a folder without write access) is refused now, not after the
    games. The claim holds :data:`CLAIM_MARK` and this process's id; a claim left by a run that
    was killed (its process gone) is taken over. With ``force`` an existing file is replaced at the
    end, whole, and nothing is claimed."""
    if force and out.exists():
        if not out.is_file():
            raise ValueError(f"{flag} {out}: is not a regular file (a pipe, a device or a folder); give a file name")
        if not os.access(out, os.W_OK) or not os.access(out.parent, os.W_OK):
            raise ValueError(f"{flag} {out}: cannot be replaced (no write access)")
        return
    for _ in range(2):
        try:
            with out.open("x", encoding="utf-8") as f:
                f.write(f"{CLAIM_MARK}{os.getpid()}\n")
            return
        except FileExistsError:
            holder = _claimed_by(out)
            if holder is None or _alive(holder):
                whose = f"another rometools run (process {holder}) is writing it" if holder is not None else \
                    "the file exists"
                raise ValueError(f"{flag} {out}: {whose}; give another name, or --force to replace it") from None
            out.unlink(missing_ok=True)   # a killed run's claim: taken over
        except OSError as err:
            raise ValueError(f"{flag} {out}: cannot be created ({err.strerror or err})") from None
    raise ValueError(f"{flag} {out}: the file exists; give another name, or --force to replace it")


def _claimed_by(out: Path) -> int | None:
    """The process id of the run whose claim ``out`` is, or ``None`` (not a claim)."""
    try:
        if out.stat().st_size > 100:
            return None
        text = out.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    rest = text.removeprefix(CLAIM_MARK).strip()
    return int(rest) if text.startswith(CLAIM_MARK) and rest.isdigit() else None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _release(out: Path) -> None:
    """Give the name back if it still holds this run's claim (the run wrote nothing)."""
    if _claimed_by(out) == os.getpid():
        out.unlink(missing_ok=True)

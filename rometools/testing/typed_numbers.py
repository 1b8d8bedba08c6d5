"""The explorer contract's typed numbers: what a browser sends the kernel when a designer types
a number in a box, and what the explorer must do with it (refuse it in words naming the field and
the value, changing nothing, or keep it as typed).

Part of :mod:`rometools.testing.explorers` (:data:`~rometools.testing.explorers.CHECKS`
``typed_numbers`` and ``whole_number_boxes``), which re-exports every name here.
"""

from __future__ import annotations

from typing import Any

from rometools.core.formatting import shown
from rometools.testing._common import _require
from rometools.testing.explorer_view import TALLY, _base, _widgets, view
from rometools.testing.readability import walk

__all__: list[str] = []


def _check_typed_numbers(explorer, spec) -> None:
    """A number box sends any whole number; the explorer refuses it with a message or keeps it."""
    ex = explorer
    problems = []
    for name, control in ex._controls.items():
        value = getattr(control, "value", None)
        if isinstance(value, bool) or not isinstance(value, int) or hasattr(control, "options") \
                or control.has_trait("max"):
            continue
        for typed in (-5, 10**12):
            ex._clear_error()
            before = view(ex)
            TALLY["typed numbers"] += 1
            try:
                control.value = typed          # what the front end sends
            except Exception as err:  # noqa: BLE001
                problems.append(f"{type(ex).__name__} {name}={typed}: raised {type(err).__name__}: {err}")
                continue
            if "rt-error" in ex._message._dom_classes:
                # refused: the charts keep the last valid input; the box is put back or keeps what was typed
                if control.value not in (value, typed) or view(ex)[1] != before[1] or "unexpected" in ex.message:
                    problems.append(f"{type(ex).__name__} {name}={typed}: refused but the view changed")
                else:
                    TALLY["typed numbers refused"] += 1
                control.value = value
            elif control.value != typed:
                problems.append(f"{type(ex).__name__} {name}={typed}: silently became {control.value}")
            else:
                TALLY["typed numbers kept"] += 1
                control.value = value
    _require(not problems, "\n".join(problems))


def _browser_int_boxes() -> tuple:
    return (_widgets().IntText, _widgets().BoundedIntText)


def _whole_number_boxes(ex) -> list[tuple[str, Any, str, tuple]]:
    """Every box of the explorer's widget tree a designer types a whole number in, that a
    browser lets them type in (not disabled): ``(control name or "", box, label, (low, high))``."""
    names = {id(w): name for name, w in ex._controls.items()}
    ranges = ex.number_boxes()
    found, seen = [], set()
    for w in walk(ex):
        if not isinstance(w, (_base().WholeNumberText, *_browser_int_boxes())) or id(w) in seen or w.disabled:
            continue
        seen.add(id(w))
        name = names.get(id(w), "")
        label = ex.field_label(name) if name else w.description
        bounds = ranges.get(name) or (getattr(w, "low", None), getattr(w, "high", None))
        if bounds == (None, None) and isinstance(w, _widgets().BoundedIntText):
            bounds = (w.min, w.max)
        found.append((name, w, label, bounds))
    return found


def _type(box, text: str) -> None:
    """What a browser sends the kernel when ``text`` is typed in ``box`` and Enter pressed."""
    if isinstance(box, _base().WholeNumberText):
        box.set_state({"value": text})    # the text, read by the kernel
        return
    value = int(float(text))              # an IntText's front end: parseInt, 1.5 -> 1
    if isinstance(box, _widgets().BoundedIntText):
        value = min(max(value, box.min), box.max)  # ... and a BoundedIntText's clamps
    box.value = value


def _said(ex) -> str:
    """Every refusal on screen: the message area's, and any panel's (the strong-play search)."""
    texts = [ex.message] if "rt-error" in ex._message._dom_classes else []
    texts += [_base().plain_text(w.value) for w in walk(ex) if isinstance(w, _widgets().HTML) and w is not ex._message
              and 'class="rt-error"' in w.value]
    return " | ".join(texts)


def _model(ex) -> dict:
    return {a: getattr(ex, a, None) for a in ex.MODEL}


def _typed(ex, box, text: str) -> str:
    """Type ``text`` in ``box``; what the explorer newly says, at once: no update, no Run. An
    explorer whose results wait for a Run button checks its boxes as typed all the same
    (:class:`~rometools.widgets._base.CheckedAsTyped`), so a bad number is never said only at Run,
    one box at a time (trial F6: the playtest report's Games and Seed)."""
    said = _said(ex)
    _type(box, text)
    return "" if _said(ex) == said else _said(ex)


def _check_whole_number_boxes(explorer, spec) -> None:
    ex = explorer
    boxes = _whole_number_boxes(ex)
    problems = []
    for name, box, label, (low, high) in boxes:
        where = f"{type(ex).__name__} {name or label}"
        if isinstance(box, _browser_int_boxes()):
            problems.append(f"{where}: a {type(box).__name__}, whose browser side turns 1.5 into 1"
                            + (" and clamps" if isinstance(box, _widgets().BoundedIntText) else ""))
        if (low, high) == (None, None):
            problems.append(f"{where}: the box declares no range (_base().WholeNumberText low/high or NUMBER_BOXES)")
        if ":" in label:   # "Condition row 1: the number of tokens put back to 0" reads as two things
            problems.append(f"{where}: the box is named {label!r}, a field and a phrase; name it as it shows, "
                            f"as every refusal and put-back says it (\"Grapes put back to 3\")")
        bad = ["1.5", "99999999999"] + ([str(low - 1)] if low is not None else []) + (
            [str(high + 1)] if high is not None else [])
        for text in bad:
            ex._clear_error()
            value, before, model = box.value, view(ex), _model(ex)
            TALLY["typed whole-number boxes"] += 1
            said = _typed(ex, box, text)
            if not said:
                problems.append(f"{where}: typed {text!r} was not refused (the box holds {box.value!r})")
                _typed(ex, box, str(value))
                continue
            if not said.startswith("Cannot") or "unexpected" in said:
                problems.append(f"{where}: typed {text!r}: unclear refusal {said[:200]!r}")
            if label.lower().removesuffix("s") not in said.lower() or text not in said:
                problems.append(f"{where}: typed {text!r}: the refusal does not name {label!r} and the "
                                f"value: {said[:200]!r}")
            if box.value != value or view(ex) != before or any(
                    _model(ex)[a] is not model[a] for a in model):
                problems.append(f"{where}: typed {text!r}: refused, but the box ({box.value!r}, was "
                                f"{value!r}), the state or the charts changed")
            else:
                TALLY["typed whole-number boxes refused"] += 1
            problems += _check_put_back(ex, box, label, value, text, where)
        # a whole number in range is taken as typed ("7", or one nearer the range)
        value = box.value
        lo, hi = (0 if low is None else low), (10**6 if high is None else high)
        candidates = dict.fromkeys(v for v in (7, min(max(7, lo), hi), lo, value - 1, value + 1, hi)
                                   if lo <= v <= hi and v != value)
        for v in candidates:
            ex._clear_error()
            if not _typed(ex, box, str(v)) and box.value == v and type(box.value) is int:
                TALLY["typed whole-number boxes kept"] += 1
                break
        else:
            problems.append(f"{where}: no typed whole number in range was taken (tried {list(candidates)}): "
                            f"{ex.message[:200]!r}")
        ex._clear_error()
        if _typed(ex, box, str(value)) or box.value != value:
            problems.append(f"{where}: typing back {value!r} failed: {ex.message[:200]!r}")
    _require(boxes or not any(isinstance(w, _base().WholeNumberText) for w in walk(ex)),
             "a whole-number box in the widget tree was not found")
    _require(not problems, "\n".join(problems))


def _check_put_back(ex, box, label: str, value, text: str, where: str) -> list[str]:
    """A refusal under a box put back says so, true for what is on screen (the box reads ``value``
    again, not the value refused), and goes at the next edit of the box, Enter on the same value
    included (a browser sends no change for it, only Enter)."""
    said = ex.message
    if "rt-error" not in ex._message._dom_classes or box.value != value:
        return []   # said in a panel of its own (the strong-play search), or not put back
    problems = []
    if f"{label.lower()} put back to {shown(value).lower()}" not in said.lower() or "last valid input" in said:
        problems.append(f"{where}: typed {text!r} and put back to {value!r}, the message does not say so: "
                        f"{said[:240]!r}")
    box._handle_custom_msg({"event": "submit"}, [])   # Enter in the box, on the value it reads
    if ex.message:
        problems.append(f"{where}: Enter on {value!r}, put back, left the refusal of {text!r} on screen: "
                        f"{ex.message[:200]!r}")
    return problems

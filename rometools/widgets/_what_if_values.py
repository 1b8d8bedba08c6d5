"""The what-if studio's values: the table of every editable value and the picker that edits one.

:class:`StudioValues` is mixed into :class:`~rometools.widgets.what_if.VariantStudio`. The table
lists the published value beside the variant's (the changed ones first, in pale yellow); Find
narrows the table and the picker; a value picked fills the New value box, and **Set**,
**Published** and **Tune this** write the studio's Changes box or Tune's Parameter.
"""

from __future__ import annotations

import html
import math
from typing import Any

from rometools.core.formatting import counted, number, shown
from rometools.core.parameters import typed_value
from rometools.widgets._base import INPUT_ERRORS, MAX_MESSAGE, Snapshot, _text_of, html_table
from rometools.widgets._what_if_text import (
    _json_value,
    _listed,
    _numeric,
    _shown_value,
    _value_text,
    changes_text,
    parse_changes,
)

__all__ = ["PICKER_ROWS", "TABLE_ROWS", "StudioValues"]

#: Lines of Changes a note quotes when Set or Published drops them (the rest are counted).
DROPPED_QUOTED = 3

#: Values listed in the table and the picker at once (Find narrows them).
TABLE_ROWS = 60
PICKER_ROWS = 200


class StudioValues:
    """The table of values and the picker of :class:`~rometools.widgets.what_if.VariantStudio` (a mixin)."""

    def _matches(self, parameters) -> list:
        find = self._find.value.strip().lower()
        return [p for p in parameters if _listed(p) and p.address != "players"
                and (not find or find in p.address.lower())]

    def _takes(self, takes: str) -> str:
        """What a value takes, as this studio takes it: in the app (``files="upload"``) a file option
        takes a bundled file only, never a path on the server (a trial read "its path" there)."""
        path_or_bundled = "a file: its path, or a bundled one"
        if self._files == "upload" and takes.startswith(path_or_bundled):
            return "a bundled file" + takes[len(path_or_bundled):]
        return takes

    def _draw_table(self, parameters, changed) -> None:
        listed = [p for p in parameters if _listed(p) and p.address != "players"]
        matches = self._matches(parameters)
        rows = [p for p in changed if _listed(p)] + [p for p in matches if not p.changed]
        shown_rows = rows[:TABLE_ROWS]
        cells = [[p.address, _shown_value(p.published, unset=p.unset), _shown_value(p.current, unset=p.unset),
                  self._takes(p.takes), p.provenance or ""]
                 for p in shown_rows]
        find = self._find.value.strip()
        said = (f"{counted(len(listed), 'value')} to edit (options, each seat's handicap, and the data files' "
                f"numbers, addressed by the files' own keys)")
        if find:   # the rows counted as they are listed: the values changed come first, matching or not (a trial
            # read "1 match" over 5 rows)
            extra = len(rows) - len(matches)
            said += (f"; {number(len(rows))} listed: " if extra else "; ") + \
                f"{number(len(matches))} {'matches' if len(matches) == 1 else 'match'} {html.escape(shown(find, 40))}"
            if extra:
                said += f" and {counted(extra, 'value')} this variant changes"
        if len(rows) > TABLE_ROWS:
            said += f"; the first {TABLE_ROWS} shown: type in Find to narrow them"
        table = html_table(cells, "rt-whatif-parameters", columns=["value", "published", "this variant", "takes",
                                                                   "provenance"],
                           highlight=None)
        marked = table
        for p in shown_rows:   # the changed rows in pale yellow
            if p.changed:
                cell = f"<td style='padding:2px 8px;text-align:left'>{html.escape(p.address)}</td>"
                marked = marked.replace(f"<tr>{cell}", f"<tr class='rt-current' style='background:#fff3c4'>{cell}", 1)
        self._table.value = (f"<small>{said}.</small><div style='max-height:240px;overflow:auto;"
                             f"border:1px solid #ddd'>{marked}</div>")

    def _draw_picker(self, parameters) -> None:
        matches = self._matches(parameters)[:PICKER_ROWS]
        options = [(f"{p.address} \u00b7 {_shown_value(p.current, 30, p.unset)}"[:90], p.address) for p in matches]
        was, self._hold = self._hold, True
        try:
            keep = self._pick.value
            if [o[1] for o in self._pick.options] != [o[1] for o in options] or list(self._pick.options) != options:
                self._pick.options = options
            listed = [o[1] for o in options]
            changed = [a for a in self._changes if a in listed]
            if keep in listed:
                self._pick.value = keep
            elif options:   # a value the variant changes first, else the first listed
                self._pick.value = changed[0] if changed else listed[0]
            self._fill_new_value()
        finally:
            self._hold = was

    def _picked_text(self) -> str | None:
        """The picked value as the variant shown has it, as New value shows it (``None``: nothing picked)."""
        address = self._pick.value
        if address is None or self._variant is None:
            return None
        if address in self._changes:
            value = self._changes[address]
        else:
            p = next((p for p in self._parameters(self._variant) if p.address == address), None)
            value = None if p is None else p.current
            if p is not None and value is None and p.unset:   # unset: what the game uses (a trial saw nothing)
                return self._bundled_name(address) or _shown_value(None, unset=p.unset)
        return "" if value is None else _value_text(value)

    def _config_value(self, address: str) -> Any:
        """The number an unset option of the variant shown plays (``roads_per_player``: the component
        file's 25), else ``None``."""
        try:
            value = getattr(self._variant.load().config, address, None)
        except Exception:   # noqa: BLE001 - a value to start Tune's range from, never worth a refusal
            return None
        return value if isinstance(value, int | float) and not isinstance(value, bool) else None

    def _bundled_name(self, address: str) -> str | None:
        """The bundled file an unset file option of the variant shown uses (``board_4_5``, as the option
        takes it), else ``None``."""
        try:
            saved = self._variant.load().config.to_dict().get(address)
        except Exception:   # noqa: BLE001 - a name shown greyed, never worth a refusal
            return None
        name = saved.get("bundled") if isinstance(saved, dict) else None
        return name.removesuffix(".toml") if isinstance(name, str) else None

    def _fill_new_value(self) -> None:
        """The New value box: empty, showing the picked value as the variant has it greyed (its placeholder),
        so what is typed replaces that value (a trial clicked in a box holding 0, typed 3 and got 03)."""
        text = self._picked_text()
        if text is None:
            return
        was, self._hold = self._hold, True
        try:
            self._new_value.value = ""
            self._new_value.placeholder = text if len(text) <= 80 else text[:79] + "\u2026"
            self._new_value.tooltip = (f"{self._pick.value} is now {self._new_value.placeholder or 'empty'}: type "
                                       "its new value here, then press Set")
        finally:
            self._hold = was

    def _picker_attempt(self, action, *, refused_box: str | None = None) -> bool:
        """Run a picker button's ``action`` as an update; a refusal puts back the view shown, except the
        pick: Value stays on the value the designer picked (the next Set goes to it), and the box the
        refusal is about (``refused_box``, New value for Set) is emptied again, the picked value greyed in it.

        The pick is no part of the view (picking redraws nothing), so the last view's snapshot holds
        the value picked when it was drawn: putting that back would move the picker to another
        value, and the next Set would change it instead.
        """
        restore = self._good
        if restore is not None and "pick" in restore.controls and "new_value" in restore.controls:
            controls = dict(restore.controls)
            if self._pick.value in [o[1] for o in controls["pick"].get("options", ())]:
                controls["pick"] = {**controls["pick"], "value": self._pick.value}
            # New value refused: emptied again, the picked value shown greyed in it (_fill_new_value)
            text = "" if refused_box == "new_value" and self._picked_text() is not None else self._new_value.value
            controls["new_value"] = {**controls["new_value"], "value": text}
            restore = Snapshot(controls, restore.model)
        return self._attempt(action, restore_to=restore)

    # ------------------------------------------------------------ the picker's buttons
    def _picked(self) -> str:
        address = self._pick.value
        if not address:
            raise ValueError("Value: nothing picked; type in Find to list the values")
        return address

    def _set_picked(self) -> None:
        address = self._picked()
        text = self._new_value.value.strip()
        if not text:
            raise ValueError(f"New value: type the new value of {address}")
        try:
            value = typed_value(text)   # as a Changes line reads it: 03 and +3 are 3
        except RecursionError:
            value = text
        changes = {**self._changes, address: value}
        p = next((p for p in self._parameters(self._variant) if p.address == address), None)
        if p is not None and _json_value(value) == _json_value(p.published):
            changes.pop(address)   # back to the published value: no change
        # checked here, so that a refusal names the box the designer typed in (New value), not Changes
        try:
            _, variant = self._build(parse_changes(changes_text(changes)))
        except ValueError as err:
            raise ValueError("New value: " + _text_of(err).removeprefix("Changes: ")) from None
        self._write_changes(self._as_held(changes, variant), f"{address} set")

    def _read_back(self, name: str) -> str:
        """New value put back after a refusal reads as the designer sees it: empty, the value now greyed."""
        if name == "new_value" and not self._new_value.value and self._new_value.placeholder:
            return f"empty, {self._pick.value} now {self._new_value.placeholder} greyed in it"
        return super()._read_back(name)

    def _unset_picked(self) -> None:
        """Published: the value picked back to its published value, and everything under it (a list's
        entries changed one by one). An entry of a list changed whole (``gold.points.4`` under
        ``gold.points = [...]``) is put back inside that list, and said; refused, naming both, when the
        data refuses the list so (a trial pressed Published there and nothing changed, nothing was said)."""
        address = self._picked()
        held = {a: v for a, v in self._changes.items() if a != address and not a.startswith(address + ".")}
        if len(held) < len(self._changes):
            self._write_changes(held, f"{address} published")
            return
        holder = next((a for a in self._changes if address.startswith(a + ".")), None)
        by_address = {p.address: p for p in self._parameters(self._variant)}
        p = by_address.get(address)
        if holder is None:   # changed by nothing: said, never silent
            now = "" if p is None else f" ({_shown_value(p.published, 40, p.unset)})"
            self._note(f"{address} is already its published value{now}: nothing to put back.")
            return
        if p is None:
            raise ValueError(f"Published: {address} has no published value to put back; edit the line {holder} "
                             "in Changes")
        whole = _with_entry(self._changes[holder], address[len(holder) + 1:].split("."), p.published)
        if whole is None:
            raise ValueError(f"Published: {address} is held by the change {holder}, which has no such entry; "
                             f"edit the line {holder} in Changes")
        changes = {**self._changes, holder: whole}
        if holder in by_address and _json_value(whole) == _json_value(by_address[holder].published):
            changes.pop(holder)   # the whole list is the published one again: no change
        try:
            _, variant = self._build(parse_changes(changes_text(changes)))
        except ValueError as err:
            raise ValueError(f"Published: {address} is held by the change {holder} = "
                             f"{_shown_value(self._changes[holder], 60)} (the whole list); its published "
                             f"{_shown_value(p.published, 40)} there is refused: "
                             + _text_of(err).removeprefix("Changes: ")
                             + f"; edit the line {holder} in Changes instead") from None
        self._note(f"{address} put back to its published {_shown_value(p.published, 40)} inside the change "
                   f"{holder}" + (" (now the published list: that line is gone)." if holder not in changes
                                  else "."))
        self._write_changes(self._as_held(changes, variant), f"{address} published")

    def _write_changes(self, changes, did: str) -> None:
        """Set and Published write the Changes box: the changes accepted with the one value edited. Lines
        refused there (kept to mend) are dropped, and a note quotes each, whole, to copy back."""
        typed = self._changes_box.value
        if self._changes_refused is not None and typed == self._changes_refused:
            lost = _lines_not_accepted(typed, self._changes)
            if lost:
                self._note(_dropped_note(lost, did))
        self._changes_box.value = changes_text(changes)

    def _tune_picked(self) -> None:
        address = self._picked()
        p = next((p for p in self._parameters(self._variant) if p.address == address), None)
        if p is not None and not _numeric(p):   # the picker's own words: never "press Tune this", just pressed
            raise ValueError(f"Value: {address} is not a number Tune can vary (it takes {p.takes}); pick a numeric "
                             f"value in Value (e.g. handicap.{self._players.value}), then press Tune this again")
        self._parameter.value = address
        self._tab.value = "tune"
        self._offer_values(address)

    def _refused_value(self, address: str, values) -> tuple[Any, str] | None:
        """The first of ``values`` the variant shown refuses for ``address`` (as Tune checks its Values'
        ends): ``(value, why)``, else ``None``."""
        for value in values:
            try:
                self._variant.with_value(address, value).load()
            except INPUT_ERRORS as err:
                return value, _text_of(err)
        return None

    def _offer_values(self, address: str) -> None:
        """Tune this: Values kept when the data accepts each of them for ``address``; else set to a range
        around its value now that it accepts, and said; else refused at once, saying why (a trial's Tune
        this on ``gold.points.4`` kept 0:60:10, and Tune then refused 0 only when pressed)."""
        p = next((p for p in self._parameters(self._variant) if p.address == address), None)
        if p is None or not _numeric(p):
            return   # Tune's Parameter check says why
        try:
            candidates = self._parse_values(self._values.value)
        except ValueError:
            return   # Tune's Values check says why
        refused = self._refused_value(address, candidates)   # each, as Values checks them as typed (trial58)
        if refused is None:
            return
        typed = self._values.value
        said = f"Values {shown(typed, 40)} do not fit {address}: {shown(refused[0])} is refused ({refused[1]})"
        now = p.current
        if now is None:   # unset: the value the game plays (a seat's 0, the component file's), else the lowest
            now = 0 if p.kind == "handicap" else self._config_value(address)
            if now is None and isinstance(p.low, int | float) and not isinstance(p.low, bool):
                now = p.low
        offered = _values_around(now, lambda v: self._refused_value(address, (v,)) is None)
        if offered is None:
            v = _shown_value(now, 40)
            which = (f"only {v} itself is accepted, no value around it" if self._refused_value(address, (now,)) is None
                     else f"no value around {v} is accepted, nor {v} itself")
            # refused, the controls as they were: Values that do not fit the parameter are never kept (trial58)
            raise ValueError(f"{said}; {which}: {address} cannot vary in this variant (change the values beside "
                             "it first)")
        self._values.value = offered
        self._note(f"{said}; Values set to {offered} (around {_shown_value(now, 40)}), each accepted.")

    def _on_pick(self, _change=None) -> None:
        if not self._hold:
            self._fill_new_value()

    def _on_find(self, _change=None) -> None:
        """Find narrows the value table and the picker whatever else the page holds: while a line of
        Changes is refused, the values listed are those of the last variant shown (the message still
        says what is refused)."""
        if self._hold:
            return
        if self.update() or self._variant is None:
            return
        self._draw_table(self._parameters(self._variant), [p for p in self._parameters(self._variant)
                                                           if p.changed and p.address != "players"])
        self._draw_picker(self._parameters(self._variant))


def _values_around(now: Any, accepted, reach: int = 5) -> str | None:
    """Tune's Values around the value ``now``: the steps either side (``reach`` of them, a step a fifth
    of the value, at least 1 for a whole number) that ``accepted(value)`` takes, up to the first it
    refuses each way, as ``low:high:step`` (whole numbers) or a list; ``None`` for fewer than two.

    >>> _values_around(25, lambda v: 16 <= v <= 36), _values_around(16, lambda v: v == 16)
    ('20:35:5', None)
    >>> _values_around(0.5, lambda v: v >= 0)
    '0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1'
    """
    if isinstance(now, bool) or not isinstance(now, int | float) or not math.isfinite(now):
        return None
    whole = isinstance(now, int)
    step = max(1, round(abs(now) / reach)) if whole else (abs(now) / reach or 0.1)
    values = [now]
    for sign in (-1, 1):
        for k in range(1, reach + 1):
            v = now + sign * k * step if whole else round(now + sign * k * step, 10)
            if not accepted(v):
                break
            values.append(v)
    if len(values) < 2 or not accepted(now):
        return None
    values.sort()
    if whole:
        return f"{values[0]}:{values[-1]}:{step}"
    return ",".join(f"{v:g}" for v in values)


def _with_entry(value, path: list[str], entry):
    """``value`` (a change's list or table) with the entry at ``path`` (its keys, a list's by index)
    replaced by ``entry``, a copy; ``None`` when ``value`` has no such entry.

    >>> _with_entry([0, 4, 9], ["1"], 5), _with_entry({"a": [1, 2]}, ["a", "0"], 7), _with_entry([0], ["3"], 1)
    ([0, 5, 9], {'a': [7, 2]}, None)
    """
    if not path:
        return entry
    key, rest = path[0], path[1:]
    if isinstance(value, list):
        if not key.isdigit() or int(key) >= len(value):
            return None
        inner = _with_entry(value[int(key)], rest, entry)
        return None if inner is None else [*value[:int(key)], inner, *value[int(key) + 1:]]
    if isinstance(value, dict) and key in value:
        inner = _with_entry(value[key], rest, entry)
        return None if inner is None else {**value, key: inner}
    return None


def _lines_not_accepted(typed: str, accepted) -> list[str]:
    """The lines of the Changes box ``typed`` that the changes ``accepted`` do not hold, as typed
    (stripped): a line refused, a value accepted before and edited since, a comment. A line that
    reads as an accepted change (``hand=5`` for ``hand = 5``) is not among them.

    >>> _lines_not_accepted("hand = 5\\nhand_size 4\\n\\n# try\\nroute = x", {"hand": 5})
    ['hand_size 4', '# try', 'route = x']
    """
    lost = []
    for line in typed.splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            ((address, value),) = parse_changes(line).items()
        except ValueError:   # refused as a line (no "="), or a comment (nothing in it)
            lost.append(line)
            continue
        if address not in accepted or _json_value(accepted[address]) != _json_value(value):
            lost.append(line)
    return lost


def _dropped_note(lost: list[str], did: str) -> str:
    """The note that Set or Published dropped the lines ``lost`` from Changes: each quoted whole, to be
    copied back (cut at its end, its length said, only when the note could not hold it), the first
    :data:`DROPPED_QUOTED` of them, the rest counted.

    >>> _dropped_note(["handicap.4 = banana"], "handicap.2 set")
    "Dropped from Changes, not accepted: 'handicap.4 = banana'. Changes now holds the changes accepted before, with handicap.2 set; copy a line back to mend it."
    """
    quoted = lost[:DROPPED_QUOTED]
    more = len(lost) - len(quoted)
    frame = (f"Dropped from Changes, not accepted: . Changes now holds the changes accepted before, with {did}; "
             f"copy a line back to mend it.") + (f" and {more} more lines" if more else "")
    # what the message holds (MAX_MESSAGE) shared between the lines quoted: the short ones whole, the
    # long ones the rest in equal parts (each less its "; " and the "...' (512 characters)" of a cut)
    room, limits = MAX_MESSAGE - len(frame), {}
    for k, i in enumerate(sorted(range(len(quoted)), key=lambda i: len(quoted[i]))):
        share = room // (len(quoted) - k)
        whole = len(repr(quoted[i])) + 2
        limits[i] = len(quoted[i]) + 2 if whole <= share else max(40, share - 30)
        room -= min(whole, share)
    said = "; ".join(shown(line, limits[i]) for i, line in enumerate(quoted)) + (f" and {more} more lines" if more
                                                                                 else "")
    return (f"Dropped from Changes, not accepted: {said}. Changes now holds the changes accepted before, with "
            f"{did}; copy a line back to mend it.")

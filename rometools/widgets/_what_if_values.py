"""The what-if studio's values: the table of every editable value and the picker that edits one.

:class:`StudioValues` is mixed into :class:`~rometools.widgets.what_if.VariantStudio`. The table
lists the published value beside the variant's (the changed ones first, in pale yellow); Find
narrows the table and the picker; a value picked fills the New value box, and **Set**,
**Published** and **Tune this** write the studio's Changes box or Tune's Parameter.
"""

from __future__ import annotations

import html
import json

from rometools.core.formatting import counted, number, shown
from rometools.widgets._base import Snapshot, _text_of, html_table
from rometools.widgets._what_if_text import (
    _json_value,
    _listed,
    _shown_value,
    _value_text,
    changes_text,
    parse_changes,
)

__all__ = ["PICKER_ROWS", "TABLE_ROWS", "StudioValues"]

#: Values listed in the table and the picker at once (Find narrows them).
TABLE_ROWS = 60
PICKER_ROWS = 200


class StudioValues:
    """The table of values and the picker of :class:`~rometools.widgets.what_if.VariantStudio` (a mixin)."""

    def _matches(self, parameters) -> list:
        find = self._find.value.strip().lower()
        return [p for p in parameters if _listed(p) and p.address != "players"
                and (not find or find in p.address.lower())]

    def _draw_table(self, parameters, changed) -> None:
        listed = [p for p in parameters if _listed(p) and p.address != "players"]
        matches = self._matches(parameters)
        rows = [p for p in changed if _listed(p)] + [p for p in matches if not p.changed]
        shown_rows = rows[:TABLE_ROWS]
        cells = [[p.address, _shown_value(p.published, unset=p.unset), _shown_value(p.current, unset=p.unset), p.takes,
                  p.provenance or ""]
                 for p in shown_rows]
        find = self._find.value.strip()
        said = (f"{counted(len(listed), 'value')} to edit (options, each seat's handicap, and the data files' "
                f"numbers, addressed by the files' own keys)")
        if find:
            said += f"; {number(len(matches))} match {html.escape(shown(find, 40))}"
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
        return "" if value is None else _value_text(value)

    def _fill_new_value(self) -> None:
        """The New value box: the picked value as the variant has it (the designer edits it)."""
        text = self._picked_text()
        if text is None:
            return
        was, self._hold = self._hold, True
        try:
            self._new_value.value = text
        finally:
            self._hold = was

    def _picker_attempt(self, action, *, refused_box: str | None = None) -> bool:
        """Run a picker button's ``action`` as an update; a refusal puts back the view shown, except the
        pick: Value stays on the value the designer picked (the next Set goes to it), and the box the
        refusal is about (``refused_box``, New value for Set) reads the picked value again.

        The pick is no part of the view (picking redraws nothing), so the last view's snapshot holds
        the value picked when it was drawn: putting that back would move the picker to another
        value, and the next Set would change it instead.
        """
        restore = self._good
        if restore is not None and "pick" in restore.controls and "new_value" in restore.controls:
            controls = dict(restore.controls)
            if self._pick.value in [o[1] for o in controls["pick"].get("options", ())]:
                controls["pick"] = {**controls["pick"], "value": self._pick.value}
            text = self._picked_text() if refused_box == "new_value" else self._new_value.value
            controls["new_value"] = {**controls["new_value"], "value": self._new_value.value if text is None
                                     else text}
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
            value = json.loads(text)
        except (ValueError, RecursionError):
            value = text
        changes = {**self._changes, address: value}
        p = next((p for p in self._parameters(self._variant) if p.address == address), None)
        if p is not None and _json_value(value) == _json_value(p.published):
            changes.pop(address)   # back to the published value: no change
        # checked here, so that a refusal names the box the designer typed in (New value), not Changes
        try:
            self._build(parse_changes(changes_text(changes)))
        except ValueError as err:
            raise ValueError("New value: " + _text_of(err).removeprefix("Changes: ")) from None
        self._write_changes(changes, f"{address} set")

    def _unset_picked(self) -> None:
        address = self._picked()
        self._write_changes({a: v for a, v in self._changes.items() if a != address}, f"{address} published")

    def _write_changes(self, changes, did: str) -> None:
        """Set and Published write the Changes box: the changes accepted with the one value edited. Lines
        refused there (kept to mend) are replaced, and a note says so, quoting them."""
        typed = self._changes_box.value
        if self._changes_refused is not None and typed == self._changes_refused:
            self._note(f"The refused lines in Changes, {shown(typed.strip(), 80)}, are replaced by the changes "
                       f"accepted before with {did}.")
        self._changes_box.value = changes_text(changes)

    def _tune_picked(self) -> None:
        self._parameter.value = self._picked()
        self._tab.value = "tune"

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

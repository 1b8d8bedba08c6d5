"""A component set as a read-only collection: iterate it, index it, count it.

Every game's set of like components (Augustus's objective cards...) derives from
:class:`ComponentSet` and names the tuple that holds them in ``ITEMS``; ``len``,
``for``, ``[i]``, ``in``, ``.index`` and ``.count`` then work the same way in every game
(``tests/test_describe.py`` holds every game's data to it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

__all__ = ["ComponentSet"]


class ComponentSet(Sequence):
    """A read-only sequence of a game's like components, in the file's order.

    A subclass (a frozen dataclass) sets ``ITEMS`` to the name of its tuple field.

    Examples
    --------
    >>> from rometools.augustus import load_objectives
    >>> cards = load_objectives()
    >>> len(cards), cards[0].name, sum(1 for _ in cards), cards[0] in cards
    (88, 'Pergamum', 88, True)
    """

    ITEMS: ClassVar[str] = "items"

    def _items(self) -> tuple[Any, ...]:
        return getattr(self, self.ITEMS)

    def __len__(self) -> int:
        return len(self._items())

    def __getitem__(self, index: Any) -> Any:
        return self._items()[index]

    def __iter__(self):
        return iter(self._items())

"""A read-only mapping (:class:`types.MappingProxyType`) pickles and deep-copies as an equal read-only
mapping of its items.

rometools hands out read-only tables as mappingproxies (a data file's provenance, a component set's
``bag`` or ``by_number``, an option table); the standard library refuses to pickle them ("cannot
pickle 'mappingproxy' object"), so a game's config, its components and a state holding them could
not go to a worker process, Dask or :func:`copy.deepcopy`. :mod:`copyreg` registers the reduction
once, when :mod:`rometools.core` is imported (which every rometools object's module does).

Examples
--------
>>> import copy, pickle
>>> from types import MappingProxyType
>>> table = MappingProxyType({"shield": 5, "joker": 2})
>>> back = pickle.loads(pickle.dumps(table))
>>> type(back).__name__, back == table, copy.deepcopy(table) == table
('mappingproxy', True, True)
"""

from __future__ import annotations

import copyreg
from types import MappingProxyType
from typing import Any


def _read_only(items: dict[Any, Any]) -> MappingProxyType:
    """The mappingproxy of ``items`` (what unpickling calls)."""
    return MappingProxyType(items)


def _reduce(proxy: MappingProxyType) -> tuple[Any, tuple[dict[Any, Any]]]:
    return _read_only, (dict(proxy),)


copyreg.pickle(MappingProxyType, _reduce)

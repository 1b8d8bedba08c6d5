"""Names a package imports from its modules when first used (PEP 562), so ``import rometools`` stays light.

Examples
--------
>>> import types
>>> pkg = types.ModuleType("pkg")
>>> pkg.__getattr__, pkg.__dir__ = lazy_names("pkg", {"Fraction": "fractions"}, vars(pkg))
>>> pkg.Fraction(1, 2)
Fraction(1, 2)
>>> pkg.nothing
Traceback (most recent call last):
...
AttributeError: module 'pkg' has no attribute 'nothing'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, MutableMapping
from typing import Any


def lazy_names(package: str, lazy: Mapping[str, str], namespace: MutableMapping[str, Any]
               ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A package's ``__getattr__`` and ``__dir__`` for names imported when first used.

    Parameters
    ----------
    package : str
        The package's name (for the ``AttributeError``).
    lazy : mapping of str to str
        Each name to the module that defines it.
    namespace : mutable mapping
        The package's ``globals()``: a name is kept there once imported.

    Returns
    -------
    (callable, callable)
        ``__getattr__(name)`` (raises ``AttributeError`` for a name it does not
        know) and ``__dir__()``.
    """

    def __getattr__(name: str) -> Any:
        if name in lazy:
            value = getattr(importlib.import_module(lazy[name]), name)
            namespace[name] = value
            return value
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(namespace.get("__all__", ())) | set(lazy))

    return __getattr__, __dir__

"""Lazy package exports (PEP 562), so that ``import dpproofs`` does not import sympy and z3.

A package lists ``name -> module`` and sets ``__getattr__ = lazy_exports(__name__, table)``; the
first access imports the module and caches the value in the package namespace. Commands that
need little (``dpproofs profile --compose``) then start in a fraction of the time.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(package: str, table: Mapping[str, str]) -> Callable[[str], Any]:
    def __getattr__(name: str) -> Any:
        module = table.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__

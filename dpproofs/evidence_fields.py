"""Reading the fields of an evidence record (:mod:`dpproofs.evidence`) back from JSON: each
reader returns the field's value or raises ValueError naming what is malformed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: How a small-model part's counterexamples grow to larger sizes, as the lifting applied it:
#: "split" (an outcome split in halves), "pad" (a zero outcome added) or "none" (then every
#: size 1..bound was searched). docs/design/small-model.md, "Growth".
GROWTH_RULES = ("split", "pad", "none")


def read_pairs(record: Mapping[str, Any], key: str) -> tuple[tuple[str, str], ...]:
    value = record.get(key, {})
    if not isinstance(value, Mapping):
        raise ValueError(f"{key} must be an object of exact strings")
    return tuple((str(k), str(v)) for k, v in value.items())


def read_int(record: Mapping[str, Any], key: str) -> int:
    value = record.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{key} must be an integer, got {value!r}")
    return value


def read_growth(value: Any) -> str | None:
    """A part's growth rule (None: not recorded, a report from before the field)."""
    if value is None:
        return None
    if value not in GROWTH_RULES:
        raise ValueError(f"growth must be one of {GROWTH_RULES}, not {value!r}")
    return str(value)


def read_sizes(value: Any) -> tuple[int, ...] | None:
    """The sizes a small-model record searched (None: not recorded)."""
    if value is None:
        return None
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in value
    ):
        raise ValueError(f"searched must be a list of sizes >= 1, not {value!r}")
    return tuple(value)

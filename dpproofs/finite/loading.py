"""Reading a finite mechanism from JSON (the input of ``dpproofs profile``).

    {"name": "randomized response",
     "inputs": ["+", "-"], "outputs": ["Y", "N"],
     "rows": [["3/4", "1/4"], ["1/4", "3/4"]],
     "neighbours": "all" | [[0, 1], ...] | {"hamming": n} | "add-remove"}

Entries are strings parsed exactly ("3/4", "exp(-1/2)/(1+exp(-1/2))") or JSON numbers (floats;
then the mechanism is a float mechanism). Under ``{"hamming": n}`` an input is a list of n
entries, or a string of n characters (one per entry). ``inputs``, ``outputs`` and ``neighbours``
are optional (defaults: 0..m-1, 0..k-1, "all").
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dpproofs.errors import InvalidMechanism
from dpproofs.finite.neighbours import (
    AddRemove,
    AllPairs,
    ExplicitPairs,
    Hamming,
    NeighbourRelation,
)

if TYPE_CHECKING:  # imported where used: reading the fields needs no sympy
    from dpproofs.finite.mechanism import FiniteMechanism


def _hashable(value: Any) -> Hashable:
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        raise InvalidMechanism(f"an input or output label cannot be an object: {value!r}")
    hashable: Hashable = value
    return hashable


def _relation(spec: Any) -> NeighbourRelation:
    if spec is None or spec == "all":
        return AllPairs()
    if spec in ("add-remove", "add_remove", "addremove"):
        return AddRemove()
    if isinstance(spec, dict) and set(spec) == {"hamming"}:
        n = spec["hamming"]
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise InvalidMechanism(
                f'"neighbours": {{"hamming": n}} needs a positive integer n, got {n!r}'
            )
        return Hamming(n)
    if isinstance(spec, list):
        pairs = []
        for position, pair in enumerate(spec):
            if not (isinstance(pair, list) and len(pair) == 2):
                raise InvalidMechanism(f"neighbour pair {position} ({pair!r}) is not [i, j]")
            pairs.append((pair[0], pair[1]))
        return ExplicitPairs(tuple(pairs))
    raise InvalidMechanism(
        f'unknown "neighbours" {spec!r}: use "all", [[i, j], ...], {{"hamming": n}} or "add-remove"'
    )


def mechanism_from_dict(data: Any) -> FiniteMechanism:
    from dpproofs.finite.mechanism import FiniteMechanism

    return FiniteMechanism.from_rows(**mechanism_fields(data))


def mechanism_fields(data: Any) -> dict[str, Any]:
    """The checked fields of a mechanism JSON object, as ``FiniteMechanism.from_rows`` takes
    them (entries not yet parsed)."""
    if not isinstance(data, dict):
        raise InvalidMechanism("a mechanism file holds a JSON object")
    unknown = set(data) - {"name", "inputs", "outputs", "rows", "neighbours", "description"}
    if unknown:
        raise InvalidMechanism(f"unknown field(s): {', '.join(sorted(unknown))}")
    if "rows" not in data or not isinstance(data["rows"], list):
        raise InvalidMechanism('a mechanism needs "rows": a list of rows')
    rows = data["rows"]
    for r, row in enumerate(rows):
        if not isinstance(row, list):
            raise InvalidMechanism(f"row {r} is not a list")
    relation = _relation(data.get("neighbours"))
    inputs = data.get("inputs")
    if inputs is not None:
        if not isinstance(inputs, list):
            raise InvalidMechanism('"inputs" must be a list')
        inputs = [_hashable(x) for x in inputs]
        if isinstance(relation, Hamming):
            inputs = [
                tuple(x) if isinstance(x, str) and len(x) == relation.n else x for x in inputs
            ]
    outputs = data.get("outputs")
    if outputs is not None:
        if not isinstance(outputs, list):
            raise InvalidMechanism('"outputs" must be a list')
        outputs = [_hashable(y) for y in outputs]
    return {
        "rows": rows,
        "inputs": inputs,
        "outputs": outputs,
        "neighbours": relation,
        "name": str(data.get("name", "")),
    }


def read_json(path: str | Path) -> Any:
    """The JSON content of a mechanism file; errors name the file."""
    file = Path(path)
    try:
        return json.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise InvalidMechanism(f"{file}: no such file") from exc
    except json.JSONDecodeError as exc:
        raise InvalidMechanism(f"{file}:{exc.lineno}: not valid JSON ({exc.msg})") from exc


def load_mechanism(path: str | Path) -> FiniteMechanism:
    """Read and validate a mechanism JSON file; errors name the file."""
    file = Path(path)
    data = read_json(file)
    try:
        return mechanism_from_dict(data)
    except InvalidMechanism as exc:
        raise InvalidMechanism(f"{file}: {exc}") from exc

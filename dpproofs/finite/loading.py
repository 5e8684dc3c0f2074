"""Reading a finite mechanism from JSON (the input of ``dpproofs profile``).

    {"name": "randomized response",
     "inputs": ["+", "-"], "outputs": ["Y", "N"],
     "rows": [["3/4", "1/4"], ["1/4", "3/4"]],
     "neighbours": "all" | [[0, 1], ...] | {"hamming": n} | "add-remove"}

Entries are strings parsed exactly ("3/4", "exp(-1/2)/(1+exp(-1/2))") or JSON numbers (floats;
then the mechanism is a float mechanism). Under ``{"hamming": n}`` an input is a list of n
entries, or a string of n characters (one per entry). ``inputs``, ``outputs`` and ``neighbours``
are optional (defaults: 0..m-1, 0..k-1, "all").

``"parameters": {"eps": "log(3)"}`` names values the entries may use ("exp(eps)/(1+exp(eps))");
each value is exact and substituted before anything is computed. A parameter written as an
interval (``{"eps": "(0, oo)"}``) makes the file a parametric family instead: every comparison is
then decided for all values of the interval at once.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dpproofs.errors import InvalidClaim, InvalidExpression, InvalidMechanism
from dpproofs.finite.neighbours import Hamming, neighbour_relation

if TYPE_CHECKING:  # imported where used: reading the fields needs no sympy
    import sympy

    from dpproofs.finite.mechanism import FiniteMechanism


def _hashable(value: Any) -> Hashable:
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        raise InvalidMechanism(f"an input or output label cannot be an object: {value!r}")
    hashable: Hashable = value
    return hashable


def mechanism_from_dict(data: Any) -> FiniteMechanism:
    from dpproofs.finite.mechanism import FiniteMechanism

    fields = mechanism_fields(data)
    values, domains = _parameters(fields.pop("parameters"))
    if values:
        fields["rows"] = [[_substituted(entry, values) for entry in row] for row in fields["rows"]]
    return FiniteMechanism.from_rows(**fields, parameters=domains or None)


def mechanism_fields(data: Any) -> dict[str, Any]:
    """The checked fields of a mechanism JSON object, as ``FiniteMechanism.from_rows`` takes
    them (entries not yet parsed)."""
    if not isinstance(data, dict):
        raise InvalidMechanism("a mechanism file holds a JSON object")
    fields = {"name", "inputs", "outputs", "rows", "neighbours", "description", "parameters"}
    unknown = set(data) - fields
    if unknown:
        raise InvalidMechanism(f"unknown field(s): {', '.join(sorted(unknown))}")
    if "rows" not in data or not isinstance(data["rows"], list):
        raise InvalidMechanism('a mechanism needs "rows": a list of rows')
    rows = data["rows"]
    for r, row in enumerate(rows):
        if not isinstance(row, list):
            raise InvalidMechanism(f"row {r} is not a list")
    relation = neighbour_relation(data.get("neighbours"))
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
        "parameters": data.get("parameters", {}),
    }


def read_json(path: str | Path) -> Any:
    """The JSON content of a mechanism file; errors name the file."""
    file = Path(path)
    try:
        data = file.read_bytes()
    except FileNotFoundError as exc:
        raise InvalidMechanism(f"{file}: no such file") from exc
    except OSError as exc:  # a folder, no permission, ...
        raise InvalidMechanism(f"{file}: cannot be read ({exc.strerror or exc})") from exc
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        line, byte = data[: exc.start].count(b"\n") + 1, data[exc.start]
        raise InvalidMechanism(f"{file}:{line}: not UTF-8 text (byte {byte:#04x})") from exc
    except json.JSONDecodeError as exc:
        raise InvalidMechanism(f"{file}:{exc.lineno}: not valid JSON ({exc.msg})") from exc
    except RecursionError as exc:  # json's decoder recurses once per nested [ or {
        raise InvalidMechanism(f"{file}: nested too deeply to be a mechanism") from exc


def _parameters(spec: Any) -> tuple[dict[sympy.Symbol, sympy.Expr], dict[str, str]]:
    """Split ``"parameters"`` into exact values (substituted) and interval domains (a family)."""
    import sympy

    from dpproofs.exact.parse import parse_exact
    from dpproofs.symbolic.domain import interval_of, point_of

    if not isinstance(spec, dict):
        raise InvalidMechanism('"parameters" must be an object such as {"eps": "log(3)"}')
    values: dict[sympy.Symbol, sympy.Expr] = {}
    domains: dict[str, str] = {}
    for name, value in spec.items():
        if not isinstance(value, str | int) or isinstance(value, bool):
            raise InvalidMechanism(f'parameter {name!r}: write its value as a string, e.g. "1/2"')
        text = str(value).strip()
        if text[:1] in "([" and "," in text:
            try:
                point = point_of(text)  # [a, a] is the value a
                if point is None:
                    interval_of(text)
            except InvalidClaim as exc:
                raise InvalidMechanism(f"parameter {name!r}: {exc}") from exc
            if point is not None:
                values[sympy.Symbol(name)] = point
            else:
                domains[name] = text
            continue
        try:
            values[sympy.Symbol(name)] = parse_exact(text)
        except InvalidExpression as exc:
            raise InvalidMechanism(f"parameter {name!r}: {exc}") from exc
    return values, domains


def _substituted(entry: Any, values: dict[sympy.Symbol, sympy.Expr]) -> Any:
    if not isinstance(entry, str):
        return entry
    from dpproofs.exact.parse import parse_exact

    names = {s.name: s for s in values}
    try:
        return parse_exact(entry, names).xreplace(values)
    except InvalidExpression:
        return entry  # from_rows reports it, naming the row


def load_mechanism(path: str | Path) -> FiniteMechanism:
    """Read and validate a mechanism JSON file; errors name the file."""
    file = Path(path)
    data = read_json(file)
    try:
        return mechanism_from_dict(data)
    except InvalidMechanism as exc:
        raise InvalidMechanism(f"{file}: {exc}") from exc

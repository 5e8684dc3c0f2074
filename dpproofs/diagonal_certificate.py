"""Rule DG's evidence (docs/design/diagonal.md): plain data, no sympy, re-exported by
:mod:`dpproofs.evidence` (kept apart so that module stays one concept sized)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class DiagonalCertificate:
    """Rule DG's record: per case of the claim, in order, the strings (N, M, R, S) with
    (q - p) dF/dq = N/M and N M = R S^2 (docs/design/diagonal.md)."""

    kind: ClassVar[str] = "diagonal-certificate"
    cases: tuple[tuple[str, str, str, str], ...]

    def as_dict(self) -> dict[str, Any]:
        names = ("numerator", "denominator", "odd", "square")
        return {"kind": self.kind, "cases": [dict(zip(names, c, strict=True)) for c in self.cases]}

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> DiagonalCertificate:
        listed = record.get("cases")
        if not isinstance(listed, list) or not listed:
            raise ValueError("cases must be a non-empty list")
        cases = []
        for item in listed:
            if not isinstance(item, Mapping):
                raise ValueError("a case is an object")
            fields = ("numerator", "denominator", "odd", "square")
            if not all(isinstance(item.get(f), str) for f in fields):
                raise ValueError(f"a case names {', '.join(fields)} as strings")
            cases.append((item["numerator"], item["denominator"], item["odd"], item["square"]))
        return cls(tuple(cases))

"""Rule DG's evidence (docs/design/diagonal.md): plain data, re-exported by
:mod:`dpproofs.evidence` (kept apart so that module stays one concept sized), and the rule's size
limit, which the decider and the rechecker share (sympy imported only when a size is measured)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    import sympy

#: The largest :func:`size` of a case rule DG tries and the rechecker replays (the library's
#: cases: 5; 60 took minutes): a larger case is left open, as a case z3 does not certify.
MAX_SIZE = 24


def size(expr: sympy.Basic) -> int:
    """Rule DG's size: a rational 0, a symbol 1, a sum its largest term's, a product the sum of
    its factors', b^n |n| times b's, ln a twice a's (d ln a = da / a). It follows the degree of
    the polynomials the rule expands (F's own degree for a polynomial F), and is read without
    expanding anything."""
    import sympy

    if isinstance(expr, sympy.Add):
        return max(size(a) for a in expr.args)
    if isinstance(expr, sympy.Mul):
        return sum(size(a) for a in expr.args)
    if isinstance(expr, sympy.Pow):
        return abs(int(expr.exp)) * size(expr.base)
    if isinstance(expr, sympy.log):
        return 2 * size(expr.args[0])
    return 0 if expr.is_Rational else 1


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

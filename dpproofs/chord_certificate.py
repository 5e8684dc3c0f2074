"""Lemma CM's evidence (docs/design/chord.md): plain data, no sympy, re-exported by
:mod:`dpproofs.evidence` (kept apart so that module stays one concept sized)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

FIELDS = ("second", "chord", "power", "numerator", "denominator", "way")


@dataclass(frozen=True, slots=True)
class ChordCertificate:
    """Lemma CM's record: phi'' (phi(r) = r ln r), the chord value C(eps) computed from phi at
    a = e^(-c eps), b = e^(c eps), the power m of s = e^(eps/m), and B - C = N/D in s and eps;
    ``way`` is "identity" (N is 0) or "z3" (N D >= 0 for s > 1, eps > 0)."""

    kind: ClassVar[str] = "chord-certificate"
    second: str
    chord: str
    power: int
    numerator: str
    denominator: str
    way: str

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **{f: getattr(self, f) for f in FIELDS}}

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> ChordCertificate:
        texts = [f for f in FIELDS if f != "power"]
        if not all(isinstance(record.get(f), str) for f in texts):
            raise ValueError(f"a chord certificate names {', '.join(texts)} as strings")
        power = record.get("power")
        if not isinstance(power, int) or isinstance(power, bool) or not 0 < power < 1000:
            raise ValueError("power must be an integer in 1..999")
        if record["way"] not in ("identity", "z3"):
            raise ValueError("way must be 'identity' or 'z3'")
        return cls(
            record["second"],
            record["chord"],
            power,
            record["numerator"],
            record["denominator"],
            record["way"],
        )

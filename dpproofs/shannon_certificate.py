"""The evidence of a Shannon-type proof (a kind of :mod:`dpproofs.evidence`, kept in its own leaf
module: plain data, standard library only).

One :class:`Direction` per inequality proved: ``"+"`` is f >= 0 for the target ``lhs <= rhs``
(f = rhs - lhs); an equality ``lhs = rhs`` needs ``"+"`` and ``"-"`` (-f >= 0). Each has

* ``elemental``: (first, other, given, multiplier), the term ``H(first | given)`` when
  ``other`` is empty, else ``I(first; other | given)`` (``given`` comma-separated names), with
  its rational multiplier (a string, >= 0);
* ``hypotheses``: (index of the hypothesis in the claim, multiplier): >= 0 for an inequality,
  any sign for an equality.

Replayed by :mod:`dpproofs.recheck.entropic` coefficient-wise in joint-entropy coordinates
(docs/design/shannon.md, rule SH)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Direction:
    sign: str
    elemental: tuple[tuple[str, str, str, str], ...]
    hypotheses: tuple[tuple[int, str], ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "sign": self.sign,
            "elemental": [list(e) for e in self.elemental],
            "hypotheses": [[j, m] for j, m in self.hypotheses],
        }

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> Direction:
        sign = record["sign"]
        if sign not in ("+", "-"):
            raise ValueError(f"a direction's sign is + or -, got {sign!r}")
        elemental = []
        for item in record["elemental"]:
            if not isinstance(item, list) or len(item) != 4:
                raise ValueError("an elemental term is [first, other, given, multiplier]")
            elemental.append((str(item[0]), str(item[1]), str(item[2]), str(item[3])))
        hypotheses = []
        for item in record["hypotheses"]:
            if not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], int):
                raise ValueError("a hypothesis term is [index, multiplier]")
            hypotheses.append((item[0], str(item[1])))
        return cls(sign, tuple(elemental), tuple(hypotheses))


@dataclass(frozen=True, slots=True)
class ShannonCertificate:
    kind: ClassVar[str] = "shannon-certificate"
    directions: tuple[Direction, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "directions": [d.as_dict() for d in self.directions]}

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> ShannonCertificate:
        listed = record["directions"]
        if not isinstance(listed, list) or not listed:
            raise ValueError("directions must be a non-empty list")
        return cls(tuple(Direction.from_dict(d) for d in listed))

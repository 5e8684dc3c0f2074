"""Lemma CM's evidence (docs/design/chord.md): plain data, no sympy, re-exported by
:mod:`dpproofs.evidence` (kept apart so that module stays one concept sized)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

FIELDS = ("second", "chord", "power", "numerator", "denominator", "way")
#: The largest power m of s = e^(eps/m) a record may name (the decider tries no larger m).
MAX_POWER = 999
#: The largest |k| of a power s^k the decider writes before cancelling (sympy's cancel
#: cannot be interrupted: a larger exponent is left open, UNKNOWN), and the largest literal
#: exponent a recorded polynomial text may carry (two digits).
MAX_EXPONENT = 99
#: The longest recorded polynomial text.
MAX_TEXT = 20000
#: A recorded polynomial in s and eps (or t = n eps): its characters, and each power (``**``)
#: a name (s, eps or t) raised to a literal of one or two digits (no tower is evaluated).
_CHARACTERS = re.compile(r"^[0-9sept+\-*/() ]*$")
_POWER = re.compile(r"(?<=[st])\*\*\d{1,2}(?![0-9]|\*\*)")


def readable(text: str) -> bool:
    """Whether ``text`` is a polynomial text a record may carry: at most :data:`MAX_TEXT`
    characters of digits, s, e, p, t, operators and brackets, each ``**`` a name raised to a
    literal of at most two digits (<= :data:`MAX_EXPONENT`). The decider writes no other
    (it refuses, UNKNOWN) and the rechecker reads no other."""
    powers = len(re.findall(r"\*\*", text))
    return (
        len(text) <= MAX_TEXT
        and bool(_CHARACTERS.match(text))
        and powers == len(_POWER.findall(text))
    )


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
        if not isinstance(power, int) or isinstance(power, bool) or not 0 < power <= MAX_POWER:
            raise ValueError(f"power must be an integer in 1..{MAX_POWER}")
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

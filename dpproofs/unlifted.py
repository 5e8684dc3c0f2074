"""Why a bounded search was not lifted to every size: the record (:class:`NotLifted`, the field
``not_lifted`` of a ``bounded-search`` evidence record) and the parenthesis its coverage ends
with, written from that record.

Written once here and used twice: by the search when it stops short of a lifting
(:mod:`dpproofs.search.lifting`) and by ``dpproofs recheck`` (:mod:`dpproofs.recheck.unliftedtext`),
which writes the parenthesis again from the record, checks what it can of the record, and
compares the two texts exactly. Formatting and reading only: nothing here decides.

The forms, by ``why`` (n = N*, S = ``sizes``, R = ``reason``, name = the size name):

* ``"formula"``: "not one formula for every size: R" (R the tracer's reason: recheck traces the
  claim again and compares);
* ``"outside"``: "outside the small-model theorem: R" (R the shape analysis' reason);
* ``"needs"``: "small-model bound N* = n; unsat at S name would prove it for every finite
  alphabet" + L (S: "4", or "each of 3, 4");
* ``"undecided"``: "small-model bound N* = n, not decided at s name: R" + L (S = (s,); R what
  the solver said at s, e.g. "z3 unknown at 4 outputs (time ran out)");

L: "" or "; " + ``localised`` (why a lifting through localised hypotheses failed, e.g.
"localised conjunct 1 at 3 outputs: z3 unknown"). None of the forms widens the coverage: each
says what was not done; the sizes covered are those the record lists.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

WHYS = ("formula", "outside", "needs", "undecided")


@dataclass(frozen=True, slots=True)
class NotLifted:
    """Why a bounded search was not lifted (module docstring): ``why`` one of :data:`WHYS`;
    ``n_star`` the small-model bound (None for "formula" and "outside"); ``sizes`` the sizes a
    lifting still needed ("needs") or the size not decided ("undecided"); ``reason`` the
    tracer's, the shape analysis' or the solver's words; ``localised`` why a lifting through
    localised hypotheses failed ("" when none was tried)."""

    why: str
    n_star: int | None = None
    sizes: tuple[int, ...] = ()
    reason: str = ""
    localised: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "why": self.why,
            "N*": self.n_star,
            "sizes": list(self.sizes),
            "reason": self.reason,
            "localised": self.localised,
        }

    @classmethod
    def from_dict(cls, record: Any) -> NotLifted:
        if not isinstance(record, Mapping):
            raise ValueError("not_lifted must be an object")
        why, n_star, sizes = record.get("why"), record.get("N*"), record.get("sizes")
        if why not in WHYS:
            raise ValueError(f"not_lifted.why must be one of {WHYS}, not {why!r}")
        if (n_star is None) != (why in ("formula", "outside")) or not (
            n_star is None or (type(n_star) is int and n_star >= 1)
        ):
            raise ValueError(f"not_lifted.N* {n_star!r} is not one for {why!r}")
        if not isinstance(sizes, list) or not all(type(s) is int and s >= 1 for s in sizes):
            raise ValueError(f"not_lifted.sizes must be a list of sizes >= 1, not {sizes!r}")
        if (why == "needs" and not sizes) or (why == "undecided" and len(sizes) != 1):
            raise ValueError(f"not_lifted.sizes {sizes!r} do not fit {why!r}")
        if why in ("formula", "outside") and sizes:
            raise ValueError(f"not_lifted.sizes {sizes!r} given for {why!r}")
        texts = record.get("reason"), record.get("localised")
        if not all(isinstance(t, str) for t in texts):
            raise ValueError("not_lifted.reason and not_lifted.localised must be strings")
        return cls(str(why), n_star, tuple(sizes), str(texts[0]), str(texts[1]))


def read_not_lifted(value: Any) -> NotLifted | None:
    """The field ``not_lifted`` of a bounded-search record (None: not recorded, a report from
    before the field, or a search that says no why)."""
    return None if value is None else NotLifted.from_dict(value)


def sizes_text(sizes: Sequence[int]) -> str:
    """The sizes a lifting still needs, as words: "4", "each of 3, 4"."""
    return str(sizes[0]) if len(sizes) == 1 else "each of " + ", ".join(map(str, sizes))


def parenthesis(record: NotLifted, size_name: str) -> str:
    """The words inside the parenthesis a bounded coverage ends with (module docstring)."""
    tried = f"; {record.localised}" if record.localised else ""
    if record.why == "formula":
        return f"not one formula for every size: {record.reason}"
    if record.why == "outside":
        return f"outside the small-model theorem: {record.reason}"
    if record.why == "needs":
        return (
            f"small-model bound N* = {record.n_star}; unsat at {sizes_text(record.sizes)} "
            f"{size_name} would prove it for every finite alphabet{tried}"
        )
    (size,) = record.sizes
    return (
        f"small-model bound N* = {record.n_star}, not decided at {size} {size_name}: "
        f"{record.reason}{tried}"
    )

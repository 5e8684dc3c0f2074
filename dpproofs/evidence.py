"""Evidence: what a verdict rests on, in a form a second checker can replay.

Each kind is a small frozen record with ``as_dict`` (JSON, every number an exact string) and
``from_dict`` (the inverse; raises ValueError on a malformed record). ``dpproofs recheck``
(:mod:`dpproofs.recheck`) reads them back from a report and replays them without the deciders.

* :class:`Witness`: a refutation's exact values. ``claim`` says how to read them: ``"search"``
  (objects as matrices of rationals and parameters at ``size`` outcomes; the predicate is false
  there), ``"scalar"`` (symbols of a scalar claim: an assumption-satisfying point where the
  statement is false) or ``"step"`` (a refuted step of a derivation, ``step`` its index).
* :class:`BoundedSearch`: each size (encoding, result: "unsat"), why not lifted (:mod:`.unlifted`).
* :class:`SmallModel`: the lifting's reduction (m rows; per conjunct K, e, rule, bound, rows;
  N*; the unsat size >= N*; the analysed formula as a node table, docs/json-schema.md).
* :class:`LocalisedConjunct`: a conjunct proved through localised hypotheses (the hypotheses
  kept and dropped, the localised formula's reduction).
* :class:`SolverFacts`: the facts z3 used in a proof of a scalar claim (an unsat core).
* :class:`IntervalBoxes`: the boxes of an interval proof (exact rational corners) and, per box,
  what decided it (the goal, or an assumption that is false on the whole box).
* :class:`ParamBoxes`: a search claim decided box by box over one parameter (eps): per box its
  ends, the rational bracket [e_lo, e_hi] of e^param on it, the box's result (``proved`` for
  every finite alphabet, ``verified-bounded``, ``unknown``), the sizes z3 found unsat there, the
  number of atoms decided at the box's ends.
* :class:`ExactEvaluation`: a decided comparison of a concrete quantity (``measured relation
  claimed``, both exact), for the calculus of concrete mechanisms.
* :class:`ContinuumBoxes`: a branch-and-bound proof over the simplex (the bisection tree).
* :class:`ShannonCertificate`: a Shannon-type proof's multipliers (:mod:`.shannon_certificate`).
* :class:`DiagonalCertificate`, :class:`ChordCertificate`: the records of rule DG and Lemma CM
  (docs/design/diagonal.md, chord.md; :mod:`.diagonal_certificate`, :mod:`.chord_certificate`).
* :class:`ExactFacts`: the comparisons an ``exact_fact`` check stated, in order, each with
  dpproofs' decision (the check is run again and each comparison decided again on replay).

The module is plain data (no sympy, no z3): reports and the rechecker import it cheaply.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from dpproofs.bisection import ContinuumBoxes
from dpproofs.chord_certificate import ChordCertificate
from dpproofs.diagonal_certificate import DiagonalCertificate
from dpproofs.evidence_fields import read_growth as _growth
from dpproofs.evidence_fields import read_int as _int
from dpproofs.evidence_fields import read_pairs as _pairs
from dpproofs.evidence_fields import read_sizes as _sizes
from dpproofs.shannon_certificate import ShannonCertificate
from dpproofs.unlifted import NotLifted, read_not_lifted


class Evidence(Protocol):
    kind: ClassVar[str]

    def as_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class Witness:
    """Exact values at which the claim is false (see the module docstring for ``claim``)."""

    kind: ClassVar[str] = "witness"
    claim: str
    values: tuple[tuple[str, str], ...]
    size: int | None = None
    step: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "claim": self.claim,
            "size": self.size,
            "step": self.step,
            "values": dict(self.values),
        }

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> Witness:
        size, step = record.get("size"), record.get("step")
        return cls(
            str(record["claim"]),
            _pairs(record, "values"),
            None if size is None else _int(record, "size"),
            None if step is None else _int(record, "step"),
        )


@dataclass(frozen=True, slots=True)
class SizeResult:
    """One size of a bounded search: how it was encoded and what the solver answered."""

    size: int
    encoding: str
    result: str

    def as_dict(self) -> dict[str, Any]:
        return {"size": self.size, "encoding": self.encoding, "result": self.result}

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> SizeResult:
        return cls(_int(record, "size"), str(record["encoding"]), str(record["result"]))


@dataclass(frozen=True, slots=True)
class BoundedSearch:
    """The sizes a bounded search covered, each with its encoding and solver result."""

    kind: ClassVar[str] = "bounded-search"
    size_name: str
    sizes: tuple[SizeResult, ...]
    not_lifted: NotLifted | None = None  # why no lifting (dpproofs.unlifted); None: not said

    def as_dict(self) -> dict[str, Any]:
        said = {} if self.not_lifted is None else {"not_lifted": self.not_lifted.as_dict()}
        listed = [s.as_dict() for s in self.sizes]
        return {"kind": self.kind, "size_name": self.size_name, "sizes": listed, **said}

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> BoundedSearch:
        sizes, why = record.get("sizes"), record.get("not_lifted")
        if not isinstance(sizes, list):
            raise ValueError("sizes must be a list")
        listed = tuple(SizeResult.from_dict(s) for s in sizes)
        return cls(str(record["size_name"]), listed, read_not_lifted(why))


@dataclass(frozen=True, slots=True)
class ShapePart:
    """One conjunct of the small-model reduction: K sums, e families, its bound, the rows it
    mentions (its m; None: every row of the claim), the rule that gave the bound (merging:
    e + 2^k with k conditions on every event occurring positively; a monotone sum:
    m + K - 1 + e; else m + K + max(e - 1, 1), or m + K when e = 0)."""

    sums: int
    families: int
    bound: int
    merged: bool = False
    rows: int | None = None
    monotone: bool = False
    events: int = 0
    growth: str | None = None  # evidence_fields.GROWTH_RULES; None: not recorded

    def formula_bound(self, rows: int) -> int:
        """m + K + max(e - 1, 1) if e >= 1, else m + K, at least 1 (the small-model theorem),
        with m the part's own rows when recorded, else ``rows``."""
        m = rows if self.rows is None else self.rows
        return max(1, m + self.sums + (max(self.families - 1, 1) if self.families else 0))

    def rule_bound(self, rows: int) -> int:
        """The bound of the recorded rule: e + 2^k (merging), m + K - 1 + e (a monotone sum),
        else :meth:`formula_bound`."""
        m = rows if self.rows is None else self.rows
        if self.merged:
            return max(1, self.families + 2**self.events)
        if self.monotone:
            return max(1, m + self.sums - 1 + self.families)
        return self.formula_bound(rows)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "K": self.sums,
            "e": self.families,
            "bound": self.bound,
            "merged": self.merged,
        }
        if self.monotone:
            out["monotone"] = True
        if self.events:
            out["events"] = self.events
        if self.growth is not None:
            out["growth"] = self.growth
        return out if self.rows is None else {"m": self.rows, **out}

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> ShapePart:
        rows = _int(record, "m") if "m" in record else None
        return cls(
            _int(record, "K"),
            _int(record, "e"),
            _int(record, "bound"),
            bool(record["merged"]),
            rows,
            bool(record.get("monotone", False)),
            _int(record, "events") if "events" in record else 0,
            _growth(record.get("growth")),
        )


@dataclass(frozen=True, slots=True)
class SmallModel:
    """The small-model reduction: m rows, the conjuncts' bounds, N*, and the unsat size."""

    kind: ClassVar[str] = "small-model"
    rows: int
    parts: tuple[ShapePart, ...]
    n_star: int
    unsat_size: int
    size_name: str
    formula: Any = None  # the node table (docs/json-schema.md); None: not recorded
    searched: tuple[int, ...] | None = None  # every size found unsat, in order; None: not recorded

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "m": self.rows,
            "parts": [p.as_dict() for p in self.parts],
            "N*": self.n_star,
            "unsat_size": self.unsat_size,
            "size_name": self.size_name,
            **({} if self.formula is None else {"formula": self.formula}),
            **({} if self.searched is None else {"searched": list(self.searched)}),
        }

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> SmallModel:
        parts = record.get("parts")
        if not isinstance(parts, list):
            raise ValueError("parts must be a list")
        return cls(
            _int(record, "m"),
            tuple(ShapePart.from_dict(p) for p in parts),
            _int(record, "N*"),
            _int(record, "unsat_size"),
            str(record["size_name"]),
            record.get("formula"),
            _sizes(record.get("searched")),
        )


@dataclass(frozen=True, slots=True)
class LocalisedConjunct:
    """One conjunct proved through localised hypotheses (:mod:`dpproofs.search.localise`): how
    many hypotheses were kept and dropped, and the small-model reduction of the localised
    formula (its rows, parts, N*, and the size at which z3 found it unsat)."""

    kind: ClassVar[str] = "localised-conjunct"
    conjunct: int
    kept: int
    dropped: int
    reduction: SmallModel

    def as_dict(self) -> dict[str, Any]:
        reduction = {k: v for k, v in self.reduction.as_dict().items() if k != "kind"}
        return {
            "kind": self.kind,
            "conjunct": self.conjunct,
            "kept": self.kept,
            "dropped": self.dropped,
            "reduction": reduction,
        }

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> LocalisedConjunct:
        reduction = record.get("reduction")
        if not isinstance(reduction, Mapping):
            raise ValueError("reduction must be an object")
        return cls(
            _int(record, "conjunct"),
            _int(record, "kept"),
            _int(record, "dropped"),
            SmallModel.from_dict(reduction),
        )


@dataclass(frozen=True, slots=True)
class SolverFacts:
    """The facts z3 used (an unsat core) in a proof of a scalar claim, at a fact level."""

    kind: ClassVar[str] = "z3-facts"
    level: int
    facts: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "facts": list(self.facts)}

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> SolverFacts:
        return cls(_int(record, "level"), tuple(str(f) for f in record.get("facts", [])))


@dataclass(frozen=True, slots=True)
class IntervalBoxes:
    """An interval proof: variables, and each box (corners as exact strings) with what decided
    it (``"goal"``, or ``"assumption i"`` false on the whole box)."""

    kind: ClassVar[str] = "interval-boxes"
    variables: tuple[str, ...]
    boxes: tuple[tuple[tuple[tuple[str, str], ...], str], ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "variables": list(self.variables),
            "boxes": [{"box": [list(side) for side in box], "by": by} for box, by in self.boxes],
        }

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> IntervalBoxes:
        boxes = tuple(
            (tuple((str(lo), str(hi)) for lo, hi in b["box"]), str(b["by"]))
            for b in record.get("boxes", [])
        )
        return cls(tuple(str(v) for v in record.get("variables", [])), boxes)


@dataclass(frozen=True, slots=True)
class ParamBox:
    """One box lo <= param <= hi with e_lo <= e^lo, e^hi <= e_hi (exact strings)."""

    lo: str
    hi: str
    e_lo: str
    e_hi: str
    result: str
    sizes: tuple[int, ...] = ()
    n_star: int | None = None
    at_ends: int = 0
    growth: str | None = None  # its parts' weakest rule (none < pad < split); None: not lifted

    def as_dict(self) -> dict[str, Any]:
        return {
            "lo": self.lo,
            "hi": self.hi,
            "e_lo": self.e_lo,
            "e_hi": self.e_hi,
            "result": self.result,
            "sizes": list(self.sizes),
            "n_star": self.n_star,
            "at_ends": self.at_ends,
            **({} if self.growth is None else {"growth": self.growth}),
        }

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> ParamBox:
        sizes = record.get("sizes", [])
        if not isinstance(sizes, list) or any(
            isinstance(n, bool) or not isinstance(n, int) for n in sizes
        ):
            raise ValueError("sizes must be a list of integers")
        n_star = record.get("n_star")
        if n_star is not None and (isinstance(n_star, bool) or not isinstance(n_star, int)):
            raise ValueError("n_star must be an integer or null")
        return cls(
            str(record["lo"]),
            str(record["hi"]),
            str(record["e_lo"]),
            str(record["e_hi"]),
            str(record["result"]),
            tuple(sizes),
            n_star,
            _int(record, "at_ends"),
            _growth(record.get("growth")),
        )


@dataclass(frozen=True, slots=True)
class ParamBoxes:
    """A search claim decided box by box over ``param`` (see the module docstring)."""

    kind: ClassVar[str] = "param-boxes"
    param: str
    boxes: tuple[ParamBox, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "param": self.param, "boxes": [b.as_dict() for b in self.boxes]}

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> ParamBoxes:
        boxes = record.get("boxes")
        if not isinstance(boxes, list):
            raise ValueError("boxes must be a list")
        return cls(str(record["param"]), tuple(ParamBox.from_dict(b) for b in boxes))


@dataclass(frozen=True, slots=True)
class ExactEvaluation:
    """A decided comparison ``measured relation claimed`` of a concrete quantity (exact)."""

    kind: ClassVar[str] = "exact-evaluation"
    quantity: str
    measured: str
    relation: str
    claimed: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "quantity": self.quantity,
            "measured": self.measured,
            "relation": self.relation,
            "claimed": self.claimed,
        }

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> ExactEvaluation:
        return cls(
            str(record["quantity"]),
            str(record["measured"]),
            str(record["relation"]),
            str(record["claimed"]),
        )


@dataclass(frozen=True, slots=True)
class ExactFacts:
    """The comparisons an exact_fact check stated (``"name: value <= bound"``), in order, each
    with whether dpproofs decided that it holds."""

    kind: ClassVar[str] = "exact-facts"
    comparisons: tuple[tuple[str, bool], ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "comparisons": [{"fact": text, "holds": holds} for text, holds in self.comparisons],
        }

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> ExactFacts:
        listed = record.get("comparisons")
        if not isinstance(listed, list) or not listed:
            raise ValueError("comparisons must be a non-empty list")
        comparisons = []
        for item in listed:
            holds = item["holds"]
            if not isinstance(holds, bool):
                raise ValueError(f"holds must be true or false, got {holds!r}")
            comparisons.append((str(item["fact"]), holds))
        return cls(tuple(comparisons))


#: Every kind of evidence, by its ``kind`` string.
_ALL: tuple[Any, ...] = (Witness, BoundedSearch, SmallModel, LocalisedConjunct, SolverFacts)
_ALL += (IntervalBoxes, ParamBoxes, ExactEvaluation, ExactFacts, ContinuumBoxes)
_ALL += (ShannonCertificate, DiagonalCertificate, ChordCertificate)
KINDS: dict[str, Any] = {k.kind: k for k in _ALL}


def from_dict(record: Mapping[str, Any]) -> Evidence:
    """The evidence record ``record`` (by its ``kind``); ValueError when malformed."""
    if not isinstance(record, Mapping):
        raise ValueError("an evidence record is a JSON object")
    kind = KINDS.get(str(record.get("kind")))
    if kind is None:
        raise ValueError(f"unknown evidence kind {record.get('kind')!r}")
    try:
        found: Evidence = kind.from_dict(record)
        return found
    except (KeyError, TypeError) as exc:
        raise ValueError(f"malformed {kind.kind} evidence: {exc}") from exc

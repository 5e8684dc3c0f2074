"""Derived laws: the mixture of rows by a fixed-size law, and the joint law of (input, output).

Let w = (w_0, ..., w_{k-1}) be a law on k inputs (an object of FIXED size, e.g. a distribution X
on the databases D) and r_0, ..., r_{k-1} rows over the outcomes (the rows A(0), ..., A(k-1) of
a channel A whose outputs are the outcomes). Then

    mixture(w, r)   : y      -> sum_i w_i r_i(y)   (the push-forward of w through A: the law of
                                                    A(I) for I ~ w; Cuff-Yu's output law P_Y)
    joint_law(w, r) : (i, y) -> w_i r_i(y)         (the law of (I, A(I)) on {0..k-1} x outcomes)

On concrete rows (lists of values of any algebra) both are plain lists: the mixture has one
entry per outcome, ``alg.total(w_i * r_i[y] for i)``, and the joint law lists its k * n entries
i-major (all outcomes of input 0 first), ``w_i * r_i[y]``.

On the abstract rows of a formula (:mod:`dpproofs.formula`) they are abstract objects with no
length, no entries and no iteration, which only the binders of :mod:`dpproofs.outcomes`
understand:

* a mixture is a row over the outcomes; its generic entry is the expression
  sum_i w_i * (generic entry of r_i), an ordinary expression over ``entry`` and ``fixed`` leaves;
* a joint law is a row over {0..k-1} x outcomes: k *parts*, part i the row y -> w_i r_i(y). A
  sum over its outcomes is sum_y sum_i g(part_i(y)), a condition on every outcome is
  for all y: and_i phi(part_i(y)); rows given to one binder call must then all be joint laws
  with the same k (:func:`joint_parts`).

Both are positively homogeneous of degree 1 in the column of the generic outcome (w is fixed),
so a sum of a degree-1 body stays a degree-1 sum of the column and a scale-invariant condition
stays scale-invariant: the small-model theorem (:mod:`dpproofs.search.shape`) covers them as it
covers the rows themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dpproofs.errors import InvalidClaim
from dpproofs.formula import AbstractRow, Node, OutcomesGuard, Trace


def mixture(alg: Any, weights: Sequence[Any], rows: Sequence[Any]) -> Any:
    """The row y -> sum_i weights[i] rows[i][y] (a list on concrete rows; see the module)."""
    trace = _abstract_trace(weights, rows, "a mixture")
    if trace is None:
        return [
            alg.total(w * row[y] for w, row in zip(weights, rows, strict=True))
            for y in range(len(rows[0]))
        ]
    _same_length(weights, rows, "a mixture")
    return AbstractMixture(trace, tuple(weights), tuple(rows))


def joint_law(alg: Any, weights: Sequence[Any], rows: Sequence[Any]) -> Any:
    """The law (i, y) -> weights[i] rows[i][y], i-major on concrete rows (see the module)."""
    trace = _abstract_trace(weights, rows, "a joint law")
    if trace is None:
        return [w * row[y] for w, row in zip(weights, rows, strict=True) for y in range(len(row))]
    _same_length(weights, rows, "a joint law")
    return AbstractJointLaw(
        trace, tuple(ScaledRow(trace, w, row) for w, row in zip(weights, rows, strict=True))
    )


def generic_entry(alg: Any, row: Any, binder: int) -> Any:
    """The entry of an abstract row over the outcomes at the generic outcome of ``binder`` (a
    value of ``alg``; see :func:`dpproofs.binders.close_binder`)."""
    if isinstance(row, AbstractRow):
        return alg.value(Node("bentry", (row.obj, row.row, binder)), repr(row))
    if isinstance(row, DerivedRow):
        return row.generic(alg, binder)
    raise TypeError(f"{row!r} is not an abstract row over the outcomes")


def is_abstract(row: Any) -> bool:
    """True for the abstract rows of a formula: rows of objects, mixtures and joint laws."""
    return isinstance(row, AbstractRow | DerivedRow | AbstractJointLaw)


def joint_parts(rows: Sequence[Any]) -> tuple[int, list[Any]] | None:
    """(k, parts) when ``rows`` are abstract joint laws, else None: ``parts`` lists the k parts
    of every row, row-major (part i of row j is ``parts[j * k + i]``, so ``column[i::k]`` is the
    i-th part of every row). Joint laws mixed with other rows, or with another number of parts,
    are refused (:class:`~dpproofs.formula.OutcomeAccess`)."""
    joint = [r for r in rows if isinstance(r, AbstractJointLaw)]
    if not joint:
        return None
    trace = joint[0].trace
    if len(joint) != len(rows):
        trace.refuse(
            "a joint law on (input, outcome) in one sum or condition with a row over the "
            "outcomes only (their outcomes differ)"
        )
    counts = sorted({len(r.parts) for r in joint})
    if len(counts) > 1:
        trace.refuse(f"joint laws with different numbers of inputs ({counts}) in one sum")
    return counts[0], [part for r in joint for part in r.parts]


class DerivedRow(OutcomesGuard):
    """A row over the outcomes computed from abstract rows: its generic entry is an expression."""

    __slots__ = ()

    def generic(self, alg: Any, binder: int) -> Any:
        raise NotImplementedError


class AbstractMixture(DerivedRow):
    """y -> sum_i weights[i] rows[i][y] on abstract rows."""

    __slots__ = ("rows", "weights")

    def __init__(self, trace: Trace, weights: tuple[Any, ...], rows: tuple[Any, ...]) -> None:
        super().__init__(trace)
        self.weights, self.rows = weights, rows

    def generic(self, alg: Any, binder: int) -> Any:
        return alg.total(
            w * generic_entry(alg, r, binder) for w, r in zip(self.weights, self.rows, strict=True)
        )

    def __repr__(self) -> str:
        return "mixture(" + ", ".join(repr(r) for r in self.rows) + ")"


class ScaledRow(DerivedRow):
    """y -> weight * row[y]: one part of a joint law."""

    __slots__ = ("row", "weight")

    def __init__(self, trace: Trace, weight: Any, row: Any) -> None:
        super().__init__(trace)
        self.weight, self.row = weight, row

    def generic(self, alg: Any, binder: int) -> Any:
        return self.weight * generic_entry(alg, self.row, binder)

    def __repr__(self) -> str:
        return f"{self.weight!r} * {self.row!r}"


class AbstractJointLaw(OutcomesGuard):
    """(i, y) -> parts[i][y] on abstract rows: a row over (input, outcome)."""

    __slots__ = ("parts",)

    def __init__(self, trace: Trace, parts: tuple[ScaledRow, ...]) -> None:
        super().__init__(trace)
        self.parts = parts

    def __repr__(self) -> str:
        return "joint_law(" + ", ".join(repr(p.row) for p in self.parts) + ")"


def _abstract_trace(weights: Sequence[Any], rows: Sequence[Any], what: str) -> Trace | None:
    """The trace of the abstract rows among ``rows`` (None when all are concrete); refuses
    abstract weights, joint laws as rows, and abstract rows mixed with concrete ones."""
    if isinstance(weights, OutcomesGuard):
        weights.trace.refuse(
            f"{what} whose weights are over the outcomes (the weights must be a law of fixed size)"
        )
    row_weight = next((w for w in weights if is_abstract(w)), None)
    if row_weight is not None:
        row_weight.trace.refuse(f"{what} with a row over the outcomes as a weight")
    abstract = [r for r in rows if is_abstract(r)]
    if not abstract:
        return None
    trace: Trace = abstract[0].trace
    if len(abstract) != len(rows):
        trace.refuse(f"{what} of rows over the outcomes and rows of a fixed size")
    if any(isinstance(r, AbstractJointLaw) for r in rows):
        trace.refuse(f"{what} of joint laws (their outcomes are not the outcomes)")
    return trace


def _same_length(weights: Sequence[Any], rows: Sequence[Any], what: str) -> None:
    """On concrete rows ``zip(..., strict=True)`` checks this; abstract rows are checked here."""
    if len(weights) != len(rows):
        raise InvalidClaim(f"{what} with {len(weights)} weights for {len(rows)} rows")

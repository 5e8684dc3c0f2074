"""The ways a claim reaches the outcomes: a sum over them, a condition on each of them, and a
condition on each event (set of outcomes).

    outcome_total(alg, rows, g)   = sum_y g(rows[0][y], ..., rows[k-1][y])
    every_outcome(alg, rows, phi) = for every outcome y: phi(rows[0][y], ..., rows[k-1][y])
    every_event(alg, rows, psi)   = for every set A of outcomes: psi(rows[0](A), ..., rows[k-1](A))
    some_event(alg, rows, psi)    = for some set A of outcomes: psi(rows[0](A), ..., rows[k-1](A))

with row(A) = sum_{y in A} row[y]; the events are all 2^|X| subsets, the empty set included.

``rows`` are rows over one common set of outcomes (a distribution, the rows of a mechanism);
``g`` and ``phi`` see ONE outcome: one entry of each row, never an index or the number of
outcomes. On concrete rows (lists of values of any algebra) these are ``alg.total`` and
``alg.all`` over ``zip(*rows)``. On the abstract rows of a formula (:mod:`dpproofs.formula`),
``g`` / ``phi`` are called once on the generic outcome and the result is recorded as one ``osum``
/ ``oall`` node: the claim is then the same formula at every alphabet size, which is what the
small-model theorem needs (:mod:`dpproofs.search.shape`). Each binder call hands out entries of
ITS outcome only; one used inside another binder (an inner sum reading the outer outcome) is
refused by name (:func:`dpproofs.binders.close_binder`). The vocabulary is written with these
binders wherever its notions are sums or conditions over outcomes, and a claim the paper states
"for every set T" says so with :func:`every_event` instead of enumerating subsets (which reaches
the number of outcomes, and so is not one formula for every size).

Rows may also be derived laws (:mod:`dpproofs.laws`): a mixture is a row over the outcomes like
any other; abstract joint laws on (input i, outcome y) are bound part by part, sum_y sum_i
g(parts_i(y)) and for all y: and_i phi(parts_i(y)). Events are over the rows of the claim's
objects only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from dpproofs.binders import close_binder
from dpproofs.formula import AbstractRow, Node, OutcomeAccess, Trace, events
from dpproofs.laws import generic_entry, is_abstract, joint_parts


def outcome_total(alg: Any, rows: Sequence[Any], g: Callable[..., Any]) -> Any:
    """sum over outcomes y of g(rows[0][y], ..., rows[k-1][y])."""
    joint = joint_parts(rows)
    if joint is not None:
        k, parts = joint
        return outcome_total(alg, parts, lambda *c: alg.total(g(*c[i::k]) for i in range(k)))
    bound = _generic(alg, rows)
    if bound is None:
        return alg.total(g(*column) for column in zip(*rows, strict=True))
    trace, binder, generic = bound
    return _bind(alg, "osum", g(*generic), (trace, binder), truth=False)


def every_outcome(alg: Any, rows: Sequence[Any], phi: Callable[..., Any]) -> Any:
    """for every outcome y: phi(rows[0][y], ..., rows[k-1][y])."""
    joint = joint_parts(rows)
    if joint is not None:
        k, parts = joint
        return every_outcome(alg, parts, lambda *c: alg.all(phi(*c[i::k]) for i in range(k)))
    bound = _generic(alg, rows)
    if bound is None:
        return alg.all(phi(*column) for column in zip(*rows, strict=True))
    trace, binder, generic = bound
    return _bind(alg, "oall", phi(*generic), (trace, binder), truth=True)


def every_event(alg: Any, rows: Sequence[Any], psi: Callable[..., Any]) -> Any:
    """for every set A of outcomes: psi(rows[0](A), ..., rows[k-1](A)), row(A) = sum_{y in A}
    row[y] (all 2^|X| sets, the empty set first). ``psi`` sees the masses of one event, never
    the event itself or the number of outcomes."""
    abstract = [r for r in rows if is_abstract(r)]
    if not abstract:
        columns = list(zip(*rows, strict=True))
        return alg.all(
            psi(*(alg.total(columns[y][k] for y in event) for k in range(len(rows))))
            for event in events(len(columns))
        )
    if len(abstract) != len(rows):
        abstract[0].trace.refuse("rows over the outcomes mixed with rows of a fixed size")
    derived = next((r for r in rows if not isinstance(r, AbstractRow)), None)
    if derived is not None:
        derived.trace.refuse(f"an event over a derived law ({derived!r})")
    trace = abstract[0].trace
    binder = trace.open_binder()
    masses = [
        alg.value(Node("bemass", (r.obj, r.row, binder)), f"{r.obj}[{r.row}](A)") for r in rows
    ]
    return _bind(alg, "eall", psi(*masses), (trace, binder), truth=True)


def some_event(alg: Any, rows: Sequence[Any], psi: Callable[..., Any]) -> Any:
    """for some set A of outcomes: psi(rows[0](A), ..., rows[k-1](A)); that is, not every event
    has not psi."""
    return alg.not_(every_event(alg, rows, lambda *masses: alg.not_(psi(*masses))))


def _generic(alg: Any, rows: Sequence[Any]) -> tuple[Trace, int, list[Any]] | None:
    """(trace, a new binder's number, the entries of its generic outcome, values of ``alg``)
    when ``rows`` are abstract, else None."""
    abstract = [r for r in rows if is_abstract(r)]
    if not abstract:
        return None
    trace: Trace = abstract[0].trace
    if len(abstract) != len(rows):
        trace.refuse("rows over the outcomes mixed with rows of a fixed size")
    binder = trace.open_binder()
    return trace, binder, [generic_entry(alg, r, binder) for r in rows]


def _bind(alg: Any, op: str, body: Any, bound: tuple[Trace, int], truth: bool) -> Any:
    """The binder node over ``body`` (a value or truth value of the guarded formula algebra),
    its own outcome's entries written as ``entry`` leaves (:func:`close_binder`)."""
    if not hasattr(alg, "lift"):
        raise OutcomeAccess("abstract rows reached an algebra that is not a traced predicate's")
    raw = alg.test(body) if truth else alg.lift(body)
    node = Node(op, (close_binder(raw, bound[1], bound[0]),))
    return alg.truth(node) if truth else alg.value(node)

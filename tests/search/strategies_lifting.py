"""Random claims in the public vocabulary, of the shapes the small-model lifting rules read.

A claim is generated as data (:class:`Spec`, frozen, printable: a failing example is its own
reproducer) and realised as a :class:`~dpproofs.search.SearchClaim` whose predicate uses only
the public vocabulary: ``outcome_total``, ``every_outcome``, ``every_event``, ``some_event``
(:mod:`dpproofs.outcomes`), ``mass_where``, ``hockey_stick``, ``statistical_difference``,
``mechanism_dp``, ``mixture``, ``joint_law`` (:mod:`dpproofs.vocabulary`), over
``for_all_distributions`` / ``for_all_mechanisms`` / ``for_all``.

The claim is ``hypotheses => conclusions``: a conjunction of atoms implying a disjunction of
atoms. Atoms (each names the rule it exercises, docs/design/small-model.md):

* ``sum``: a sum over the outcomes (positive part of a linear form; ``mass_where`` of a
  scale-invariant condition; total variation; hockey-stick) compared with a threshold
  (plain bound, monotone sum, linear forms up to sign);
* ``zero``: a hockey-stick sum <= 0 (zero sums as families);
* ``family``: "for every outcome" of a comparison of two linear forms, or full support
  (merging, e + 1; zero padding);
* ``event``: "for every event" / "for some event" of an affine comparison of the masses
  (separable maximum), of a product of masses, or "empty or heavy" (P(A) = 0 or P(A) >= c):
  non-affine (marks, merging with events e + 2^k);
* ``nested``: a binder inside a binder whose body reads the outer outcome (class 1);
* ``inner``: a condition on every outcome inside a sum (mass_where) reading both (inner
  quantifier).

The ``growth`` family puts full support and "empty or heavy" events (which splitting or zero
padding need not preserve) in hypotheses, and states sizes with gaps (2 and 4, ...): the
growth step of the lifting (class 2). ``Spec.sizes`` are the stated sizes (default 2; the
engine searches N* itself).

Objects (``Spec.objects``): two or three distributions, a mechanism on three databases whose
hypothesis is DP on every neighbour pair while the conclusion reads one pair (localisation and
region growth), or two channels from a fixed prior read through ``mixture`` / ``joint_law``
(derived laws). Parameters: ``t`` in [0, 1] (a threshold), and ``eps`` pinned at ln 2 (pinned
points) when the claim reads e^eps.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction as F
from typing import Any

from hypothesis import strategies as st

from dpproofs.algebra import implies
from dpproofs.outcomes import every_event, every_outcome, outcome_total, some_event
from dpproofs.search import (
    DatabaseSpace,
    Interval,
    channel,
    distribution,
    for_all,
    for_all_distributions,
    for_all_mechanisms,
    log_of,
)
from dpproofs.search.forall import SearchClaim
from dpproofs.vocabulary import (
    hockey_stick,
    joint_law,
    mass_where,
    mechanism_dp,
    mixture,
    statistical_difference,
)

COEFFICIENTS = (F(-2), F(-1), F(-1, 2), F(1, 2), F(1), F(2), F(3))
THRESHOLDS = ("t", F(0), F(1, 4), F(1, 2), F(1))

#: A linear form of one outcome's column: ((row index, coefficient, times e^eps), ...).
Linear = tuple[tuple[int, F, bool], ...]


@dataclass(frozen=True)
class Atom:
    """One atom: its kind (module docstring), its data, and whether it is negated."""

    kind: str
    data: tuple[Any, ...]
    negated: bool = False


@dataclass(frozen=True)
class Spec:
    """A generated claim: objects ("dists2", "dists3", "mech3", "derived"), hypotheses (a
    conjunction), conclusions (a disjunction)."""

    objects: str
    hypotheses: tuple[Atom, ...]
    conclusions: tuple[Atom, ...]
    sizes: tuple[int, ...] = (2,)  # the stated sizes; the engine adds N* itself


# --- realising a spec -------------------------------------------------------------------------


def uses_e(spec: Spec) -> bool:
    return any(t for a in (*spec.hypotheses, *spec.conclusions) for t in _flags(a.data))


def _flags(data: Any) -> list[bool]:
    if isinstance(data, tuple):
        if len(data) == 3 and isinstance(data[0], int) and isinstance(data[2], bool):
            return [data[2]]
        return [f for d in data for f in _flags(d)]
    return []


def realise(spec: Spec) -> SearchClaim:
    """The claim of ``spec``: a SearchClaim over its objects, t in [0, 1], eps = ln 2 if read."""
    with_e = uses_e(spec)
    params: dict[str, Any] = {"t": Interval(0, 1)}
    if with_e:
        params["eps"] = log_of(F(2))
    names = ["alg", *_object_names(spec.objects), "t", *(["E"] if with_e else [])]

    def predicate(*args: Any) -> Any:
        env = dict(zip(names, args, strict=True))
        alg = env["alg"]
        rows, hypothesis = _rows(spec.objects, alg, env)
        joint = None
        if spec.objects == "derived":
            joint = (joint_law(alg, env["w"], env["A"]), joint_law(alg, env["w"], env["B"]))
        ctx = _Context(alg, rows, env["t"], env.get("E"), joint)
        held = [ctx.atom(a) for a in spec.hypotheses]
        if hypothesis is not None:
            held.append(hypothesis)
        concluded = alg.any([ctx.atom(a) for a in spec.conclusions])
        return implies(alg, alg.all(held), concluded) if held else concluded

    predicate.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD) for n in names]
    )
    return _quantifier(spec.objects, spec.sizes, params).claim(predicate, says=repr(spec))


SPACE = DatabaseSpace(3, 1)  # three databases, every two neighbours


def _object_names(objects: str) -> list[str]:
    return {
        "dists2": ["p", "q"],
        "dists3": ["p", "q", "r"],
        "mech3": ["M"],
        "derived": ["w", "A", "B"],
    }[objects]


def _quantifier(objects: str, sizes: tuple[int, ...], params: dict[str, Any]) -> Any:
    if objects == "dists2":
        return for_all_distributions(sizes, **params)
    if objects == "dists3":
        return for_all_distributions(sizes, names=("p", "q", "r"), **params)
    if objects == "mech3":
        return for_all_mechanisms(SPACE, sizes, **params)
    return for_all(
        {"w": distribution(2), "A": channel(inputs=2), "B": channel(inputs=2)},
        sizes,
        size_name="outputs",
        **params,
    )


def _rows(objects: str, alg: Any, env: dict[str, Any]) -> tuple[list[Any], Any]:
    """The rows the atoms read (by index) and the objects' own hypothesis, if any."""
    if objects == "mech3":
        m = env["M"]
        return list(m.rows), mechanism_dp(alg, m.rows, m.pairs, alg.const(2), env["t"])
    if objects == "derived":
        w, a, b = env["w"], env["A"], env["B"]
        return [mixture(alg, w, a), mixture(alg, w, b), a[0]], None
    return [env[n] for n in _object_names(objects)], None


@dataclass
class _Context:
    alg: Any
    rows: list[Any]
    t: Any
    e: Any
    joint: Any  # derived laws: "tv" is then between the joint laws of (w, A) and (w, B)

    def linear(self, form: Linear, column: Sequence[Any]) -> Any:
        alg = self.alg
        terms = []
        for row, coefficient, times_e in form:
            term = alg.const(coefficient) * column[row % len(column)]
            terms.append(term * self.e if times_e and self.e is not None else term)
        return alg.total(terms)

    def threshold(self, which: Any) -> Any:
        return self.t if which == "t" else self.alg.const(which)

    def compare(self, rel: str, a: Any, b: Any) -> Any:
        alg = self.alg
        return {"le": alg.le, "lt": alg.lt, "eq": alg.eq}[rel](a, b)

    def atom(self, atom: Atom) -> Any:
        value = getattr(self, f"_{atom.kind}")(*atom.data)
        return self.alg.not_(value) if atom.negated else value

    def _sum(self, kind: str, form: Linear, cond: Any, rel: str, which: Any, flip: bool) -> Any:
        total = self.sum_value(kind, form, cond)
        a, b = (self.threshold(which), total) if flip else (total, self.threshold(which))
        return self.compare(rel, a, b)

    def sum_value(self, kind: str, form: Linear, cond: Any) -> Any:
        alg, rows = self.alg, self.rows
        if kind == "pos":
            return outcome_total(alg, rows, lambda *c: alg.pos(self.linear(form, c)))
        if kind == "mass":
            return mass_where(alg, rows, form[0][0] % len(rows), self._condition(cond))
        if kind == "tv" and self.joint is not None:
            return statistical_difference(alg, *self.joint)
        if kind == "tv":
            return statistical_difference(alg, rows[0], rows[1])
        return hockey_stick(alg, rows[0], rows[1], self.e if self.e is not None else alg.const(2))

    def _condition(self, cond: tuple[str, Linear, Linear]) -> Callable[..., Any]:
        rel, left, right = cond
        return lambda *c: self.compare(rel, self.linear(left, c), self.linear(right, c))

    def _zero(self, i: int, j: int) -> Any:
        alg, rows = self.alg, self.rows
        e = self.e if self.e is not None else alg.const(2)
        return alg.le(hockey_stick(alg, rows[i % len(rows)], rows[j % len(rows)], e), 0)

    def _family(self, cond: Any, support: int) -> Any:
        alg = self.alg
        if support >= 0:
            return every_outcome(alg, self.rows, lambda *c: alg.lt(0, c[support % len(c)]))
        return every_outcome(alg, self.rows, self._condition(cond))

    def _event(self, some: bool, shape: str, coefficients: tuple[F, F], which: Any) -> Any:
        alg = self.alg
        a, b = coefficients
        bound = self.threshold(which)

        def psi(x: Any, y: Any) -> Any:
            if shape == "affine":
                return alg.le(alg.const(a) * x, alg.const(b) * y + bound)
            if shape == "heavy":  # every event is empty under P or weighs at least the bound
                return alg.any([alg.eq(x, alg.const(0)), alg.le(bound, x)])
            return alg.le(x * y, bound)

        rows = self.rows[:2]
        return (some_event if some else every_event)(alg, rows, psi)

    def _nested(
        self, outer_kind: str, inner_kind: str, ijk: tuple[int, int, F], which: Any, flip: bool
    ) -> Any:
        alg, rows = self.alg, self.rows
        i, j, k = ijk

        def inner(*outer: Any) -> Any:
            # reads the OUTER outcome's entry c_y[j] inside a binder over z
            if inner_kind == "pos":
                value = outcome_total(alg, rows, lambda *c: alg.pos(c[i] - k * outer[j]))
            else:
                value = mass_where(alg, rows, i, lambda *c: alg.le(c[i], k * outer[j]))
            bound = self.threshold(which)
            return alg.le(bound, value) if flip else alg.le(value, bound)

        if outer_kind == "all":
            return every_outcome(alg, rows, inner)
        return alg.le(
            outcome_total(alg, rows, lambda *c: alg.ite(inner(*c), c[0], alg.const(0))),
            self.threshold(which),
        )

    def _inner(self, form: Linear, which: Any) -> Any:
        alg, rows = self.alg, self.rows

        def body(*c: Any) -> Any:
            return every_outcome(alg, rows, lambda *d: alg.le(d[0], self.linear(form, c)))

        return alg.le(
            outcome_total(alg, rows, lambda *c: alg.ite(body(*c), c[0], alg.const(0))),
            self.threshold(which),
        )


# --- strategies -------------------------------------------------------------------------------


def linear_forms(rows: int, e: bool) -> st.SearchStrategy[Linear]:
    term = st.tuples(
        st.integers(0, rows - 1),
        st.sampled_from(COEFFICIENTS),
        st.booleans() if e else st.just(False),
    )
    return st.lists(term, min_size=1, max_size=2).map(tuple)


def conditions(rows: int, e: bool) -> st.SearchStrategy[tuple[str, Linear, Linear]]:
    return st.tuples(
        st.sampled_from(("le", "lt", "eq")), linear_forms(rows, e), linear_forms(rows, e)
    )


def sum_atoms(rows: int, e: bool) -> st.SearchStrategy[Atom]:
    return st.builds(
        lambda kind, form, cond, rel, which, flip, neg: Atom(
            "sum", (kind, form, cond, rel, which, flip), neg
        ),
        st.sampled_from(("pos", "pos", "mass", "tv", "hs")),
        linear_forms(rows, e),
        conditions(rows, e),
        st.sampled_from(("le", "lt")),
        st.sampled_from(THRESHOLDS),
        st.booleans(),
        st.booleans(),
    )


def family_atoms(rows: int, e: bool) -> st.SearchStrategy[Atom]:
    return st.builds(
        lambda cond, support, neg: Atom("family", (cond, support), neg),
        conditions(rows, e),
        st.sampled_from((-1, -1, 0, 1)),
        st.booleans(),
    )


def zero_atoms(rows: int) -> st.SearchStrategy[Atom]:
    pair = st.tuples(st.integers(0, rows - 1), st.integers(0, rows - 1)).filter(
        lambda ij: ij[0] != ij[1]
    )
    return st.builds(lambda ij, neg: Atom("zero", ij, neg), pair, st.booleans())


def event_atoms() -> st.SearchStrategy[Atom]:
    return st.builds(
        lambda some, shape, ab, which, neg: Atom("event", (some, shape, ab, which), neg),
        st.booleans(),
        st.sampled_from(("affine", "product", "heavy")),
        st.tuples(st.sampled_from(COEFFICIENTS), st.sampled_from(COEFFICIENTS)),
        st.sampled_from(THRESHOLDS),
        st.booleans(),
    )


def growth_hypotheses() -> st.SearchStrategy[Atom]:
    """Hypotheses that splitting or zero padding may not preserve: full support, and "every
    event is empty or heavy" (not affine)."""
    support = st.builds(lambda i: Atom("family", (None, i)), st.integers(0, 1))
    heavy = st.builds(
        lambda which: Atom("event", (False, "heavy", (F(1), F(1)), which)),
        st.sampled_from((F(1, 3), F(1, 2), F(1), "t")),
    )
    return st.one_of(support, heavy)


def nested_atoms(rows: int) -> st.SearchStrategy[Atom]:
    index = st.integers(0, rows - 1)
    return st.builds(
        lambda outer, inner, ijk, which, flip, neg: Atom(
            "nested", (outer, inner, ijk, which, flip), neg
        ),
        st.sampled_from(("all", "sum")),
        st.sampled_from(("pos", "mass")),
        st.tuples(index, index, st.sampled_from((F(1, 2), F(1), F(2)))),
        st.sampled_from(THRESHOLDS),
        st.booleans(),
        st.booleans(),
    )


def inner_atoms(rows: int) -> st.SearchStrategy[Atom]:
    return st.builds(
        lambda form, which, neg: Atom("inner", (form, which), neg),
        linear_forms(rows, False),
        st.sampled_from(THRESHOLDS),
        st.booleans(),
    )


def _claims(
    objects: str, atoms: st.SearchStrategy[Atom], hypotheses: int = 2
) -> st.SearchStrategy[Spec]:
    return st.builds(
        Spec,
        st.just(objects),
        st.lists(atoms, max_size=hypotheses).map(tuple),
        st.lists(atoms, min_size=1, max_size=2).map(tuple),
    )


def rule_families() -> dict[str, st.SearchStrategy[Spec]]:
    """Per rule (docs/design/small-model.md), a strategy of claims of its shape."""
    e = True
    return {
        "sums": _claims("dists2", sum_atoms(2, e)),
        "sums_three_rows": _claims("dists3", sum_atoms(3, False)),
        "zero_sums": _claims(
            "dists2", st.one_of(zero_atoms(2), family_atoms(2, e), sum_atoms(2, e))
        ),
        "merging": _claims("dists2", family_atoms(2, e)),
        "events": _claims("dists2", st.one_of(event_atoms(), family_atoms(2, False))),
        "events_and_sums": _claims("dists2", st.one_of(event_atoms(), sum_atoms(2, False))),
        "growth": st.builds(
            Spec,
            st.just("dists2"),
            st.lists(growth_hypotheses(), min_size=1, max_size=3).map(tuple),
            st.lists(st.one_of(family_atoms(2, False), event_atoms()), min_size=1, max_size=3).map(
                tuple
            ),
            st.sampled_from(((2,), (2, 4), (1, 4), (2, 5))),  # gaps that growth must fill
        ),
        "nested": _claims("dists2", st.one_of(nested_atoms(2), sum_atoms(2, False))),
        "inner": _claims("dists2", st.one_of(inner_atoms(2), sum_atoms(2, False))),
        "localised": _claims("mech3", st.one_of(sum_atoms(3, False), family_atoms(3, False)), 1),
        "derived": _claims("derived", st.one_of(sum_atoms(3, False), family_atoms(3, False)), 1),
    }

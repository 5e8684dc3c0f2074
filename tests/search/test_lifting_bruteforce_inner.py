"""Refinement and eps-box liftings of generated claims against brute force at each size 1 .. N* + 2.

The two rules of docs/design/small-model.md that test_lifting_bruteforce's families do not
reach, cross-examined the same way (same profiles, same statistics file):

* **refinement** (Rule 11, ``ForAllHypothesis``): "(for every prior b: H(b)) => C" with every
  hypothesis atom convex in b: a condition on every outcome affine in b ("b_0 L1(c_y) rel b_1
  L2(c_y)"), a sum over the outcomes depending on b ("sum_y pos(b_0 L1 - b_1 L2) <= t"), or
  such a sum inside a condition on every outcome ("p_y S(b) <= q_y"), with or without a seed
  prior. A convex function of b on the simplex is largest at a vertex, and an affine one takes
  every value between its vertex values, so "for every b: H(b)" is exactly "H(1, 0) and
  H(0, 1)": the brute force decides that claim, which has no inner quantifier, at each size.
* **eps-boxes** (Rule 13, ``Interval(lo, hi, split=k)``): generated claims reading e^eps. Every
  proved verdict is checked at each size 1 .. N* + 2 at rational eps points (the ends and the
  midpoint of each of the k boxes: e^eps is then irrational, bracketed rigorously by the brute
  force) and at rational e^eps points inside each box (``log_of``: e^eps exact).

A "proved" that brute force contradicts fails the test; a refutation's counterexample is
re-checked by the predicate (of the vertex claim, for refinement).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction as F
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies_lifting import (
    THRESHOLDS,
    Atom,
    Linear,
    _Context,
    family_atoms,
    linear_forms,
    sum_atoms,
)
from test_lifting_bruteforce import (
    EXAMPLES,
    SECONDS,
    against_brute_force,
    check_refutation,
    lifted,
    logged,
    n_star,
)

from dpproofs.algebra import implies
from dpproofs.claim import Deadline
from dpproofs.evidence import ParamBoxes
from dpproofs.outcomes import every_outcome, outcome_total
from dpproofs.search import ForAllHypothesis, Interval, distribution, for_all_distributions, log_of
from dpproofs.soundness.bruteforce import predicate_holds
from dpproofs.verdict import Status

#: An inner atom: ("fam", rel, L1, L2) | ("sum", L1, L2, threshold) | ("famsum", L1, L2).
Inner = tuple[Any, ...]
VERTICES = ((F(1), F(0)), (F(0), F(1)))


@dataclass(frozen=True)
class RefinementSpec:
    hypotheses: tuple[Inner, ...]
    conclusions: tuple[Atom, ...]
    seed: tuple[F, F] | None = None
    sizes: tuple[int, ...] = (2,)


def _hypothesis_atom(alg: Any, rows: list[Any], t: Any, b: tuple[Any, Any], atom: Inner) -> Any:
    ctx = _Context(alg, rows, t, None, None)

    def side(form: Linear, c: Any) -> Any:
        return ctx.linear(form, c)

    def b_sum(l1: Linear, l2: Linear) -> Any:
        return outcome_total(alg, rows, lambda *c: alg.pos(b[0] * side(l1, c) - b[1] * side(l2, c)))

    kind = atom[0]
    if kind == "fam":
        _, rel, l1, l2 = atom
        return every_outcome(
            alg, rows, lambda *c: ctx.compare(rel, b[0] * side(l1, c), b[1] * side(l2, c))
        )
    if kind == "sum":
        _, l1, l2, which = atom
        return alg.le(b_sum(l1, l2), ctx.threshold(which))
    _, l1, l2 = atom  # famsum: p_y S(b) <= q_y, S(b) convex in b and p_y >= 0
    s = b_sum(l1, l2)
    return every_outcome(alg, rows, lambda *c: alg.le(c[0] * s, c[1]))


def _conclusion(alg: Any, rows: list[Any], t: Any, atoms: tuple[Atom, ...]) -> Any:
    ctx = _Context(alg, rows, t, None, None)
    return alg.any([ctx.atom(a) for a in atoms])


def refinement_claim(spec: RefinementSpec) -> ForAllHypothesis:
    def hypothesis(alg: Any, p: Any, q: Any, t: Any, b: Any) -> Any:
        return alg.all([_hypothesis_atom(alg, [p, q], t, (b[0], b[1]), h) for h in spec.hypotheses])

    def conclusion(alg: Any, p: Any, q: Any, t: Any) -> Any:
        return _conclusion(alg, [p, q], t, spec.conclusions)

    seeds = () if spec.seed is None else ({"b": [list(spec.seed)]},)
    return ForAllHypothesis(
        for_all_distributions(spec.sizes, t=Interval(0, 1)),
        (("b", distribution(2)),),
        hypothesis,
        conclusion,
        repr(spec),
        seeds=seeds,
    )


def prior_claim(spec: RefinementSpec, priors: tuple[tuple[F, F], ...] = VERTICES) -> Any:
    """The same claim with "for every prior b" replaced by "at each of ``priors``"; at the two
    vertices (the default) it is equivalent (module docstring: every hypothesis atom is convex
    in b)."""

    def predicate(alg: Any, p: Any, q: Any, t: Any) -> Any:
        held = [
            _hypothesis_atom(alg, [p, q], t, (alg.const(b0), alg.const(b1)), h)
            for b0, b1 in priors
            for h in spec.hypotheses
        ]
        return implies(alg, alg.all(held), _conclusion(alg, [p, q], t, spec.conclusions))

    return for_all_distributions(spec.sizes, t=Interval(0, 1)).claim(predicate, says=repr(spec))


def inner_atoms() -> st.SearchStrategy[Inner]:
    form = linear_forms(2, False)
    return st.one_of(
        st.tuples(st.just("fam"), st.sampled_from(("le", "lt", "eq")), form, form),
        st.tuples(st.just("sum"), form, form, st.sampled_from(THRESHOLDS)),
        st.tuples(st.just("famsum"), form, form),
    )


def refinement_specs() -> st.SearchStrategy[RefinementSpec]:
    return st.builds(
        RefinementSpec,
        st.lists(inner_atoms(), min_size=1, max_size=2).map(tuple),
        st.lists(
            st.one_of(sum_atoms(2, False), family_atoms(2, False)), min_size=1, max_size=2
        ).map(tuple),
        st.sampled_from((None, (F(1, 2), F(1, 2)), (F(1), F(0)), (F(1, 3), F(2, 3)))),
        st.sampled_from(((2,), (2, 3))),
    )


def compare_refinement(spec: RefinementSpec) -> None:
    claim = refinement_claim(spec)
    verdict = claim.decide(Deadline(SECONDS))
    record: dict = {"family": "refinement", "status": verdict.status.value, "spec": repr(spec)}
    vertices = prior_claim(spec)
    with logged(record):
        if lifted(verdict):
            against_brute_force([vertices], n_star(verdict), repr(spec), record)
        elif verdict.status is Status.REFUTED:
            check_refutation(vertices, verdict, record, repr(spec))


def _settings(test: Any) -> Any:
    return settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )(test)


@_settings
@given(refinement_specs())
def test_refinement_liftings_agree_with_brute_force(spec: RefinementSpec) -> None:
    compare_refinement(spec)


NEVER = Atom("sum", ("pos", ((0, F(1), False),), None, "lt", F(0), False))  # 1 < 0


@pytest.mark.parametrize("kind", ["fam", "sum", "famsum"])
def test_the_vertices_decide_every_prior(kind: str) -> None:
    # The hypothesis at the two vertices holds exactly when it holds at every prior of a grid
    # (vertices included), on points where it holds at some priors and fails at others.
    # L1 = q_y - p_y, L2 = 2 p_y: at b = (1, 0) the atoms read p = q, TV <= 1/4 and
    # p_y TV <= q_y; at b = (0, 1) they hold.
    l1, l2 = ((1, F(1), False), (0, F(-1), False)), ((0, F(2), False),)
    atom = {
        "fam": ("fam", "le", l1, l2),
        "sum": ("sum", l1, l2, F(1, 4)),
        "famsum": ("famsum", l1, l2),
    }
    spec = RefinementSpec((atom[kind],), (NEVER,))
    grid = tuple((F(k, 6), 1 - F(k, 6)) for k in range(7))
    points = [[F(0), F(1)], [F(1, 2), F(1, 2)], [F(1, 4), F(3, 4)], [F(1), F(0)]]
    seen = set()
    for row_p in points:
        for row_q in points:
            point = {"p": [row_p], "q": [row_q], "t": F(0)}
            at_vertices = predicate_holds(prior_claim(spec), 2, point)
            assert at_vertices == predicate_holds(prior_claim(spec, grid), 2, point)
            seen.add(at_vertices)
    assert seen == {True, False}  # the test separates points


# --- eps-boxes --------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoxSpec:
    hypotheses: tuple[Atom, ...]
    conclusions: tuple[Atom, ...]
    lo: F
    hi: F
    split: int


def _box_predicate(spec: BoxSpec) -> Any:
    def predicate(alg: Any, p: Any, q: Any, t: Any, E: Any) -> Any:
        ctx = _Context(alg, [p, q], t, E, None)
        held = [ctx.atom(a) for a in spec.hypotheses]
        concluded = alg.any([ctx.atom(a) for a in spec.conclusions])
        return implies(alg, alg.all(held), concluded) if held else concluded

    return predicate


def box_claim(spec: BoxSpec, eps: Interval) -> Any:
    return for_all_distributions([2], t=Interval(0, 1), eps=eps).claim(
        _box_predicate(spec), says=repr(spec)
    )


def box_points(spec: BoxSpec) -> list[Interval]:
    """Each box's ends and midpoint (rational eps), and a rational e^eps strictly inside each
    box (ln r with e^a < r < e^b, checked with a margin far above float error)."""
    width = (spec.hi - spec.lo) / spec.split
    points: list[Interval] = []
    for i in range(spec.split):
        a = spec.lo + i * width
        b = a + width
        points.extend(Interval(x, x) for x in (a, (a + b) / 2, b))
        r = F(math.exp(float((a + b) / 2))).limit_denominator(1000)
        if math.exp(float(a)) * 1.001 < float(r) < math.exp(float(b)) / 1.001:
            points.append(log_of(r))
    return points


def box_specs() -> st.SearchStrategy[BoxSpec]:
    atoms = st.one_of(sum_atoms(2, True), family_atoms(2, True))
    return st.builds(
        BoxSpec,
        st.lists(atoms, max_size=2).map(tuple),
        st.lists(atoms, min_size=1, max_size=2).map(tuple),
        st.sampled_from((F(0), F(1, 10))),
        st.sampled_from((F(1), F(2))),
        st.sampled_from((2, 3)),
    )


def box_n_star(verdict: Any) -> int:
    """The largest small-model bound of the boxes (the ``param-boxes`` evidence: an eps-box
    certificate states N* per box there, not in its text)."""
    bounds = [
        box.n_star
        for e in verdict.evidence
        if isinstance(e, ParamBoxes)
        for box in e.boxes
        if box.n_star is not None
    ]
    return max(bounds) if bounds else n_star(verdict)


def compare_boxes(spec: BoxSpec) -> None:
    claim = box_claim(spec, Interval(spec.lo, spec.hi, split=spec.split))
    verdict = claim.decide(Deadline(SECONDS))
    record: dict = {"family": "eps_boxes", "status": verdict.status.value, "spec": repr(spec)}
    with logged(record):
        if lifted(verdict):
            claims = [box_claim(spec, point) for point in box_points(spec)]
            against_brute_force(claims, box_n_star(verdict), repr(spec), record)


@_settings
@given(box_specs())
def test_eps_box_liftings_agree_with_brute_force(spec: BoxSpec) -> None:
    compare_boxes(spec)


@pytest.mark.parametrize("split", [2, 3])
def test_box_points_lie_in_their_boxes(split: int) -> None:
    spec = BoxSpec((), (), F(0), F(1), split)
    points = box_points(spec)
    rational = [p for p in points if p.exp_value is None]
    assert len(rational) == 3 * split
    assert all(F(0) <= p.lo == p.hi <= F(1) for p in rational)
    for p in points:
        if p.exp_value is not None:
            assert 1 < p.exp_value < math.e

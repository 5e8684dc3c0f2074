"""Mixtures and joint laws (dpproofs.laws): the same values as the list helpers they replace on
concrete rows, one formula for every alphabet on abstract rows, and refusals of everything else."""

import contextlib
from fractions import Fraction as F
from pathlib import Path

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies_search import distributions, matrices

from dpproofs.algebra import EXACT
from dpproofs.formula import interpret
from dpproofs.laws import joint_law, mixture
from dpproofs.outcomes import every_outcome
from dpproofs.run.discovery import load_theorems
from dpproofs.search import Interval, channel, distribution, for_all, log_of
from dpproofs.search.shape import ShapeReport, analyse
from dpproofs.search.values import GuardedAlgebra, unwrap_truth, wrap_matrix
from dpproofs.vocabulary import hockey_stick, statistical_difference

THEOREMS = Path(__file__).resolve().parents[2] / "theorems"


class Fractions:
    """The little of the Algebra interface the list helpers use, on exact Fractions."""

    def total(self, xs):
        return sum(xs, F(0))


# --- concrete rows: exactly the old helpers' lists ------------------------------------------


def old_push_forward(alg, x, g):
    """theorems/kasiviswanathan_smith/_ks_common.push_forward before the rewrite."""
    return [alg.total(x[i] * g[i][j] for i in range(len(x))) for j in range(len(g[0]))]


def old_joint(x, a):
    """theorems/kasiviswanathan_smith/_ks_common.joint before the rewrite (i-major)."""
    return [x[i] * a[i][j] for i in range(len(x)) for j in range(len(a[i]))]


@st.composite
def law_and_rows(draw):
    k, n = draw(st.integers(1, 4)), draw(st.integers(1, 5))
    return draw(distributions(k)), draw(matrices(k, n))


@settings(max_examples=200, deadline=None)
@given(law_and_rows())
def test_concrete_mixture_and_joint_law_are_the_old_lists(case):
    weights, rows = case
    alg = Fractions()
    assert mixture(alg, weights, rows) == old_push_forward(alg, weights, rows)
    assert joint_law(alg, weights, rows) == old_joint(weights, rows)
    # They are laws again: the mixture and the joint law of a law and rows sum to 1.
    assert sum(mixture(alg, weights, rows)) == 1 == sum(joint_law(alg, weights, rows))


def test_concrete_values_by_hand():
    # w = (1/4, 3/4), rows (1, 0) and (1/3, 2/3): mixture = (1/4 + 1/4, 1/2) = (1/2, 1/2),
    # joint law i-major = (1/4 * 1, 1/4 * 0, 3/4 * 1/3, 3/4 * 2/3) = (1/4, 0, 1/4, 1/2).
    w, rows = [F(1, 4), F(3, 4)], [[F(1), F(0)], [F(1, 3), F(2, 3)]]
    assert mixture(Fractions(), w, rows) == [F(1, 2), F(1, 2)]
    assert joint_law(Fractions(), w, rows) == [F(1, 4), F(0), F(1, 4), F(1, 2)]


# --- abstract rows: the formula is the predicate at every size --------------------------------


def theorem_claims(file, theorem_id):
    specs = load_theorems(THEOREMS / file)
    assert isinstance(specs, list), specs
    claim = next(s for s in specs if s.id == theorem_id).build()
    return list(getattr(claim, "parts", [claim]))


def exact_matrix(matrix):
    return [[sympy.Rational(v.numerator, v.denominator) for v in row] for row in matrix]


def both_readings(claim, size, matrices_by_name, values):
    """(the formula interpreted exactly, the predicate run on concrete rows) at one point."""
    objects = {n: exact_matrix(m) for n, m in matrices_by_name.items()}
    raw = {n: sympy.Rational(v.numerator, v.denominator) for n, v in values.items()}
    root = claim.formula.root
    assert root is not None, claim.formula.reason
    from_formula, _ = interpret(root, EXACT, size, objects, raw)
    guarded = GuardedAlgebra(EXACT)
    shapes = claim.quantifier.shapes(size)
    env = {"alg": guarded}
    env.update({n: shapes[n].wrap(wrap_matrix(guarded, n, m)) for n, m in objects.items()})
    env.update({n: guarded.value(v, n) for n, v in raw.items()})
    from_predicate = unwrap_truth(guarded, claim.predicate(*(env[a] for a in claim.arguments)))
    return bool(from_formula), bool(from_predicate)


@st.composite
def points(draw, claim):
    """Exact objects of ``claim`` at 2..4 outputs, and values for its parameters."""
    size = draw(st.integers(2, 4))
    matrices_by_name = {}
    for name, shape in claim.quantifier.shapes(size).items():
        matrices_by_name[name] = draw(matrices(shape.rows, shape.cols))
    # Any values will do (the two readings are the same function of them); E < 1 and small
    # delta make the theorems false at some points, so both truth values are compared.
    values = {
        name: draw(st.fractions(0, 2, max_denominator=12))
        for name in claim.arguments
        if name not in ("alg", *matrices_by_name)
    }
    return size, matrices_by_name, values


CASES = [
    ("kasiviswanathan_smith/ks_indistinguishability.py", "ks.claim3_3.part3"),
    ("kasiviswanathan_smith/ks_indistinguishability.py", "ks.claim3_3.part4"),
    ("kasiviswanathan_smith/ks_section5_remarks.py", "ks.projection_indistinguishable"),
]


@pytest.mark.parametrize(("file", "theorem_id"), CASES, ids=[c[1] for c in CASES])
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_the_theorems_formulas_agree_with_their_predicates(file, theorem_id, data):
    for claim in theorem_claims(file, theorem_id):
        size, objects, values = data.draw(points(claim))
        from_formula, from_predicate = both_readings(claim, size, objects, values)
        assert from_formula == from_predicate


def _value_claim(build):
    """A claim 'build(...) == t' over X on 2 inputs, channels A, B from them, at E = 3/2."""
    return for_all(
        {"X": distribution(2), "A": channel(inputs=2), "B": channel(inputs=2)},
        [2],
        size_name="outputs",
        eps=log_of(F(3, 2)),
        t=Interval(0, 4),
    ).claim(lambda alg, X, A, B, E, t: alg.eq(build(alg, X, A, B, E), t))


VALUES = {
    "joint": lambda alg, X, A, B, E: hockey_stick(
        alg, joint_law(alg, X, A), joint_law(alg, X, B), E
    ),
    "mixture": lambda alg, X, A, B, E: hockey_stick(alg, mixture(alg, X, A), mixture(alg, X, B), E),
    "product": lambda alg, X, A, B, E: statistical_difference(
        alg, joint_law(alg, X, A), joint_law(alg, X, [mixture(alg, X, A)] * 2)
    ),
    "two laws": lambda alg, X, A, B, E: hockey_stick(
        alg, joint_law(alg, X, A), joint_law(alg, X[::-1], B), E
    ),
    "mixed rows": lambda alg, X, A, B, E: statistical_difference(alg, A[0], mixture(alg, X, B)),
}


def _old_value(name, X, A, B, E):
    """The same quantity from the old list helpers, in plain Fractions."""
    alg = Fractions()

    def hs(p, q, gamma):
        return sum((max(a - gamma * b, 0) for a, b in zip(p, q, strict=True)), F(0))

    if name == "joint":
        return hs(old_joint(X, A), old_joint(X, B), E)
    if name == "mixture":
        return hs(old_push_forward(alg, X, A), old_push_forward(alg, X, B), E)
    if name == "two laws":
        return hs(old_joint(X, A), old_joint(X[::-1], B), E)
    if name == "product":
        py = old_push_forward(alg, X, A)
        return hs(old_joint(X, A), old_joint(X, [py, py]), 1)
    return hs(A[0], old_push_forward(alg, X, B), 1)


@pytest.mark.parametrize("name", list(VALUES))
@settings(max_examples=15, deadline=None)
@given(
    size=st.integers(2, 4),
    data=st.data(),
)
def test_formula_values_are_the_old_helpers_values(name, size, data):
    # The claim "quantity == t" at t = the old helpers' exact value holds in both readings, and
    # fails in both at t + 1/1000: the formula computes exactly the same number.
    claim = _value_claim(VALUES[name])
    x = data.draw(distributions(2))
    a, b = data.draw(matrices(2, size)), data.draw(matrices(2, size))
    t = _old_value(name, x, a, b, F(3, 2))
    objects = {"X": [x], "A": a, "B": b}
    for target, expected in ((t, True), (t + F(1, 1000), False)):
        got = both_readings(claim, size, objects, {"t": target, "E": F(3, 2)})
        assert got == (expected, expected)


# --- the small-model bound ------------------------------------------------------------------


def test_part3_has_the_small_model_bound_eight():
    """ks.claim3_3.part3: (for all a: A(a) ~ A'(a)) => (X, A(X)) ~ (X, A'(X)), |D| = 2.

    m = 4 rows over the outputs (A[0], A[1], B[0], B[1]; X has a fixed size). The conclusion is
    two hockey-stick bounds, so the claim splits into 2 conjuncts H => C_j. Each has K = 5
    distinct sums: the 4 of the hypothesis (E_{e^eps}(A(a)||A'(a)) and E_{e^eps}(A'(a)||A(a)),
    a = 0, 1) and its own sum over the joint law, sum_y sum_a (X_a A(a)_y - e^eps X_a A'(a)_y)^+,
    and e = 0 families. The hypothesis' sums occur only as "<= delta" in the hypothesis (monotone):
    N* = m + K - 1 = 4 + 5 - 1 = 8 for both conjuncts."""
    (claim,) = theorem_claims(
        "kasiviswanathan_smith/ks_indistinguishability.py", "ks.claim3_3.part3"
    )
    traced = claim.formula
    assert traced.root is not None, traced.reason
    assert traced.axis_rows == (("A", 2), ("B", 2))
    report = analyse(traced.root, 4)
    assert isinstance(report, ShapeReport), report
    assert [(p.rows, len(p.sums), len(p.families), p.bound, p.rule) for p in report.parts] == [
        (4, 5, 0, 8, "monotone"),
        (4, 5, 0, 8, "monotone"),
    ]
    assert report.bound == 8


def test_every_rewritten_theorem_is_one_formula():
    for file, theorem_id in CASES:
        for claim in theorem_claims(file, theorem_id):
            assert claim.formula.root is not None, (theorem_id, claim.formula.reason)


# --- refusals ---------------------------------------------------------------------------------


def _reason(predicate, objects=None):
    objects = objects or {"X": distribution(2), "A": channel(inputs=2), "B": channel(inputs=3)}
    claim = for_all(objects, [2], size_name="outputs", delta=Interval(0, 1)).claim(predicate)
    traced = claim.formula
    assert traced.root is None
    return traced.reason


def _swallowed(alg, thing, access):
    with contextlib.suppress(Exception):  # the trace records the access all the same
        access(thing)
    return alg.le(alg.const(0), alg.const(1))


@pytest.mark.parametrize(
    ("access", "says"),
    [
        (len, "len() of mixture(A[0][y], A[1][y])"),
        (lambda m: m[0], "mixture(A[0][y], A[1][y])[0] singles out an outcome"),
        (list, "iterating over the outcomes of mixture(A[0][y], A[1][y])"),
        (lambda m: 0 in m, "`in` on the outcomes of mixture(A[0][y], A[1][y])"),
    ],
)
def test_a_mixture_has_no_length_entries_or_iteration(access, says):
    assert _reason(lambda alg, X, A: _swallowed(alg, mixture(alg, X, A), access)) == says


@pytest.mark.parametrize(
    ("access", "says"),
    [
        (len, "len() of joint_law(A[0][y], A[1][y])"),
        (lambda j: j[3], "joint_law(A[0][y], A[1][y])[3] singles out an outcome"),
        (list, "iterating over the outcomes of joint_law(A[0][y], A[1][y])"),
    ],
)
def test_a_joint_law_has_no_length_entries_or_iteration(access, says):
    assert _reason(lambda alg, X, A: _swallowed(alg, joint_law(alg, X, A), access)) == says


def test_a_joint_law_and_a_row_over_the_outcomes_are_not_bound_together():
    reason = _reason(
        lambda alg, X, A, delta: alg.le(
            statistical_difference(alg, joint_law(alg, X, A), A[0]), delta
        )
    )
    assert reason.startswith("a joint law on (input, outcome) in one sum or condition with a row")


def test_joint_laws_with_different_numbers_of_inputs_are_not_bound_together():
    reason = _reason(
        lambda alg, X, A, B, delta: alg.le(
            statistical_difference(alg, joint_law(alg, X, A), joint_law(alg, [1, 0, 0], B)),
            delta,
        )
    )
    assert reason == "joint laws with different numbers of inputs ([2, 3]) in one sum"


def test_weights_over_the_outcomes_are_refused():
    reason = _reason(
        lambda alg, p, A, delta: alg.le(statistical_difference(alg, mixture(alg, p, A), p), delta),
        {"p": distribution(), "A": channel(inputs=2)},
    )
    assert reason.startswith("a mixture whose weights are over the outcomes")
    reason = _reason(lambda alg, X, A: _swallowed(alg, A, lambda rows: joint_law(alg, rows, rows)))
    assert reason == "a joint law with a row over the outcomes as a weight"


def test_mixtures_of_joint_laws_and_of_fixed_rows_are_refused():
    assert (
        _reason(
            lambda alg, X, A: _swallowed(
                alg, [joint_law(alg, X, A)] * 2, lambda j: mixture(alg, X, j)
            )
        )
        == "a mixture of joint laws (their outcomes are not the outcomes)"
    )
    assert (
        _reason(
            lambda alg, X, A: _swallowed(alg, [A[0], [1, 0]], lambda rows: mixture(alg, X, rows))
        )
        == "a mixture of rows over the outcomes and rows of a fixed size"
    )


def test_a_condition_on_every_outcome_of_a_joint_law_is_the_conjunction_over_inputs():
    # for all (i, y): X_i A(i)_y <= e^eps X_i B(i)_y, at e^eps = 3/2, read both ways: on
    # X = (1/2, 1/2), A = B every entry agrees (true); A(0) = (1, 0) vs B(0) = (0, 1) fails at
    # (0, 0): 1/2 <= 0 is false.
    claim = for_all(
        {"X": distribution(2), "A": channel(inputs=2), "B": channel(inputs=2)},
        [2],
        size_name="outputs",
        eps=log_of(F(3, 2)),
    ).claim(
        lambda alg, X, A, B, E: every_outcome(
            alg, (joint_law(alg, X, A), joint_law(alg, X, B)), lambda a, b: alg.le(a, E * b)
        )
    )
    half = [F(1, 2), F(1, 2)]
    same = {"X": [half], "A": [half, half], "B": [half, half]}
    apart = {"X": [half], "A": [[F(1), F(0)], half], "B": [[F(0), F(1)], half]}
    assert both_readings(claim, 2, same, {"E": F(3, 2)}) == (True, True)
    assert both_readings(claim, 2, apart, {"E": F(3, 2)}) == (False, False)

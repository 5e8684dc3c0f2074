"""Testing helpers: hypothesis strategies for DP objects in exact rationals, and assertions.

Strategies (all values are exact ``Fraction``s, never floats):

* ``distributions(k)``: probability vectors on k outcomes;
* ``priors(k)``: distributions with full support (every entry > 0);
* ``mechanisms(inputs, outputs, neighbours="all")``: arbitrary finite mechanisms;
* ``dp_mechanisms(eps, delta=0, ...)``: mechanisms that are (eps, delta)-DP by construction.

``dp_mechanisms`` mixes arbitrary rows P_x with the uniform row U on k outputs,
M_x = (1 - t) P_x + t U, with t >= k / (r - 1 + k) for a rational r <= e^eps. Then every entry
of M lies in [t/k, 1 - t + t/k], so M_x(y) / M_x'(y) <= 1 + k (1 - t) / t <= r <= e^eps: pure
eps-DP. For delta > 0 it mixes once more, M' = (1 - s) M + s A with A arbitrary and
0 <= s <= delta: M'_x(S) <= (1 - s) r M_x'(S) + s <= e^eps M'_x'(S) + delta.

Half of the draws lie on the boundary, where tests of DP claims fail if they are wrong (as
hypothesis draws the extremes of integers): for a neighbour pair (x, x'), P_x = A_x is the point
mass at an output y and P_x' = A_x' one at another output (the other rows point masses too),
t = k / (r - 1 + k) and s = delta. Then M_x(y) / M_x'(y) = (1 - t + t/k) / (t/k) =
1 + k (1 - t) / t = r exactly, and on S = {y} M'_x(S) - e^eps M'_x'(S) =
(1 - s) (r - e^eps) t/k + s, which is delta when r = e^eps: the pure epsilon is log r and
delta(eps) is delta (r <= e^eps is a rational within 1e-12 of it). To give hypothesis distinct
draws, t and s move off those values by at most 2e-4 (1 - t) and 1e-3 delta, which keeps the
pure epsilon and delta(eps) within 1% of eps and delta.

Assertions:

* ``assert_dp(mechanism, eps, delta=0)`` passes exactly when dpproofs PROVES the mechanism
  (eps, delta)-DP;
* ``assert_counterexample(theorem, values)`` re-checks a stored counterexample with exact
  arithmetic only, so a refutation becomes a regression test.

>>> from hypothesis import given
>>> from dpproofs.testing import assert_dp, dp_mechanisms
>>> @given(dp_mechanisms("log(3)"))
... def test_generated_mechanisms_are_dp(mechanism):
...     assert_dp(mechanism, "log(3)")
>>> test_generated_mechanisms_are_dp()
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any

try:
    from hypothesis import strategies as st
except ImportError as exc:  # hypothesis is the user's test dependency, not one of dpproofs's
    raise ImportError(
        "dpproofs.testing gives hypothesis strategies and needs hypothesis: "
        "pip install hypothesis (or 'dpproofs[test]')",
        name=exc.name,
    ) from exc

from dpproofs.claim import AllOf, Claim
from dpproofs.deadline import Deadline
from dpproofs.exact.parse import parse_exact
from dpproofs.exact.rigorous import rational_bracket
from dpproofs.finite.claims import is_dp
from dpproofs.finite.loading import neighbour_relation
from dpproofs.finite.mechanism import FiniteMechanism
from dpproofs.finite.neighbours import NeighbourRelation
from dpproofs.theorem import TheoremSpec
from dpproofs.verdict import Counterexample, Status

__all__ = [
    "assert_counterexample",
    "assert_dp",
    "distributions",
    "dp_mechanisms",
    "mechanisms",
    "priors",
]

Labels = int | Sequence[Hashable]
Neighbours = str | list[list[Any]] | dict[str, int] | NeighbourRelation


def distributions(
    k: int, *, full_support: bool = False, granularity: int = 12
) -> st.SearchStrategy[tuple[Fraction, ...]]:
    """Probability vectors on ``k`` outcomes: integer weights in [0, granularity], normalised.

    >>> from hypothesis import given
    >>> from dpproofs.testing import distributions
    >>> @given(distributions(3))
    ... def test_sums_to_one(p):
    ...     assert len(p) == 3 and sum(p) == 1
    >>> test_sums_to_one()
    """
    if k < 1:
        raise ValueError("a distribution needs at least one outcome")
    low = 1 if full_support else 0
    weights = st.lists(st.integers(low, granularity), min_size=k, max_size=k).filter(
        lambda w: sum(w) > 0
    )
    return weights.map(lambda w: tuple(Fraction(x, sum(w)) for x in w))


def priors(k: int, granularity: int = 12) -> st.SearchStrategy[tuple[Fraction, ...]]:
    """Priors on ``k`` points with full support (every entry > 0), as in "for all priors"."""
    return distributions(k, full_support=True, granularity=granularity)


def _labels(labels: Labels) -> tuple[Hashable, ...]:
    return tuple(range(labels)) if isinstance(labels, int) else tuple(labels)


def _relation(neighbours: Neighbours) -> NeighbourRelation:
    if isinstance(neighbours, str | list | dict):
        return neighbour_relation(neighbours)
    return neighbours


def _build(
    rows: Sequence[Sequence[Fraction]],
    ins: tuple[Hashable, ...],
    outs: tuple[Hashable, ...],
    relation: NeighbourRelation,
) -> FiniteMechanism:
    return FiniteMechanism.from_rows(rows, inputs=ins, outputs=outs, neighbours=relation)


def mechanisms(
    inputs: Labels = 2, outputs: Labels = 2, neighbours: Neighbours = "all"
) -> st.SearchStrategy[FiniteMechanism]:
    """Arbitrary finite mechanisms: one row (a distribution on the outputs) per input.

    ``inputs`` / ``outputs`` are counts or label lists; ``neighbours`` is written as in a
    mechanism JSON file ("all", "add-remove", {"hamming": n}, [[i, j], ...]) or a relation.
    """
    ins, outs, relation = _labels(inputs), _labels(outputs), _relation(neighbours)
    rows = st.lists(distributions(len(outs)), min_size=len(ins), max_size=len(ins))
    return rows.map(lambda r: _build(r, ins, outs, relation))


def _lower_rational(value: str | int | Fraction, what: str) -> Fraction:
    """A rational lower bound of an exact value (rounds down: the safe side for a guarantee)."""
    exact = parse_exact(value)
    if exact.is_negative:
        raise ValueError(f"{what} must be >= 0, got {value}")
    lo, _hi = rational_bracket(exact)
    return max(lo, Fraction(0))


def dp_mechanisms(
    eps: str | int | Fraction,
    delta: str | int | Fraction = 0,
    inputs: Labels = 2,
    outputs: Labels = 2,
    neighbours: Neighbours = "all",
) -> st.SearchStrategy[FiniteMechanism]:
    """Mechanisms that are (eps, delta)-DP by construction (see the module docstring).

    ``eps`` and ``delta`` are exact ("log(3)", "1/10", 0). The mixing weights are rational, so
    every entry is an exact rational. About half of the draws attain eps and delta (up to the
    rational r <= e^eps): a claim that is wrong only at the boundary is caught.
    """
    ins, outs, relation = _labels(inputs), _labels(outputs), _relation(neighbours)
    k = len(outs)
    # r <= e^eps: the lower end of a rigorous bracket of exp(eps), never above it.
    r = _lower_rational(f"exp({parse_exact(eps)})", "e^eps")
    d = _lower_rational(delta, "delta")
    t_min = Fraction(k) / (r - 1 + k)
    rows_of = st.lists(distributions(k), min_size=len(ins), max_size=len(ins))
    uniform = Fraction(1, k)

    def mix(
        base: Sequence[Sequence[Fraction]],
        extra: Sequence[Sequence[Fraction]],
        t: Fraction,
        s: Fraction,
    ) -> FiniteMechanism:
        rows = [
            [(1 - s) * ((1 - t) * p + t * uniform) + s * a for p, a in zip(b, e, strict=True)]
            for b, e in zip(base, extra, strict=True)
        ]
        return _build(rows, ins, outs, relation)

    def anywhere(
        base: list[tuple[Fraction, ...]], extra: list[tuple[Fraction, ...]], j: int, i: int
    ) -> FiniteMechanism:
        return mix(base, extra, t_min + (1 - t_min) * Fraction(j, 8), d * Fraction(i, 4))

    steps = st.integers(0, 4) if d > 0 else st.just(0)
    general = st.builds(anywhere, rows_of, rows_of, st.integers(0, 8), steps)
    pairs = relation.pairs(ins)
    if k < 2 or not pairs:
        return general

    def at_the_boundary(
        pair: tuple[int, int], y: int, shift: int, others: list[int], j: int, i: int
    ) -> FiniteMechanism:
        # Point masses, y at pair[0] and another output at pair[1]; t within 2e-4 (1 - t_min)
        # of t_min and s within 1e-3 delta of delta (see the module docstring).
        at = dict(enumerate(others))
        at[pair[0]], at[pair[1]] = y, (y + shift) % k
        rows = [tuple(Fraction(int(z == at[x])) for z in range(k)) for x in range(len(ins))]
        t = t_min + (1 - t_min) * Fraction(j, 10**5)
        return mix(rows, rows, t, d * (1 - Fraction(i, 10**4)))

    boundary = st.builds(
        at_the_boundary,
        st.sampled_from(pairs),
        st.integers(0, k - 1),
        st.integers(1, k - 1),
        st.lists(st.integers(0, k - 1), min_size=len(ins), max_size=len(ins)),
        st.integers(0, 20),
        st.integers(0, 9),
    )
    return st.one_of(boundary, general)


def assert_dp(
    mechanism: FiniteMechanism,
    eps: str | int | Fraction,
    delta: str | int | Fraction = 0,
    timeout: float | None = 60.0,
) -> None:
    """Fail unless dpproofs proves ``mechanism`` (eps, delta)-DP (exact evaluation).

    >>> from dpproofs import FiniteMechanism
    >>> from dpproofs.testing import assert_dp
    >>> assert_dp(FiniteMechanism.from_rows([["3/4", "1/4"], ["1/4", "3/4"]]), "log(3)")
    """
    __tracebackhide__ = True  # pytest shows the caller's line, not this helper's frame
    claim = is_dp(mechanism, str(eps), str(delta))
    verdict = claim.decide(Deadline(timeout))
    if verdict.status is not Status.PROVED:
        detail = verdict.counterexample or verdict.reason or verdict.method
        raise AssertionError(
            f"{claim.describe()}: {verdict.status.value} ({verdict.method}): {detail}"
        )


def assert_counterexample(
    theorem: Callable[[], Claim] | Claim | TheoremSpec,
    values: Mapping[str, Any] | Counterexample,
) -> None:
    """Fail unless ``values`` is a counterexample to ``theorem``, re-checked exactly.

    ``theorem`` is a theorem function (as decorated with ``@theorem``), its spec, or a claim.
    ``values`` is a stored counterexample: a :class:`Counterexample`, the ``"counterexample"``
    object of ``dpproofs verify --json``, or its ``"assignment"`` (name -> exact string, e.g.
    ``{"eps": "4/3", "p": "[0, 1]", "q": "[1/3, 2/3]"}``).

    Scalar claims are evaluated at the point, search claims at the objects, with exact rationals
    and rigorous comparisons only; a claim about concrete objects has nothing to substitute and
    is decided again by exact evaluation, which must refute it.
    """
    __tracebackhide__ = True  # pytest shows the caller's line, not this helper's frame
    claim = _claim_of(theorem)
    assignment = _assignment(values)
    if not _refutes(claim, assignment):
        shown = ", ".join(f"{k}={v}" for k, v in assignment.items())
        raise AssertionError(f"not a counterexample to {claim.describe()}: {shown}")


def _claim_of(theorem: Callable[[], Claim] | Claim | TheoremSpec) -> Claim:
    if isinstance(theorem, TheoremSpec):
        return theorem.build()
    if isinstance(theorem, Claim):
        return theorem
    return theorem()


def _assignment(values: Mapping[str, Any] | Counterexample) -> dict[str, Any]:
    if isinstance(values, Counterexample):
        return dict(values.assignment)
    if "assignment" in values and isinstance(values["assignment"], Mapping):
        return dict(values["assignment"])
    return dict(values)


def _refutes(claim: Claim, assignment: Mapping[str, Any]) -> bool:
    from dpproofs.search.forall import SearchClaim
    from dpproofs.symbolic.claim import ScalarClaim

    if isinstance(claim, AllOf):
        return any(_refutes(part, assignment) for part in claim.parts)
    if isinstance(claim, ScalarClaim):
        return _refutes_scalar(claim, assignment)
    if isinstance(claim, SearchClaim):
        return _refutes_search(claim, assignment)
    from dpproofs.claim import ExactFact
    from dpproofs.finite.claims import ForEach, QuantityClaim

    if isinstance(claim, ExactFact | QuantityClaim | ForEach):
        return claim.decide(Deadline(None)).status is Status.REFUTED
    raise TypeError(f"cannot re-check a counterexample to a {type(claim).__name__}")


def _refutes_scalar(claim: Any, assignment: Mapping[str, Any]) -> bool:
    from dpproofs.symbolic.judge import counterexample_at

    problem = claim.problem
    point = {}
    for symbol in problem.variables:
        if symbol.name not in assignment:
            raise KeyError(f"the counterexample gives no value for {symbol.name}")
        point[symbol] = _fraction(assignment[symbol.name])
    return counterexample_at(problem, point) is not None


def _refutes_search(claim: Any, assignment: Mapping[str, Any]) -> bool:
    from dpproofs.errors import Undecided

    quantifier = claim.quantifier
    values: dict[str, Any] = {}
    size = None
    for name, _kind in quantifier.objects:
        matrix = _matrix(assignment[name])
        values[name] = matrix
        size = len(matrix[0])
    for name, domain in quantifier.params:
        if domain.exp_value is None:
            values[name] = _fraction(assignment[name])
    if size is None:
        raise ValueError("the counterexample names no object")
    try:
        return not claim.holds_exactly(size, values)
    except Undecided:
        return False


def _fraction(value: Any) -> Fraction:
    if isinstance(value, Fraction | int):
        return Fraction(value)
    exact = parse_exact(str(value))
    if not exact.is_Rational:
        raise ValueError(f"{value!r} is not an exact rational")
    return Fraction(int(exact.p), int(exact.q))


def _matrix(value: Any) -> list[list[Fraction]]:
    """A distribution "[a, b]" / "(a, b)" as one row, a matrix "[[...], ...]" as rows."""
    if isinstance(value, str):
        text = value.strip().replace("(", "[").replace(")", "]")
        value = _nested(text)
    if value and not isinstance(value[0], list | tuple):
        value = [value]
    return [[_fraction(v) for v in row] for row in value]


def _nested(text: str) -> list[Any]:
    """Parse "[[1/2, 1/2], [0, 1]]" into nested lists of strings (no eval)."""
    stack: list[list[Any]] = [[]]
    token = ""
    for ch in text:
        if ch == "[":
            stack.append([])
        elif ch in ",]":
            if token.strip():
                stack[-1].append(token.strip())
            token = ""
            if ch == "]":
                done = stack.pop()
                stack[-1].append(done)
        else:
            token += ch
    if len(stack) != 1 or len(stack[0]) != 1:
        raise ValueError(f"cannot read {text!r} as a distribution or a matrix")
    result: list[Any] = stack[0][0]
    return result

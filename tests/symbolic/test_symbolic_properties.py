"""Cross-checks of the pipeline on random claims: a proof is never contradicted at sample points,
and a refutation always replays."""

from fractions import Fraction

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import exp, log, tanh

from dpproofs.claim import Deadline
from dpproofs.exact.rigorous import sign
from dpproofs.symbolic import holds
from dpproofs.verdict import Status

x = sympy.Symbol("x", real=True)
coefficients = st.fractions(min_value=-3, max_value=3, max_denominator=8)
SAMPLES = [sympy.Rational(k, 4) for k in range(1, 16)]  # points of (0, 4)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([exp, tanh, lambda t: log(1 + t)]), coefficients, coefficients, coefficients)
def test_verdicts_agree_with_exact_evaluation(
    f: object, a: Fraction, b: Fraction, c: Fraction
) -> None:
    # Claim: f(x) <= a + b x + c x^2 for x in (0, 4). Whatever the decider says must agree with a
    # rigorous evaluation at sample points: no violated sample after PROVED, a replay after REFUTED.
    rhs = sympy.Rational(a) + sympy.Rational(b) * x + sympy.Rational(c) * x**2
    # evaluate=False: exp(x) <= 0 would otherwise be the bare False, which holds() refuses.
    claim = holds(sympy.Le(f(x), rhs, evaluate=False), where={x: "(0, 4)"})  # type: ignore[operator]
    verdict = claim.decide(Deadline(1.0))
    xs = claim.problem.variables[0]
    statement = claim.problem.statement
    if verdict.status is Status.PROVED:
        for point in SAMPLES:
            value = statement.lhs.xreplace({xs: point}) - statement.rhs.xreplace({xs: point})
            assert sign(value) <= 0, (point, verdict)
    elif verdict.status is Status.REFUTED:
        assert verdict.counterexample is not None
        exec(verdict.counterexample.replay, {})
    else:
        assert verdict.status is Status.UNKNOWN and verdict.reason

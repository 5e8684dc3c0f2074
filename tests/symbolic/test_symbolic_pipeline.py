"""The decision pipeline on the claims dpproofs must decide (and on its failure modes)."""

import sympy
from sympy import Abs, Eq, Interval, Rational, exp, log, oo, tanh

from dpproofs.claim import Claim, Deadline
from dpproofs.symbolic import ScalarClaim, decide_scalar, holds
from dpproofs.verdict import Status, Verdict

eps = sympy.Symbol("eps", real=True)
fx, fy, z, Delta, b, p, q = sympy.symbols("fx fy z Delta b p q", real=True)
POSITIVE = Interval.open(0, oo)


def test_scalar_claim_is_a_claim() -> None:
    claim = holds(exp(eps) >= 1 + eps)
    assert isinstance(claim, ScalarClaim)
    assert isinstance(claim, Claim)
    assert claim.describe() == "for all eps in (-oo, oo): exp(eps) >= eps + 1"


def test_exponential_tangent_line_is_proved_by_z3() -> None:
    verdict = decide_scalar(exp(eps) >= 1 + eps, timeout=10)
    assert verdict.status is Status.PROVED
    assert verdict.method.startswith("z3")
    # The unsat core names the tangent-line fact e^t >= 1 + t, at t = eps: a certificate names
    # the claim's own terms (it read "exp(eps) >= 1 + t", with t nowhere in the claim).
    assert "exp(eps) >= 1 + eps" in verdict.certificate


def test_a_certificate_names_a_compound_argument_in_parentheses() -> None:
    # e^(eps/2) >= 1 + eps/2 is the tangent line at t = eps/2.
    verdict = decide_scalar(exp(eps / 2) >= 1 + eps / 2, timeout=10)
    assert verdict.status is Status.PROVED
    assert "exp(eps/2) >= 1 + (eps/2)" in verdict.certificate


def test_randomized_response_ratio_is_exact() -> None:
    # (1/2 + 1/4) / (1/4) = (3/4) * 4 = 3. As a string: built in Python, sympy would have
    # evaluated the claim to True already, and a bare True is refused.
    verdict = decide_scalar("Eq((1/2 + 1/4) / (1/4), 3)")
    assert (verdict.status, verdict.method) == (Status.PROVED, "sympy rewriting")


def test_false_constant_is_refuted_exactly() -> None:
    # e = 2.718... is not <= 269/100. evaluate=False stops sympy from deciding it first.
    verdict = decide_scalar(sympy.Le(sympy.E, Rational(269, 100), evaluate=False))
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample is not None
    assert dict(verdict.counterexample.observed) == {
        "lhs": "E ~= 2.71828182845905",
        "rhs": "269/100",
    }


def test_laplace_density_ratio() -> None:
    ratio = exp(eps * (Abs(fy - z) - Abs(fx - z)) / Delta)
    verdict = decide_scalar(
        ratio <= exp(eps),
        where={eps: POSITIVE, Delta: POSITIVE},
        assuming=[Abs(fx - fy) <= Delta],
        timeout=20,
    )
    assert verdict.status is Status.PROVED


def test_laplace_ratio_without_sensitivity_is_refuted() -> None:
    # Dropping |fx - fy| <= Delta: at fx = 0, fy = 2, z = 0, Delta = eps = 1 the ratio is e^2 > e.
    ratio = exp(eps * (Abs(fy - z) - Abs(fx - z)) / Delta)
    verdict = decide_scalar(ratio <= exp(eps), where={eps: POSITIVE, Delta: POSITIVE}, timeout=20)
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample is not None
    exec(verdict.counterexample.replay, {})


def test_tanh_quadratic_bound() -> None:
    verdict = decide_scalar(eps * tanh(eps / 2) <= eps**2 / 2, where={eps: "[0, oo)"}, timeout=20)
    assert verdict.status is Status.PROVED


def test_binary_entropy_bound_by_convexity() -> None:
    h = -p * log(p) - (1 - p) * log(1 - p)
    verdict = decide_scalar(
        h <= log(2) - 2 * (p - Rational(1, 2)) ** 2, where={p: Interval.open(0, 1)}, timeout=20
    )
    assert verdict.status is Status.PROVED
    assert verdict.method.startswith("convexity")
    assert "c = 1/2" in verdict.certificate


def test_second_order_taylor_upper_bound_is_refuted_at_one() -> None:
    # e^1 = 2.718... > 1 + 1 + 1/2 = 5/2; eps = 1 is the simplest witness the search tries.
    verdict = decide_scalar(exp(eps) <= 1 + eps + eps**2 / 2, where={eps: POSITIVE}, timeout=20)
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample is not None
    assert dict(verdict.counterexample.assignment) == {"eps": "1"}
    exec(verdict.counterexample.replay, {})


def test_tanh_above_identity_is_refuted() -> None:
    # tanh(1/2) = 0.4621... < 1/2.
    verdict = decide_scalar(tanh(eps) >= eps, where={eps: Interval.open(0, 1)}, timeout=20)
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample is not None
    assert dict(verdict.counterexample.assignment) == {"eps": "1/2"}


def test_tanh_half_lower_bound_is_refuted() -> None:
    # (e - 1)/(e + 1) = tanh(1/2) = 0.4621... < 1/2.
    verdict = decide_scalar(
        (exp(eps) - 1) / (exp(eps) + 1) >= eps / 2, where={eps: POSITIVE}, timeout=20
    )
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample is not None
    assert dict(verdict.counterexample.assignment) == {"eps": "1"}


def test_identity_with_tanh() -> None:
    d = sympy.Symbol("delta", real=True)
    lhs = d + (1 - d) * tanh(eps / 2)
    rhs = (exp(eps) - 1 + 2 * d) / (exp(eps) + 1)
    verdict = decide_scalar(Eq(lhs, rhs), where={eps: "[0, oo)", d: "[0, 1]"}, timeout=20)
    assert (verdict.status, verdict.method) == (Status.PROVED, "sympy rewriting")


def test_bounded_claim_proved_by_boxes() -> None:
    # On [1, 2]: log(x) <= x - 1/2 (the gap x - 1/2 - log x is at least 1/2 there).
    x = sympy.Symbol("x", real=True)
    verdict = decide_scalar(
        sympy.And(log(x) <= x - Rational(1, 2), x**3 - x <= 6), where={x: "[1, 2]"}, timeout=20
    )
    assert verdict.status is Status.PROVED


def test_undefined_somewhere_is_an_error_naming_the_point() -> None:
    # 1/x >= 1/x is not defined at x = 0, which the domain [-1, 1] contains.
    x = sympy.Symbol("x", real=True)
    verdict = decide_scalar(
        sympy.Le(1 / x, 1 / x + x**2, evaluate=False), where={x: "[-1, 1]"}, timeout=3
    )
    assert verdict.status is Status.ERROR
    assert "x = 0" in verdict.reason


def test_deadline_gives_unknown_with_reason() -> None:
    # True, but touching at p = q = 1/2 in two variables: nothing can finish in 0.2 s.
    h = -p * log(p) - (1 - p) * log(1 - p) - q * log(q) - (1 - q) * log(1 - q)
    claim = holds(
        h <= 2 * log(2) - 2 * (p - Rational(1, 2)) ** 2 - 2 * (q - Rational(1, 2)) ** 2,
        where={p: Interval.open(0, 1), q: Interval.open(0, 1)},
    )
    verdict = claim.decide(Deadline(0.2))
    assert verdict.status is Status.UNKNOWN
    assert verdict.reason


def test_convexity_applies_only_to_smooth_one_parameter_claims() -> None:
    from dpproofs.symbolic.convexity import prove_by_convexity

    x = sympy.Symbol("x", real=True)

    def never(*_: object) -> Verdict:  # the sub-claim must not even be attempted
        raise AssertionError("convexity should not apply")

    for statement in ("Abs(x) >= 0", "Max(x, 0) >= x", "sqrt(x**2) >= 0"):
        problem = holds(statement, where={"x": "[-1, 1]"}).problem
        assert prove_by_convexity(problem, Deadline(5), never) is None
    two = holds(exp(x) + exp(eps) >= 2 + x + eps).problem
    assert prove_by_convexity(two, Deadline(5), never) is None


def test_convexity_needs_a_nonnegative_minimum() -> None:
    # x^2 - 1/100 >= 0 is false at 0: the stationary point 0 has g(0) = -1/100 < 0, so the method
    # declines and the search refutes at x = 0.
    x = sympy.Symbol("x", real=True)
    verdict = decide_scalar(x**2 - Rational(1, 100) >= 0, where={x: "(-1, 1)"}, timeout=5)
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample is not None
    assert dict(verdict.counterexample.assignment) == {"x": "0"}

"""Rule PS (docs/design/posterior_shift.md) against exact evaluation.

Mechanisms on D^n (n in {1, 2, 3}, |D| in {2, 3}) with 2 or 3 outputs, rational rows, beliefs with
b[E] >= 1 - delta, e^eps = y rational and delta = g^2 a rational square are generated; E, the bad
sets U_x, V_x, the masses A, C, A', C' per output and the posteriors' SD are computed here with
Fractions (no rule code). Each lemma of the design note (BAD, MASS, SHIFT with GOOD, the bad
outputs' probabilities) and the conclusion (the vocabulary's breach mass <= n R) must hold exactly
at every instance; the lemmas with kappa dropped must fail at some instance; the library's claims
are proved, their mutants are not, and the builder refuses what the rule does not read.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.finite import posterior_shift as ps
from dpproofs.finite.posterior_shift import Closeness, posterior_shift_claim
from dpproofs.recheck import posterior_shift as brute
from dpproofs.recheck import ruletext
from dpproofs.run.discovery import import_theorem_file
from dpproofs.search.databases import DatabaseSpace
from dpproofs.soundness.mutate import enumerate_mutants
from dpproofs.theorem import REGISTRY_ATTRIBUTE
from dpproofs.verdict import Status

EPS = sympy.Symbol("eps", positive=True)
DELTA = sympy.Symbol("delta", nonnegative=True)
N = sympy.Symbol("n", positive=True, integer=True)
EPS_PRIME = "exp(3*eps) - 1 + 2*sqrt(delta)"
RATE_5_1 = "(1 + (1 + exp(2*eps))/(exp(2*eps) - exp(eps)))*(1 + 2*exp(2*eps))"
RATE_5_2 = "3"


def _claim(closeness: Closeness, shift: int, rate: str, eps_prime: str = EPS_PRIME):
    return posterior_shift_claim(
        EPS, DELTA, N, eps_prime, f"n*sqrt(delta)*({rate})", closeness, shift
    )


# --- the instances --------------------------------------------------------------------------


@st.composite
def instances(draw):
    """(space, rows, y, g, pure, belief): rows near a common row or far from it, b[E] >= 1 -
    delta with E computed exactly (E nonempty)."""
    n, size = draw(st.sampled_from(((1, 2), (1, 3), (2, 2), (2, 3), (3, 2))))
    space = DatabaseSpace(domain=size, n=n)
    outputs = draw(st.integers(2, 3))
    base = draw(st.lists(st.integers(0, 30), min_size=outputs, max_size=outputs))
    rows = []
    for _ in range(space.count):
        if draw(st.booleans()) and draw(st.booleans()):
            weights = draw(st.lists(st.integers(0, 9), min_size=outputs, max_size=outputs))
        else:
            weights = [b * draw(st.sampled_from((20, 21, 22))) for b in base]
        weights[draw(st.integers(0, outputs - 1))] += 1
        rows.append(tuple(Fraction(w, sum(weights)) for w in weights))
    y = draw(st.sampled_from((Fraction(21, 20), Fraction(11, 10), Fraction(6, 5), Fraction(3, 2))))
    g = draw(st.sampled_from((Fraction(0), Fraction(1, 20), Fraction(1, 10), Fraction(1, 4))))
    pure = draw(st.booleans())
    inside = _close_set(space, rows, y, Fraction(0) if pure else g * g)
    members = [x for x in range(space.count) if inside[x]]
    if not members:
        members = [0]  # E empty: no belief has b[E] >= 1 - delta; use a trivial one
        inside = None
    others = [x for x in range(space.count) if x not in members]
    outside = g * g * draw(st.sampled_from((0, Fraction(1, 2), 1))) if others and inside else 0
    weights = [draw(st.integers(1, 5)) for _ in range(space.count)]
    belief = [Fraction(0)] * space.count
    for group, mass in ((members, 1 - outside), (others, outside)):
        for x in group:
            belief[x] = mass * Fraction(weights[x], sum(weights[z] for z in group))
    return space, rows, y, g, pure, belief, inside


def _close_set(space, rows, y, d):
    """E exactly: every neighbour's pair (eps, d)-indistinguishable on every set of outputs."""
    outs = range(len(rows[0]))
    sets = [s for k in range(1, len(outs) + 1) for s in itertools.combinations(outs, k)]

    def close(p, q):
        return all(
            sum(p[t] for t in s) <= y * sum(q[t] for t in s) + d
            and sum(q[t] for t in s) <= y * sum(p[t] for t in s) + d
            for s in sets
        )

    return [
        all(close(rows[a], rows[b]) for a2, b in space.neighbours if a2 == a)
        for a in range(space.count)
    ]


def _sd(p, q):
    return sum(abs(a - b) for a, b in zip(p, q, strict=True)) / 2


def _check(space, rows, y, g, pure, belief, inside, shift):
    """Every lemma of the design note at this instance, exactly; the breach mass at the end."""
    delta = g * g
    d = Fraction(0) if pure else delta
    e_a = y**shift
    kappa = Fraction(0) if pure else (1 + e_a) / (e_a - y)
    outputs = range(len(rows[0]))
    eps_prime = y**3 - 1 + 2 * g
    for game in space.games:
        bad = {}
        for x in range(space.count):
            p, q = rows[x], rows[game[x]]
            ux = {t for t in outputs if q[t] > e_a * p[t]}
            vx = {t for t in outputs if q[t] * e_a < p[t]}
            if inside[x]:  # Lemma BAD
                assert sum(p[t] for t in ux | vx) <= d * kappa
                assert sum(q[t] for t in ux | vx) <= d * kappa
            bad[x] = set(outputs) if not inside[x] else ux | vx
        masses = []
        for t in outputs:
            p = [belief[x] * rows[x][t] for x in range(space.count)]
            q = [belief[x] * rows[game[x]][t] for x in range(space.count)]
            good = [x for x in range(space.count) if t not in bad[x]]
            a, c = sum(p[x] for x in good), sum(p) - sum(p[x] for x in good)
            a2, c2 = sum(q[x] for x in good), sum(q) - sum(q[x] for x in good)
            assert a <= e_a * a2 and a2 <= e_a * a
            masses.append((a, c, a2, c2, p, q))
        # Lemma MASS
        assert sum(m[1] for m in masses) <= delta * (1 + kappa)
        assert sum(m[3] for m in masses) <= delta * (1 + kappa)
        b1 = b2 = Fraction(0)
        for a, c, a2, c2, p, q in masses:
            z0, zi = a + c, a2 + c2
            if z0 == 0:
                continue
            if c > g * z0:
                b1 += z0
                continue
            if c2 > g * zi:
                b2 += z0
                continue
            assert zi > 0  # a good output is possible in game i (g < 1)
            sd = _sd([w / z0 for w in p], [w / zi for w in q])
            worst = max(abs(1 / z0 - lam / zi) for lam in (1 / e_a, e_a))
            assert sd <= (a * worst + c / z0 + c2 / zi) / 2  # Lemma SHIFT
            if eps_prime < 1:
                assert (a * worst + c / z0 + c2 / zi) / 2 <= eps_prime  # GOOD
        if g > 0:
            assert b1 <= g * (1 + kappa)
            assert b2 <= g * (1 + kappa) * e_a / (1 - g)
        else:
            assert b1 == b2 == 0


@settings(max_examples=60, deadline=None)
@given(instances())
def test_every_lemma_of_the_proof_holds_exactly(instance) -> None:
    space, rows, y, g, pure, belief, inside = instance
    if inside is None:
        return
    _check(space, rows, y, g, pure, belief, inside, 1 if pure else 2)
    claim = (
        _claim(Closeness.PURE, 1, RATE_5_2) if pure else _claim(Closeness.APPROXIMATE, 2, RATE_5_1)
    )
    eps_prime, delta_prime = brute.at_point(claim, sympy.Rational(y), sympy.Rational(g), space.n)
    exact = [sympy.Rational(b) for b in belief]
    table = [tuple(map(sympy.Rational, row)) for row in rows]
    assert brute.breach_mass(space, table, tuple(exact), eps_prime) <= delta_prime


def test_without_kappa_lemma_mass_fails_somewhere() -> None:
    """The mutated rule (bad outputs of a close pair forgotten: kappa = 0 under (eps, delta)-
    closeness) is false: Lemma BAD with kappa = 0, L_x(U_x u V_x) <= 0 for x in E, fails at a
    seeded instance."""
    found = None
    for space, rows in brute.mechanisms():
        for y, g in itertools.product(brute.RATIOS, brute.ROOTS[1:]):
            inside = brute.close_set(space, rows, y, g**2)
            for x, ok in enumerate(inside):
                if not ok:
                    continue
                for game in space.games:
                    p, q = rows[x], rows[game[x]]
                    u = [t for t in range(len(p)) if q[t] > y**2 * p[t] or q[t] * y**2 < p[t]]
                    if sum(p[t] for t in u) > 0:
                        found = (space, rows, x, y, g)
                        break
    assert found is not None


# --- the decider ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("closeness", "shift", "rate"),
    [(Closeness.PURE, 1, RATE_5_2), (Closeness.APPROXIMATE, 2, RATE_5_1)],
)
def test_the_library_claims_are_proved_and_rechecked(closeness, shift, rate) -> None:
    claim = _claim(closeness, shift, rate)
    verdict = claim.decide(Deadline(300))
    assert verdict.status is Status.PROVED, verdict.reason
    assert verdict.reason == ruletext._posterior_shift(claim)
    assert verdict.method == ruletext.POSTERIOR_SHIFT_METHOD == ps.METHOD
    assert claim.roles == ruletext.POSTERIOR_SHIFT_ROLES
    assert brute.agrees(claim, "proved")[0]


def test_the_mutants_are_not_proved_and_delta_zero_fails_brute_force() -> None:
    claim = _claim(Closeness.PURE, 1, RATE_5_2)
    mutants = enumerate_mutants(claim, "t").mutants
    assert [m.id for m in mutants] == ["t/eps'-1/100", "t/delta'/2", "t/delta'=0"]
    for mutant in mutants:
        assert mutant.build().decide(Deadline(120)).status is not Status.PROVED
    ok, said = brute.agrees(mutants[-1].build(), "proved")
    assert not ok and "breach mass" in said


def test_kappa_dropped_is_not_proved() -> None:
    claim = _claim(Closeness.APPROXIMATE, 2, RATE_5_1)
    ids = [m.id for m in enumerate_mutants(claim, "t").mutants]
    assert "t/drop kappa" in ids
    dropped = _claim(Closeness.APPROXIMATE, 2, "1 + 2*exp(2*eps)")
    assert dropped.decide(Deadline(120)).status is Status.UNKNOWN


@pytest.mark.parametrize(
    ("closeness", "shift", "eps_prime", "delta_prime", "says"),
    [
        (Closeness.APPROXIMATE, 1, EPS_PRIME, "n*sqrt(delta)", "must be >= 2"),
        (Closeness.PURE, 0, EPS_PRIME, "n*sqrt(delta)", "integer >= 1"),
        (Closeness.PURE, 1, EPS_PRIME, "n**2*sqrt(delta)", "times an expression free of n"),
        (Closeness.PURE, 1, "n*eps", "n*sqrt(delta)", "may not depend on n"),
        (Closeness.PURE, 1, "exp(eps/2)", "n*sqrt(delta)", "j an integer"),
        (Closeness.PURE, 1, "log(1 + eps)", "n*sqrt(delta)", "rational function"),
        (Closeness.PURE, 1, "delta**(1/4)", "n*sqrt(delta)", "power of sqrt"),
        (Closeness.PURE, 1, "nan", "n*sqrt(delta)", "not a finite expression"),
        (Closeness.PURE, 1, EPS_PRIME, "n*oo", "not a finite expression"),
    ],
)
def test_the_builder_refuses_what_the_rule_does_not_read(
    closeness, shift, eps_prime, delta_prime, says
) -> None:
    with pytest.raises(InvalidClaim, match=says):
        posterior_shift_claim(EPS, DELTA, N, eps_prime, delta_prime, closeness, shift)


def test_a_parameter_named_as_the_rules_own_symbol_is_refused() -> None:
    """eps named y was read as e^eps (eps' = y proved as e^eps): failed before the fix."""
    y = sympy.Symbol("y", positive=True)
    with pytest.raises(InvalidClaim, match="the rule's own"):
        posterior_shift_claim(y, DELTA, N, "y", "n*sqrt(delta)*(1 + 2*exp(y))", Closeness.PURE, 1)


@pytest.mark.parametrize(
    ("file", "theorem", "where"),
    [("ks_corollary5_2.py", "ks.corollary5_2", 1), ("ks_section4_5.py", "ks.theorem5_1", None)],
)
def test_the_theorem_files_use_the_rule(file: str, theorem: str, where: int | None) -> None:
    folder = Path(__file__).parents[2] / "theorems" / "kasiviswanathan_smith"
    module = import_theorem_file(folder / file)
    spec = {s.id: s for s in getattr(module, REGISTRY_ATTRIBUTE)}[theorem]
    claim = spec.build()
    claim = claim if where is None else claim.parts[where]
    assert type(claim).__name__ == "PosteriorShiftClaim"
    assert str(claim.eps_prime) == "2*sqrt(delta) + exp(3*eps) - 1"

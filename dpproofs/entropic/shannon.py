"""Shannon-type certificates: a linear inequality of entropies as a non-negative combination of
the elemental inequalities and the hypotheses (Yeung 1997; docs/design/shannon.md, rule SH).

Coordinates: h(S) = H(X_S) for the non-empty sets S of the claim's variables N, and the
parameters. The elemental inequalities of N (n = |N|) are

    H(X_i | X_{N - i}) >= 0                     for each i              (n of them)
    I(X_i; X_j | X_K) >= 0                      for i < j, K in N - {i, j}   (C(n,2) 2^(n-2))

A certificate for f >= 0 (f = rhs - lhs of the target, affine in the coordinates and
parameters) under hypotheses g_j >= 0 (inequalities) and q_k = 0 (equalities) is
lambda_e >= 0, mu_j >= 0, nu_k (any sign), all rational, with, coefficient-wise exactly,

    lin(f) = sum_e lambda_e e + sum_j mu_j lin(g_j) + sum_k nu_k lin(q_k)
    const(f) >= sum_j mu_j const(g_j) + sum_k nu_k const(q_k)

The multipliers are SEARCHED by a linear program in floats (scipy's HiGHS, a fixed objective:
the sum of the multipliers); they are then made rational (rounded, or solved exactly on the
float solution's support) and only :func:`holds`, in Fractions, decides.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from dpproofs.entropic.terms import H, I, Linear, RandomVariable, Relation, Subset
from dpproofs.shannon_text import term_name

#: Denominators tried when rounding the float multipliers.
ROUNDINGS = (1, 2, 6, 12, 60, 420, 2520, 10**6)
#: A float multiplier below this is off the support.
TINY = 1e-9


@dataclass(frozen=True, slots=True)
class Elemental:
    """An elemental inequality: ``H(i | given)`` (``other`` empty) or ``I(i; other | given)``."""

    first: str
    other: str
    given: tuple[str, ...]

    @property
    def name(self) -> str:
        return term_name(self.first, self.other, self.given)

    def form(self) -> Linear:
        given = tuple(RandomVariable(n) for n in self.given)
        if not self.other:
            return H(RandomVariable(self.first), given=given)
        return I(RandomVariable(self.first), RandomVariable(self.other), given=given)


def elementals(names: Sequence[str]) -> tuple[Elemental, ...]:
    """The elemental inequalities of the variables ``names``, in a fixed order."""
    names = tuple(sorted(names))
    out = [Elemental(i, "", tuple(n for n in names if n != i)) for i in names]
    for i, j in combinations(names, 2):
        rest = [n for n in names if n not in (i, j)]
        for size in range(len(rest) + 1):
            out += [Elemental(i, j, k) for k in combinations(rest, size)]
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Certificate:
    """f >= 0 as sum lambda_e e + sum mu_j g_j (+ slack): the multipliers, rational."""

    elemental: tuple[tuple[Elemental, Fraction], ...]
    hypotheses: tuple[tuple[int, Fraction], ...]


def _keys(forms: Sequence[Linear]) -> list[Subset | str]:
    keys: set[Subset | str] = set()
    for f in forms:
        keys |= set(f.coords) | set(f.params)
    return sorted(
        keys, key=lambda k: (isinstance(k, str), sorted(k) if not isinstance(k, str) else [k])
    )


def _coefficient(form: Linear, key: Subset | str) -> Fraction:
    if isinstance(key, str):
        return form.params.get(key, Fraction(0))
    return form.coords.get(key, Fraction(0))


def holds(
    target: Linear,
    hypotheses: Sequence[Relation],
    certificate: Certificate,
) -> bool:
    """Rule SH's exact check (the module docstring), in Fractions."""
    if any(m < 0 for _, m in certificate.elemental):
        return False
    if any(m < 0 for j, m in certificate.hypotheses if hypotheses[j].kind != "==") or any(
        not 0 <= j < len(hypotheses) for j, _ in certificate.hypotheses
    ):
        return False
    combined = Linear()
    for e, m in certificate.elemental:
        combined = combined + m * e.form()
    constant = Fraction(0)
    for j, m in certificate.hypotheses:
        g = hypotheses[j].difference()
        combined = combined + m * Linear(g.coords, g.params)
        constant += m * g.const
    residue = target - combined
    return not residue.coords and not residue.params and target.const >= constant


def search(
    target: Linear, hypotheses: Sequence[Relation], names: Sequence[str]
) -> Certificate | None:
    """A certificate for ``target >= 0`` found by the LP and checked exactly, or None."""
    import numpy as np
    from scipy.optimize import linprog

    elems = elementals(names)
    hyps = [h.difference() for h in hypotheses]
    columns: list[tuple[str, int, int]] = [("e", i, 1) for i in range(len(elems))]
    for j, h in enumerate(hypotheses):
        columns.append(("h", j, 1))
        if h.kind == "==":
            columns.append(("h", j, -1))
    forms = [elems[i].form() if kind == "e" else hyps[i] for kind, i, _ in columns]
    keys = _keys([target, *forms])
    a_eq = np.array(
        [
            [float(s * _coefficient(f, k)) for f, (_, _, s) in zip(forms, columns, strict=True)]
            for k in keys
        ]
    ).reshape(len(keys), len(columns))
    b_eq = np.array([float(_coefficient(target, k)) for k in keys])
    consts = [
        float(s * f.const) if kind == "h" else 0.0
        for f, (kind, _, s) in zip(forms, columns, strict=True)
    ]
    result = linprog(
        np.ones(len(columns)),
        A_ub=np.array([consts]),
        b_ub=np.array([float(target.const)]),
        A_eq=a_eq,
        b_eq=b_eq,
        bounds=[(0, None)] * len(columns),
        method="highs",
    )
    if result.status != 0:
        return None
    for denominator in ROUNDINGS:
        certificate = _rounded(result.x, columns, elems, denominator)
        if holds(target, hypotheses, certificate):
            return certificate
    return _solved_on_support(target, hypotheses, result.x, columns, elems)


def _certificate(
    values: Sequence[Fraction], columns: Sequence[tuple[str, int, int]], elems: Sequence[Elemental]
) -> Certificate:
    elemental: dict[int, Fraction] = {}
    hyp: dict[int, Fraction] = {}
    for v, (kind, i, s) in zip(values, columns, strict=True):
        table = elemental if kind == "e" else hyp
        table[i] = table.get(i, Fraction(0)) + s * v
    return Certificate(
        tuple((elems[i], m) for i, m in sorted(elemental.items()) if m),
        tuple((j, m) for j, m in sorted(hyp.items()) if m),
    )


def _rounded(x, columns, elems, denominator: int) -> Certificate:  # type: ignore[no-untyped-def]
    values = [
        Fraction(round(float(v) * denominator), denominator) if v > TINY else Fraction(0) for v in x
    ]
    return _certificate(values, columns, elems)


def _solved_on_support(target, hypotheses, x, columns, elems) -> Certificate | None:  # type: ignore[no-untyped-def]
    """The equations of the certificate solved exactly (sympy, rationals) on the columns the
    float solution uses; free unknowns set to the rounded float values."""
    import sympy

    support = [c for c, v in enumerate(x) if v > TINY]
    if not support:
        return None
    hyps = [h.difference() for h in hypotheses]
    forms = [
        elems[columns[c][1]].form() if columns[c][0] == "e" else hyps[columns[c][1]]
        for c in support
    ]
    keys = _keys([target, *forms])
    a = sympy.Matrix(
        [
            [
                sympy.Rational(str(columns[c][2] * _coefficient(f, k)))
                for f, c in zip(forms, support, strict=True)
            ]
            for k in keys
        ]
    )
    b = sympy.Matrix([sympy.Rational(str(_coefficient(target, k))) for k in keys])
    try:
        solution, free = a.gauss_jordan_solve(b)
    except ValueError:
        return None
    guesses = {}
    for row, c in enumerate(support):
        if solution[row] in set(free):
            guesses[solution[row]] = sympy.Rational(Fraction(float(x[c])).limit_denominator(10**6))
    values = [Fraction(0)] * len(columns)
    for row, c in enumerate(support):
        exact = sympy.Rational(solution[row].subs(guesses))
        values[c] = Fraction(int(exact.p), int(exact.q))
    certificate = _certificate(values, columns, elems)
    return certificate if holds(target, hypotheses, certificate) else None

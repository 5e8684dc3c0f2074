"""Shared helpers for the Cuff & Yu theorem files (seed 001_bbdd7f031c172a3e.txt).

Formulas of the seed were lost in extraction; the statements encoded in these files follow the
reconstruction the project made of them, and each theorem's note says so.
"""

from fractions import Fraction as F

import sympy

from dpproofs.algebra import implies
from dpproofs.claim import exact_fact
from dpproofs.continuum import entropy as law_entropy
from dpproofs.errors import InvalidClaim, Undecided
from dpproofs.exact.rigorous import compare
from dpproofs.facts import Facts
from dpproofs.finite.claims import for_each
from dpproofs.symbolic.induction import induction, running_sum

SEED = "001_bbdd7f031c172a3e.txt"
RECONSTRUCTED = "The formula is the project's reconstruction of the lost statement. "


def cite(*ids: str) -> str:
    """The citation: seed file, claim IDs of CLAIMS.md and the statement they name."""
    return f"{SEED}, " + ", ".join(ids)


def iff(alg, a, b):
    """a <=> b in the algebra."""
    return alg.all([implies(alg, a, b), implies(alg, b, a)])


def h(d: sympy.Expr) -> sympy.Expr:
    """Binary entropy in nats, with 0 ln 0 = 0 (exact inputs)."""
    if compare(d, 0) == 0 or compare(d, 1) == 0:
        return sympy.Integer(0)
    return -d * sympy.log(d) - (1 - d) * sympy.log(1 - d)


def grid(denominator: int) -> list[sympy.Rational]:
    """The rationals k/denominator in [0, 1]."""
    return [sympy.Rational(k, denominator) for k in range(denominator + 1)]


def binary_rows(p: sympy.Expr, q: sympy.Expr) -> list[list[sympy.Expr]]:
    """The binary channel with P(Y=1|X=0) = p and P(Y=0|X=1) = q."""
    return [[1 - p, p], [q, 1 - q]]


def fractions(denominator: int) -> list[F]:
    """Fractions k/denominator in (0, 1)."""
    return [F(k, denominator) for k in range(1, denominator)]


# --- exact information measures on finite joint distributions ------------------------------------
#
# Masses are sympy Rationals. ln r of a rational r is written as sum_p e_p ln p over its prime
# factors, so every entropy is a rational combination of logs of primes: identities collapse to
# an exact 0 and inequalities go to the rigorous sign (Arb) of such a combination.


def ln(r: sympy.Rational) -> sympy.Expr:
    """ln r for a positive rational r, as a sum of logs of primes."""
    r = sympy.Rational(r)
    terms = [e * sympy.log(b) for b, e in sympy.factorint(r.p).items()]
    terms += [-e * sympy.log(b) for b, e in sympy.factorint(r.q).items()]
    return sympy.Add(*terms)


Joint = dict[tuple[int, ...], sympy.Rational]


def marginal(joint: Joint, coords: tuple[int, ...]) -> Joint:
    """The marginal of ``joint`` on the coordinates ``coords``."""
    out: Joint = {}
    for cell, mass in joint.items():
        key = tuple(cell[c] for c in coords)
        out[key] = out.get(key, sympy.Integer(0)) + mass
    return out


def entropy(joint: Joint, coords: tuple[int, ...]) -> sympy.Expr:
    """H(X_coords) in nats (0 ln 0 = 0)."""
    return sympy.Add(*(-m * ln(m) for m in marginal(joint, coords).values() if m != 0))


def cmi(
    joint: Joint, a: tuple[int, ...], b: tuple[int, ...], c: tuple[int, ...] = ()
) -> sympy.Expr:
    """I(X_a; X_b | X_c) = H(ac) + H(bc) - H(abc) - H(c)."""
    return (
        entropy(joint, a + c)
        + entropy(joint, b + c)
        - entropy(joint, a + b + c)
        - entropy(joint, c)
    )


def entropy_in(alg, joint: dict, coords: tuple[int, ...]):
    """H(X_coords) of a joint law given as {cell: mass} in the algebra ``alg`` (for the
    continuum decider: the masses are its variables); H of no coordinates is 0."""
    if not coords:
        return 0
    marginal: dict = {}
    for cell, mass in joint.items():
        marginal.setdefault(tuple(cell[c] for c in coords), []).append(mass)
    return law_entropy(alg, [alg.total(m) for m in marginal.values()])


def mi_in(alg, joint: dict, a: tuple[int, ...], b: tuple[int, ...], c: tuple[int, ...] = ()):
    """I(X_a; X_b | X_c) = H(ac) + H(bc) - H(abc) - H(c) in the algebra ``alg``."""
    return (
        entropy_in(alg, joint, a + c)
        + entropy_in(alg, joint, b + c)
        - entropy_in(alg, joint, a + b + c)
        - entropy_in(alg, joint, c)
    )


def _split_log(arg) -> sympy.Expr:
    """ln arg as c + sum_i k_i ln f_i: arg = (cn/cd) prod f_i^k_i / prod g_j^l_j with f_i, g_j
    the irreducible factors of arg's numerator and denominator (sympy.factor_list), valid when
    cn/cd > 0 and every factor is positive by sympy's assumptions (else Undecided)."""
    num, den = sympy.fraction(sympy.together(arg))
    cn, tops = sympy.factor_list(num)
    cd, bottoms = sympy.factor_list(den)
    if not (cn / cd) > 0:
        raise Undecided(f"ln of {arg}: a constant factor {cn / cd} that is not positive")
    total = sympy.log(cn / cd)
    for sign, factors in ((1, tops), (-1, bottoms)):
        for factor, power in factors:
            if factor.is_positive is not True:
                raise Undecided(f"ln of {arg}: the factor {factor} is not positive by construction")
            total += sign * power * sympy.log(factor)
    return total


def log_identity(expr, constraints) -> sympy.Expr:
    """The residue of ``expr`` read as an identity. Each ln(arg) is split into logarithms of the
    irreducible factors of arg's numerator and denominator (:func:`_split_log`: every factor
    positive by sympy's assumptions, so ln(ab) = ln a + ln b and ln(a/b) = ln a - ln b hold);
    ``constraints`` (symbol -> polynomial, e.g. pibar -> 1 - pi) then rewrite the split form,
    logarithms' arguments included (equal values); the coefficient of each remaining ln(atom),
    and the rest, are rational functions (denominators positive), summed exactly in the field
    Q(symbols). expr = 0 wherever the constraints hold when every one reduces to 0; the
    residue returned is 0 then, else the first term (by name) whose coefficient does not."""
    split = expr.replace(sympy.log, _split_log)
    split = sympy.expand(split.subs(constraints))
    groups: dict = {}
    for term in sympy.Add.make_args(split):
        logs = [f for f in sympy.Mul.make_args(term) if f.has(sympy.log)]
        if len(logs) > 1 or (logs and not isinstance(logs[0], sympy.log)):
            return term  # a product or power of logarithms: outside the reading
        key = logs[0] if logs else sympy.Integer(1)
        groups.setdefault(key, []).append(term / key)
    symbols = sorted(split.free_symbols, key=str)
    field = sympy.field(symbols, sympy.QQ)[0] if symbols else None
    for key in sorted(groups, key=str):
        if field is None:
            reduced = sympy.cancel(sympy.Add(*groups[key]))
        else:  # exact arithmetic in the field of rational functions Q(symbols)
            total = field(0)
            for coefficient in groups[key]:
                total += field.from_expr(coefficient)
            reduced = total.as_expr()
        if reduced != 0:
            return reduced * key
    return sympy.Integer(0)


def compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every tuple of ``parts`` non-negative integers summing to ``total``."""
    if parts == 1:
        return [(total,)]
    return [(k, *rest) for k in range(total + 1) for rest in compositions(total - k, parts - 1)]


def simplex_grid(size: int, denominator: int) -> list[tuple[sympy.Rational, ...]]:
    """Every distribution on ``size`` outcomes with masses in (1/denominator) Z."""
    return [
        tuple(sympy.Rational(k, denominator) for k in c) for c in compositions(denominator, size)
    ]


def joint_of(prior: dict[tuple[int, ...], sympy.Rational], rows: dict) -> Joint:
    """P(x, y) = prior(x) rows[x][y], cells (x..., y)."""
    return {(*x, y): px * rows[x][y] for x, px in prior.items() for y in range(len(rows[x]))}


#: The recorder of the exact check being run (see ``stated_check``).
_RECORDERS: list[Facts] = []


def _recorded(kind: str, name: str, value, bound) -> bool:
    if not _RECORDERS:
        raise InvalidClaim(f"{name}: a fact may only be stated inside a check")
    facts = _RECORDERS[-1]
    getattr(facts, kind)(name, value, bound)
    return facts.decided[-1][1]


def fact_le(value, bound) -> bool:
    """States value <= bound; dpproofs decides it rigorously (returns what it decided)."""
    return _recorded("at_most", "<=", value, bound)


def fact_lt(value, bound) -> bool:
    """States value < bound (exact values); dpproofs decides it."""
    return _recorded("less_than", "<", value, bound)


def fact_eq(value, claimed) -> bool:
    """States value = claimed (an exact value or a certified bracket); dpproofs decides it."""
    return _recorded("equal", "=", value, claimed)


def stated_check(check):
    """An exact_fact check built from ``check() -> (holds, observed)`` whose comparisons are
    stated with fact_le / fact_lt / fact_eq. dpproofs' decisions of the stated facts give the
    verdict; the check's own ``holds`` must agree with them (else the check is malformed)."""

    def run(facts: Facts):
        _RECORDERS.append(facts)
        try:
            holds, observed = check()
        finally:
            _RECORDERS.pop()
        if bool(holds) != facts.holds():
            raise InvalidClaim("the check's answer disagrees with the facts it stated")
        return observed

    return run


def grid_fact(statement: str, members: list, check_one):
    """For every member of a finite grid, the exact fact check_one(member) -> (holds, observed),
    whose comparisons are stated facts: a bounded check (verified-bounded over the grid), never a
    proof beyond it."""
    return for_each(
        f"the grid of {len(members)} members",
        [(j,) for j in members],
        lambda j: exact_fact(statement, stated_check(lambda: check_one(j))),
        label=lambda j: (
            str(sorted((str(k), str(v)) for k, v in j.items())) if isinstance(j, dict) else str(j)
        ),
    )


def infinite_ratio(a, b) -> bool:
    """States that some outcome has mass under exactly one of a, b (so no finite eps makes them
    eps-close: the claim's hypothesis fails for this member). Returns True."""
    y = next(i for i, (x, z) in enumerate(zip(a, b, strict=True)) if (x == 0) != (z == 0))
    low, high = sorted((a[y], b[y]))
    return fact_eq(low, 0) and fact_lt(0, high)


def kl(a, b) -> sympy.Expr:
    """D(a || b) for exact rational distributions with b_y > 0 wherever a_y > 0."""
    return sympy.Add(*(x * (ln(x) - ln(y)) for x, y in zip(a, b, strict=True) if x != 0))


def max_ratio(a, b) -> sympy.Rational | None:
    """e^eps = max_y max(a_y/b_y, b_y/a_y), the pure-DP ratio of two rows; None if infinite."""
    best = sympy.Integer(1)
    for x, y in zip(a, b, strict=True):
        if (x == 0) != (y == 0):
            return None
        if x != 0:
            best = max(best, x / y, y / x)
    return best


def tanh_bound(r: sympy.Rational) -> sympy.Expr:
    """eps tanh(eps/2) with e^eps = r: ln r (r - 1)/(r + 1)."""
    return ln(r) * (r - 1) / (r + 1)


def mean_at_most(name: str, bound: sympy.Symbol):
    """For every k >= 1, weights a_j in (0, 1] and reals r_j <= bound: sum a_j = 1 implies
    sum_j a_j r_j <= bound (a mean is at most a bound of its terms), for every k by induction on
    k (docs/design/induction.md) with the invariant sum a_j r_j <= bound sum a_j, sum a_j > 0.
    ``name`` names the running mean."""
    k = sympy.Symbol("k", positive=True)
    a = sympy.Symbol("a", positive=True)
    r = sympy.Symbol("r", real=True)
    mean, mass = running_sum(name, a * r), running_sum("W", a)
    return induction(
        k,
        1,
        sympy.Implies(sympy.Eq(mass.symbol, 1), mean.symbol <= bound),
        sympy.And(mean.symbol <= bound * mass.symbol, mass.symbol > 0),
        [mean, mass],
        each={a: sympy.Interval.Lopen(0, 1), r: sympy.Interval(-sympy.oo, sympy.oo)},
        each_assuming=[r <= bound],
        where={bound: sympy.Interval(-sympy.oo, sympy.oo)},
    )

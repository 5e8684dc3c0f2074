"""Mutual information and mutual-information differential privacy of finite mechanisms.

For an exact channel W and input law p (nats; see :mod:`dpproofs.finite.channel`):

    I(p; W) = sum_{x : p[x] > 0} p[x] D(W_x || pW),   D the vocabulary's kl_divergence.

MI-DP (Cuff & Yu, Definition 2). A mechanism P_{Y | X^n} on databases x^n = (x_1, ..., x_n) in
X_1 x ... x X_n is eps-MI-DP when

    sup over i in [n] and over joint laws P_{X^n} of  I(X_i; Y | X^{-i})  <=  eps   (nats).

For finite alphabets the supremum is a maximum of capacities. Write W[i, r] for the "section"
channel x_i -> P_{Y | X_i = x_i, X^{-i} = r}, the other entries fixed at r. Then

    I(X_i; Y | X^{-i}) = sum_r P(X^{-i} = r) I(P_{X_i | X^{-i} = r}; W[i, r])
                      <= max_r C(W[i, r]),

with equality when P_{X^{-i}} is a point mass on the maximising r and P_{X_i | X^{-i} = r}
achieves C(W[i, r]). Hence  MI-DP(M) = max_{i, r} C(W[i, r]),  and certified bounds on each
section capacity give certified bounds on MI-DP: the maximum of the lower bounds is a lower bound
(it is attained by one section) and the maximum of the upper bounds an upper bound.

The supremum ranges over all P_{X^n} on the product X_1 x ... x X_n, so the mechanism must be
defined on every database of that product; other input sets are rejected.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy

from dpproofs import vocabulary as V
from dpproofs.algebra import EXACT
from dpproofs.errors import InvalidMechanism, Undecided
from dpproofs.exact.bracket import CertifiedBracket
from dpproofs.exact.rigorous import compare, precision
from dpproofs.finite.capacity import CapacityBounds, capacity_bounds_of_rows
from dpproofs.finite.channel import (
    BITS,
    Entry,
    ball_of,
    channel_balls,
    enclose_divergences,
    exact_distribution,
    exact_rows,
    is_zero,
    output_distribution,
    round_down,
    round_up,
)
from dpproofs.finite.mechanism import FiniteMechanism


def mutual_information(p: Sequence[Any], rows: Sequence[Sequence[Any]] | FiniteMechanism) -> Any:
    """I(p; W) = sum_{x : p[x] > 0} p[x] D(W_x || pW), as an exact sympy value.

    Comparisons inside (the support of each row) are decided rigorously by
    :data:`~dpproofs.algebra.EXACT`; the result is a closed form made of logs of the entries. For
    a certified rational bracket use :func:`mutual_information_bracket`.
    """
    channel = exact_rows(rows)
    dist = exact_distribution(p, len(channel))
    q = [sympy.sympify(v) for v in output_distribution(dist, channel)]
    terms = [
        sympy.sympify(px) * V.kl_divergence(EXACT, [sympy.sympify(v) for v in row], q)
        for px, row in zip(dist, channel, strict=True)
        if not is_zero(px)
    ]
    return sympy.Add(*terms)


def mutual_information_bracket(
    p: Sequence[Any], rows: Sequence[Sequence[Any]] | FiniteMechanism
) -> tuple[Fraction, Fraction]:
    """Rationals (lo, hi) with lo <= I(p; W) <= hi, from an Arb enclosure.

    lo is rounded down and hi up (onto a 2^-64 grid), so the bracket always contains the exact
    value; lo is also clamped at 0, which is safe because I(p; W) >= 0.
    """
    channel = exact_rows(rows)
    dist = exact_distribution(p, len(channel))
    with precision(BITS):
        balls = channel_balls(channel)
        information, _ = enclose_divergences([ball_of(v) for v in dist], balls)
    return max(Fraction(0), round_down(information)), round_up(information)


# --- MI-DP --------------------------------------------------------------------------------------

Database = tuple[Hashable, ...]


@dataclass(frozen=True, slots=True)
class Section:
    """The channel x_i -> Y with the other entries fixed at ``rest`` (= x^{-i}).

    ``index`` is i, counted from 0; ``values`` lists X_i in order of first appearance; ``rows``
    holds, for each value, the index of the database (x_i, rest) among the mechanism's inputs.
    """

    index: int
    rest: Database
    values: tuple[Hashable, ...]
    rows: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MIDPBounds(CertifiedBracket):
    """lower <= MI-DP(M) = max_{i, r} C(W[i, r]) <= upper; ``exact`` is the value when found.

    ``attained`` = (i, x^{-i}) is the section whose certified lower bound is ``lower`` (i counts
    from 0; x^{-i} is the database with entry i removed).
    """

    lower: Fraction
    upper: Fraction
    attained: tuple[int, Database]
    exact: sympy.Expr | None = None


def as_databases(databases: Sequence[Any]) -> tuple[Database, ...]:
    """Databases as n-tuples: tuples are kept, other inputs become 1-tuples (n = 1)."""
    if not databases:
        raise InvalidMechanism("a mechanism needs at least one database")
    tuples = [isinstance(d, tuple) for d in databases]
    if all(tuples):
        out = tuple(databases)
    elif not any(tuples):
        out = tuple((d,) for d in databases)
    else:
        raise InvalidMechanism("either every database is a tuple (x_1, ..., x_n) or none is")
    n = len(out[0])
    if n == 0:
        raise InvalidMechanism("a database needs at least one entry (n >= 1)")
    for d in out:
        if len(d) != n:
            raise InvalidMechanism(f"database {d!r} has {len(d)} entries, the first has {n}")
    if len(set(out)) != len(out):
        raise InvalidMechanism("databases must be distinct")
    return out


def mechanism_sections(databases: Sequence[Any]) -> tuple[Section, ...]:
    """Every section (i, x^{-i}) of a mechanism whose inputs are the product X_1 x ... x X_n.

    Raises InvalidMechanism, naming a missing database, when the inputs are not such a product.
    """
    dbs = as_databases(databases)
    n = len(dbs[0])
    alphabets = [tuple(dict.fromkeys(d[i] for d in dbs)) for i in range(n)]
    if len(dbs) != math.prod(len(a) for a in alphabets):
        present = set(dbs)
        missing = next(d for d in itertools.product(*alphabets) if d not in present)
        raise InvalidMechanism(
            f"MI-DP takes a supremum over all laws on X_1 x ... x X_n, but the mechanism has no "
            f"row for the database {missing!r} (inputs must form a product set)"
        )
    position = {d: j for j, d in enumerate(dbs)}
    sections = []
    for i, alphabet in enumerate(alphabets):
        for rest in dict.fromkeys(d[:i] + d[i + 1 :] for d in dbs):
            rows = tuple(position[(*rest[:i], v, *rest[i:])] for v in alphabet)
            sections.append(Section(i, rest, alphabet, rows))
    return tuple(sections)


def mi_dp_bounds(
    rows: Sequence[Sequence[Any]] | FiniteMechanism,
    databases: Sequence[Any] | None = None,
    *,
    gap: float = 1e-9,
    max_iterations: int = 200_000,
    seconds: float = 30.0,
) -> MIDPBounds:
    """Certified bounds on sup_{i, P_{X^n}} I(X_i; Y | X^{-i}) for the mechanism whose row j is the
    output law for ``databases[j]`` (an n-tuple, or any hashable for n = 1). For a
    :class:`FiniteMechanism` the databases default to its inputs.

    Sections with the same rows are solved once; ``seconds`` is shared among the distinct ones.
    """
    if databases is None:
        if not isinstance(rows, FiniteMechanism):
            raise InvalidMechanism("mi_dp_bounds needs the databases of the rows")
        databases = rows.inputs
    channel = exact_rows(rows)
    if len(databases) != len(channel):
        raise InvalidMechanism(f"{len(channel)} rows but {len(databases)} databases")
    sections = mechanism_sections(databases)
    stop_at = time.monotonic() + seconds
    solved: dict[tuple[tuple[Entry, ...], ...], CapacityBounds] = {}
    results: list[tuple[Section, CapacityBounds]] = []
    for section in sections:
        key = tuple(channel[j] for j in section.rows)
        if key not in solved:
            share = max(0.0, stop_at - time.monotonic()) / (len(sections) - len(results))
            solved[key] = capacity_bounds_of_rows(
                key, gap=gap, max_iterations=max_iterations, seconds=share
            )
        results.append((section, solved[key]))
    best_section, best = max(results, key=lambda sb: sb[1].lower)
    upper = max(b.upper for _, b in results)
    exact = _exact_maximum([b for _, b in results])
    if exact is not None:
        upper = min(upper, max(b.upper for _, b in results if b.exact is not None))
    return MIDPBounds(best.lower, upper, (best_section.index, best_section.rest), exact)


def _exact_maximum(bounds: Sequence[CapacityBounds]) -> sympy.Expr | None:
    """max_s C_s exactly, when the largest exactly-known capacity is certainly >= the upper bound
    of every section whose capacity is only bracketed (decided rigorously; else None)."""
    known = [b.exact for b in bounds if b.exact is not None]
    if not known:
        return None
    try:
        best = EXACT.maximum(known)
        if any(compare(best, b.upper) < 0 for b in bounds if b.exact is None):
            return None
    except Undecided:
        return None
    result: sympy.Expr = best
    return result

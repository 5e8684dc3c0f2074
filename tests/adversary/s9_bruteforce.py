"""The session 9 adversary's own brute force of rule PS's setting (docs/design/posterior_shift.md):
exact rational mechanisms on D^n, beliefs, the close set E and the semantic breach mass, with
``fractions.Fraction`` only (no dpproofs code: the answers of the rule are checked against it).

Setting. D = {0, ..., m - 1} with default 0, databases D^n (tuples), x_{-i} = x with entry i set
to 0. A mechanism is a dict x -> row (a law on the outputs 0..k-1). For y = e^eps and slack d,
A(x), A(x') are (eps, d)-indistinguishable iff max over sets S of P(S) - y Q(S) <= d both ways,
and that max is sum_t max(0, P_t - y Q_t) (S = the outputs where the difference is positive).
E = {x : every Hamming neighbour x' has A(x), A(x') (eps, d)-indistinguishable}.

Game 0 posterior at t: b(x) L_x(t)/Z0(t); game i: b(x) L_{x_{-i}}(t)/Zi(t). The breach mass at
level c is the sum over outputs t with Z0(t) > 0 and, for some i, Zi(t) = 0 or
SD(b0[.|t], bi[.|t]) > c, of Z0(t) (Z0 is the law of t when x ~ b and t ~ A(x)).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction as F

Row = tuple[F, ...]
Db = tuple[int, ...]


def databases(m: int, n: int) -> list[Db]:
    return list(itertools.product(range(m), repeat=n))


def minus(x: Db, i: int) -> Db:
    return (*x[:i], 0, *x[i + 1 :])


def neighbours(x: Db, m: int) -> Iterator[Db]:
    for i, v in enumerate(x):
        for w in range(m):
            if w != v:
                yield (*x[:i], w, *x[i + 1 :])


def excess(p: Row, q: Row, y: F) -> F:
    """max over sets S of P(S) - y Q(S)."""
    return sum((max(F(0), a - y * b) for a, b in zip(p, q, strict=True)), F(0))


def close(p: Row, q: Row, y: F, d: F) -> bool:
    return excess(p, q, y) <= d and excess(q, p, y) <= d


def close_set(rows: dict[Db, Row], m: int, y: F, d: F) -> set[Db]:
    return {x for x in rows if all(close(rows[x], rows[z], y, d) for z in neighbours(x, m))}


def sd(p: Sequence[F], q: Sequence[F]) -> F:
    return sum((abs(a - b) for a, b in zip(p, q, strict=True)), F(0)) / 2


@dataclass(frozen=True)
class Output:
    """One output t and one game i: the masses p_x, q_x and whether it breaches at c."""

    z0: F
    zi: F
    breach: bool


def game(rows: dict[Db, Row], belief: dict[Db, F], i: int, t: int, c: F) -> Output:
    xs = list(rows)
    p = [belief[x] * rows[x][t] for x in xs]
    q = [belief[x] * rows[minus(x, i)][t] for x in xs]
    z0, zi = sum(p, F(0)), sum(q, F(0))
    if z0 == 0:
        return Output(z0, zi, False)
    if zi == 0:
        return Output(z0, zi, True)
    return Output(z0, zi, sd([a / z0 for a in p], [b / zi for b in q]) > c)


def breach_mass(rows: dict[Db, Row], belief: dict[Db, F], n: int, c: F) -> F:
    outputs = len(next(iter(rows.values())))
    total = F(0)
    for t in range(outputs):
        results = [game(rows, belief, i, t, c) for i in range(n)]
        if any(r.breach for r in results):
            total += results[0].z0
    return total


def law(weights: Sequence[int]) -> Row:
    s = sum(weights)
    return tuple(F(w, s) for w in weights)


def mechanism(rng: random.Random, m: int, n: int, outputs: int) -> dict[Db, Row]:
    """Rows near a common row (some outputs rare) and some far rows, so that E is often a
    proper subset and some game finds an output impossible."""
    base = [rng.randint(10, 60) for _ in range(outputs)]
    base[rng.randrange(outputs)] = rng.choice((0, 1, 2))
    rows = {}
    for x in databases(m, n):
        kind = rng.random()
        if kind < 0.06:
            weights = [0] * outputs
            weights[rng.randrange(outputs)] = 1
        elif kind < 0.12:
            weights = [rng.randint(0, 6) for _ in range(outputs)]
            weights[rng.randrange(outputs)] += 1
        else:
            weights = [b * rng.choice((20, 21, 22, 24)) for b in base]
            if rng.random() < 0.3:
                weights[rng.randrange(outputs)] += rng.randint(0, 3)
        rows[x] = law(weights)
    return rows


def beliefs(rng: random.Random, inside: set[Db], xs: Sequence[Db], delta: F) -> Iterator[dict]:
    """Beliefs with b[E] >= 1 - delta: mass 1 - delta (or 1) on E, the rest outside E."""
    others = [x for x in xs if x not in inside]
    members = [x for x in xs if x in inside]
    if not members:
        return
    for outside in {delta if others else F(0), F(0)}:
        for _ in range(2):
            belief = {x: F(0) for x in xs}
            for group, mass in ((members, 1 - outside), (others, outside)):
                if not group:
                    continue
                weights = [rng.choice((0, 1, 1, 2, 5)) for _ in group]
                if sum(weights) == 0:
                    weights[0] = 1
                for x, w in zip(group, weights, strict=True):
                    belief[x] = mass * F(w, sum(weights))
            yield belief

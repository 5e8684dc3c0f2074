"""The small-model theorem made constructive: shrink an instance to few outcomes, exactly.

Given columns c_x in Q^m_{>=0} (x = 1..n, each row sum_x c_x[i] = 1), sum functions g_1..g_K
(positively homogeneous of degree 1) and a set W of witness columns, :func:`reduce_columns`
returns weights l_x >= 0 such that, with c'_x = l_x c_x on the support of l,

    sum_x c'_x = (1, ..., 1),   sum_x g_j(c'_x) = sum_x g_j(c_x)  (j = 1..K),
    every witness keeps a positive weight,   |support| <= m + K + max(|W| - 1, 0),

where zero columns are dropped first (a zero witness is returned separately by the caller's
accounting: see :mod:`dpproofs.search.shape`). Each step moves l along a null vector d of the
constraint matrix (rows: the m row sums, the K sums, l_w = 1 for the witnesses but the first),
oriented so that the first witness does not decrease, until a weight reaches 0; d always has a
negative entry because sum_x d_x c_x = 0 with nonzero c_x >= 0 forces d = 0 when d >= 0.

With an ``objective`` (a further sum g_0 and a direction, +1 to increase it, -1 to decrease it:
the monotone rule of :mod:`dpproofs.search.shape`), g_0 is not kept but moved only in that
direction, every witness is kept at weight 1, and each step is oriented so that g_0 does not
move the other way: |support| <= m + K + |W|, with K the kept sums (one fewer than the sums the
claim mentions, g_0 being one of them).

All arithmetic is in Fractions: this is the proof of the theorem run on an instance, used by the
tests to check the bound on random counterexamples. It is not used to decide claims.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

Column = tuple[Fraction, ...]


def reduce_columns(
    columns: Sequence[Column],
    sums: Sequence[Callable[[Column], Fraction]],
    witnesses: Sequence[int] = (),
    objective: tuple[Callable[[Column], Fraction], int] | None = None,
) -> dict[int, Fraction]:
    """Weights {x: l_x > 0} on a support of at most m + K + max(|W| - 1, 0) nonzero columns
    (m + K + |W| with an objective)."""
    support = [x for x, c in enumerate(columns) if any(c)]
    kept = [w for w in witnesses if w in support]
    weights = {x: Fraction(1) for x in support}
    values = {x: [g(columns[x]) for g in sums] for x in support}
    goal = {x: objective[0](columns[x]) for x in support} if objective else {}
    fixed = kept if objective else kept[1:]
    while True:
        matrix = [[columns[x][i] for x in support] for i in range(len(columns[0]))]
        matrix += [[values[x][j] for x in support] for j in range(len(sums))]
        matrix += [[Fraction(x == w) for x in support] for w in fixed]
        d = _null_vector(matrix, len(support))
        if d is None:
            return weights
        if objective:
            change = sum(goal[x] * v for x, v in zip(support, d, strict=True))
            if change * objective[1] < 0:
                d = [-v for v in d]
        elif kept and d[support.index(kept[0])] < 0:
            d = [-v for v in d]
        step = min(weights[x] / -v for x, v in zip(support, d, strict=True) if v < 0)
        for x, v in zip(support, d, strict=True):
            weights[x] += step * v
        support = [x for x in support if weights[x] != 0]
        weights = {x: weights[x] for x in support}


def _null_vector(rows: list[list[Fraction]], n: int) -> list[Fraction] | None:
    """A nonzero d with rows . d = 0 (exact Gauss-Jordan), or None when the kernel is {0}."""
    a = [list(r) for r in rows]
    pivots: list[int] = []
    r = 0
    for col in range(n):
        pivot = next((i for i in range(r, len(a)) if a[i][col] != 0), None)
        if pivot is None:
            continue
        a[r], a[pivot] = a[pivot], a[r]
        inv = 1 / a[r][col]
        a[r] = [v * inv for v in a[r]]
        for i in range(len(a)):
            if i != r and a[i][col] != 0:
                f = a[i][col]
                a[i] = [vi - f * vr for vi, vr in zip(a[i], a[r], strict=True)]
        pivots.append(col)
        r += 1
    free = next((c for c in range(n) if c not in pivots), None)
    if free is None:
        return None
    d = [Fraction(0)] * n
    d[free] = Fraction(1)
    for i, col in enumerate(pivots):
        d[col] = -a[i][free]
    return d

"""Information notions written for enclosures on the closed simplex (any algebra with ``log``).

Each is written as sums of t ln t terms of non-negative masses wherever the usual form divides
by a mass that may be 0, so that it is continuous (and enclosed) up to the simplex's boundary:

    entropy(p)                 H(P)   = - sum_y p_y ln p_y                       (0 ln 0 = 0)
    mutual_information(w, W)   I(X;Y) = H(P_X) + H(P_Y) - H(P_XY),  P_XY(x, y) = w_x W(y|x)

The identity I(X;Y) = sum_{x,y} P_XY ln(P_XY / (P_X P_Y)) = H(P_X) + H(P_Y) - H(P_XY) is the
expansion of the logarithm of a quotient (terms with P_XY = 0 vanish on both sides). KL, total
variation, E_gamma and Renyi divergences come from :mod:`dpproofs.vocabulary` (KL is enclosed
where q > 0: its terms p ln(p/q) are XLogY terms).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def entropy(alg: Any, p: Sequence[Any]) -> Any:
    """H(P) = -sum_y p_y ln p_y, in nats."""
    return alg.total(-(x * alg.log(x)) for x in p)


def mutual_information(alg: Any, prior: Sequence[Any], rows: Sequence[Sequence[Any]]) -> Any:
    """I(X; Y) = H(P_X) + H(P_Y) - H(P_XY) for X ~ prior, Y | X = x ~ rows[x]."""
    joint = [w * r for w, row in zip(prior, rows, strict=True) for r in row]
    output = [
        alg.total(w * row[y] for w, row in zip(prior, rows, strict=True))
        for y in range(len(rows[0]))
    ]
    return entropy(alg, prior) + entropy(alg, output) - entropy(alg, joint)


def total_variation(alg: Any, p: Sequence[Any], q: Sequence[Any]) -> Any:
    """TV(P, Q) = sum_y (p_y - q_y)^+."""
    return alg.total(alg.pos(a - b) for a, b in zip(p, q, strict=True))

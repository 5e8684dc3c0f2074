"""Float search for a capacity-achieving input law: search only, it never decides anything.

C(W) = max_p I(p; W) is concave in p; its maximisers are the laws p with

    D(W_x || pW) = C  for every x with p[x] > 0,    D(W_x || pW) <= C  otherwise

(Kuhn-Tucker; Cover-Thomas 13.8). :func:`iterate` runs an accelerated Blahut-Arimoto ascent and
:func:`polish` Newton's method on those equalities. Their output is only a candidate:
:mod:`dpproofs.finite.capacity` rounds it to an exact law and certifies both bounds in Arb.
"""

from __future__ import annotations

import math
import time

import numpy as np


def _divergences(law: np.ndarray, w: np.ndarray, neg_entropy: np.ndarray) -> np.ndarray:
    """D(W_x || law W) for every x, in floats."""
    q = law @ w
    log_q = np.log(np.where(q > 0, q, 1.0))
    result: np.ndarray = neg_entropy - np.where(w > 0, w * log_q, 0.0).sum(axis=1)
    return result


def float_gap(law: np.ndarray, w: np.ndarray, neg_entropy: np.ndarray) -> float:
    """max_x D(W_x || law W) - I(law; W), in floats (+oo when some divergence is infinite)."""
    q = law @ w
    if np.any((q <= 0) & (w > 0).any(axis=0)):
        return math.inf
    d = _divergences(law, w, neg_entropy)
    return float(d.max() - law @ d)


def iterate(
    p: np.ndarray,
    w: np.ndarray,
    neg_entropy: np.ndarray,
    target: float,
    budget: int,
    stop_at: float,
) -> tuple[np.ndarray, int]:
    """Accelerated BA until max_x D(W_x || pW) - I(p; W) <= target (floats, search only).

    A step is p <- p exp(mu D) / Z (mu = 1 is Blahut-Arimoto, which never decreases I). Larger
    mu is tried first and kept while it increases I; otherwise mu falls back towards 1. This
    helps most on nearly useless channels, where plain BA crawls.
    """

    def step(law: np.ndarray, d: np.ndarray, mu: float) -> np.ndarray:
        new = law * np.exp(mu * (d - d.max()))
        new = np.maximum(new / new.sum(), 1e-300)
        result: np.ndarray = new / new.sum()
        return result

    steps, mu = 0, 1.0
    d = _divergences(p, w, neg_entropy)
    while steps < max(budget, 0):
        information = float(p @ d)
        if d.max() - information <= target:
            break
        candidate = step(p, d, mu)
        d_candidate = _divergences(candidate, w, neg_entropy)
        if mu > 1.0 and float(candidate @ d_candidate) < information:
            mu = max(1.0, mu / 4)
            candidate = step(p, d, mu)
            d_candidate = _divergences(candidate, w, neg_entropy)
        else:
            mu = min(mu * 2, 1e6)
        p, d = candidate, d_candidate
        steps += 1
        if steps % 256 == 0 and time.monotonic() >= stop_at:
            break
    return p, steps


def polish(p: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Newton's method on the optimality conditions restricted to a support S:

        D(W_x || pW) = C for x in S,   sum_{x in S} p[x] = 1,   p[x] = 0 off S,

    with dD(W_x || pW)/dp[j] = -sum_y W[x][y] W[j][y] / pW[y]. S starts as {x : p[x] > 1e-9};
    an input that a Newton step would drive to <= 0 leaves S (a small active-set method). BA
    converges linearly at best, and slowly when some D(W_x || pW) is close to C off the optimal
    support; Newton converges quadratically. The result is only a candidate: the caller keeps
    whichever law has the smaller float gap, and certifies it exactly.
    """
    support = list(np.flatnonzero(p > 1e-9))
    while len(support) >= 2:
        x, leaving = _newton(p[support] / p[support].sum(), w[support])
        if leaving is None:
            out = np.zeros_like(p)
            out[support] = x
            return out
        del support[leaving]
    return p


def _newton(x: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, int | None]:
    """Newton steps for the conditions above on the rows ``w``; (law, None) when done, or
    (law, j) when the step would make entry j non-positive (j should leave the support)."""
    w = w[:, w.sum(axis=0) > 0]
    k = len(x)
    log_w = np.where(w > 0, np.log(np.where(w > 0, w, 1.0)), 0.0)
    for _ in range(30):
        q = x @ w
        d = (w * (log_w - np.log(q))).sum(axis=1)
        c = float(x @ d)
        residual = np.append(d - c, x.sum() - 1.0)
        if np.abs(residual).max() < 1e-15:
            break
        jacobian = np.zeros((k + 1, k + 1))
        jacobian[:k, :k] = -(w / q) @ w.T
        jacobian[:k, k] = -1.0
        jacobian[k, :k] = 1.0
        try:
            delta = np.linalg.solve(jacobian, -residual)[:k]
        except np.linalg.LinAlgError:
            break
        if np.any(x + delta <= 0):
            return x, int(np.argmin((x + delta) / x))
        x = x + delta
    return x / x.sum(), None

"""Mutants of a convexity claim CV-TV (docs/design/convexity.md, :mod:`dpproofs.finite.convexity`).

Each mutant is the claim rebuilt from edited data, so its obligations are derived again:
``bound*9/10`` and ``bound*1/2`` (the conclusion tightened: false for the ROWS form at k = 2 with
the prior on the other row; for the JOINT form the worst case is (1 - 1/k) delta, so 1/2 is false
from k = 3 on), and ``delta>=-1`` (delta's domain widened below 0: false with one input, where the
hypothesis is empty and TV(W_0, P_Y) = 0 > delta). The judge is the brute force of
:mod:`dpproofs.recheck.convexity` (k <= 4 inputs, n <= 4 outputs): a PROVED mutant it contradicts
is UNSOUND.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any

import sympy

Edit = tuple[str, str, str, Callable[[], Any]]


def edits(claim: Any) -> Iterator[Edit]:
    """The edits of the module docstring, in that order."""
    from dpproofs.finite.convexity import mixture_tv_claim

    where = dict(claim.where)
    for factor in (sympy.Rational(9, 10), sympy.Rational(1, 2)):
        yield (
            f"bound*{factor}",
            "constant",
            f"{claim.bound} -> {factor * claim.bound}",
            functools.partial(
                mixture_tv_claim, claim.form, claim.delta, factor * claim.bound, where
            ),
        )
    yield (
        "delta>=-1",
        "domain",
        f"{claim.delta} in {where[claim.delta]} -> [-1, 1]",
        functools.partial(
            mixture_tv_claim, claim.form, claim.delta, claim.bound, {claim.delta: "[-1, 1]"}
        ),
    )

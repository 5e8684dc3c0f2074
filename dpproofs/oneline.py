"""One-line checks: decide a scalar inequality written as text.

    check("exp(x) >= 1 + x", where="x: (-oo, oo)")                  -> PROVED
    check("exp(x) <= 1 + x + x**2/2", where={"x": "(0, oo)"})       -> REFUTED at x = ...

The statement is read by the one reader of text, :func:`dpproofs.symbolic.written.read_formula`
(as ``holds("...")``, ``check-proof --assume`` and mechanism entries read it): sympy's evaluation
off, so ``sqrt(x)**2 >= x`` keeps the definedness of ``sqrt(x)``; comparisons joined by ``and``,
``or``, ``not``; numbers exact (``0.1`` is 1/10); no code runs. Every other name is a real
parameter; ``where`` gives domains (``"x: (0, oo)"``, several separated by ``;``), unnamed
parameters range over all reals; ``assume`` adds hypotheses written the same way. The verdict is
that of :func:`dpproofs.symbolic.holds`, decided within ``timeout`` seconds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from dpproofs.errors import InvalidClaim

if TYPE_CHECKING:  # sympy is imported on first use, so `import dpproofs` stays light
    from dpproofs.verdict import Verdict

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def parse_where(where: str | Mapping[str, str] | Iterable[str]) -> dict[str, str]:
    """``"x: (0, oo); y: [0, 1]"`` (or a list of such, or a mapping) as name -> interval text."""
    if isinstance(where, Mapping):
        return {str(k): str(v) for k, v in where.items()}
    items = [where] if isinstance(where, str) else list(where)
    domains: dict[str, str] = {}
    for item in items:
        for entry in item.split(";"):
            if not entry.strip():
                continue
            name, colon, interval = entry.partition(":")
            if not colon or not _NAME.fullmatch(name.strip()):
                raise InvalidClaim(f"{entry.strip()!r}: write a domain as 'x: (0, oo)'")
            domains[name.strip()] = interval.strip()
    return domains


def check(
    statement: str,
    where: str | Mapping[str, str] | Iterable[str] = (),
    assume: str | Iterable[str] = (),
    timeout: float | None = 30.0,
) -> Verdict:
    """Decide "for all parameters in their domains with the assumptions: statement".

    >>> from dpproofs import check
    >>> check("exp(x) >= 1 + x", where="x: (-oo, oo)").status.value
    'proved'
    >>> check("exp(x) <= 1 + x + x**2/2", where="x: (0, oo)").status.value
    'refuted'
    """
    from dataclasses import replace

    from dpproofs.deadline import Deadline
    from dpproofs.symbolic import holds

    assumptions = [assume] if isinstance(assume, str) else list(assume)
    domains = parse_where(where)
    claim = holds(statement, where=domains, assuming=assumptions)
    verdict = claim.decide(Deadline(timeout))
    return replace(verdict, statement=_said(statement, domains, assumptions))


def _said(statement: str, domains: Mapping[str, str], assumptions: list[str]) -> str:
    """``statement for x: (0, oo); y: [0, 1] assuming a and b``, as the shell's check says it."""
    said = statement
    if domains:
        said += " for " + "; ".join(f"{k}: {v}" for k, v in domains.items())
    if assumptions:
        said += " assuming " + " and ".join(assumptions)
    return said

"""What a report says around a small-model record, against what recheck re-derives.

A lifted verdict is read by people through its status, method, reason (or coverage) and
certificate, not through its evidence record. So for a small-model piece, from the claim
rebuilt from its theorem file and the record (whose numbers :mod:`.certificates` and
:mod:`.smallmodel` check against the formula), recheck writes again with the shared writer
(:mod:`dpproofs.lifted`, text only) and compares:

* the piece's status: "proved", or "verified-bounded" when a parameter is pinned to chosen
  points (the lifting then covers those points only);
* for the whole claim (part ()): the method is the lifted method; the reason names every
  finite alphabet and each parameter's domain as the file states it (a pinned lifting: the
  coverage does); the certificate contains, in order, the reduction's lines (m and N*; per part
  m, K, e, its bound and rule, its growth rule with its precondition), the line naming the
  unsat sizes, and (for a claim with no inner objects) the line saying that the lifting is of
  the traced formula and at which sizes the predicate was compared with it (the searched ones
  and :func:`dpproofs.lifted.guard_sizes`).

Any difference fails the piece. Conjunction parts' texts are the whole verdict's and are not
compared here.
"""

from __future__ import annotations

from typing import Any

from dpproofs import lifted as text
from dpproofs.evidence import SmallModel
from dpproofs.recheck.pieces import Piece


def told(piece: Piece, claim: Any, record: SmallModel) -> str:
    """'' when the report says what the record and the claim give (module docstring), else
    the first difference."""
    q = claim.quantifier
    pinned = [n for n, d in q.params if d.pinned or d.exp_value is not None]
    status = "verified-bounded" if pinned else "proved"
    if piece.status != status:
        at = f" ({', '.join(pinned)} at chosen points)" if pinned else ""
        return f"the small-model piece says {piece.status}; a lifting{at} is {status}"
    if piece.part != ():
        return ""
    if piece.method != text.LIFTED_METHOD:
        return f"the method {piece.method!r} is not the lifting's {text.LIFTED_METHOD!r}"
    domains = [text.describe_domain(n, d) for n, d in q.params]
    if pinned:
        want = text.pinned_coverage(q.what, q.size_name, record.n_star, domains, pinned)
        if piece.coverage != want:
            return f"the coverage {piece.coverage!r} is not the lifting's {want!r}"
    else:
        shapes = q.shapes(record.n_star).values()
        mechanisms = any(s.text.startswith("mechanism") for s in shapes)
        want = text.proved_reason(q.what, q.size_name, domains, mechanisms)
        if piece.reason != want:
            return f"the reason {piece.reason!r} is not the lifting's {want!r}"
    inner = bool(getattr(claim, "inner", ()))
    return _in_order(piece.certificate, _lines(record, q.size_name, inner))


def _lines(record: SmallModel, size_name: str, inner: bool) -> list[tuple[str, bool]]:
    """The certificate lines the record gives, each with whether only its start is fixed."""
    out = [(text.head_line(record.rows, record.n_star), False)]
    for i, part in enumerate(record.parts, 1):
        rule = "merge" if part.merged else "monotone" if part.monotone else "sums"
        rows = record.rows if part.rows is None else part.rows
        out.append((text.part_line(i, rows, part.sums, part.families, part.bound, rule), False))
        growth = part.growth or "none"
        if growth in text.GROWTH_WHY:
            out.append((text.growth_line(growth, text.GROWTH_WHY[growth]), False))
        else:  # "none" says why not in the formula's own words
            out.append((f"  growth: {text.GROWTH_TEXT[growth]} (", True))
    stuck = [p.bound for p in record.parts if p.growth == "none"]
    unsat = text.unsat_line(record.unsat_size, record.n_star, size_name, max(stuck, default=None))
    out.append((unsat, False))
    if not inner and record.searched is not None:
        sizes = {*record.searched, *text.guard_sizes(record.searched, record.n_star)}
        out.append((text.guard_line(sorted(sizes), size_name), False))
    return out


def _in_order(certificate: tuple[str, ...], wanted: list[tuple[str, bool]]) -> str:
    """'' when every wanted line is in the certificate, in order; else the first missing."""
    at = 0
    for line, prefix in wanted:
        while at < len(certificate) and not (
            certificate[at].startswith(line) if prefix else certificate[at] == line
        ):
            at += 1
        if at == len(certificate):
            return f"the certificate does not say {line!r} (in its place)"
        at += 1
    return ""

"""A bounded search over the statement's whole domain (``.whole(phrase)``), replayed as a proof.

A search claim may declare that its sizes ARE the statement's domain (Cuff and Yu's "For a binary
channel ...": 2 inputs, 2 outputs, nothing else exists for it); its z3 unsat at every one of
them, every parameter over its whole interval, is then PROVED (docs/search.md, "The statement's
whole domain"). The rechecker re-solves the sizes (:func:`dpproofs.recheck.certificates.bounded`)
and here checks, from the claim rebuilt from its file and its declaration, without the search:

* the declared phrase starts a sentence or clause of the theorem's ``quote=``, has at least 3
  words and names every size searched (:mod:`dpproofs.wholephrase`: the statement
  fixes the sizes, as far as that can be read mechanically);
* the sizes re-solved are exactly the claim's sizes (no size of the domain left out);
* a whole verdict's method is :data:`dpproofs.lifted.WHOLE_METHOD`, its reason the text
  :func:`dpproofs.lifted.whole_domain_reason` writes for the claim and its sizes, and its
  certificate lines the ones the search writes: "the statement's domain is <coverage>, declared
  by its phrase '<phrase>'; no other size exists for it", then one line per recorded size, in
  order, "<size> <size_name>: z3 unsat[, outcomes sorted (invariance X)] (<seconds> s)" (the
  sorting read off the record's encoding; the seconds, a run's timing, any two-decimal number).

Then the piece supports "proved". A claim that declares nothing, or whose parameters are pinned
to chosen points (``pinned`` or ``log_of``: the run then does not call it the whole domain and
the lifting or the bounded coverage speaks), supports "verified-bounded" (a reported "proved"
is then not derived, and the recheck fails).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from dpproofs.lifted import WHOLE_METHOD, whole_domain_reason
from dpproofs.recheck.claims import declared
from dpproofs.recheck.pieces import Piece
from dpproofs.wholephrase import problem, quoted


def whole_domain(piece: Piece, claim: Any, listed: Sequence[int]) -> tuple[bool, str]:
    """(True, "") when ``claim`` declares no whole domain (a bounded search); (True, why) when it
    does and every condition above holds (the piece then supports "proved"); (False, why) when
    it declares one that does not hold (the piece fails)."""
    quantifier = claim.quantifier
    phrase = getattr(quantifier, "whole_domain", "")
    if not phrase or any(d.pinned or d.exp_value is not None for _, d in quantifier.params):
        return True, ""
    quote = declared(piece.file, piece.theorem).quote
    wrong = problem(phrase, quantifier.sizes)
    if wrong or not quoted(phrase, quote):
        return False, (
            f"the declared whole domain {phrase!r} is not a phrase of the quote that starts a "
            f"sentence or clause and names its sizes{': ' + wrong if wrong else ''}"
        )
    if sorted(listed) != sorted(quantifier.sizes):
        return False, (
            f"sizes {sorted(listed)} re-solved, but the statement's domain is "
            f"{sorted(quantifier.sizes)}"
        )
    coverage = claim.coverage_text(listed)
    said = whole_domain_reason(phrase, coverage)
    if piece.part == ():
        if piece.reason != said:
            return False, f"the reason {piece.reason!r} is not {said!r}"
        if piece.method != WHOLE_METHOD:
            return False, f"the method {piece.method!r} is not {WHOLE_METHOD!r}"
        wrong = _certificate(piece, phrase, coverage)
        if wrong:
            return False, wrong
    return True, f"the statement's whole domain ('{phrase}', quoted)"


_SORTED = re.compile(r"; outcomes sorted \(invariance ([^()]*)\)$")


def _certificate(piece: Piece, phrase: str, coverage: str) -> str:
    """ "" when the piece's certificate lines are the search's (module docstring), else why not."""
    lines = list(piece.certificate)
    first = (
        f"the statement's domain is {coverage}, declared by its phrase '{phrase}'; no other "
        "size exists for it"
    )
    rows = piece.record.get("sizes")
    noun = piece.record.get("size_name")
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        return "the record lists no sizes"
    if len(lines) != 1 + len(rows) or lines[0] != first:
        return f"the certificate {lines} is not the search's ({first!r}, one line per size)"
    for line, row in zip(lines[1:], rows, strict=True):
        how = _SORTED.search(str(row.get("encoding", "")))
        sorted_ = f", outcomes sorted (invariance {how.group(1)})" if how else ""
        head = re.escape(f"{row.get('size')} {noun}: z3 unsat{sorted_} (")
        if not re.fullmatch(head + r"\d+\.\d\d s\)", line):
            return f"the certificate line {line!r} is not size {row.get('size')}'s z3 unsat line"
    return ""

"""A bounded search over the statement's whole domain (``.whole(phrase)``), replayed as a proof.

A search claim may declare that its sizes ARE the statement's domain (Cuff and Yu's "For a binary
channel ...": 2 inputs, 2 outputs, nothing else exists for it); its z3 unsat at every one of
them, every parameter over its whole interval, is then PROVED (docs/search.md, "The statement's
whole domain"). The rechecker re-solves the sizes (:func:`dpproofs.recheck.certificates.bounded`)
and here checks, from the claim rebuilt from its file and its declaration, without the search:

* the declared phrase names a size (a number, or a word of SIZE_WORDS) and is a phrase of the
  theorem's ``quote=`` (the statement fixes the sizes);
* the sizes re-solved are exactly the claim's sizes (no size of the domain left out);
* no parameter is pinned to chosen points (``pinned`` or ``log_of``): the proof covers each
  parameter's whole interval;
* a whole verdict's reason is the text :func:`dpproofs.lifted.whole_domain_reason` writes for
  the claim and its sizes.

Then the piece supports "proved"; a claim that declares nothing supports "verified-bounded" (a
reported "proved" is then not derived, and the recheck fails).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dpproofs.lifted import whole_domain_reason
from dpproofs.recheck.claims import declared
from dpproofs.recheck.pieces import Piece

#: The words by which a statement fixes a size (the search's list, written again here: the
#: rechecker imports no decider).
SIZE_WORDS = ("binary", "bit", "bits", "two", "three", "four", "pair", "single")


def whole_domain(piece: Piece, claim: Any, listed: Sequence[int]) -> tuple[bool, str]:
    """(True, "") when ``claim`` declares no whole domain (a bounded search); (True, why) when it
    does and every condition above holds (the piece then supports "proved"); (False, why) when
    it declares one that does not hold (the piece fails)."""
    quantifier = claim.quantifier
    phrase = getattr(quantifier, "whole_domain", "")
    if not phrase:
        return True, ""
    words = "".join(c if c.isalnum() else " " for c in phrase.lower()).split()
    if not any(c.isdigit() for c in phrase) and not set(words) & set(SIZE_WORDS):
        return False, f"the declared whole domain {phrase!r} names no size"
    quote = declared(piece.file, piece.theorem).quote
    if phrase not in quote:
        return False, f"the declared whole domain {phrase!r} is not a phrase of the quote"
    if sorted(listed) != sorted(quantifier.sizes):
        return False, (
            f"sizes {sorted(listed)} re-solved, but the statement's domain is "
            f"{sorted(quantifier.sizes)}"
        )
    pinned = [n for n, d in quantifier.params if d.pinned or d.exp_value is not None]
    if pinned:
        return False, f"{', '.join(pinned)} pinned to chosen points: not the whole domain"
    said = whole_domain_reason(phrase, claim.coverage_text(listed))
    if piece.part == () and piece.reason != said:
        return False, f"the reason {piece.reason!r} is not {said!r}"
    return True, f"the statement's whole domain ('{phrase}', quoted)"

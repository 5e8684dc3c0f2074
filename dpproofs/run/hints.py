"""What to do about the Python mistakes an author meets while building a claim.

A theorem function is ordinary Python: some of its mistakes surface as Python's or sympy's own
TypeErrors, which name the operation but not the fix. :func:`hint` maps the ones an author of
claims makes most to the sentence that says what to write instead (or "" for any other error).

* ``x^2``: ``^`` is exclusive or in Python, not a power. On sympy symbols it raises "unsupported
  operand type(s) for ^" (with a number) or builds ``Xor`` (with another symbol), which then
  fails in arithmetic or a comparison.
* ``x < 1 and y < 1``, ``if x < 1:``, ``not (x < 1)``: Python asks a symbolic relation for True
  or False, which it has not (sympy: "cannot determine truth value of Relational").
"""

from __future__ import annotations

#: Python's and sympy's words when ^ met a number, or Xor met arithmetic or an order relation.
_XOR = ("for ^:", "for ^=:", "'Xor'", "Xor(", "A Boolean argument can only be used in Eq and Ne")
_TRUTH = "cannot determine truth value of Relational"


def hint(exc: BaseException) -> str:
    """`` (what to write instead)`` for a known author mistake behind ``exc``, else ""."""
    if not isinstance(exc, TypeError):
        return ""
    text = str(exc)
    if any(mark in text for mark in _XOR):
        return " ('^' is exclusive or in Python, not a power: write x**2, not x^2)"
    if _TRUTH in text:
        return (
            " (Python's and/or/not/if asked a symbolic relation for True or False: combine "
            "relations with & and | (~ for not), claims with all_of(...), or write the "
            'statement as a string, e.g. holds("x < 1 and y < 1", ...))'
        )
    return ""

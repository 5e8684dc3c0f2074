"""What a ``.whole(phrase)`` declaration must be: the words of the statement that fix its sizes.

Whether a phrase really fixes every size of the statement (every axis, every parameter's range)
is a reading of the source, not a computation: an author who declares "For a binary-input
channel" and searches 2 outputs, or "For a binary channel" with eps in [1, 2] where the
statement says every eps > 0, is caught by the reading review (docs/review.md), not here. What
is checked mechanically, at construction (:func:`problem`), at a run and by ``dpproofs recheck``
(:func:`quoted`), is what can be:

* the phrase has at least :data:`MIN_WORDS` words and names a size: a word (split at spaces
  and hyphens, brackets and punctuation stripped, case ignored) of :data:`SIZE_WORDS` ("binary",
  "two", "2", "ternary", ...);
* every size searched is one the phrase names ("For a binary channel" with 3 outputs is
  refused);
* the phrase starts a sentence or clause of the theorem's ``quote=`` (the quote's start, or
  after ".", ";", ":", "!" or "?") and ends at a word's end, with the quote's spaces made
  single: one word ("For") or a fragment from a sentence's middle is no declaration.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: The fewest words a phrase has.
MIN_WORDS = 3
_NUMBERS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
#: The size words a phrase may name, and the size each names.
SIZE_WORDS: dict[str, int] = {
    "binary": 2,
    "ternary": 3,
    "quaternary": 4,
    **{word: k for k, word in enumerate(_NUMBERS, start=1)},
    **{str(k): k for k in range(1, 100)},
}
_STARTS = (".", ";", ":", "!", "?")


def _words(phrase: str) -> list[str]:
    return [w.strip("()[]{},.;:'\"").lower() for w in re.split(r"[\s\-]+", phrase) if w]


def named_sizes(phrase: str) -> frozenset[int]:
    """The sizes the phrase's size words name (module docstring)."""
    return frozenset(SIZE_WORDS[w] for w in _words(phrase) if w in SIZE_WORDS)


def problem(phrase: str, sizes: Iterable[int]) -> str:
    """ "" when ``phrase`` may declare ``sizes`` the statement's whole domain, else why not (its
    word count, no size word, a size it does not name)."""
    words = [w for w in _words(phrase) if w]
    if len(words) < MIN_WORDS:
        return f"a phrase of at least {MIN_WORDS} words, not {phrase!r}"
    named = named_sizes(phrase)
    if not named:
        return f"{phrase!r} names no size ({', '.join(list(SIZE_WORDS)[:5])}, ...)"
    other = sorted(set(sizes) - named)
    if other:
        return f"{phrase!r} names the sizes {sorted(named)}, not {other}"
    return ""


def quoted(phrase: str, quote: str) -> bool:
    """Whether ``phrase`` starts a sentence or clause of ``quote`` and ends at a word's end
    (spaces made single on both)."""
    phrase, quote = " ".join(phrase.split()), " ".join(quote.split())
    start = quote.find(phrase)
    while start >= 0:
        before = quote[:start].rstrip()
        end = start + len(phrase)
        after = quote[end : end + 1]
        if (not before or before.endswith(_STARTS)) and not (after.isalnum() or after == "_"):
            return True
        start = quote.find(phrase, start + 1)
    return False

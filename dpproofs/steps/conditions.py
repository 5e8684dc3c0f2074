"""The condition a row's justification states, in the words papers use.

A justification (after ``&&``, or a trailing ``\\text{...}``) is prose and mathematics: the prose
inside ``\\text{...}`` (inline ``$...$`` there is mathematics), the rest mathematics. It states the
row's condition when it reads, as a whole,

    WORD [QUANTIFIER] MATH (JOIN MATH)* [TAIL]

* WORD: for, if, when, whenever, where, provided (that), assuming (that), given (that), unless;
  QUANTIFIER: all, every, any, each (never "some": an existential is no condition of the row);
* MATH: a piece of mathematics holding a relation (``$x \\ge 1$``, or ``x \\ge 1`` outside
  ``\\text``);
* JOIN: "and" or "," (the pieces all hold: a conjunction, written ``\\land``) or "or" (one of them
  holds: a disjunction, ``\\lor``), one kind per justification;
* TAIL: "holds", "hold", "is true", "are true".

"unless $A$" is the condition not-A, for one relation A (``x < 1`` -> ``x \\ge 1``).

Anything else that holds mathematics with a relation (``\\text{since } |f(x) - f(y)| \\le
\\Delta f``, a reason, "for $x \\ge 1$ except $x = 2$") may be a condition the reader cannot read:
the row's CAVEAT (:class:`dpproofs.steps.rows.Row`). The step is decided without it: proved, it
holds for every value, so under any condition too; refuted, the point may be one the condition
excludes, so the step is not checked, with why and the point (dropping the condition would
refute another statement; reading it as a step would invent one). Justifications without a
relation (``\\text{by $\\varepsilon$-DP}``) are shown and ignored.
"""

from __future__ import annotations

import re

from dpproofs.steps.lexer import NotUnderstood, render, split_chain, tokens
from dpproofs.steps.notation import RELATIONS, UNCHECKED_RELATIONS

#: Inline ``$`` inside ``\\text{...}`` as the rows module marks it.
MARK = "\x01"
_TEXT = re.compile(r"\\(?:text|textrm|mbox|textit|emph)\{((?:[^{}]|\{[^{}]*\})*)\}")
_WORD = re.compile(
    r"(?:for|if|when|whenever|where|provided|provided that|assuming|assuming that|given|"
    r"given that|unless)(?: (?:all|every|any|each))?"
)
#: A relation the reader does not read (``\\geqq``, ``\\gt``, ``\\nless``, ``\\succeq``,
#: ``\\gtrsim``, ``\\to``, a defining symbol ``\\coloneqq``): still a relation, so the
#: justification may state a condition.
_RELATION_LIKE = re.compile(
    r"\\n?(?:geq?q?|leq?q?|gt|lt|gtr\w*|less\w*|succ\w*|prec\w*|sim\w*|approx\w*|equiv|cong|"
    r"propto|asymp|to|gg|ll|ggg|lll|doteq|vartriangle\w*|trianglerighteq|ntriangle\w*|"
    r"eqsim|backsim\w*|in|ni|subset\w*|supset\w*|mid|parallel|models|vdash|Rightarrow|"
    r"rightarrow|longrightarrow|implies|iff|Leftrightarrow|leftrightarrow|"
    r"coloneqq?|colonequals|eqq?colon|Coloneqq?|triangleq|defeq)"
)
#: Words that restrict a claim with no relation written: "for sufficiently small $\\epsilon$",
#: "for large $x$", "as $x \\to \\infty$", "for some $x$", "near 0".
_CONDITION_WORDS = re.compile(
    r"\b(?:sufficiently|small|smaller|large|larger|enough|some|near|close|tends?|tending|"
    r"eventually|big|asymptotically|limit|almost|most|generic|typical|except|unless)\b"
)
_TAIL = frozenset(("", "holds", "hold", "is true", "are true"))
_JOINS = {"and": "\\land", ",": "\\land", ", and": "\\land", "or": "\\lor", ", or": "\\lor"}
#: Relations written negated by "unless".
_NEGATED = {"<": "\\ge", ">": "\\le", "\\le": ">", "\\leq": ">", "\\ge": "<", "\\geq": "<",
            "\\leqslant": ">", "\\geqslant": "<"}  # fmt: skip


def segments(aside: str) -> list[tuple[bool, str]]:
    """``aside`` as (is mathematics, text) pieces: ``\\text{...}`` is prose but for its marked
    inline maths, the rest mathematics."""
    out: list[tuple[bool, str]] = []
    end = 0
    for found in _TEXT.finditer(aside):
        out.append((True, aside[end : found.start()]))
        for k, piece in enumerate(found.group(1).split(MARK)):
            out.append((k % 2 == 1, piece))
        end = found.end()
    out.append((True, aside[end:]))
    merged: list[tuple[bool, str]] = []
    for is_math, text in out:
        text = re.sub(r"\s+", " ", text.replace("&", " ")).strip()
        if not text:
            continue
        if merged and merged[-1][0] == is_math:
            merged[-1] = (is_math, f"{merged[-1][1]} {text}")
        else:
            merged.append((is_math, text))
    return merged


def has_relation(maths: str) -> bool:
    """Whether a piece of mathematics holds a relation (=, <, \\le, \\in, \\sim, ...)."""
    try:
        found = tokens(maths)
    except NotUnderstood:
        found = re.findall(r"\\[A-Za-z]+|[=<>]", maths)
    return any(
        t in RELATIONS or t in UNCHECKED_RELATIONS or t in "=<>" or _RELATION_LIKE.fullmatch(t)
        for t in found
    )


def stated(aside: str) -> tuple[str, str]:
    """(the condition as LaTeX, "") when ``aside`` states one as the module docstring says;
    ("", why) when it holds mathematics with a relation not read as a condition; ("", "")
    otherwise (a justification in words)."""
    pieces = segments(aside)
    maths = [text.rstrip(".,;: ") for is_math, text in pieces if is_math]
    shown = " ".join(text if not is_math else f"${text}$" for is_math, text in pieces)
    if not any(has_relation(m) for m in maths):
        words = [_words(text) for is_math, text in pieces if not is_math]
        if any(_CONDITION_WORDS.search(w) for w in words):
            return "", (
                f"a condition in words could not be read: '{shown}'; the step may hold only "
                "there: write it as && \\text{for $...$}"
            )
        return "", ""
    why = (
        f"a condition in the justification could not be read: '{shown}'; write it as "
        "&& \\text{for $...$} (one relation or chain, or several joined by 'and')"
    )
    prose = [_words(text) for is_math, text in pieces if not is_math]
    if not pieces or pieces[0][0] or not _WORD.fullmatch(prose[0]):
        return "", why
    body = pieces[1:]
    if body and not body[-1][0]:
        if _words(body[-1][1]) not in _TAIL:
            return "", why
        body = body[:-1]
    joins = {_words(text) for is_math, text in body if not is_math}
    if any(is_math == (k % 2 == 1) for k, (is_math, _) in enumerate(body)):
        return "", why  # maths and joins must alternate
    if not joins <= set(_JOINS) or len({_JOINS[j] for j in joins}) > 1:
        return "", why
    parts = [text.strip().rstrip(".,;: ") for is_math, text in body if is_math]
    if not all(has_relation(p) for p in parts):
        return "", why
    if prose[0] == "unless":
        negated = _negation(parts)
        return (negated, "") if negated else ("", why)
    join = _JOINS[joins.pop()] if joins else "\\land"
    return f" {join} ".join(parts), ""


def _words(text: str) -> str:
    """Prose lower-cased, spaces collapsed, punctuation at the ends dropped (a comma kept when
    it is all there is: a join)."""
    text = re.sub(r"\s+", " ", text).strip().lower()
    if text in (",", ", and", ", or"):
        return text
    return text.strip(".;: ").lstrip(",").strip()


def _negation(parts: list[str]) -> str:
    """The negation of one relation ``a R b`` (``x < 1`` -> ``x \\ge 1``), "" otherwise."""
    if len(parts) != 1:
        return ""
    exprs, rels, _ = split_chain(tokens(parts[0]))
    if len(rels) != 1 or rels[0] not in _NEGATED:
        return ""
    return f"{render(exprs[0])} {_NEGATED[rels[0]]} {render(exprs[1])}"

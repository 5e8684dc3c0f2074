"""The tokens of a LaTeX expression, and a chain of them split at its relations.

Shared by the reader of rows (:mod:`dpproofs.steps.rows`) and the expression parser
(:mod:`dpproofs.steps.latex`): a token is a command (``\\frac``), an escaped character, a number
or one character; ``\\left`` / ``\\right`` and spacing commands are dropped.
"""

from __future__ import annotations

import re

from dpproofs.errors import DpProofsError
from dpproofs.steps.notation import _IGNORED, RELATIONS, UNCHECKED_RELATIONS


class NotUnderstood(DpProofsError):
    """The LaTeX uses something outside the whitelist; ``token`` is the offending piece."""

    def __init__(self, message: str, token: str) -> None:
        super().__init__(f"{message}: '{token}'")
        self.token = token


#: Spellings of the absolute-value bar: read as ``|`` (``\\lvert x \\rvert`` is ``|x|``).
_BARS = {"\\lvert": "|", "\\rvert": "|", "\\vert": "|"}
#: A decimal with no leading digit (``.5``) is one number token, read exactly as 1/2 like ``0.5``.
_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|\d+(?:\.\d+)?|\.\d+|\S")


#: What may stand just before a decimal with no leading digit (``.5``), spacing skipped: an
#: opening bracket, an operator, a relation or the start. After a number or a name (``.5.5``,
#: ``2.5.5``, ``x.5``, ``x^{2}.5``, ``|x|.5``) the point is no decimal a reader writes (a section
#: number, a subscript mistyped): refused, never read as a product.
_BEFORE_DECIMAL = frozenset(
    {"(", "[", "{", "\\{", "+", "-", ",", ";", ":", "/", "^", "_", "&", "\\\\", "\\cdot",
     "\\times", "\\pm", "\\mp", "\\div", "\\left", "\\lvert", "\\langle"}
    | set(RELATIONS)
    | set(UNCHECKED_RELATIONS)
)  # fmt: skip
#: Scientific notation glued to a number (``1e-5``, ``2e3``, ``1.5e+3``): 10^-5 or 1*e - 5?
_SCIENTIFIC = re.compile(r"\d+(?:\.\d+)?e[+-]?\d")


#: The evaluation bar ``\\left. F \\right|_{x=a}^{b}``: its two delimiters are kept as tokens.
EVALUATE_OPEN, EVALUATE_CLOSE = "\\left.", "\\right|"


def tokens(latex: str) -> list[str]:
    """LaTeX tokens: commands, escaped characters, numbers, single characters. ``\\left`` and
    ``\\right`` are dropped with their delimiter kept (``\\left| x \\right|`` is ``| x |``),
    except an evaluation bar: a ``\\left.`` whose ``\\right`` is ``|`` gives the tokens
    ``\\left.`` and ``\\right|`` (any other ``\\left.`` / ``\\right.`` is dropped)."""
    raw = _TOKEN.findall(latex)
    out: list[str] = []
    opened: list[int] = []  # positions in ``out`` of each open \left's delimiter (-1: a '.')
    skip = False
    for index, tok in enumerate(raw):
        if skip:
            skip = False
            continue
        following = raw[index + 1] if index + 1 < len(raw) else ""
        if tok == "\\left":
            if following == ".":
                opened.append(len(out))
                out.append(EVALUATE_OPEN)
                skip = True
            else:
                opened.append(-1)
            continue
        if tok == "\\right":
            start = opened.pop() if opened else -1
            if start >= 0:
                skip = True
                if following == "|":
                    out.append(EVALUATE_CLOSE)
                else:  # \left. ... \right) and the like: a sizing pair, no evaluation
                    del out[start]
                    if following != ".":
                        out.append(following)
            continue
        if tok in _IGNORED:
            continue
        out.append(tok)
    return out


def check_decimals(latex: str) -> None:
    """Refuse a decimal glued to a number or a name, and scientific notation (ambiguous)."""
    glued = _SCIENTIFIC.search(latex)
    if glued:
        raise NotUnderstood(
            f"ambiguous: {glued.group()}... reads as a power of ten or as a product with Euler's "
            "number e; write 10^{-5} (or 1 \\cdot e - 5)",
            glued.group(),
        )
    before = ""
    for tok in _TOKEN.findall(latex):
        if tok in _IGNORED:
            continue
        if re.fullmatch(r"\.\d+", tok) and before and before not in _BEFORE_DECIMAL:
            raise NotUnderstood(
                "a decimal next to a number or a name: write \\cdot or braces", before + tok
            )
        before = tok


def split_chain(toks: list[str]) -> tuple[list[list[str]], list[str], list[int]]:
    """Split tokens at top-level relations: the expressions, the relations between them and the
    positions of those relations in ``toks``."""
    exprs: list[list[str]] = [[]]
    rels: list[str] = []
    where: list[int] = []
    depth = 0
    for index, tok in enumerate(toks):
        if tok in ("{", "(", "[", "\\{"):
            depth += 1
        elif tok in ("}", ")", "]", "\\}"):
            depth -= 1
        if depth == 0 and (tok in RELATIONS or tok in UNCHECKED_RELATIONS):
            rels.append(tok)
            where.append(index)
            exprs.append([])
        else:
            exprs[-1].append(tok)
    return exprs, rels, where


def render(toks: list[str]) -> str:
    """Tokens back to LaTeX, for reports (a space only where a command meets a letter)."""
    out = ""
    for tok in toks:
        if re.search(r"\\[A-Za-z]+$", out) and re.match(r"[A-Za-z0-9]", tok):
            out += " "
        out += tok
    return out

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
_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|\d+(?:\.\d+)?|\S")


def tokens(latex: str) -> list[str]:
    """LaTeX tokens: commands, escaped characters, numbers, single characters."""
    out = []
    for tok in _TOKEN.findall(latex):
        if tok in ("\\left", "\\right") or tok in _IGNORED:
            continue
        out.append(tok)
    return out


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


def one_name_inside(toks: list[str], pos: int) -> bool:
    """Whether the parenthesised group at ``pos`` holds one name and nothing else
    (``\\epsilon(\\alpha)``, ``F_A(Y)``): a single factor is not parenthesised, so a paper
    writes this for a function applied to its argument; a product reading is a guess."""
    inner = toks[pos + 1 : pos + 3]
    return (
        len(inner) == 2
        and inner[1] == ")"
        and bool(re.fullmatch(r"[A-Za-z]|\\[A-Za-z]+", inner[0]))
    )

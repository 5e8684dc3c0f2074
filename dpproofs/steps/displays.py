"""What a display states in the text around it: a definition, a condition, or a claim.

A paper's display is not always a claim for every value of its names. The reader cannot read the
prose, so it reads the displays' shapes (issue 28):

* A **definition**: the first relation of a statement is ``name = expression`` (or ``name &=``
  heading a chain), the name is bare (a letter or a command, perhaps subscripted), the expression
  does not use it, and no --assume constrains it. Read as a claim for every value of the name it
  is refuted at any other value, which the text never claimed; the step is not checked ("defines
  delta; pass it as --assume to use it").
* A **lone display**: a math block holding one relation and nothing else, in a text with prose,
  that is an inequality or states a name's value (``alpha = 1 - 2 sqrt(v)``): the prose may call
  it a hypothesis ("so long as delta < ..."), a case ("if delta > delta_0 then alpha = ...") or a
  claim. A refutation of it is not a refutation of the text: the step is then not checked, with
  the point where it fails as a claim for every value. An identity between two expressions
  (``ln(a + b) = ln a + ln b``), or any display of a text without prose, stays a claim.
* A step that uses a name **inline mathematics in the prose** gives a value ("With
  $\\delta = .5$ we get"): the name is not a free parameter there either; a refutation at
  another value of it is not the text's, and the step is not checked. So does a name before a
  defining symbol (``:=``) that is not read as a definition, anywhere in the document as TeX
  prints it: inline, in a justification, in a display a command writes.
* A later step that uses a name a display **defined** (the definition read or not) or a name a
  lone **inequality** display constrained (a condition or a case): the name is not a free
  parameter of the text, so a refutation at an arbitrary value of it is not a refutation of the
  text either; the step is not checked, with the point.

Only refutations are withheld (a step proved for every value is proved for the defined one), so
the rule never makes a wrong answer: it turns "refuted" into "not checked" where the reading is
the reader's guess. A step of a chain of two or more relations, or of a block of several rows,
keeps its refutation unless it uses such a name.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from dpproofs.steps.chain import Relation
from dpproofs.steps.latex import read_expression
from dpproofs.steps.lexer import NotUnderstood, render, split_chain, tokens
from dpproofs.steps.macros import expand
from dpproofs.steps.notation import RELATIONS
from dpproofs.steps.rows import _MATH_BLOCK
from dpproofs.steps.tex_source import visible


class Step(Protocol):
    """What this module reads of a step (:class:`dpproofs.steps.derivation.Step`)."""

    @property
    def lhs_latex(self) -> str: ...
    @property
    def rhs_latex(self) -> str: ...
    @property
    def lhs(self) -> str | None: ...
    @property
    def relation(self) -> Relation | None: ...
    @property
    def consequence(self) -> bool: ...
    @property
    def line(self) -> int: ...
    @property
    def statement(self) -> str | None: ...


#: Defining symbols, each read as ``=`` (the label of ``\\stackrel{def}{=}`` is what marks it).
_LABEL = r"(?:def\.?|\\(?:text|mathrm|rm|textrm)\s*\{\s*def\.?\s*\}|\\rm\s+def|\\Delta|\\triangle)"
DEFINER = re.compile(
    r":=|\\coloneqq|\\coloneq|\\colonequals|\\triangleq|\\defeq"
    r"|\\(?:stackrel|overset)\s*\{\s*" + _LABEL + r"\s*\}\s*(?:\{\s*=\s*\}|=)"
)
_BARE_NAME = re.compile(r"(?:[A-Za-z]|\\[A-Za-z]+)(?:_(?:[A-Za-z0-9]|\{[A-Za-z0-9]+\}))?")


_CONSTANTS = frozenset({"E", "pi", "oo", "I"})


@dataclass(frozen=True, slots=True)
class Statement:
    """A statement of the text: its steps ``start .. end - 1`` and whether it is a lone display
    (its math block holds one relation and nothing else)."""

    start: int
    end: int
    lone: bool


def has_prose(text: str) -> bool:
    """Whether the pasted text has words outside its math blocks and comments."""
    text = visible(text)
    if not _MATH_BLOCK.search(text):  # a bare block: all of it is mathematics
        return False
    return bool(re.search(r"[A-Za-z]{2,}", _MATH_BLOCK.sub(" ", text)))


_INLINE = re.compile(r"(?<![\\$])\$([^$]+)\$|\\\((.+?)\\\)", re.DOTALL)


def fixed_in_prose(text: str) -> dict[str, tuple[int, str]]:
    """The names (claim syntax) that inline mathematics in the prose puts alone on a side of an
    equation (``$\\delta = .5$``), each with the line and the inline LaTeX."""
    text = visible(text)
    if not _MATH_BLOCK.search(text):  # a bare block: no prose
        return {}
    found = _defined_unread(expand(text).text)
    prose = _MATH_BLOCK.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    for inline in _INLINE.finditer(prose):
        latex = (inline.group(1) or inline.group(2)).strip()
        try:
            exprs, rels, _ = split_chain(tokens(latex))
        except NotUnderstood:
            continue
        if not rels or any(RELATIONS.get(r) != "==" for r in rels):
            continue  # a value (an inequality there is a condition a witness may satisfy)
        line = prose.count("\n", 0, inline.start()) + 1
        for name in _names_alone(exprs):
            found.setdefault(name, (line, latex))
    return found


def _names_alone(exprs: Sequence[list[str]]) -> list[str]:
    """The sides that read to one name (``\\delta``, ``c_{1}``, ``\\hat{c}``), claim syntax."""
    names = []
    for expr in exprs:
        try:
            name = read_expression(render(expr)).text.strip("() ")
        except NotUnderstood:
            continue
        if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) and name not in _CONSTANTS:
            names.append(name)
    return names


#: A defining symbol either way round (``c := 2``, ``2 =: c``), spaced or wrapped.
ANY_DEFINER = re.compile(
    DEFINER.pattern + r"|=\s*:|\\eqq?colon|\\mathrel\s*\{\s*:\s*=\s*\}"
    r"|:\s*(?:\\[,;:! ]\s*)*="
)
#: What ends a piece of mathematics: a dollar, a display's or a row's delimiter, a paragraph.
_PIECE_END = re.compile(
    r"\$|\\[\[\]()]|&|\\\\|\n\s*\n|\\(?:begin|end)\s*\{[^}]*\}|\\(?:text|mbox)\s*\{"
)


def _defined_unread(text: str) -> dict[str, tuple[int, str]]:
    """The names a defining symbol (:data:`ANY_DEFINER`) puts alone on a side anywhere in the
    document as TeX prints it (its commands expanded), each with the line and the piece:
    inline ``$c := 2$`` in the prose or in a justification, a display a command writes
    (``\\setc`` for ``c := 2``). The displays written with the symbol are read as definitions
    (:mod:`.definitions` reads it as ``=`` before this); these are not, and fix the name."""
    found: dict[str, tuple[int, str]] = {}
    cuts = [0, *(m.start() for m in _PIECE_END.finditer(text)), len(text)]
    for begin, stop in itertools.pairwise(cuts):
        piece = _PIECE_END.sub(" ", text[begin:stop], count=1).strip()
        if not ANY_DEFINER.search(piece):
            continue
        try:
            exprs, rels, _ = split_chain(tokens(ANY_DEFINER.sub(" = ", piece)))
        except NotUnderstood:
            continue
        if not rels or any(RELATIONS.get(r) != "==" for r in rels):
            continue
        for name in _names_alone(exprs):
            found.setdefault(name, (text.count("\n", 0, begin) + 1, " ".join(piece.split())))
    return found


def lone(step: Step, alone_in_block: bool, prose: bool) -> bool:
    """Whether ``step`` is a lone display whose refutation is withheld (module docstring)."""
    if not (alone_in_block and prose) or step.relation is None:
        return False
    return step.relation is not Relation.EQ or bool(_BARE_NAME.fullmatch(step.lhs_latex.strip()))


def defined_name(step: Step, assumptions: Sequence[str]) -> str | None:
    """The name ``step`` defines (claim syntax), if it is the head ``name = ...`` of a statement
    with a bare name the right side does not use and no assumption mentions; else None."""
    if step.relation is not Relation.EQ or step.consequence:
        return None
    written = step.lhs_latex.strip()
    if not _BARE_NAME.fullmatch(written):
        return None
    head = tokens(written)[0] if tokens(written) else written
    if head in ("e", "\\pi", "\\infty") or head in tokens(step.rhs_latex):
        return None
    name = step.lhs
    if name is None:  # the left side is not read: the name as the reader would spell it
        name = re.sub(r"[\\{}]", "", written)
    if any(re.search(rf"\b{re.escape(name)}\b", a) for a in assumptions):
        return None
    return name


def _names(step: Step) -> set[str]:
    """The parameters the step uses (claim syntax names not applied as functions)."""
    statement = step.statement or ""
    found = re.findall(r"\b([A-Za-z_][A-Za-z0-9_]*)\b(?!\s*\()", statement)
    return set(found) - _CONSTANTS


@dataclass(frozen=True, slots=True)
class Marks:
    """What the text makes of one step: the name it defines ("" if none) and why a refutation
    of it would not be the text's ("" if it would)."""

    defines: str = ""
    caveat: str = ""


def mark(
    steps: Sequence[Step],
    statements: Sequence[Statement],
    assumptions: Sequence[str],
    in_prose: dict[str, tuple[int, str]] | None = None,
) -> list[Marks]:
    """Each step's :class:`Marks` (see the module docstring); ``in_prose`` as
    :func:`fixed_in_prose` gives."""
    out = [Marks() for _ in steps]
    defined: dict[str, int] = {}  # name -> line of its definition
    conditioned: dict[str, int] = {}  # name -> line of a lone inequality display using it
    for statement in statements:
        for number in range(statement.start, statement.end):
            step = steps[number]
            used = _names(step)
            caveats = [
                f"{name} is defined by the display at line {line}, not a free parameter"
                for name, line in sorted(defined.items()) if name in used
            ] + [
                f"the display at line {line} states a condition on {name} (a hypothesis or a "
                "case of the prose?)"
                for name, line in sorted(conditioned.items()) if name in used
            ] + [
                f"the prose at line {line} states ${latex}$ (a value or a condition of {name})"
                for name, (line, latex) in sorted((in_prose or {}).items()) if name in used
            ]  # fmt: skip
            if statement.lone:
                caveats.append(
                    f"the display at line {step.line} stands alone between prose: a "
                    "definition, a hypothesis, a case or a claim, which the reader cannot tell"
                )
            name = defined_name(step, assumptions) if number == statement.start else None
            out[number] = Marks(name or "", "; ".join(caveats))
            if name is not None:
                defined.setdefault(name, step.line)
        head = steps[statement.start] if statement.end > statement.start else None
        if statement.lone and head is not None and head.relation not in (Relation.EQ, None):
            for name in _names(head):
                conditioned.setdefault(name, head.line)
    return out

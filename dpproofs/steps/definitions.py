"""Definitions a document states, used by the steps after them (issue 28).

A display whose left side is a fresh name ``n`` or a fresh application ``f(v1, ..., vk)`` of
distinct variables, the head ``h = B`` of a statement, defines ``h``: the steps after it are
decided with ``h`` replaced by ``B``, an application ``f(a1, ..., ak)`` by ``B[v1 := a1, ...,
vk := ak]`` (simultaneously).

Rule DEF (substitution of a definition). Statement: let the text define ``n := B`` (or
``f(v1..vk) := B``) and let S be a later step. Then S, read with the definition, is
S[n := B] (resp. S with each ``f(a1..ak)`` replaced by ``B[v := a]``); a proof of that claim for
every value of the other parameters proves S, and a witness refuting it refutes S.
Preconditions, each checked here:
  (P1) ``h`` is fresh: no earlier step, --assume or --where names it (else it was a parameter
       and the display a claim about it, or a case: not used; a marked one, "q + 1 = 2 where
       q := 1", still keeps every step naming ``h`` from being refuted at another value);
  (P2) ``h`` has one definition in force at S: a later MARKED display ``h := B'`` (a defining
       symbol or word) redefines it, and is in force from its own step on, the one before it
       up to there (S uses the last definition of ``h`` stated before S; if that one is not
       used, no earlier one is either). A later unmarked display ``h = B'`` heading a
       statement, with another right side, makes every definition of ``h`` unusable (a second
       definition, a new case or example, or a claim the reader cannot tell apart), unless
       ``h`` is an application (``f(y, x) = 0``: a claim); one with the same right side as the
       definition in force is a claim, decided with it;
  (P3) ``B`` does not use ``h``, nor a name a later display defines, nor a definition that is
       not used (no recursion, through any chain of definitions);
  (P4) the substitution is capture-free: claim syntax has no binders (sums and integrals are
       read to closed forms), and an opaque quantity of ``B`` (``\\Pr[...]``, a sum over a
       set: one number per text) must not mention a variable ``vi``, nor may ``vi`` count the
       terms of a sum of ``B``;
  (P5) in S, ``n`` does not count the terms of a sum (its integrality would be lost);
  (P6) ``B`` holds no sum or product of symbolic bounds (S would be decided where it is not
       empty only: :mod:`.cases` splits the sums a step writes, not those a definition brings).
Proof: a definition makes ``n`` a name for the value of ``B`` at the text's parameters (P1: no
step before gave ``n`` another meaning; P2: it has one value at S, the one the text's last
definition before S gives it, as "now let n := B'" tells the reader), and ``f`` the function
``v -> B`` (beta reduction; P4: the arguments' names are not captured). Replacing a name by the
value it names does not change a statement's truth (substitution of equals); P3 makes the
replacement terminate, each body using only definitions before it, already expanded.

Which display is sure to be a definition: one written with a defining symbol (``:=``,
``\\coloneqq``, ``\\triangleq``, ``\\stackrel{def}{=}``) or after a defining word ("let",
"define", "denote", "where", "we set" closing the prose before it) is *marked*; any other display
of that shape could be a case or a hypothesis the prose states ("if ... then alpha = ..."). A
step is proved with either; it is refuted only through marked definitions (:mod:`.check`: else
not checked, with the point). A step that uses a definition not used gets a caveat: a refutation
at an arbitrary value of the name is not the text's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol

from dpproofs.steps import displays
from dpproofs.steps.binders import matching
from dpproofs.steps.chain import Relation
from dpproofs.steps.displays import DEFINER
from dpproofs.steps.latex import Reading, read_expression
from dpproofs.steps.lexer import NotUnderstood, render, tokens
from dpproofs.steps.notation import _GREEK, _VARIANTS, RELATIONS, UNCHECKED_RELATIONS
from dpproofs.steps.rows import _MATH_BLOCK
from dpproofs.steps.tex_source import visible


class Step(displays.Step, Protocol):
    """What this module reads of a step (:class:`dpproofs.steps.derivation.Step`)."""

    @property
    def rhs(self) -> str | None: ...
    @property
    def premise(self) -> str | None: ...
    @property
    def counts(self) -> tuple[str, ...]: ...
    @property
    def opaque(self) -> tuple[tuple[str, str], ...]: ...
    @property
    def conditions(self) -> tuple[str, ...]: ...
    @property
    def justification(self) -> str: ...
    @property
    def caveat(self) -> str: ...
    @property
    def cases(self) -> tuple[tuple[tuple[str, ...], str, str], ...]: ...


#: A defining word closing the prose before a display.
_WORD = re.compile(r"\b(?:let|define[sd]?|denoted?|denotes|where|we\s+(?:set|write))\b", re.I)
#: Names whose application a reader takes for the standard function unless told otherwise.
_STANDARD = frozenset({"Phi", "Gamma", "Psi", "erf", "erfc", "KL", "Var", "Cov", "Pr", "P", "E"})
#: What a function's name may be written with: letters, digits, Greek letters, a subscript.
_NAME_TOKEN = re.compile(r"[A-Za-z0-9_{}]|\\(?:" + "|".join(sorted(_GREEK | set(_VARIANTS))) + ")")
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_OPAQUE_TOKEN = re.compile(r"[A-Z][a-z]_[0-9a-f]{16}")


@dataclass(frozen=True, slots=True)
class Definition:
    """``head := body`` stated by step ``index`` (0-based) at ``line``."""

    index: int
    line: int
    shown: str  # the left side as written
    head: tuple[str, ...]  # its name's tokens (the function's name for an application)
    name: str  # the name in claim syntax ("" for an application)
    params: tuple[str, ...]  # the bound variables (claim syntax); () for a name
    body: Reading | None
    marked: bool
    why_not: str = ""  # "" when the definition is used

    def same(self, other: Definition) -> bool:
        """Whether ``other`` states the same definition (bound variables renamed)."""
        if self.body is None or other.body is None or len(self.params) != len(other.params):
            return False
        renaming = dict(zip(other.params, self.params, strict=True))
        return replace_names(other.body.text, renaming) == self.body.text


@dataclass(frozen=True, slots=True)
class Marks:
    """The lines (1-based) where a defining symbol closes a left side, with that left side's
    tokens, and the blocks' line ranges preceded by a defining word."""

    symbols: tuple[tuple[int, tuple[str, ...]], ...] = ()
    worded: tuple[tuple[int, int], ...] = field(default=())


def prepare(text: str) -> tuple[str, Marks]:
    """The text with every defining symbol inside mathematics read as ``=`` (lines kept), and
    where the text marks definitions (:class:`Marks`)."""
    text = visible(text)
    symbols: list[tuple[int, tuple[str, ...]]] = []
    worded: list[tuple[int, int]] = []
    out, end = [], 0
    # the math blocks; a text with none is all mathematics (a bare block)
    spans = [(m.start(), m.end()) for m in _MATH_BLOCK.finditer(text)] or [(0, len(text))]
    for start, stop in spans:
        gap, body = text[end:start], text[start:stop]
        if _defining_word(gap):
            worded.append((text.count("\n", 0, start) + 1, text.count("\n", 0, stop) + 1))

        def definer(found: re.Match[str], body: str = body, start: int = start) -> str:
            row = re.split(r"\\\\|\\begin\{[a-z*]+\}|\$\$|\\\[", body[: found.start()])[-1]
            try:
                left = tokens(_last_piece(row.replace("&", " ")))
            except NotUnderstood:
                return found.group(0)
            if not left or any(t in RELATIONS or t in UNCHECKED_RELATIONS for t in left):
                return found.group(0)  # not the head of its row (a := b after a = c): not read
            symbols.append((text.count("\n", 0, start + found.start()) + 1, tuple(left)))
            return " = "

        out.append(gap + DEFINER.sub(definer, body))
        end = stop
    out.append(text[end:])
    return "".join(out), Marks(tuple(symbols), tuple(worded))


def _defining_word(gap: str) -> bool:
    """Whether the prose before a display ends with a clause holding a defining word and no
    inline relation of its own (``Let $x = 1$ and`` defines x, not the display)."""
    clause = re.split(r"[.;!?](?:\s|$)|\n\s*\n", gap.strip())[-1]
    found = _WORD.search(clause)
    return found is not None and not re.search(r"\$[^$]*[=<>][^$]*\$", clause[found.end() :])


def _last_piece(row: str) -> str:
    """The last piece of a row after its top-level commas (a listed row's last statement)."""
    depth, begin = 0, 0
    for index, char in enumerate(row):
        depth += char in "{(["
        depth -= char in "})]"
        if char == "," and depth == 0:
            begin = index + 1
    return row[begin:].strip()


def contains(haystack: Sequence[str], needle: Sequence[str]) -> bool:
    n, whole = len(needle), list(needle)
    return n > 0 and any(list(haystack[i : i + n]) == whole for i in range(len(haystack) - n + 1))


def replace_names(text: str, values: Mapping[str, str]) -> str:
    """Every whole identifier of ``text`` that ``values`` maps, replaced in one pass
    (simultaneous: a value is never rewritten again)."""
    if not values:
        return text
    names = "|".join(re.escape(k) for k in sorted(values, key=len, reverse=True))
    pattern = re.compile(rf"(?<![A-Za-z0-9_.])(?:{names})(?![A-Za-z0-9_])")
    return pattern.sub(lambda m: values[m.group(0)], text)


def names_in(text: str | None) -> set[str]:
    return set(_IDENTIFIER.findall(text or ""))


def application(latex: str) -> tuple[tuple[str, ...], list[list[str]]] | None:
    """``f(a1, ..., ak)`` as (f's tokens, the arguments' tokens); None for anything else."""
    toks = tokens(latex)
    if "(" not in toks or toks[-1] != ")" or toks[0] == "(":
        return None
    start = toks.index("(")
    try:
        if matching(toks, start) != len(toks) - 1:
            return None
    except NotUnderstood:
        return None
    args: list[list[str]] = [[]]
    depth = 0
    for tok in toks[start + 1 : -1]:
        depth += tok in ("(", "[", "{")
        depth -= tok in (")", "]", "}")
        if tok == "," and depth == 0:
            args.append([])
        else:
            args[-1].append(tok)
    return tuple(toks[:start]), args


def _candidate(step: Step, marked: bool, taken: Sequence[str]) -> Definition | None:
    """The definition ``step`` states if it has the shape of one (a name, or an application of
    distinct variables, alone on the left of ``=``); freshness and the rest are checked later."""
    if step.relation is not Relation.EQ or step.consequence or step.lhs is None:
        return None
    body = None
    try:
        body = read_expression(step.rhs_latex) if step.rhs is not None else None
    except NotUnderstood:
        body = None
    written = tokens(step.lhs_latex)
    if _IDENTIFIER.fullmatch(step.lhs) and not _OPAQUE_TOKEN.fullmatch(step.lhs):
        if step.lhs in ("E", "pi", "I", "oo") or (step.lhs in taken and not marked):
            return None
        if step.lhs in names_in(step.rhs) or _written_in(step.rhs_latex, written):
            return None  # the name on both sides: an equation, not a definition
        if step.lhs in taken:
            why = f"--assume or --where names {step.lhs}: the author's parameter, or defined here?"
            return Definition(0, step.line, step.lhs_latex, tuple(written), step.lhs, (), body,
                              marked, why)  # fmt: skip
        return Definition(0, step.line, step.lhs_latex, tuple(written), step.lhs, (), body, marked)
    applied = application(step.lhs_latex)
    if (
        applied is None
        or not step.lhs.startswith(("Fn_", "Ap_"))  # the reader's application of a name
        or dict(step.opaque).get(step.lhs) != render(written)
        or not all(_NAME_TOKEN.fullmatch(t) for t in applied[0])
    ):
        return None
    head, args = applied
    if not marked and "".join(t.strip("\\{}_") for t in head) in _STANDARD:
        return None
    params = []
    for arg in args:
        try:
            reading = read_expression(render(arg))
        except NotUnderstood:
            return None
        if not _IDENTIFIER.fullmatch(reading.text) or reading.opaque:
            return None
        params.append(reading.text)
    if len(set(params)) != len(params):
        return None
    return Definition(0, step.line, step.lhs_latex, head, "", tuple(params), body, marked)


def _written_in(latex: str, name: Sequence[str]) -> bool:
    """Whether ``name``'s tokens stand in ``latex`` other than as the head of another,
    subscripted name (\\epsilon in \\epsilon_0 is not \\epsilon)."""
    toks, n = [*tokens(latex), ""], len(name)
    return any(toks[i : i + n] == list(name) and toks[i + n] != "_" for i in range(len(toks) - n))


def _appears(definition: Definition, step: Step) -> bool:
    """Whether the defined name is written in ``step`` (as a token sequence, or read)."""
    written = [*tokens(step.lhs_latex), "=", *tokens(step.rhs_latex)]
    read = names_in(step.lhs) | names_in(step.rhs)
    return contains(written, definition.head) or bool(definition.name and definition.name in read)


def find(
    steps: Sequence[Step],
    heads: Sequence[int],
    marks: Marks,
    taken: Sequence[str] = (),
    taken_latex: Sequence[str] = (),
) -> list[Definition]:
    """The definitions of a text (``heads``: the indices of the steps that open a statement;
    ``taken``: names the --where and --assume give, claim syntax; ``taken_latex``: the
    --assume texts), each with why it is not used ("" when it is), in the text's order."""
    found: list[Definition] = []
    for index in heads:
        step = steps[index]
        marked = any(
            line >= step.line and tuple(tokens(step.lhs_latex)) == left
            for line, left in marks.symbols
        ) or any(first <= step.line <= last for first, last in marks.worded)
        candidate = _candidate(step, marked, taken)
        if candidate is None:
            continue
        if any(contains(tokens(t), candidate.head) for t in taken_latex) and not candidate.why_not:
            if not marked:
                continue
            why = f"an --assume names {candidate.shown}: the author's parameter, or defined here?"
            candidate = replace(candidate, why_not=why)
        candidate = replace(candidate, index=index)
        earlier = [d for d in found if d.head == candidate.head]
        if earlier:
            if earlier[-1].same(candidate) or not (marked or candidate.name):
                continue  # a restatement, or a claim f(y, x) = ...: decided with it
            if marked and key(candidate) == key(earlier[-1]):
                # a redefinition ("now let c := 2"), a name again or a function again (not
                # \epsilon := 1/2 then \epsilon(\alpha) := ...): in force from here on (P2)
                # a definition whose right side uses the name (g(x) := f(x) + 1): the old f
                # or the new one after it? not used (P3, as for a name defined after it)
                why = f"its right side uses {candidate.shown}, which line {step.line} redefines"
                found = [
                    replace(d, why_not=d.why_not or why)
                    if d.head != candidate.head and _appears(candidate, steps[d.index])
                    else d
                    for d in found
                ]
                first = [j for j in range(earlier[0].index) if _appears(candidate, steps[j])]
                if first and not candidate.why_not:  # P1 holds for the first definition only
                    candidate = replace(candidate, why_not=(
                        f"{candidate.shown} is used before its first definition, at line "
                        f"{steps[first[0]].line} (a parameter there?)"))  # fmt: skip
                found.append(candidate if candidate.why_not else _checked(candidate, step))
                continue
            lines = ", ".join(str(d.line) for d in [*earlier, candidate])
            why = f"{candidate.shown} is defined twice differently (lines {lines})"
            found = [
                replace(d, why_not=d.why_not or why) if d.head == candidate.head else d
                for d in found
            ]
            found.append(replace(candidate, why_not=why))
            continue
        before = [j for j in range(index) if _appears(candidate, steps[j])]
        if before:
            user = next((d for d in found if d.index == before[0]), None)
            if user is not None:  # an earlier definition's right side uses this name
                why = f"its right side uses {candidate.shown}, which line {candidate.line} defines"
                found = [replace(d, why_not=d.why_not or why) if d is user else d for d in found]
            if marked:  # "q + 1 = 2, where q := 1": no refutation at another q, before or after
                why = (f"{candidate.shown} is used before it, at line {steps[before[0]].line} (a "
                       "parameter there, or defined after its use?)")  # fmt: skip
                found.append(replace(candidate, why_not=why))
            continue  # not fresh: a parameter before, the display a claim or a case
        found.append(candidate if candidate.why_not else _checked(candidate, steps[index]))
    return _closed(found)


def _checked(definition: Definition, step: Step) -> Definition:
    """P3 (no recursion) and P4 (capture-free) for one definition."""
    body = definition.body
    if body is None:
        return replace(definition, why_not=f"its right side {step.rhs_latex} is not read")
    if _written_in(step.rhs_latex, definition.head) or definition.name in names_in(body.text):
        return replace(definition, why_not=f"it is recursive ({definition.shown} on both sides)")
    params = set(definition.params)
    applied = application(step.lhs_latex) if not definition.name else None
    # a variable's letter or command (x of x_1, \varepsilon) anywhere in the quantity's text
    letters = {arg[0] for arg in applied[1] if arg} if applied else set()
    for _, latex in body.opaque:
        if letters & set(tokens(latex)):
            return replace(definition, why_not=(
                f"its right side holds {latex}, one unknown number the reader cannot substitute "
                "a variable into"))  # fmt: skip
    if params & set(body.counts):
        return replace(definition, why_not="a variable counts the terms of a sum of its right side")
    if body.terms:  # P6: the steps using it would be decided where its sums are not empty only
        return replace(definition, why_not=(
            "its right side holds a sum or product of symbolic bounds, whose empty case the "
            "steps using it would not carry"))  # fmt: skip
    return definition


def key(definition: Definition) -> str | tuple[str, ...]:
    """What a definition defines: its name, or its function's written name."""
    return definition.name or definition.head


def in_force(
    definitions: Sequence[Definition], defined: str | tuple[str, ...], before: int
) -> Definition | None:
    """The definition of ``defined`` in force at step ``before``: the last one stated before
    it (a marked redefinition ends the force of the one before it, P2)."""
    last = None
    for definition in definitions:
        if key(definition) == defined and definition.index < before:
            last = definition
    return last


def _closed(found: list[Definition]) -> list[Definition]:
    """P3 through chains: a definition whose right side uses one not used is not used either
    (one stated after it, or the one in force where it is stated)."""
    changed = True
    while changed:
        changed = False
        for number, definition in enumerate(found):
            if definition.why_not or definition.body is None:
                continue
            for other in found:
                current = in_force(found, key(other), definition.index)
                if current is not None and current is not other:
                    continue  # the body uses the definition in force there, not this one
                if other.why_not and _uses(definition.body, other):
                    why = f"its right side uses {other.shown}, whose definition is not used"
                    found[number] = replace(definition, why_not=why)
                    changed = True
                    break
    return found


def _uses(reading: Reading, definition: Definition) -> bool:
    if definition.name:
        return definition.name in names_in(reading.text)
    return any(
        (applied := application(latex)) is not None and applied[0] == definition.head
        for _, latex in reading.opaque
    )

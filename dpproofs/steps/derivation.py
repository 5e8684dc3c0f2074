"""The model of a derivation: a chain e0 R1 e1 R2 ... Rn en, as a paper writes it.

Each step ``e_{i-1} R_i e_i`` (R in =, <=, <, >=, >) carries the LaTeX it came from, its
justification (the row's ``\\text{...}``) and its translation into claim syntax, or the reason it
could not be read. The chain's relations compose like Lean's ``calc`` (Isabelle's also/finally)::

    = then R gives R;   <= then <= gives <=;   < with <= (either order) gives <;
    mixing <= / < with >= / > is not a chain (no relation between e0 and en follows).

The derivation proves ``e0 R en`` for the composed R; it proves a stated conclusion ``A S B`` when
e0 is A, en is B (or the mirror image, B S' A) and R implies S (``<`` implies ``<=``; ``=``
implies both ``<=`` and ``>=``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from sympy.core.relational import Relational

from dpproofs.errors import DpProofsError
from dpproofs.steps import definition_use, definitions
from dpproofs.steps.chain import Relation, compose, cut_at_implication, implies
from dpproofs.steps.displays import Statement, fixed_in_prose, has_prose, lone, mark
from dpproofs.steps.latex import Reading, read_expression, to_claim_syntax
from dpproofs.steps.lexer import NotUnderstood, render, split_chain, tokens
from dpproofs.steps.names import (
    assumed_names,
    misspelt_where,
    parameter_name,
    typed_names,
    unused_where,
)
from dpproofs.steps.notation import RELATIONS
from dpproofs.steps.reading import step_cases
from dpproofs.steps.rows import Row, read_rows, statements, substitute
from dpproofs.symbolic.written import read_formula


@dataclass(frozen=True, slots=True)
class Step:
    """One step ``lhs relation rhs``: LaTeX, translation (None if unreadable) and justification."""

    index: int
    lhs_latex: str
    relation_latex: str
    rhs_latex: str
    justification: str
    lhs: str | None
    relation: Relation | None
    rhs: str | None
    problem: str = ""
    #: For a consequence drawn with an arrow: the chain's result it follows from; for a row whose
    #: justification states a condition ("for $x \\ge 1$"): that condition (claim syntax).
    premise: str | None = None
    consequence: bool = False
    #: The first step of a new statement of the block (a row that starts with its own left side,
    #: or a new math block): not a link of the chain before it.
    starts_statement: bool = False
    #: The line of the pasted text where the step's relation is (1-based).
    line: int = 0
    #: What the step's reading needs (:class:`dpproofs.steps.latex.Reading`): conditions (a
    #: probability >= 0); the parameters in the bounds of its sums and products are integers.
    conditions: tuple[str, ...] = ()
    counts: tuple[str, ...] = ()
    #: The numbers of terms of its sums and products of symbolic bounds, and for each non-empty
    #: set E of them the sides with those sums empty (:mod:`dpproofs.steps.cases`).
    terms: tuple[str, ...] = ()
    cases: tuple[tuple[tuple[str, ...], str, str], ...] = ()
    #: Opaque quantities (``\\Pr[...]``, ``\\mathbb{E}[...]``): (parameter, LaTeX). A proof
    #: holds for every value of them; a refutation does not count (:mod:`dpproofs.steps.check`).
    opaque: tuple[tuple[str, str], ...] = ()
    #: The name this step defines (the head ``name = ...`` of a statement; see
    #: :mod:`.displays`): not a claim for every value of the name, not checked.
    defines: str = ""
    #: Why a refutation of this step is not the text's (:mod:`.displays`): then not checked.
    caveat: str = ""
    #: The definitions substituted into this step (:mod:`.definitions`): the left side as
    #: written, its line, and whether a defining symbol or word marks it.
    uses: tuple[tuple[str, int, bool], ...] = ()
    #: For a step that states a definition: what became of it (used where, or why not).
    definition: str = ""

    @property
    def latex(self) -> str:
        arrow = "\\Rightarrow " if self.consequence else ""
        return f"{arrow}{self.lhs_latex} {self.relation_latex} {self.rhs_latex}"

    @property
    def statement(self) -> str | None:
        """The step in claim syntax, or None when it could not be read."""
        if self.lhs is None or self.rhs is None or self.relation is None:
            return None
        return f"({self.lhs}) {self.relation.value} ({self.rhs})"


@dataclass(frozen=True, slots=True)
class Conclusion:
    """What the derivation should establish: ``lhs relation rhs`` in claim syntax."""

    lhs: str
    relation: Relation
    rhs: str
    latex: str


@dataclass(frozen=True, slots=True)
class Derivation:
    """A chain of steps with the assumptions in force (claim syntax) and parameter domains."""

    steps: tuple[Step, ...]
    assumptions: tuple[str, ...] = ()
    where: tuple[tuple[str, str], ...] = ()
    conclusion: Conclusion | None = None
    problems: tuple[str, ...] = field(default=())
    #: --where names that no step and no assumption uses (an error on the command line).
    unused_where: tuple[str, ...] = ()
    #: Parameters an assumption names that no step uses (an error on the command line).
    unused_assumed: tuple[str, ...] = ()

    def statements(self) -> list[tuple[Step, ...]]:
        """The steps grouped by statement: one chain each (a block may hold several)."""
        groups: list[list[Step]] = []
        for step in self.steps:
            if step.starts_statement or not groups:
                groups.append([])
            groups[-1].append(step)
        return [tuple(g) for g in groups]

    def chain(self) -> Relation | None:
        """The composed relation between the first and last expressions (None: no chain, or
        several statements)."""
        if len(self.statements()) > 1:
            return None
        return _composed(self.steps)

    def closes(self) -> tuple[bool, str]:
        """Whether the chain composes to the conclusion, and why not. A block of several
        statements has no conclusion of its own: each statement must be a chain."""
        statements = self.statements()
        if len(statements) > 1:
            if self.conclusion is not None:
                lines = ", ".join(str(g[0].line) for g in statements)
                return False, (
                    f"the block holds {len(statements)} statements (lines {lines}), not one "
                    "chain to compare with the conclusion"
                )
            broken = [g[0].index for g in statements if _composed(g) is None]
            if broken:
                return False, f"the statement starting at step {broken[0]} is not a chain"
            return True, ""
        composed = self.chain()
        if composed is None:
            return False, "the relations do not compose to one relation (not a chain)"
        if self.conclusion is None:
            return True, ""
        first, last = self.steps[0].lhs, self.steps[-1].rhs
        if self.steps[-1].consequence:  # the conclusion is what the arrow draws
            first, composed = self.steps[-1].lhs, self.steps[-1].relation
            if composed is None:
                return False, "the consequence is not a relation"
        want = self.conclusion
        kept = [s.premise for s in self.steps if s.premise and not s.consequence]
        if kept:  # each step holds only under these: the conclusion would drop them
            return False, (
                f"the steps were proved only where {' and '.join(dict.fromkeys(kept))} (a row's "
                "condition), which the conclusion does not carry: state them with --assume"
            )
        if _same(first, want.lhs) and _same(last, want.rhs) and implies(composed, want.relation):
            return True, ""
        mirrored = want.relation.mirrored()
        if _same(first, want.rhs) and _same(last, want.lhs) and implies(composed, mirrored):
            return True, ""
        return False, (
            f"the chain gives {first} {composed.value} {last}, "
            f"which is not the conclusion {want.lhs} {want.relation.value} {want.rhs}"
        )


def _composed(steps: Iterable[Step]) -> Relation | None:
    composed: Relation | None = Relation.EQ
    for step in steps:
        if not step.consequence:
            composed = compose(composed, step.relation)
    return composed


def _same(first: str | None, second: str) -> bool:
    """The two expressions are the same tree as written (parentheses aside; nothing evaluated)."""
    if first is None:
        return False
    try:
        relation = read_formula(f"({first}) == ({second})")
    except DpProofsError:
        return False
    return isinstance(relation, Relational) and relation.lhs == relation.rhs


def _translate(latex: str) -> tuple[str | None, str]:
    reading, why = _read(latex)
    return (reading.text if reading else None), why


def _read(latex: str) -> tuple[Reading | None, str]:
    try:
        return read_expression(latex), ""
    except NotUnderstood as exc:
        return None, str(exc)


def read_relation(latex: str, mapping: Mapping[str, str] | None = None) -> Conclusion:
    """One relation ``A R B`` (an assumption or a conclusion) read from LaTeX.

    A chain ``0 < x \\le 1`` is read as the conjunction of its links (the relation returned is the
    first; ``lhs``/``rhs`` are the ends; use :func:`read_assumption` for assumptions).
    """
    rows = read_rows(latex, mapping)
    exprs, rels, _ = split_chain(tokens(" ".join(r.latex for r in rows)))
    if len(rels) != 1 or rels[0] not in RELATIONS:
        raise NotUnderstood("expected exactly one relation =, <, <=, >, >=", latex)
    lhs, rhs = to_claim_syntax(render(exprs[0])), to_claim_syntax(render(exprs[1]))
    return Conclusion(lhs, Relation(RELATIONS[rels[0]]), rhs, latex)


def read_assumption(latex: str, mapping: Mapping[str, str] | None = None) -> str:
    """An assumption in LaTeX (a relation or a chain of them) as claim syntax."""
    rows = read_rows(latex, mapping)
    exprs, rels, _ = split_chain(tokens(" ".join(r.latex for r in rows)))
    if not rels or any(r not in RELATIONS for r in rels):
        raise NotUnderstood("an assumption must be a chain of =, <, <=, >, >=", latex)
    readings = [read_expression(render(e)) for e in exprs]
    if any(r.counts for r in readings):
        raise NotUnderstood("a sum or product with symbolic bounds in an assumption", latex)
    parts = [r.text for r in readings]
    ops = [RELATIONS[r] for r in rels]
    return " ".join(p for pair in zip(parts, [*ops, ""], strict=True) for p in pair).strip()


def read_derivation(
    block: str,
    mapping: Mapping[str, str] | None = None,
    assume: Iterable[str] = (),
    where: Mapping[str, str] | None = None,
    conclusion: str | None = None,
) -> Derivation:
    """Read a pasted LaTeX block or text (see :mod:`.latex`) into a :class:`Derivation`.

    ``assume`` and ``conclusion`` are LaTeX relations read with the same ``mapping``, an author's
    multi-letter name (``epsilon``) as the steps read it (:func:`.names.typed_names`); ``where``
    maps parameter names (as translated, e.g. ``epsilon``, or as LaTeX, ``\\varepsilon``) to
    domains such as ``"(0, oo)"``. Rows are joined as a reader of the paper joins them: a row that
    starts with a relation continues the chain, one that starts with ``+`` or ``-`` continues
    the expression, one that starts with its own left side (or a new math block) is a new
    statement. Unreadable or ambiguous pieces never raise: the steps that use them are marked
    with the reason; a ``where`` name no step uses is listed (``unused_where``) and, when it is
    close to a name a step uses, is a problem of the derivation.
    """
    block, marks = definitions.prepare(block)
    rows = read_rows(block, mapping)
    steps: list[Step] = []
    problems: list[str] = []
    spans: list[Statement] = []
    prose = has_prose(block)
    for group in statements(rows):
        first = len(steps)
        steps += _chain_steps(rows, group, first)
        if len(steps) > first and first > 0:
            steps[first] = replace(steps[first], starts_statement=True)
        home = rows[group[0]].block
        alone = len(steps) == first + 1 and len(group) == sum(r.block == home for r in rows)
        spans.append(Statement(first, len(steps), alone and lone(steps[first], alone, prose)))
    assumptions = []
    for text in assume:
        try:
            assumptions.append(read_assumption(_typed(text, mapping), mapping))
        except NotUnderstood as exc:
            problems.append(f"assumption not understood: {exc}")
    steps = _defined(steps, spans, marks, assumptions, assume, where, mapping)
    marked = mark(steps, spans, assumptions, fixed_in_prose(block))
    steps = [
        replace(step, defines=step.defines or ("" if step.uses else shown.defines),
                caveat="; ".join(c for c in (shown.caveat, step.caveat) if c))
        for step, shown in zip(steps, marked, strict=True)
    ]  # fmt: skip
    unused_assumed = assumed_names(assumptions, steps)
    if unused_assumed:
        names = ", ".join(repr(n) for n in unused_assumed)
        problems.append(f"--assume names {names}, which no step uses")
    wanted = None
    if conclusion is not None:
        try:
            wanted = read_relation(_typed(conclusion, mapping), mapping)
        except NotUnderstood as exc:
            problems.append(f"conclusion not understood: {exc}")
    if not steps:
        problems.append("no relation found: the block is not a chain")
    domains = {parameter_name(k): v for k, v in (where or {}).items()}
    unused = unused_where(steps, assumptions, domains)
    problems += misspelt_where(unused, steps)
    return Derivation(
        tuple(steps),
        tuple(assumptions),
        tuple(sorted(domains.items())),
        wanted,
        tuple(problems),
        tuple(unused),
        tuple(unused_assumed),
    )


def _defined(
    steps: list[Step],
    spans: list[Statement],
    marks: definitions.Marks,
    assumptions: list[str],
    assume: Iterable[str],
    where: Mapping[str, str] | None,
    mapping: Mapping[str, str] | None,
) -> list[Step]:
    """The steps with the text's definitions substituted (:mod:`.definitions`)."""
    taken = {n for a in assumptions for n in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", a)}
    taken |= {parameter_name(k) for k in (where or {})}
    texts = []
    for text in assume:
        try:
            texts.append(_typed(text, mapping))
        except NotUnderstood:  # reported as a problem of the derivation
            continue
    found = definitions.find(steps, [s.start for s in spans if s.end > s.start], marks,
                             sorted(taken), texts)  # fmt: skip
    out = []
    for step, new in zip(steps, definition_use.rewrite(steps, found), strict=True):
        if new is not None:
            step = replace(step, lhs=new.lhs, rhs=new.rhs, premise=new.premise, opaque=new.opaque,
                           conditions=new.conditions, counts=new.counts, cases=new.cases,
                           uses=new.uses,
                           defines=new.defines or ("" if new.uses else step.defines),
                           definition=new.note, caveat=new.caveat)  # fmt: skip
            if new.ambiguous:  # read, but not as the paper may mean it: not checked
                step = replace(step, lhs=None, rhs=None, problem=step.problem or new.ambiguous)
        out.append(step)
    return out


def _typed(text: str, mapping: Mapping[str, str] | None) -> str:
    """An author's --assume or --conclusion, mapped first (a key may hold a word), its
    multi-letter names then read as the steps read them."""
    return typed_names(substitute(text, mapping or {}))


def _chain_steps(rows: list[Row], group: list[int], offset: int) -> list[Step]:
    """The steps of one statement (rows ``group``), numbered from ``offset + 1``."""
    flat: list[str] = []
    owner: list[int] = []
    for number in group:
        row_tokens = tokens(rows[number].latex)
        flat += row_tokens
        owner += [number] * len(row_tokens)
    consequence = cut_at_implication(flat, owner)
    exprs, rels, positions = split_chain(flat)
    bounds = [-1, *positions, len(flat)]
    readings = [_read(render(e)) for e in exprs]
    steps = []
    for i, rel in enumerate(rels):
        (left, why_l), (right, why_r) = readings[i], readings[i + 1]
        lhs, rhs = (left.text if left else None), (right.text if right else None)
        sides = [r for r in (left, right) if r is not None]
        conditions = tuple(dict.fromkeys(c for r in sides for c in r.conditions))
        counts = tuple(sorted({c for r in sides for c in r.counts}))
        opaque = tuple(sorted({o for r in sides for o in r.opaque}))
        relation = Relation(RELATIONS[rel]) if rel in RELATIONS else None
        unchecked = "" if relation else f"the relation {rel} is not checked"
        row = rows[owner[positions[i]]]
        spanned = {owner[k] for k in range(bounds[i] + 1, bounds[i + 2])}
        ambiguous = next((rows[n].problem for n in sorted(spanned) if rows[n].problem), "")
        refused = next((rows[n].refused for n in sorted(spanned) if rows[n].refused), "")
        premise, why_c = _condition(row)
        terms, cases, many = step_cases((left, right))
        problem = refused or unchecked or why_l or why_r or ambiguous or why_c or many
        if ambiguous or why_c or many:  # read, but not as the paper may mean it: not checked
            lhs = rhs = None
        steps.append(
            Step(offset + i + 1, render(exprs[i]), rel, render(exprs[i + 1]), row.justification,
                 lhs, relation, rhs, problem, premise, line=row.line, conditions=conditions,
                 counts=counts, terms=terms, cases=cases, opaque=opaque, caveat=row.caveat)
        )  # fmt: skip
    if consequence is not None:
        tail, row_number = consequence
        steps.append(_consequence(steps, tail, rows[row_number], offset))
        if len(rels) == 1:  # ``x \ge 1 \implies ...``: a hypothesis, or a claim derived?
            why = "the premise of an implication may be a hypothesis, not a claim of its own"
            steps[0] = replace(steps[0], caveat="; ".join(filter(None, (steps[0].caveat, why))))
    return steps


def _condition(row: Row) -> tuple[str | None, str]:
    """The condition a row's justification states, as claim syntax (the step is checked under
    it), or why it cannot be read (then not checked: dropping it decides another statement)."""
    if not row.condition:
        return None, ""
    join = " or " if "\\lor" in row.condition else " and "  # one kind (.conditions)
    try:
        read = [read_assumption(p) for p in re.split(r"\\l(?:and|or)\b", row.condition)]
    except NotUnderstood as exc:
        return None, f"the row's condition '{row.condition}' is not understood: {exc}"
    return (join.join(f"({r})" for r in read) if len(read) > 1 else read[0]), ""


def _consequence(chain: list[Step], tail: list[str], row: Row, offset: int = 0) -> Step:
    """The step ``=> A R B`` after a chain: checked under the chain's result ``e0 R' en`` (so it is
    sound exactly when the chain's steps are)."""
    arrow = tail[0]
    justification = row.justification
    index = offset + len(chain) + 1
    exprs, rels, _ = split_chain(tail[1:])
    lhs_latex = render(exprs[0])
    rhs_latex = render(exprs[-1]) if len(exprs) > 1 else ""
    relation_latex = rels[0] if rels else ""
    composed: Relation | None = Relation.EQ
    for step in chain:
        composed = compose(composed, step.relation)
    problem = ""
    if len(rels) != 1 or rels[0] not in RELATIONS:
        problem = f"the consequence after {arrow} is not one relation =, <, <=, >, >= (not checked)"
    elif not chain:
        problem = f"nothing before {arrow} to draw it from (not checked)"
    elif composed is None or chain[0].lhs is None or chain[-1].rhs is None:
        problem = f"the chain before {arrow} gives no relation to draw it from (not checked)"
    lhs, why_l = _translate(lhs_latex)
    rhs, why_r = _translate(rhs_latex) if rhs_latex else (None, "")
    symbolic = any(r is not None and r.counts for r in (_read(lhs_latex)[0], *(
        [_read(rhs_latex)[0]] if rhs_latex else [])))  # fmt: skip
    problem = problem or why_l or why_r or (symbolic and (
        f"a sum or product with symbolic bounds in the consequence after {arrow} is not "
        "supported (its empty case; not checked)")) or ""  # fmt: skip
    problem = problem or row.problem or ("" if not row.condition else
        f"a condition on the consequence after {arrow} is not supported (not checked)")  # fmt: skip
    if problem:
        return Step(index, lhs_latex, relation_latex, rhs_latex, justification,
                    None, None, None, problem, consequence=True, line=row.line)  # fmt: skip
    assert composed is not None
    premise = f"({chain[0].lhs}) {composed.value} ({chain[-1].rhs})"
    return Step(index, lhs_latex, relation_latex, rhs_latex, justification, lhs,
                Relation(RELATIONS[rels[0]]), rhs, "", premise, True, line=row.line)  # fmt: skip

"""Rule DEF of :mod:`.definitions` applied: the steps after a definition decided with it.

A defined name ``n`` is replaced by ``(B)``, an application ``f(a1, ..., ak)`` (one opaque number
of the reader, :mod:`.binders`) by ``(B[v1 := (a1), ..., vk := (ak)])``, in one pass over the
claim syntax (simultaneous: a value is never rewritten again). Bodies are expanded first with the
definitions before them, arguments before they are put in, so the result names no usable
definition; claim syntax has no binders, so nothing is captured (P4 of :mod:`.definitions`
keeps the opaque quantities and the sums' counts out of reach of the bound variables). What the
inserted text needs comes with it: its conditions (a probability >= 0, a sum's number of terms
>= 0), counts and opaque quantities.

A step whose own justification gives a name it is decided with a value (``c + 1 = 6 && now with
$c = 5$``: the name alone on a side of ``=`` or a defining symbol) is read, but not as the paper
may mean it (a new value there, or the same?): not checked, neither proved nor refuted.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from dpproofs.steps.conditions import MARK
from dpproofs.steps.definitions import (
    Definition,
    Step,
    application,
    in_force,
    key,
    names_in,
    replace_names,
)
from dpproofs.steps.displays import ANY_DEFINER
from dpproofs.steps.latex import Reading, read_expression
from dpproofs.steps.lexer import NotUnderstood, render


@dataclass(frozen=True, slots=True)
class Rewrite:
    """What the definitions make of one step: its sides and what they need, as decided, and
    the definitions used (left side as written, line, marked); or, for a definition, a note."""

    lhs: str | None
    rhs: str | None
    premise: str | None
    opaque: tuple[tuple[str, str], ...]
    conditions: tuple[str, ...]
    counts: tuple[str, ...]
    cases: tuple[tuple[tuple[str, ...], str, str], ...] = ()
    uses: tuple[tuple[str, int, bool], ...] = ()
    defines: str = ""
    note: str = ""
    caveat: str = ""
    ambiguous: str = ""  # why the step is not checked at all ("" when it is)


_WORD_TOKEN = re.compile(r"(?<![A-Za-z0-9_.])[A-Za-z_][A-Za-z0-9_]*(?![A-Za-z0-9_])")


@dataclass
class _Expander:
    """Rule DEF applied to claim syntax: names and applications of the usable definitions
    before step ``before`` replaced (one pass; bodies already expanded, arguments expanded
    first), collecting what the inserted text needs."""

    definitions: Sequence[Definition]
    table: dict[str, str]  # opaque parameter -> its LaTeX
    before: int
    blocked: frozenset[str] = frozenset()
    conditions: list[str] = field(default_factory=list)
    counts: list[str] = field(default_factory=list)
    used: list[Definition] = field(default_factory=list)

    def _usable(self) -> list[Definition]:
        """The definitions in force at step ``before`` (the last of each name before it)."""
        return [
            d for d in self.definitions
            if not d.why_not and in_force(self.definitions, key(d), self.before) is d
        ]  # fmt: skip

    def expand(self, text: str, depth: int = 0) -> str:
        if depth > len(self.definitions) + 1:  # cannot happen: bodies use earlier ones only
            raise NotUnderstood("definitions nested too deeply", text[:40])
        usable = self._usable()
        names = {d.name: d for d in usable if d.name and d.name not in self.blocked}
        heads = {d.head: d for d in usable if not d.name}

        def one(found: re.Match[str]) -> str:
            word = found.group(0)
            if word in names:
                return "(" + self._body(names[word], {}, depth) + ")"
            applied = application(self.table[word]) if word in self.table else None
            if applied is None or applied[0] not in heads:
                return word
            definition = heads[applied[0]]
            if len(applied[1]) != len(definition.params):
                return word
            try:
                args = [self._argument(render(arg), depth) for arg in applied[1]]
            except NotUnderstood:
                return word
            values = dict(zip(definition.params, args, strict=True))
            return "(" + self._body(definition, values, depth) + ")"

        return _WORD_TOKEN.sub(one, text)

    def _argument(self, latex: str, depth: int) -> str:
        reading = read_expression(latex)
        if reading.terms:  # its empty cases would not be the step's: the application stays
            raise NotUnderstood("a sum of symbolic bounds in an argument", latex)
        self._need(reading, {})
        return "(" + self.expand(reading.text, depth + 1) + ")"

    def _body(self, definition: Definition, values: dict[str, str], depth: int) -> str:
        assert definition.body is not None
        if definition not in self.used:
            self.used.append(definition)
        inner = _Expander(self.definitions, self.table, definition.index)
        text = replace_names(inner.expand(definition.body.text, depth + 1), values)
        self._need(definition.body, values)
        self.conditions += [replace_names(c, values) for c in inner.conditions]
        self.counts += inner.counts
        self.used += [d for d in inner.used if d not in self.used]
        return text

    def _need(self, reading: Reading, values: dict[str, str]) -> None:
        self.table.update(reading.opaque)
        self.conditions += [replace_names(c, values) for c in reading.conditions]
        self.counts += list(reading.counts)


def rewrite(steps: Sequence[Step], definitions: Sequence[Definition]) -> list[Rewrite | None]:
    """Each step with the definitions before it substituted (None: unchanged), each definition
    step with its note (:class:`Rewrite`)."""
    table: dict[str, str] = {}
    for step in steps:
        table.update(step.opaque)
    out: list[Rewrite | None] = []
    users: dict[int, list[int]] = {d.index: [] for d in definitions}
    for number, step in enumerate(steps):
        own = next((d for d in definitions if d.index == number), None)
        if own is not None or step.lhs is None or step.rhs is None:  # unread: not decided
            out.append(None)
            continue
        blocked = frozenset(step.counts)
        expander = _Expander(definitions, table, number, blocked)
        lhs, rhs = expander.expand(step.lhs), expander.expand(step.rhs)
        cases = tuple((empty, expander.expand(left), expander.expand(right))
                      for empty, left, right in step.cases)  # fmt: skip
        premise = expander.expand(step.premise) if step.premise else step.premise
        unused = [d for d in definitions
                  if _mentions(step, d, table) and _bears(d, definitions, number)
                  and (d.why_not or (d.index < number and d.name in blocked))]  # fmt: skip
        caveat = "; ".join(
            [step.caveat] * bool(step.caveat)
            + [f"the display at line {d.line} is not used as the definition of {d.shown}: "
               + (d.why_not or f"{d.name} counts the terms of a sum here") for d in unused]
        )  # fmt: skip
        if not expander.used and caveat == step.caveat:
            out.append(None)
            continue
        ambiguous = _restated(step, expander.used)
        for d in expander.used if not ambiguous else ():  # not decided with it: no user
            users[d.index].append(number)
        sides = " ".join(s for s in (lhs, rhs) if s)
        opaque = tuple(sorted({(t, table[t]) for t in _WORD_TOKEN.findall(sides) if t in table}))
        conditions = tuple(dict.fromkeys([*expander.conditions, *step.conditions]))
        counts = tuple(sorted({*step.counts, *expander.counts}))
        used = sorted(expander.used, key=lambda d: d.index)
        uses = tuple((d.shown, d.line, d.marked) for d in used)
        out.append(Rewrite(lhs, rhs, premise, opaque, conditions, counts, cases, uses,
                           caveat=caveat, ambiguous=ambiguous))  # fmt: skip
    for d in definitions:
        if d.why_not:
            note = f"not used: {d.why_not}"
        elif users[d.index]:
            note = "used in steps " + ", ".join(str(i + 1) for i in users[d.index])
        else:
            note = "no step after it uses it"
        step = steps[d.index]
        out[d.index] = Rewrite(step.lhs, step.rhs, step.premise, step.opaque, step.conditions,
                               step.counts, step.cases,
                               defines=(d.name or render(list(d.head)))
                               if d.marked and not d.why_not else "",
                               note=note)  # fmt: skip
    return out


def _mentions(step: Step, definition: Definition, table: Mapping[str, str]) -> bool:
    """Whether the step, as read, uses the defined name or applies the defined function."""
    words = names_in(step.lhs) | names_in(step.rhs)
    if definition.name:
        return definition.name in words
    return any(
        (applied := application(table.get(w, ""))) is not None and applied[0] == definition.head
        for w in words
    )


def _bears(definition: Definition, definitions: Sequence[Definition], number: int) -> bool:
    """Whether ``definition`` bears on step ``number``: it is the one in force there, or none
    is and it is stated after the step ("q + 1 = 2, where q := 1")."""
    current = in_force(definitions, key(definition), number)
    return current is definition or (current is None and definition.index > number)


def _restated(step: Step, used: Sequence[Definition]) -> str:
    """Why ``step`` is not checked when its own justification gives a name whose definition
    it is decided with a value ("c + 1 = 6 && now with $c = 5$", "... where $c := 5$"): the
    author may give the name another value there, or restate it; "" when none is given one."""
    for definition in used:
        if _valued(step.justification, definition.head):
            return (
                f"ambiguous: its justification '{step.justification.strip()}' gives "
                f"{definition.shown} a value, while the definition at line {definition.line} is "
                f"in force (a new value, or the same?): state {definition.shown} := ... in a "
                "display before the step to check it with the new value"
            )
    return ""


def _valued(justification: str, head: Sequence[str]) -> bool:
    """Whether the name ``head`` stands alone on a side of ``=`` or a defining symbol in
    ``justification`` (a condition ``c \\ge 1`` or a mention ``definition of $c$`` is not)."""
    name = re.escape("".join(head))
    text = ANY_DEFINER.sub(" = ", justification.replace("$", " ").replace(MARK, " "))
    return bool(
        re.search(rf"(?<![A-Za-z0-9\\_]){name}\s*=(?!=)", text)
        or re.search(rf"(?<![<>!\\])=\s*{name}(?![A-Za-z0-9_])", text)
    )

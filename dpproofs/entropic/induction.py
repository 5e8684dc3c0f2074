"""Induction over a sequence of random variables Y_1, Y_2, ... (docs/design/induction.md).

The claim: for every k >= 1, every joint distribution of the fixed variables and Y_1, .., Y_k on
finite alphabets and all reals e_1, .., e_k such that the global hypotheses G hold and the stage
hypotheses Q(Y^{j-1}, Y_j, e_j) hold for every j = 1..k:

    P(Y^k, e_1 + ... + e_k),

where Y^j = (Y_1, .., Y_j) is one joint variable (Y^0 a constant). P is written once with a
variable ``prefix`` (A, standing for Y^k) and a parameter ``total`` (E, for the sum); Q once with
``prefix`` (Y^{j-1}), a variable ``new`` (B, for Y_j) and a parameter ``each`` (e, for e_j).
Two Shannon claims (:class:`~dpproofs.entropic.claim.ShannonClaim`) decide it:

    base   G and Q[A := constant, B := A, e := E]  imply  P(A, E);
    step   G and P(A, E) and Q(A, B, e)             imply  P[A := (A, B), E := E + e].

PROVED when both are PROVED, else UNKNOWN (a refuted step refutes the statement's use as an
induction hypothesis, not the claim). The substitutions act on the coordinates h(S) = H(X_S) of
the linear forms: A := (A, B) replaces A by A and B in every S, A := constant removes it (H of
a set with a constant is H of the rest; h of the empty set is 0), B := A renames.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from dpproofs.claim import decide_obligations, no_truth_value
from dpproofs.deadline import Deadline
from dpproofs.entropic.claim import ShannonClaim
from dpproofs.entropic.terms import Linear, Relation, parameters_of, variables_of
from dpproofs.errors import InvalidClaim
from dpproofs.verdict import Verdict

METHOD = "induction over Y_1, Y_2, ... (base and step Shannon claims; docs/design/induction.md)"


def substitute(
    form: Linear, variables: Mapping[str, frozenset[str]], params: Mapping[str, Linear]
) -> Linear:
    """``form`` with each variable v in a coordinate replaced by the set variables[v] (empty:
    a constant) and each parameter t by the form params[t]."""
    coords: dict[frozenset[str], Fraction] = {}
    for subset, c in form.coords.items():
        image = frozenset().union(*(variables.get(v, frozenset({v})) for v in subset))
        if image:
            coords[image] = coords.get(image, Fraction(0)) + c
    out = Linear({s: c for s, c in coords.items() if c}, {}, form.const, form.text)
    for t, c in form.params.items():
        out = out + (params[t] * c if t in params else Linear(params={t: c}, text=t))
    changes = [f"{v} := ({', '.join(sorted(s))})" for v, s in variables.items()]
    changes += [f"{t} := {p}" for t, p in params.items()]
    return Linear(out.coords, out.params, out.const, f"{form.text}[{'; '.join(changes)}]")


def _relation(
    r: Relation, variables: Mapping[str, frozenset[str]], params: Mapping[str, Linear]
) -> Relation:
    return Relation(
        substitute(r.lhs, variables, params), substitute(r.rhs, variables, params), r.kind
    )


@dataclass(frozen=True, slots=True)
class SequenceInduction:
    """The claim of the module docstring; ``parts`` are its base and step."""

    __bool__ = no_truth_value

    statement: Relation
    stage: tuple[Relation, ...]
    given: tuple[Relation, ...]
    prefix: str
    new: str
    total: str
    each: str
    text: str
    parts: tuple[ShannonClaim, ...] = field(default=())

    def describe(self) -> str:
        return self.text

    def decide(self, deadline: Deadline) -> Verdict:
        return decide_obligations(self.parts, ("base", "step"), METHOD, deadline)


def sequence_induction(
    statement: Relation,
    stage: Iterable[Relation],
    given: Iterable[Relation] = (),
    prefix: str = "A",
    new: str = "B",
    total: str = "E",
    each: str = "e",
    text: str = "",
) -> SequenceInduction:
    """The claim of the module docstring, with its base and step built."""
    stage_t, given_t = tuple(stage), tuple(given)
    names = {prefix, new}
    if len(names) != 2 or total == each:
        raise InvalidClaim("sequence induction: prefix and new, total and each are distinct")
    if names & set(variables_of(given_t)) or {total, each} & set(parameters_of(given_t)):
        raise InvalidClaim("sequence induction: the global hypotheses may not read A, B, E or e")
    if new in variables_of((statement,)) or each in parameters_of((statement,)):
        raise InvalidClaim("sequence induction: the statement reads the prefix and total only")
    if total in parameters_of(stage_t):
        raise InvalidClaim("sequence induction: a stage hypothesis may not read the total")
    fixed = set(variables_of((statement, *stage_t, *given_t))) - names
    if {total, each} & fixed or names & set(parameters_of((statement, *stage_t, *given_t))):
        raise InvalidClaim("sequence induction: variable and parameter names are distinct")
    first = {prefix: frozenset(), new: frozenset({prefix})}
    base = ShannonClaim(
        f"base (k = 1): {statement} given the first stage",
        statement,
        (
            *given_t,
            *(
                _relation(q, first, {each: Linear(params={total: Fraction(1)}, text=total)})
                for q in stage_t
            ),
        ),
    )
    grow = {prefix: frozenset({prefix, new})}
    one = Fraction(1)
    plus = {total: Linear(params={total: one, each: one}, text=f"{total} + {each}")}
    target = _relation(statement, grow, plus)
    step = ShannonClaim(
        f"step: {statement} and the next stage imply {target}",
        target,
        (*given_t, statement, *stage_t),
    )
    shown = text or (
        f"for every k >= 1: {statement} with {prefix} = (Y_1, .., Y_k) and {total} = e_1 + .. + "
        f"e_k, given {'; '.join(map(str, stage_t))} at every stage ({prefix} = Y^(j-1), "
        f"{new} = Y_j, {each} = e_j)"
    )
    return SequenceInduction(
        statement, stage_t, given_t, prefix, new, total, each, shown, (base, step)
    )


def unrolled(claim: SequenceInduction, k: int) -> ShannonClaim:
    """The claim at one k, written out: Y_1..Y_k as the variables Yseq_1..Yseq_k and e_j as the
    parameters e_1..e_k (the independent route of the tests and of ``make soundness``)."""
    ys = [f"Yseq_{j}" for j in range(1, k + 1)]
    es = [f"{claim.each}_{j}" for j in range(1, k + 1)]
    one = Fraction(1)
    hypotheses = list(claim.given)
    for j in range(1, k + 1):
        variables = {claim.prefix: frozenset(ys[: j - 1]), claim.new: frozenset({ys[j - 1]})}
        stage_j = {claim.each: Linear(params={es[j - 1]: one}, text=es[j - 1])}
        hypotheses += [_relation(q, variables, stage_j) for q in claim.stage]
    total = {claim.total: Linear(params=dict.fromkeys(es, one), text=" + ".join(es))}
    target = _relation(claim.statement, {claim.prefix: frozenset(ys)}, total)
    return ShannonClaim(f"{claim.text} at k = {k}", target, tuple(hypotheses))

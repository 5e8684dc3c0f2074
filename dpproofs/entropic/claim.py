"""The claim "for every joint distribution of X_1..X_n on every finite alphabet (and every value
of the parameters) satisfying the hypotheses, the target inequality of entropies holds".

Procedure (deterministic):

1. The target and hypotheses are linear forms in h(S) = H(X_S) (:mod:`.terms`).
2. For the target f >= 0 (and -f >= 0 for an equality) a Shannon-type certificate is searched
   by a linear program and checked exactly (:mod:`.shannon`, rule SH of
   docs/design/shannon.md). Every direction certified: PROVED for every finite alphabet.
3. Otherwise seeded exact candidates (:mod:`.refute`) are decided exactly; one where every
   hypothesis holds and the target fails: REFUTED, the joint law as the witness.
4. Otherwise UNKNOWN: not Shannon-type, or the LP found no certificate (Shannon-type
   inequalities are not all the valid ones: Zhang-Yeung 1998), and no counterexample found.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from dpproofs.claim import no_truth_value
from dpproofs.deadline import Deadline
from dpproofs.entropic.refute import refute
from dpproofs.entropic.shannon import Certificate, search
from dpproofs.entropic.terms import Relation, parameters_of, variables_of
from dpproofs.entropic.values import JointLaw, value
from dpproofs.errors import InvalidClaim
from dpproofs.evidence import Witness
from dpproofs.shannon_certificate import Direction, ShannonCertificate
from dpproofs.shannon_text import (
    METHOD,
    REFUTED_REASON,
    certificate_lines,
    observed,
    proved_reason,
    unknown_reason,
)
from dpproofs.verdict import Counterexample, Verdict

#: Variables beyond this make the LP too large to be worth it (2^n - 1 coordinates).
MAX_VARIABLES = 7


@dataclass(frozen=True, slots=True)
class ShannonClaim:
    statement: str
    target: Relation
    hypotheses: tuple[Relation, ...] = ()
    __bool__ = no_truth_value

    def __post_init__(self) -> None:
        if not isinstance(self.target, Relation):
            raise InvalidClaim(
                f"the target is a relation of entropies (a <= b, equal(a, b)), not {self.target!r}"
            )
        if not isinstance(self.hypotheses, tuple) or not all(
            isinstance(h, Relation) for h in self.hypotheses
        ):
            raise InvalidClaim("the hypotheses are a tuple of relations of entropies")

    def describe(self) -> str:
        return self.statement

    def names(self) -> tuple[str, ...]:
        return variables_of((self.target, *self.hypotheses))

    def parameters(self) -> tuple[str, ...]:
        return parameters_of((self.target, *self.hypotheses))

    def decide(self, deadline: Deadline) -> Verdict:
        names = self.names()
        if not names:
            raise InvalidClaim("the target and hypotheses mention no random variable")
        if len(names) > MAX_VARIABLES:
            raise InvalidClaim(
                f"{len(names)} random variables: at most {MAX_VARIABLES} are decided"
            )
        directions = [("+", self.target.difference())]
        if self.target.kind == "==":
            directions.append(("-", -self.target.difference()))
        found: list[tuple[str, Certificate]] = []
        for sign, form in directions:
            certificate = search(form, self.hypotheses, names)
            if certificate is None:
                break
            found.append((sign, certificate))
        else:
            return self._proved(names, found)
        counter = refute(self.target, self.hypotheses, names, self.parameters(), deadline)
        if counter is not None:
            return self._refuted(*counter)
        return Verdict.unknown(METHOD, unknown_reason(str(self.target), bool(found)))

    def _proved(self, names: tuple[str, ...], found: list[tuple[str, Certificate]]) -> Verdict:
        directions = tuple(
            Direction(
                sign,
                tuple((e.first, e.other, ",".join(e.given), str(m)) for e, m in c.elemental),
                tuple((j, str(m)) for j, m in c.hypotheses),
            )
            for sign, c in found
        )
        return Verdict.proved(
            METHOD,
            certificate=certificate_lines(directions, [str(h) for h in self.hypotheses]),
            reason=proved_reason(names, self.parameters()),
            evidence=[ShannonCertificate(directions)],
        )

    def _refuted(self, law: JointLaw, point: dict[str, Fraction]) -> Verdict:
        values = witness_values(law, point)
        sides = [(str(f), *value(f, law, point)) for f in (self.target.lhs, self.target.rhs)]
        return Verdict.refuted(
            METHOD,
            Counterexample.of(dict(values), observed(sides)),
            reason=REFUTED_REASON,
            evidence=[Witness("entropic", values)],
        )


def witness_values(law: JointLaw, point: dict[str, Fraction]) -> tuple[tuple[str, str], ...]:
    """The witness as exact strings: ``P(x_1,...,x_n)`` per cell of positive mass (in the order
    of ``variables``), then the parameters."""
    values = [("variables", ",".join(law.names))]
    values += [
        (f"P({','.join(map(str, cell))})", str(m)) for cell, m in sorted(law.masses.items()) if m
    ]
    values += [(t, str(v)) for t, v in sorted(point.items())]
    return tuple(values)


def for_all_joint_distributions(
    target: Relation, given: Iterable[Relation] = (), statement: str = ""
) -> ShannonClaim:
    """``target`` for every joint distribution (every finite alphabet) satisfying ``given``."""
    hypotheses = tuple(given)
    text = statement or str(target) + (
        " given " + "; ".join(map(str, hypotheses)) if hypotheses else ""
    )
    return ShannonClaim(text, target, hypotheses)

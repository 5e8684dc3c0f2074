"""A premise of a reduction (dpproofs.claim.Premise): a search claim whose counterexample shows
that the argument does not apply, never that the statement is false.

The fake premise "every distribution p on 2 outcomes has every p_y <= 1/2" is false (p = (1, 0)):
plain, it is refuted; as a premise (its verdict read by :meth:`Premise.judged`, as the reduction
reads it) it is UNKNOWN with the counterexample in its one part, in its reason, in the terminal's
and the markdown's rendering, and replayed by ``dpproofs recheck``. A true premise keeps its
status. Its mutants are the plain claim's. A premise exists only inside a reduction: decided
alone (a theorem's claim, a member of all_of) it is refused, so it cannot hide a refutation."""

import io
import json
from types import SimpleNamespace

import pytest

from dpproofs.claim import PREMISE_FAILS, Premise, all_of
from dpproofs.cli.main import main
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.outcomes import every_outcome
from dpproofs.search import for_all_distributions
from dpproofs.soundness.mutate import enumerate_mutants
from dpproofs.theorem import Role
from dpproofs.verdict import Status
from dpproofs.views import markdown, terminal

#: An informed-belief reduction whose premise (S) (part 0) is false: the library's parts at
#: e^eps = 7, delta = 1/2, where z3 finds a DP mechanism on D^2 whose breaching output has mass
#: 1 under A((1, 1)) > delta'' = sqrt(1/2) + 1/(7 ln 7) (found by the search; (J) and (Z) hold
#: there). A theorem file cannot build a false part of its own: the rule refuses it.
FILE = '''from fractions import Fraction as F

from dpproofs import theorem
from dpproofs.claim import all_of
from dpproofs.search import log_of
from dpproofs.search.informed import InformedBeliefReduction
from dpproofs.search.informed_parts import INFORMED, joint, squares, zero

EPS, DELTA = log_of(F(7)), F(1, 2)


@theorem(id="fx.premise_fails", source="fixture", expect="unknown")
def premise_fails():
    """True (J) and (Z), and a false premise (S)."""
    return InformedBeliefReduction(
        joint=joint(INFORMED, EPS, DELTA),
        zero=zero(EPS, DELTA),
        square=all_of(*squares(INFORMED, EPS, DELTA)),
    )
'''


def _half(alg, p):
    return every_outcome(alg, [p], lambda x: alg.le(x, alg.const(1) / 2))


def _total(alg, p):
    return every_outcome(alg, [p], lambda x: alg.le(x, alg.const(1)))


def _claim(predicate, sizes=(2,)):
    return for_all_distributions(list(sizes), names=("p",)).claim(predicate)


def _judged(premise):
    return premise.judged(premise.claim.decide(Deadline(60)))


def test_a_false_premise_is_unknown_with_its_counterexample_not_refuted():
    plain = _claim(_half).decide(Deadline(60))
    assert plain.status is Status.REFUTED  # the fake premise is false: p = (1, 0)
    wrapped = _judged(Premise("(Z)", _claim(_half)))
    assert wrapped.status is Status.UNKNOWN and wrapped.method == PREMISE_FAILS
    assert wrapped.counterexample is None
    (part,) = wrapped.parts
    assert part.status is Status.REFUTED and part.counterexample == plain.counterexample
    assert [e.kind for e in part.evidence] == ["witness"]
    assert wrapped.reason.startswith("the premise (Z) of the argument fails at p = [1, 0]: ")


def test_a_premise_alone_is_refused():
    """Decided alone, or as a member of all_of, a premise would hide its refutation: refused
    (InvalidClaim; an ERROR verdict as a member)."""
    with pytest.raises(InvalidClaim, match="decided only by the reduction it serves"):
        Premise("(Z)", _claim(_half)).decide(Deadline(60))
    whole = all_of(_claim(_total), Premise("(Z)", _claim(_half))).decide(Deadline(60))
    assert whole.status is Status.ERROR
    assert "decided only by the reduction it serves" in (whole.parts[1].reason or "")


def test_a_true_premise_keeps_its_verdict():
    plain = _claim(_total, (2, 3)).decide(Deadline(60))
    wrapped = _judged(Premise("(Z)", _claim(_total, (2, 3))))
    assert plain.status is Status.VERIFIED_BOUNDED
    assert (wrapped.status, wrapped.coverage) == (plain.status, plain.coverage)
    assert wrapped.parts[0].evidence == plain.evidence


def test_the_views_show_the_premise_and_its_counterexample():
    verdict = _judged(Premise("(Z)", _claim(_half)))
    shown = "p = [1, 0]"  # the counterexample the search reports (a vertex of the simplex)
    result = SimpleNamespace(verdict=verdict)
    said = terminal.evidence(result)
    assert "premise (Z)" in said and shown in said and "weaker form" in said
    row = SimpleNamespace(
        verdict=verdict, corrects=None, title="t", id="fx.p", role=Role.STATEMENT,
        expected_label="unknown", quote="", reading="", restricted="",
    )  # fmt: skip
    assert shown in markdown._row("-", row, {})


def test_the_mutants_of_a_premise_are_the_plain_claims():
    enumeration = enumerate_mutants(Premise("(Z)", _claim(_half)), "t")
    plain = enumerate_mutants(_claim(_half), "t")
    assert enumeration.mutants and enumeration.not_mutated == plain.not_mutated == []
    assert [m.id for m in enumeration.mutants] == [
        m.id.replace("t/", "t/premise/", 1) for m in plain.mutants
    ]
    # Built, a mutant is the plain search claim: its refutation is not hidden as UNKNOWN.
    assert all(type(m.build()).__name__ == "SearchClaim" for m in enumeration.mutants)


def test_recheck_replays_the_premise_and_rejects_it_as_a_refutation(tmp_path):
    theorems = tmp_path / "premise_theorems.py"
    theorems.write_text(FILE)
    report = tmp_path / "report.json"
    assert main(["verify", str(theorems), "--json", str(report), "--no-cache", "-q"]) == 0
    data = json.loads(report.read_text())
    assert main(["recheck", str(report)]) == 0
    # A lie: the failed premise's counterexample shown as a refutation of the theorem.
    (entry,) = [t for t in data["theorems"] if t["id"] == "fx.premise_fails"]
    assert entry["status"] == "unknown"
    witness = next(r for r in entry["evidence"] if r["kind"] == "witness")
    assert witness["part"] == [0, 0, 0] and witness["status"] == "refuted"
    entry.update(status="refuted", method="search", reason="")
    entry.update(counterexample={"assignment": witness["values"]})
    lie = tmp_path / "lie.json"
    lie.write_text(json.dumps({k: data[k] for k in ("dpproofs_version", "theorems")}))
    out = io.StringIO()
    code = main(["recheck", str(lie)], stdout=out, stderr=out)
    assert code == 1, out.getvalue()
    # Caught either way: the replayed pieces give unknown, or (when a part was lifted within
    # its time) the lifting's text is not what a refuted verdict says.
    said = out.getvalue()
    assert "the replayed evidence gives unknown" in said or (
        "small-model: failed: the verdict does not say what the lifting" in said
    ), said


def test_the_rechecker_copies_the_reduction_words():
    from dpproofs.recheck import informedtext
    from dpproofs.search import informed

    assert (informedtext.METHOD, informedtext.COVERAGE) == (informed.METHOD, informed.COVERAGE)
    assert (informed.__name__, informed.InformedBeliefReduction.__qualname__) == informedtext.HOME

"""A premise of a reduction (dpproofs.claim.Premise): a search claim whose counterexample shows
that the argument does not apply, never that the statement is false.

The fake premise "every distribution p on 2 outcomes has every p_y <= 1/2" is false (p = (1, 0)):
plain, it is refuted; as a premise it is UNKNOWN with the counterexample in its one part, in
its reason, in the terminal's and the markdown's rendering, and replayed by ``dpproofs
recheck``. A true premise keeps its status. Its mutants are the plain claim's."""

import io
import json
from types import SimpleNamespace

from dpproofs.claim import PREMISE_FAILS, all_of, premise
from dpproofs.cli.main import main
from dpproofs.deadline import Deadline
from dpproofs.outcomes import every_outcome
from dpproofs.search import for_all_distributions
from dpproofs.soundness.mutate import enumerate_mutants
from dpproofs.theorem import Role
from dpproofs.verdict import Status
from dpproofs.views import markdown, terminal

FILE = '''from dpproofs.claim import all_of, premise
from dpproofs.outcomes import every_outcome
from dpproofs.search import for_all_distributions


def _half(alg, p):
    return every_outcome(alg, [p], lambda x: alg.le(x, alg.const(1) / 2))


def _total(alg, p):
    return every_outcome(alg, [p], lambda x: alg.le(x, alg.const(1)))


from dpproofs import theorem


@theorem(id="fx.premise_fails", source="fixture", expect="unknown")
def premise_fails():
    """A true part and a false premise."""
    return all_of(
        for_all_distributions([2], names=("p",)).claim(_total),
        premise("(Z)", for_all_distributions([2], names=("p",)).claim(_half)),
    )


@theorem(id="fx.premise_holds", source="fixture", expect="verified-bounded")
def premise_holds():
    """A true premise keeps its verdict."""
    return premise("(Z)", for_all_distributions([2, 3], names=("p",)).claim(_total))
'''


def _half(alg, p):
    return every_outcome(alg, [p], lambda x: alg.le(x, alg.const(1) / 2))


def _total(alg, p):
    return every_outcome(alg, [p], lambda x: alg.le(x, alg.const(1)))


def _claim(predicate, sizes=(2,)):
    return for_all_distributions(list(sizes), names=("p",)).claim(predicate)


def test_a_false_premise_is_unknown_with_its_counterexample_not_refuted():
    plain = _claim(_half).decide(Deadline(60))
    assert plain.status is Status.REFUTED  # the fake premise is false: p = (1, 0)
    wrapped = premise("(Z)", _claim(_half)).decide(Deadline(60))
    assert wrapped.status is Status.UNKNOWN and wrapped.method == PREMISE_FAILS
    assert wrapped.counterexample is None
    (part,) = wrapped.parts
    assert part.status is Status.REFUTED and part.counterexample == plain.counterexample
    assert [e.kind for e in part.evidence] == ["witness"]
    assert wrapped.reason.startswith("the premise (Z) of the argument fails at p = [1, 0]: ")
    whole = all_of(_claim(_total), premise("(Z)", _claim(_half))).decide(Deadline(60))
    assert whole.status is Status.UNKNOWN and whole.parts[1].parts[0].status is Status.REFUTED


def test_a_true_premise_keeps_its_verdict():
    plain = _claim(_total, (2, 3)).decide(Deadline(60))
    wrapped = premise("(Z)", _claim(_total, (2, 3))).decide(Deadline(60))
    assert plain.status is Status.VERIFIED_BOUNDED
    assert (wrapped.status, wrapped.coverage) == (plain.status, plain.coverage)
    assert wrapped.parts[0].evidence == plain.evidence


def test_the_views_show_the_premise_and_its_counterexample():
    verdict = premise("(Z)", _claim(_half)).decide(Deadline(60))
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
    enumeration = enumerate_mutants(premise("(Z)", _claim(_half)), "t")
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
    refuted = _claim(_half).decide(Deadline(60))
    entry.update(
        status="refuted", method=refuted.method, reason=refuted.reason,
        counterexample=refuted.counterexample.as_dict(),
    )  # fmt: skip
    lie = tmp_path / "lie.json"
    lie.write_text(json.dumps({k: data[k] for k in ("dpproofs_version", "theorems")}))
    out = io.StringIO()
    code = main(["recheck", str(lie)], stdout=out, stderr=out)
    assert code == 1, out.getvalue()
    assert "the replayed evidence gives unknown" in out.getvalue()


def test_the_rechecker_copies_the_reduction_words():
    from dpproofs.recheck import informedtext
    from dpproofs.search import informed

    assert (informedtext.METHOD, informedtext.COVERAGE) == (informed.METHOD, informed.COVERAGE)
    assert (informed.__name__, informed.InformedBeliefReduction.__qualname__) == informedtext.HOME

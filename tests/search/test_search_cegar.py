"""Counterexample-guided refinement for hypotheses quantified over all priors (Vadhan Prop. 2)."""

from fractions import Fraction as F

from dpproofs.algebra import implies
from dpproofs.claim import Deadline
from dpproofs.outcomes import every_outcome
from dpproofs.search import (
    DatabaseSpace,
    ForAllHypothesis,
    Interval,
    distribution,
    for_all_mechanisms,
)
from dpproofs.verdict import Status
from dpproofs.vocabulary import mechanism_pure_dp, posteriors_close, statistical_difference

ONE_ROW = DatabaseSpace(domain=2, n=1)


def prior_posterior_sd(alg, M, prior, eps):
    one, zero = alg.const(1), alg.const(0)
    out = []
    for group in M.groups:
        for y in range(len(M.rows[0])):
            lik = [M.rows[x][y] for x in group]
            z = alg.total(a * b for a, b in zip(lik, prior, strict=True))
            out.append(
                implies(alg, alg.lt(zero, z), posteriors_close(alg, prior, [one, one], lik, eps))
            )
    return alg.all(out)


def proposition2(factor):
    """'SD(prior, posterior) <= eps for all priors' => ln((1 + f eps)/(1 - f eps))-DP."""

    def conclusion(alg, M, eps):
        one = alg.const(1)
        return mechanism_pure_dp(
            alg, M.rows, M.pairs, alg.div(one + factor * eps, one - factor * eps)
        )

    return ForAllHypothesis(
        for_all_mechanisms(ONE_ROW, range(2, 4), eps=Interval(F(1, 100), F(49, 100))),
        (("prior", distribution(2)),),
        prior_posterior_sd,
        conclusion,
        f"ln((1 + {factor} eps)/(1 - {factor} eps))-DP",
    )


def test_the_proof_constant_is_verified():
    # The proof's gamma <= 2 eps gives ratio (1 + 2eps)/(1 - 2eps) >= ((1 + eps)/(1 - eps))^2,
    # the true supremum of the likelihood ratio allowed by the hypothesis.
    verdict = proposition2(2).decide(Deadline(30))
    assert verdict.status is Status.VERIFIED_BOUNDED
    assert verdict.coverage.startswith("all mechanisms on D^1 with |D| = 2 with outputs in {2, 3}")


def test_a_tighter_constant_is_refuted_with_a_certified_hypothesis():
    # ((1 + eps)/(1 - eps))^2 > (1 + eps)/(1 - eps): randomized response with ratio between the
    # two is a counterexample, and the hypothesis must hold for EVERY prior there.
    claim = proposition2(1)
    verdict = claim.decide(Deadline(30))
    assert verdict.status is Status.REFUTED
    exec(verdict.counterexample.replay, {"claim": claim})
    values = {"M": [[F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)]], "eps": F(49, 100)}
    # Ratio 3 > (1 + 49/100)/(1 - 49/100) = 149/51 = 2.92..., while the hypothesis holds:
    # sup SD = (sqrt 3 - 1)/(sqrt 3 + 1) = 0.267... <= 49/100.
    assert claim.conclusion_holds_exactly(2, values) is False
    assert claim.hypothesis_holds_for_all(2, values) is True


def _prior_posterior_sd_per_output(alg, M, prior, eps):
    """The same hypothesis as ``prior_posterior_sd``, written as a condition on every output."""
    one, zero = alg.const(1), alg.const(0)

    def close(*column):
        z = alg.total(a * b for a, b in zip(column, prior, strict=True))
        return implies(alg, alg.lt(zero, z), posteriors_close(alg, prior, [one, one], column, eps))

    return alg.all(every_outcome(alg, [M.rows[x] for x in group], close) for group in M.groups)


def test_a_hypothesis_of_conditions_on_every_output_is_lifted_for_all_priors():
    # For each prior the hypothesis is a condition on every output (scale-invariant: the
    # posterior does not change when the output's column is scaled), so "for all priors" is
    # one too; the conclusion (pure DP both ways) is two families: m = 2, K = 0, e = 1 per
    # conjunct, N* = m + K + 1 = 3, searched: every finite number of outputs.
    claim = proposition2(2)
    claim = ForAllHypothesis(
        claim.quantifier, claim.inner, _prior_posterior_sd_per_output, claim.conclusion, claim.says
    )
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.PROVED, verdict
    assert "small-model theorem: m = 2 rows, N* = 3" in verdict.certificate
    assert verdict.reason.startswith(
        "for all mechanisms on D^1 with |D| = 2 on every finite number of outputs"
    )


def test_a_hypothesis_with_sums_for_each_prior_stays_bounded():
    # "for all priors: sum over outputs ... <= delta" has one sum per prior: infinitely many.
    def sums(alg, M, prior, eps):
        return alg.le(statistical_difference(alg, M.rows[0], M.rows[1]), prior[0] * eps)

    base = proposition2(2)
    claim = ForAllHypothesis(base.quantifier, base.inner, sums, base.conclusion, base.says)
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.VERIFIED_BOUNDED
    assert verdict.coverage == (
        "all mechanisms on D^1 with |D| = 2 with outputs in {2, 3}, eps in [1/100, 49/100] "
        "(the hypothesis is not a conjunction of conditions on every outcome for each inner "
        "value)"
    )


def test_a_refinement_lifting_compares_formula_and_predicate_past_the_searched_sizes(
    tmp_path,
):
    """Issue 26 (the guard, a sampled check): a lifting through counterexample-guided
    refinement compares the refined claim's formula with its predicate past the sizes searched,
    as every other lifting does, and its certificate says so (it did not before)."""
    import json
    from pathlib import Path

    from dpproofs.cli.main import main

    library = Path(__file__).resolve().parents[2] / "theorems" / "vadhan"
    report = tmp_path / "r.json"
    main(
        ["verify", str(library / "vadhan_simulation_bayes.py"), "-k", "by_refinement",
         "--json", str(report), "--no-cache", "-q"]
    )  # fmt: skip
    (only,) = json.loads(report.read_text())["theorems"]
    assert only["status"] == "proved"
    guard = [line for line in only["certificate"] if "a sampled check, not a decision" in line]
    assert len(guard) == 1 and "agreed with that formula at sampled points of 2, 3, 4" in guard[0]

"""The informed-belief reduction of K&S Theorem A.3 (docs/design/neighbours.md, "Informed
beliefs"), checked by brute force: for exact random mechanisms on D^n (|D| = 2, n = 2, 3), every
real database x, free coordinate j, belief b on D and transcript t, the breach event of D^n
(some game i breaches) is the union of the events of the parts (J), (Z) and (S), each computed
on its own D^1 or D^2 instance (the relabelled rows), with the same predicate the theorem uses."""

import random

import pytest
import sympy

from dpproofs.algebra import EXACT
from dpproofs.search import DatabaseSpace
from dpproofs.verdict import Status
from dpproofs.vocabulary import posteriors_close, semantic_breach_mass
from tests.quality.test_ks_posterior import post

R = sympy.Rational
ONE, SQUARE = DatabaseSpace(domain=2, n=1), DatabaseSpace(domain=2, n=2)


def _row(rng, outputs):
    """A random exact distribution on ``outputs`` points, zeros included half of the time."""
    weights = [rng.choice([0, 1, 2, 3, 5]) for _ in range(outputs)]
    if rng.random() < 0.5 or sum(weights) == 0:
        weights = [w + 1 for w in weights]
    return [R(w, sum(weights)) for w in weights]


def _breach(prior, rows, game, t, c):
    column = [row[t] for row in rows]
    return not posteriors_close(
        EXACT, prior, column, [column[game[y]] for y in range(len(rows))], c
    )


def _parts(space, rows, b, x, j, t, c):
    """The breach events of (J), (Z) and (S) at t (module docstring): each on its relabelled
    instance, with the theorem's informed prior and games."""
    real = space.databases[x]

    def at(**fixed):
        return space.index(tuple(fixed.get(f"p{k}", real[k]) for k in range(space.n)))

    group = [rows[at(**{f"p{j}": u})] for u in (0, 1)]
    events = [_breach(post.informed_prior(EXACT, ONE, b, real[j], 0), group, ONE.games[0], t, c)]
    others = [i for i in range(space.n) if i != j]
    if any(real[i] == 0 for i in others):  # (Z): the identity game on D^1
        events.append(_breach(list(b), group, (0, 1), t, c))
    for i in others:
        if real[i] == 1:  # (S): the square of positions (j, i), relabelled (u, v)
            square = [rows[at(**{f"p{j}": u, f"p{i}": v})] for u, v in SQUARE.databases]
            real2 = SQUARE.index((real[j], 1))
            prior = post.informed_prior(EXACT, SQUARE, b, real2, 0)
            events.append(_breach(prior, square, SQUARE.games[1], t, c))
    return events


@pytest.mark.parametrize("n", [2, 3])
def test_breach_event_is_the_union_of_the_parts(n):
    rng = random.Random(30 + n)
    space = DatabaseSpace(domain=2, n=n)
    checked = breaches = 0
    for _ in range(60 if n == 2 else 25):
        outputs = rng.choice([2, 3])
        rows = [_row(rng, outputs) for _ in range(space.count)]
        b = _row(rng, 2)
        c = rng.choice([R(0), R(1, 10), R(1, 3), R(3, 5)])
        for x in range(space.count):
            for j in range(n):
                prior = post.informed_prior(EXACT, space, b, x, j)
                for t in range(outputs):
                    full = any(_breach(prior, rows, game, t, c) for game in space.games)
                    assert full == any(_parts(space, rows, b, x, j, t, c)), (rows, b, x, j, t)
                    checked += 1
                    breaches += full
    # Both sides occur (the test is not vacuous): breaches and non-breaches.
    assert 0 < breaches < checked


def test_square_pairs_are_neighbours_in_d_n():
    # The four databases with positions (j, i) set to (u, v) are neighbours in D^3 exactly when
    # their (u, v) are neighbours in D^2.
    space = DatabaseSpace(domain=2, n=3)
    for real in space.databases:
        for j in range(3):
            for i in range(3):
                if i == j:
                    continue

                def place(u, v, real=real, j=j, i=i):
                    y = list(real)
                    y[j], y[i] = u, v
                    return space.index(tuple(y))

                for a, b in SQUARE.neighbours:
                    ends = (place(*SQUARE.databases[a]), place(*SQUARE.databases[b]))
                    assert space.distance(*ends) == 1


def test_two_point_belief_elimination_against_exact_posteriors():
    # some_two_point_belief_breaches(l0, li, c) says some b = (w, 1 - w) makes the posteriors
    # of one transcript not close. Checked on random exact likelihoods (zeros included): where
    # it says no, no w on a grid of 401 points (0 and 1 included) breaches; where it says yes,
    # one of them does (the random data keep the supremum away from c).
    rng = random.Random(3030)
    grid = [R(k, 400) for k in range(401)]
    said = []
    for _ in range(150):
        l0 = [R(rng.choice([0, 1, 2, 5, 9]), 10) for _ in range(2)]
        li = [R(rng.choice([0, 1, 2, 5, 9]), 10) for _ in range(2)]
        c = rng.choice([R(1, 10), R(1, 4), R(1, 2), R(4, 5)])
        some = post.some_two_point_belief_breaches(EXACT, l0, li, c)
        found = any(not posteriors_close(EXACT, [w, 1 - w], l0, li, c) for w in grid)
        assert some == found, (l0, li, c)
        said.append(some)
    assert any(said) and not all(said)


def test_group_belief_breach_mass_is_bounded_by_the_parts():
    # Theorem 2.4 part 1 on beliefs supported on one group (docs/design/neighbours.md): on D^3
    # the breach mass of Definition 2.3 (vocabulary.semantic_breach_mass, as the theorem) is at
    # most part J's mass (the group as D^1) plus, for each i != j with g_i = 1, the square's
    # sum over its breaching outputs of max_u Pr[A(y^u) = t]; games with g_i = 0 add nothing.
    rng = random.Random(2024)
    space = DatabaseSpace(domain=2, n=3)
    slack = []
    for _ in range(30):
        outputs = rng.choice([2, 3])
        rows = [_row(rng, outputs) for _ in range(space.count)]
        b = _row(rng, 2)
        c = rng.choice([R(0), R(1, 10), R(1, 3)])
        for x in range(space.count):
            real = space.databases[x]
            for j in range(3):
                prior = post.informed_prior(EXACT, space, b, x, j)
                full = semantic_breach_mass(EXACT, prior, rows, space.games, c)

                def at(u, i=None, v=None, real=real, j=j, rows=rows):
                    y = list(real)
                    y[j] = u
                    if i is not None:
                        y[i] = v
                    return rows[space.index(tuple(y))]

                group = [at(0), at(1)]
                parts = semantic_breach_mass(EXACT, list(b), group, ONE.games, c)
                for i in (k for k in range(3) if k != j and real[k] == 1):
                    square = [at(u, i, v) for u, v in SQUARE.databases]
                    square_prior = post.informed_prior(EXACT, SQUARE, b, SQUARE.index((0, 1)), 0)
                    parts += sum(
                        max(square[1][t], square[3][t])
                        for t in range(outputs)
                        if _breach(square_prior, square, SQUARE.games[1], t, c)
                    )
                assert full <= parts, (rows, b, x, j)
                slack.append((full, parts - full))
    # Not vacuous: some instances breach (positive mass), the bound is tight on some of them.
    assert any(f > 0 and s == 0 for f, s in slack) and any(s > 0 for _, s in slack)


# --- the rule object (dpproofs.search.informed): its preconditions and its combination -------


def _built(module, theorem_id):
    """``theorem_id``'s reduction as its theorem file builds it (not decided here)."""
    import importlib
    import sys
    from pathlib import Path

    folder = str(Path(__file__).parents[2] / "theorems" / "kasiviswanathan_smith")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    specs = importlib.import_module(module).__dpproofs_theorems__
    (spec,) = [s for s in specs if s.id == theorem_id]
    return spec.build()


def _a3():
    return _built("ks_appendix_a", "ks.theorem_a3")


OUTSIDE = "outside every (J)'s eps and delta, or at output counts (J) does not decide"


def test_the_theorem_reduction_meets_its_preconditions_and_mutants_do_not():
    from dataclasses import replace

    from dpproofs.search.domains import Interval
    from dpproofs.soundness import informed

    reduction = _a3()
    assert reduction.preconditions() == []
    assert [type(p).__name__ for p in reduction.parts] == ["Premise", "Premise", "SearchClaim"]
    failing = {label: build().preconditions() for label, _, _, build in informed.edits(reduction)}
    missing = failing.pop("S without K = {0, 1}")
    assert len(missing) == 7 and all(m.startswith("(S) at eps in [") for m in missing)
    failing["S without K = {0, 1}"] = [m.split(": ", 1)[1] for m in missing]
    assert failing == {
        "drop Z": ["the reduction for informed beliefs needs (J), (Z) and (S)"],
        "drop S": ["the reduction for informed beliefs needs (J), (Z) and (S)"],
        "bound (n - 1) delta''": [
            "the bound claimed, (n-1)*delta2, is not the union bound n delta''"
        ],
        # eps = 2 * 2 + 1 = 5, beyond (J)'s [1/100, 2], for each of the 21 square claims
        "S at another eps": [
            f"(S) at eps in [5, 5], delta in [1/100, 1/100], outputs [2]: {OUTSIDE}"
        ]
        * 21,
        "Z is J": ["(Z) is the library's (J) part, not its (Z)"],
        "beliefs relabelled": [
            "(J) is built for informed beliefs, the reduction's are one group beliefs",
            "(S) is built for informed beliefs, the reduction's are one group beliefs",
        ],
        # (S) at the 7 points of SQUARE_POINTS, each without K = {0, 1}.
        "S without K = {0, 1}": ["the breach sets [(0, 1)] are missing"] * 7,
    }
    # (S) or (Z) in another part's place (compared by what the library built, not by a label);
    # (Z) at another delta or output count.
    assert replace(reduction, square=reduction.joint).preconditions() == [
        "(S) is the library's (J) part, not its (S)"
    ]
    assert replace(reduction, zero=reduction.joint).preconditions() == [
        "(Z) is the library's (J) part, not its (Z)"
    ]
    other = reduction.zero.restricted("delta", Interval(0, 0))
    assert replace(reduction, zero=other).preconditions() == [
        "(Z) at eps in [1/100, 2], delta in [0, 0], outputs [2]: not (J)'s eps, delta and "
        "output counts"
    ]
    wider = replace(reduction.zero, quantifier=replace(reduction.zero.quantifier, sizes=(2, 3)))
    assert replace(reduction, zero=wider).preconditions() != []
    # Informed beliefs need (Z); beliefs on one group have none, and their (J) and (S) are
    # other claims: a label alone does not make them.
    said = "built for informed beliefs, the reduction's are one group beliefs"
    assert replace(reduction, beliefs="one group").preconditions() == [
        "the reduction for one group beliefs needs (J) and (S), and no (Z)",
        f"(J) is {said}",
        f"(Z) is {said}",
        f"(S) is {said}",
    ]
    assert replace(reduction, beliefs="one group", zero=None).preconditions() == [
        f"(J) is {said}",
        f"(S) is {said}",
    ]
    assert replace(reduction, beliefs="any").preconditions() != []
    # An equal expression of the union bound is accepted; any other is not.
    assert replace(reduction, bound="delta2*n").preconditions() == []
    assert replace(reduction, bound="n*delta2 + 0*n").preconditions() == []
    assert replace(reduction, bound="n*n*delta2").preconditions() != []
    assert replace(reduction, bound="import os").preconditions() != []


def test_the_one_group_reduction_of_theorem2_4_part1():
    from dataclasses import replace

    from dpproofs.soundness import informed

    reduction = _built("ks_semantic", "ks.theorem2_4.part1")
    assert (reduction.beliefs, reduction.zero, reduction.preconditions()) == ("one group", None, [])
    # (J) at 2 and 3 outputs and delta in {1/100, 1/10000}; every (S) claim inside one of them.
    labels = [label for label, _, _, _ in informed.edits(reduction)]
    assert labels == [
        "drop S",
        "bound (n - 1) delta''",
        "S at another eps",
        "beliefs relabelled",
        "S without K = {0, 1}",
    ]
    assert all(b().preconditions() for _, _, _, b in informed.edits(reduction))
    # (S) at 4 outputs: the library builds (S) at 2 outputs only (and no (J) claim decides 4).
    squares = [
        replace(c, quantifier=replace(c.quantifier, sizes=(4,))) for c in reduction.square.parts
    ]
    moved = replace(reduction, square=type(reduction.square)(tuple(squares)))
    assert moved.preconditions() == [
        "(S) carries the library's (S) predicate at output counts, parameters or a breach set "
        "the library does not build it at"
    ]


def _verdict(status):
    from dpproofs.verdict import Counterexample, Verdict

    if status is Status.REFUTED:
        return Verdict.refuted("search", Counterexample.of({"A": "[[1, 0], [0, 1]]"}))
    if status is Status.VERIFIED_BOUNDED:
        return Verdict.verified_bounded("search", "mechanisms with 2 outputs")
    return Verdict.proved("search")


def test_a_refuted_joint_part_refutes_and_a_refuted_premise_does_not():
    from dpproofs.claim import Premise
    from dpproofs.deadline import Deadline
    from dpproofs.search.informed import COVERAGE, combined
    from tests.search.test_premise import _claim, _half

    bounded, refuted = _verdict(Status.VERIFIED_BOUNDED), _verdict(Status.REFUTED)
    assert combined([bounded, bounded, refuted]).status is Status.REFUTED  # (J) is Phi(1)
    whole = combined([bounded, bounded, bounded])
    said = "every n (informed beliefs; informed-belief reduction, docs/design/neighbours.md; "
    assert COVERAGE.format(beliefs="informed").startswith(said)
    assert whole.coverage == COVERAGE.format(beliefs="informed") + "mechanisms with 2 outputs"
    # A premise whose claim is refuted is unknown (dpproofs.claim.Premise), so the whole is.
    fake = Premise("(Z)", _claim(_half))  # false at p = (1, 0)
    premise_verdict = fake.judged(fake.claim.decide(Deadline(10)))
    assert premise_verdict.status is Status.UNKNOWN
    assert combined([bounded, premise_verdict, bounded]).status is Status.UNKNOWN


def test_soundness_keeps_the_rule_mutants_and_judges_a_broken_rule_proved_unsound():
    from dataclasses import replace

    from dpproofs.soundness.judge import UNSOUND, judge
    from dpproofs.soundness.mutate import capped, enumerate_mutants

    reduction = _a3()
    found = enumerate_mutants(reduction, "t")
    rule = ["t/drop Z", "t/drop S", "t/bound (n - 1) delta''", "t/S at another eps", "t/Z is J"]
    rule += ["t/beliefs relabelled", "t/S without K = {0, 1}"]
    assert [m.id for m in found.mutants[:7]] == rule and len(found.mutants) > 12
    assert [m.id for m in capped(found.mutants, 6)][:7] == rule  # kept whatever the limit
    # A reduction without (Z) reported bounded would be unsound; with its preconditions met,
    # the rule itself is the design note's proof (its parts are judged as their own mutants).
    bounded = _verdict(Status.VERIFIED_BOUNDED)
    broken = judge(replace(reduction, zero=None), bounded, "k", 1.0)
    assert broken.finding == UNSOUND and "(J), (Z) and (S)" in broken.detail
    assert judge(reduction, bounded, "k", 1.0).finding != UNSOUND


def test_parts_a_theorem_file_builds_itself_are_refused():
    """Before the library built the parts, a reduction of the file's own trivially true claims
    (every entry <= 1: no breach event at all) met the preconditions and was reported for every
    n (tests/adversary/test_s9_rules.py's old fixture). Now each part is refused by name."""
    from fractions import Fraction as F

    import pytest

    from dpproofs.deadline import Deadline
    from dpproofs.errors import InvalidClaim
    from dpproofs.search import distribution, for_all_mechanisms, log_of
    from dpproofs.search.informed import InformedBeliefReduction

    def total(alg, M, b, E, eps, delta, sqrt_delta):
        return alg.all(alg.le(v, alg.const(1)) for row in M.rows for v in row)

    def own(n):
        return for_all_mechanisms(
            DatabaseSpace(domain=2, n=n), (2,), extra={"b": distribution(2)},
            eps=log_of(F(11, 10)), delta=F(1, 100),
        ).claim(total, says="every entry <= 1")  # fmt: skip

    reduction = InformedBeliefReduction(joint=own(1), zero=own(1), square=own(2))
    why = "is not built by dpproofs.search.informed_parts (a part of the reduction is the "
    assert [f[:4] for f in reduction.preconditions()] == ["(J) ", "(Z) ", "(S) "]
    assert all(why in f for f in reduction.preconditions())
    with pytest.raises(InvalidClaim, match=r"\(J\) is not built by"):
        reduction.decide(Deadline(5))

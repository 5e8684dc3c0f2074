"""Branch and bound over eps-boxes: whole domains proved box by box, refutations re-checked at an
exact eps, inexact candidates split, rigorous brackets, and the monotonicity analysis."""

from fractions import Fraction as F

import flint
import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.algebra import implies
from dpproofs.claim import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.evidence import ParamBox, ParamBoxes
from dpproofs.expfacts import exp_bracket
from dpproofs.recheck.paramboxes import param_boxes
from dpproofs.recheck.pieces import Outcome, Piece
from dpproofs.search import Interval, for_all_distributions
from dpproofs.search.epsboxes import cut, union_text
from dpproofs.search.monotone import Analysis, Ends, Rewrite, at_ends
from dpproofs.search.session import Session
from dpproofs.verdict import Status
from dpproofs.vocabulary import indistinguishable, statistical_difference


def doubled(alg, p, q, E):
    """eps-indistinguishable => 2eps-indistinguishable (true for every eps >= 0)."""
    zero = alg.const(0)
    return implies(
        alg, indistinguishable(alg, p, q, E, zero), indistinguishable(alg, p, q, E * E, zero)
    )


def tv_half(alg, p, q, E):
    """eps-indistinguishable => TV <= 1/2: true iff (e^eps - 1)/(e^eps + 1) <= 1/2, i.e.
    eps <= ln 3 (the two-point pair p = (E, 1)/(E + 1), q = (1, E)/(E + 1) has TV exactly
    (E - 1)/(E + 1))."""
    zero = alg.const(0)
    return implies(
        alg,
        indistinguishable(alg, p, q, E, zero),
        alg.le(statistical_difference(alg, p, q), alg.const(F(1, 2))),
    )


def parse(text):
    """'1/2' or '[[3/4, 1/4]]' (an exact witness value) as Fractions."""
    if not text.startswith("["):
        return F(text)
    return [[F(x) for x in row.split(", ")] for row in text[2:-2].split("], [")]


def boxes_of(verdict):
    (record,) = [e for e in verdict.evidence if isinstance(e, ParamBoxes)]
    return record


def test_whole_domain_proved_box_by_box_after_an_inexact_split():
    # One box [1/2, 1]: the hypothesis is decided at e^1 (rounded up), the conclusion at
    # (e^{1/2})^2 (rounded down): e^1 > the rounded square, so z3 finds a candidate that no eps
    # confirms exactly; the box is halved. On [1/2, 3/4]: e^{3/4} <= e^{1/2 * 2} = e; on
    # [3/4, 1]: e^1 <= e^{3/2}: both unsat. (eps, 0)-closeness is a family (a zero sum), so
    # merging gives N* = e + 1 = 2 (one positive family), searched: every finite alphabet.
    claim = for_all_distributions(range(2, 4), eps=Interval(F(1, 2), 1, split=1)).claim(
        doubled, says="eps-DP => 2eps-DP"
    )
    verdict = claim.decide(Deadline(120))
    assert verdict.status is Status.PROVED, verdict
    record = boxes_of(verdict)
    assert [(b.lo, b.hi, b.result) for b in record.boxes] == [
        ("1/2", "3/4", "proved"),
        ("3/4", "1", "proved"),
    ]
    assert all(b.n_star == 2 and 2 in b.sizes for b in record.boxes)
    assert verdict.reason == (
        "for all pairs of distributions on every finite number of outcomes, eps in [1/2, 1] "
        "(all of [1/2, 1], 2 boxes)"
    )


def test_false_only_on_a_subinterval_is_refuted_at_an_exact_eps():
    claim = for_all_distributions(range(2, 3), eps=Interval(0, 2, split=4)).claim(
        tv_half, says="eps-DP => TV <= 1/2"
    )
    verdict = claim.decide(Deadline(120))
    assert verdict.status is Status.REFUTED, verdict
    values = dict(verdict.counterexample.assignment)
    eps = F(values["eps"])
    # The counterexample lies where the claim is false: e^eps > 3 (decided in Arb).
    assert flint.arb(flint.fmpq(eps.numerator, eps.denominator)).exp() > 3
    assert eps <= 2
    (witness,) = [e for e in verdict.evidence if getattr(e, "claim", None) == "search"]
    exact = {k: parse(v) for k, v in witness.values}
    assert claim.holds_exactly(witness.size, exact) is False


def test_eps_in_the_true_part_alone_is_proved():
    # [0, 1]: e^1 < 3, so TV <= (e - 1)/(e + 1) < 1/2 on every box.
    claim = for_all_distributions(range(2, 3), eps=Interval(0, 1, split=2)).claim(
        tv_half, says="eps-DP => TV <= 1/2"
    )
    verdict = claim.decide(Deadline(120))
    assert verdict.status is Status.PROVED, verdict
    assert [(b.lo, b.hi) for b in boxes_of(verdict).boxes] == [("0", "1/2"), ("1/2", "1")]


def sd_below(alg, p, q, E, delta):
    """(eps, delta)-indistinguishable => SD <= e^eps - 1 + delta (true; tight at eps = 0)."""
    return implies(
        alg,
        indistinguishable(alg, p, q, E, delta),
        alg.le(statistical_difference(alg, p, q), alg.total([E - 1, delta])),
    )


def test_undecided_boxes_are_named_in_the_coverage():
    # Near eps = 0 the claim is tight: bounding the hypothesis at e^b and the conclusion at e^a
    # leaves a gap, and [0, 1/2] is halved down to [0, 1/16] (3 halvings) and stays undecided.
    # delta is pinned, so no box is lifted: the decided boxes are bounded (2 outcomes). N* = 4:
    # m = 2, K = 3 (two hockey-stick sums, TV), one of them monotone: m + K - 1.
    claim = for_all_distributions(range(2, 3), eps=Interval(0, 1, split=2), delta=F(1, 100)).claim(
        sd_below, says="SD <= e^eps - 1 + delta"
    )
    verdict = claim.decide(Deadline(120))
    assert verdict.status is Status.VERIFIED_BOUNDED, verdict
    assert verdict.coverage == (
        "all pairs of distributions with 2 outcomes for eps in [1/16, 1], delta = 1/100 "
        "(small-model bound N* = 4; unsat at 4 outcomes would prove it for every finite "
        "alphabet) (undecided: eps in [0, 1/16]; the stated domain is [0, 1])"
    )
    assert [(b.lo, b.hi, b.result) for b in boxes_of(verdict).boxes] == [
        ("0", "1/16", "unknown"),
        ("1/16", "1/8", "verified-bounded"),
        ("1/8", "1/4", "verified-bounded"),
        ("1/4", "1/2", "verified-bounded"),
        ("1/2", "1", "verified-bounded"),
    ]


def test_split_needs_a_bounded_interval():
    for bad in (dict(hi=None), dict(hi=1, split=-1), dict(hi=0)):
        kwargs = {"split": 2, **bad}
        with pytest.raises(InvalidClaim):
            Interval(0, kwargs.pop("hi"), **kwargs)


def test_cut_and_union_text():
    assert cut(F(0), F(1), 4) == [
        (F(0), F(1, 4)),
        (F(1, 4), F(1, 2)),
        (F(1, 2), F(3, 4)),
        (F(3, 4), F(1)),
    ]
    # lo > 0: equal ratios 100^(1/4) = 3.16..., cut points to two significant digits.
    assert cut(F(1, 100), F(1), 4) == [
        (F(1, 100), F(32, 1000)),
        (F(32, 1000), F(1, 10)),
        (F(1, 10), F(32, 100)),
        (F(32, 100), F(1)),
    ]
    boxes = [(F(1, 2), F(1)), (F(0), F(1, 2)), (F(2), F(3))]
    assert union_text("eps", boxes) == "eps in [0, 1] u [2, 3]"


@settings(max_examples=40, deadline=None)
@given(
    st.fractions(min_value=-5, max_value=5, max_denominator=10**6),
    st.fractions(min_value=F(1, 10**6), max_value=3, max_denominator=10**6),
)
def test_box_brackets_are_rigorous(lo, width):
    hi = lo + width
    claim = for_all_distributions(range(2, 3), eps=Interval(lo, hi)).claim(doubled, says="x")
    a, b, e_lo, e_hi = Session(claim, "eps").box_ends()
    assert (a, b) == (lo, hi)
    assert (e_lo, e_hi) == (exp_bracket(lo)[0], exp_bracket(hi)[1])

    def ball(x):
        return flint.arb(flint.fmpq(x.numerator, x.denominator))

    old = flint.ctx.prec
    flint.ctx.prec = 512  # far above the 64 bits of the bracket: every comparison decided
    try:
        assert ball(e_lo) <= ball(lo).exp()
        assert ball(hi).exp() <= ball(e_hi)
    finally:
        flint.ctx.prec = old


# --- the monotonicity analysis ---------------------------------------------------------------

E, P, Q = z3.Reals("E p q")
EA, EB = F(3, 2), F(5, 2)
RANGES = {"E": (EA, EB), "p": (F(0), F(1)), "q": (F(0), F(1))}
TERMS = [
    E * P,
    P - E * Q,
    (1 + E) / (3 - E),
    E**2 * Q,
    z3.If(P > E * Q, P, E * Q),
    z3.If(P - E * Q > 0, P, 0),
    1 - 1 / E,
    P / (E + Q),
]


def value(t, e, p, q):
    sub = z3.substitute(
        t, (E, z3.RealVal(str(e))), (P, z3.RealVal(str(p))), (Q, z3.RealVal(str(q)))
    )
    v = z3.simplify(sub)
    return F(v.numerator_as_long(), v.denominator_as_long())


unit = st.fractions(min_value=0, max_value=1, max_denominator=1000)


@settings(max_examples=60, deadline=None)
@given(unit, unit, unit, unit, st.integers(min_value=0, max_value=len(TERMS) - 1))
def test_enclosures_and_directions_hold(s, t, p, q, which):
    """At random points: the value lies in the enclosure, and the direction is respected."""
    term = TERMS[which]
    info = Analysis(RANGES, {"E"}).info(term)
    e1, e2 = sorted((EA + (EB - EA) * s, EA + (EB - EA) * t))
    v1, v2 = value(term, e1, p, q), value(term, e2, p, q)
    for v in (v1, v2):
        assert info.lo is None or info.lo <= v
        assert info.hi is None or v <= info.hi
    if info.mono == 1:
        assert v1 <= v2
    if info.mono == -1:
        assert v1 >= v2


def test_directions_found():
    an = Analysis(RANGES, {"E"})
    assert [an.info(t).mono for t in TERMS] == [1, -1, 1, 1, 1, -1, 1, -1]
    # The condition mentions E and the branches are not ordered: unknown.
    assert an.info(z3.If(E * P > Q, P, Q)).mono is None


def test_atoms_decided_at_the_weaker_ends():
    an = Analysis(RANGES, {"E"})
    ends = Ends(((E, z3.RealVal("3/2")),), ((E, z3.RealVal("5/2")),))
    count = Rewrite()
    # p <= E q must hold: the right side grows with E, so it is bounded by its value at 5/2;
    # Not(p <= E q), i.e. p > E q: bounded by E q at 3/2.
    out = at_ends(z3.And(P <= E * Q, z3.Not(Q <= E * P)), an, ends, count)
    expected = z3.And(z3.RealVal("5/2") * Q >= P, z3.Not(z3.RealVal("3/2") * P >= Q))
    solver = z3.Solver()
    solver.add(out != expected)
    assert solver.check() == z3.unsat
    assert (count.at_ends, count.kept) == (2, 0)
    atom = z3.If(E * P > Q, P, Q) <= F(1, 2)
    kept = at_ends(atom, an, ends, count)
    assert count.kept == 1
    solver = z3.Solver()
    solver.add(kept != atom)
    assert solver.check() == z3.unsat  # the same atom, E and all


def test_products_of_nonnegative_factors_bounded_factor_by_factor():
    # E * [E q < p] p: E grows, the indicator term shrinks: the product has no direction, but
    # as the smaller side of an atom each factor is bounded below at its own end.
    an = Analysis(RANGES, {"E"})
    ends = Ends(((E, z3.RealVal("3/2")),), ((E, z3.RealVal("5/2")),))
    term = E * z3.If(E * Q < P, P, 0)
    assert an.info(term).mono is None
    count = Rewrite()
    out = at_ends(term <= Q, an, ends, count)
    expected = z3.RealVal("3/2") * z3.If(z3.RealVal("5/2") * Q < P, P, 0) <= Q
    solver = z3.Solver()
    solver.add(out != expected)
    assert solver.check() == z3.unsat
    assert (count.at_ends, count.kept) == (1, 0)


# --- the rechecker ------------------------------------------------------------------------------


def _piece(record, status="proved", coverage=None):
    return Piece("t.py", "t", status, (), record.as_dict(), coverage)


def test_recheck_boxes_tile_and_brackets_else_fails():
    claim = for_all_distributions(range(2, 3), eps=Interval(0, 1, split=2)).claim(doubled, says="x")

    def box(lo, hi, result="proved", growth="split", sizes=(2, 5)):
        ends = str(exp_bracket(lo)[0]), str(exp_bracket(hi)[1])
        return ParamBox(str(lo), str(hi), *ends, result, sizes, 5, growth=growth)

    good = ParamBoxes("eps", (box(F(0), F(1, 2)), box(F(1, 2), F(1))))
    finding = param_boxes(_piece(good), claim, good)
    assert finding.outcome is Outcome.NOT_REPLAYED
    assert "2 boxes tile [0, 1]" in finding.why and "not re-solved" in finding.why
    gap = ParamBoxes("eps", (box(F(0), F(1, 3)), box(F(1, 2), F(1))))
    assert param_boxes(_piece(gap), claim, gap).outcome is Outcome.FAILED
    wrong = ParamBoxes("eps", (ParamBox("0", "1", "1", "2", "proved", (5,), 5),))  # e^1 > 2
    assert param_boxes(_piece(wrong), claim, wrong).outcome is Outcome.FAILED
    undecided = ParamBoxes("eps", (box(F(0), F(1, 2)), box(F(1, 2), F(1), "unknown")))
    assert param_boxes(_piece(undecided), claim, undecided).outcome is Outcome.FAILED
    said = _piece(undecided, "verified-bounded", "... (undecided: eps in [1/2, 1]; ...)")
    assert param_boxes(said, claim, undecided).outcome is Outcome.NOT_REPLAYED


def test_recheck_holds_each_box_to_its_growth_rule():
    """A proved box records its weakest growth rule; "none" needs every size 1..N* = 5 among its
    unsat sizes, and a proved box with no rule recorded fails (both passed before: the box
    record had no growth field)."""
    claim = for_all_distributions(range(2, 3), eps=Interval(0, 1, split=2)).claim(doubled, says="x")

    def boxes(growth, sizes):
        ends = str(exp_bracket(F(0))[0]), str(exp_bracket(F(1))[1])
        return ParamBoxes("eps", (ParamBox("0", "1", *ends, "proved", sizes, 5, growth=growth),))

    for growth, sizes, outcome in [
        ("pad", (2, 5), Outcome.NOT_REPLAYED),
        ("none", (2, 5), Outcome.FAILED),
        ("none", (1, 2, 3, 4, 5), Outcome.NOT_REPLAYED),
        (None, (2, 5), Outcome.FAILED),
    ]:
        record = boxes(growth, sizes)
        finding = param_boxes(_piece(record), claim, record)
        assert finding.outcome is outcome, (growth, sizes, finding.why)
    record = boxes("none", (2, 5))
    assert "sizes [1, 3, 4] <= its N* = 5" in param_boxes(_piece(record), claim, record).why


def test_a_proved_box_records_the_growth_rule_of_its_lifting():
    """The boxes of a decided split claim carry the weakest growth rule of their parts."""
    claim = for_all_distributions(range(2, 3), eps=Interval(0, 1, split=2)).claim(doubled, says="x")
    verdict = claim.decide(Deadline(60))
    (record,) = [e for e in verdict.evidence if isinstance(e, ParamBoxes)]
    proved = [b for b in record.boxes if b.result == "proved"]
    assert proved and all(b.growth in ("split", "pad", "none") for b in proved)
    assert ParamBoxes.from_dict(record.as_dict()) == record

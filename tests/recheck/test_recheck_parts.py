"""The rechecker's parts: evidence records round-trip, balls decide only when certain, interval
boxes must tile the domain, and the rechecker does not import the deciders."""

import subprocess
import sys
from fractions import Fraction as F

import pytest
import sympy

from dpproofs import evidence as ev
from dpproofs.claim import Deadline
from dpproofs.recheck.balls import BallAlgebra, Real, Undecidable, exp, log, with_precision
from dpproofs.recheck.intervals import replay_boxes, tiles
from dpproofs.recheck.pieces import Outcome, Piece
from dpproofs.symbolic import holds
from dpproofs.symbolic.boxes import prove_on_boxes
from dpproofs.symbolic.records import interval_boxes

RECORDS = [
    ev.Witness("search", (("p", "[[1/2, 1/2]]"), ("eps", "1/3")), size=2),
    ev.Witness("step", (("x", "-1"),), step=3),
    ev.BoundedSearch("outcomes", (ev.SizeResult(2, "z3", "unsat"),)),
    ev.SmallModel(2, (ev.ShapePart(1, 0, 3), ev.ShapePart(0, 2, 3, merged=True)), 3, 3, "outcomes"),
    ev.SolverFacts(1, ("exp(x) >= 1 + x",)),
    ev.IntervalBoxes(("x",), (((("0", "1/2"),), "goal"),)),
    ev.ExactEvaluation("total_variation", "1/2", "le", "1/2"),
]


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.kind)
def test_evidence_round_trips_through_json_dicts(record):
    assert ev.from_dict(record.as_dict()) == record


def test_malformed_evidence_is_a_value_error():
    with pytest.raises(ValueError, match="unknown evidence kind"):
        ev.from_dict({"kind": "oracle"})
    with pytest.raises(ValueError, match="size must be an integer"):
        ev.from_dict({"kind": "witness", "claim": "search", "size": "2", "values": {}})


def test_rationals_stay_exact_and_balls_decide_only_when_certain():
    alg = BallAlgebra()
    third = Real(F(1, 3))
    assert alg.eq(third + third + third, 1)  # exactly, not within a tolerance
    assert alg.lt(exp(Real(F(1))), F(272, 100))  # e < 2.72
    assert alg.le(F(271, 100), exp(Real(F(1))))  # 2.71 <= e
    assert alg.eq(log(Real(F(1))), 0)  # ln 1 = 0 exactly
    with pytest.raises(Undecidable):
        alg.eq(log(Real(F(3))), log(Real(F(3))) + 0)  # equal irrationals: no certain sign
    with with_precision(64), pytest.raises(Undecidable):
        # e^(1/2^80) - 1 - 1/2^80 is about 2^-161: no sign at 64 bits.
        alg.lt(1 + Real(F(1, 2**80)), exp(Real(F(1, 2**80))))


def boxes_piece(record):
    return Piece("f.py", "t", "proved", (), record.as_dict())


def test_interval_boxes_replay_and_must_tile_the_domain():
    # x (2 - x) <= 11/10 on [0, 2] (the maximum is 1, at x = 1) needs a few boxes.
    problem = holds("x*(2 - x) <= 11/10", where={"x": "[0, 2]"}).problem
    result = prove_on_boxes(problem, Deadline(30))
    assert result.proved and result.boxes > 1
    (record,) = interval_boxes(problem, result.leaves)
    assert tiles(((F(0), F(2)),), {((F(lo), F(hi)),) for ((lo, hi),), _ in record.boxes})
    assert replay_boxes(boxes_piece(record), problem, record).outcome is Outcome.CONFIRMED
    dropped = ev.IntervalBoxes(record.variables, record.boxes[1:])
    finding = replay_boxes(boxes_piece(dropped), problem, dropped)
    assert finding.outcome is Outcome.FAILED and "do not tile" in finding.why


def test_a_box_where_the_claim_certainly_fails_fails():
    # x <= 1 on [0, 4] is false on the box [3, 4]; a tiling that claims it is tampered with.
    problem = holds("x <= 1", where={"x": "[0, 4]"}).problem
    record = ev.IntervalBoxes(("x",), (((("0", "2"),), "goal"), ((("2", "4"),), "goal")))
    finding = replay_boxes(boxes_piece(record), problem, record)
    assert finding.outcome is Outcome.FAILED and "false on the whole box" in finding.why


DECIDERS = (
    "dpproofs.search",
    "dpproofs.continuum",
    "dpproofs.entropic",
    "dpproofs.symbolic",
    "dpproofs.finite",
    "dpproofs.steps",
    "dpproofs.accounting",
    "dpproofs.algebra",
    "dpproofs.exact",
    "dpproofs.formula",
    "dpproofs.vocabulary",
    "dpproofs.facts",
)


def test_the_rechecker_does_not_import_the_deciders():
    # (dpproofs.claim, the Claim protocol, comes with `import dpproofs` itself.)
    modules = [
        "dpproofs.recheck",
        "dpproofs.recheck.balls",
        "dpproofs.recheck.certificates",
        "dpproofs.recheck.claims",
        "dpproofs.recheck.comparisons",
        "dpproofs.recheck.continuum",
        "dpproofs.recheck.derivations",
        "dpproofs.recheck.diagonal",
        "dpproofs.recheck.entropic",
        "dpproofs.recheck.intervals",
        "dpproofs.recheck.paramboxes",
        "dpproofs.recheck.pieces",
        "dpproofs.recheck.resolve",
        "dpproofs.recheck.scalar",
        "dpproofs.recheck.unliftedtext",
        "dpproofs.recheck.witnesses",
        "dpproofs.cli.recheck",
    ]
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in modules)
        + f"print(sorted(m for m in sys.modules if m.startswith({DECIDERS!r})))\n"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert loaded == "[]"


def test_the_rechecker_names_no_decider_in_its_imports():
    # Lazy imports too. One exception, documented in witnesses.replay_step: the reader of a
    # scalar claim (dpproofs.symbolic.claim.holds), which builds a claim and decides nothing.
    import ast
    from pathlib import Path

    import dpproofs.recheck

    folder = Path(dpproofs.recheck.__file__).parent
    named = set()
    for file in folder.glob("*.py"):
        for node in ast.walk(ast.parse(file.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                named.add(node.module)
            elif isinstance(node, ast.Import):
                named.update(a.name for a in node.names)
    deciders = {m for m in named if m.startswith((*DECIDERS, "dpproofs.claim"))}
    assert deciders == {"dpproofs.symbolic.claim"}


def test_relaxing_maxima_keeps_satisfiability():
    # Each formula with (x)^+ and max terms, and its relaxation with side constraints, are
    # satisfiable together or not at all (see dpproofs.recheck.relax).
    import z3

    from dpproofs.recheck.relax import relax

    x, y = z3.Reals("x y")

    def pos(t):
        return z3.If(t > 0, t, 0)

    def big(a, b):
        return z3.If(a >= b, a, b)

    formulas = [
        pos(x) + pos(y) <= 1,  # sat
        z3.And(pos(x) <= -1),  # unsat: (x)^+ >= 0
        z3.Not(big(x, y) < x),  # sat (always true)
        z3.And(big(x, y) <= 1, x == 2),  # unsat
        z3.Implies(pos(x) <= 0, x > 0),  # sat (x > 0)
        z3.And(z3.Not(2 * big(pos(x), y) >= 1), x == 1),  # unsat: 2 max(1, y) >= 2
    ]
    for formula in formulas:
        relaxed, side = relax(z3, formula)
        plain, loose = z3.Solver(), z3.Solver()
        plain.add(formula)
        loose.add(*side, relaxed)
        assert plain.check() == loose.check(), formula


def test_equal_irrational_sides_are_decided_by_exact_expansion():
    # At w = 0: (e + 1) w + (e + 1) (1 - w) = 1 + e (r = 1) exactly, so "<" is false; the balls
    # of the two sides overlap, and the expansion shows the difference is exactly 0.
    from dpproofs.recheck.balls import truth

    w = sympy.Symbol("w", real=True)
    lhs = (sympy.exp(1) + 1) * w + (sympy.exp(1) + 1) * (1 - w)
    formula = sympy.Lt(lhs, 1 + sympy.exp(1), evaluate=False)
    assert truth(formula, {w: Real(F(0))}) is False
    assert truth(sympy.Le(lhs, 1 + sympy.exp(1), evaluate=False), {w: Real(F(0))}) is True


def test_the_replay_recorder_decides_each_comparison_by_itself():
    import sympy

    from dpproofs.recheck.balls import Undecidable
    from dpproofs.recheck.comparisons import Recorder

    facts = Recorder()
    facts.equal("a", sympy.log(4), 2 * sympy.log(2))  # an identity of logarithms
    facts.equal("b", sympy.log(2), sympy.Rational(7, 10))  # ln 2 = 0.6931... != 0.7
    facts.at_most("c", sympy.Rational(1, 3), sympy.Rational(1, 3))  # equal: <= holds
    facts.less_than("d", sympy.Rational(1, 3), sympy.Rational(1, 3))  # equal: < fails
    facts.less_than("e", sympy.Rational(2, 3), sympy.log(2))  # 0.666... < 0.693...
    assert [holds for _, holds in facts.decided] == [True, False, True, False, True]
    assert facts.decided[1][0] == "b: log(2) = 7/10"
    # sqrt(5 + 2 sqrt 6) = sqrt 2 + sqrt 3, which neither expansion shows and no ball decides.
    with pytest.raises(Undecidable):
        facts.equal("f", sympy.sqrt(2) + sympy.sqrt(3), sympy.sqrt(5 + 2 * sympy.sqrt(6)))


def test_the_replay_recorder_orders_the_infinities_of_the_extended_reals():
    """A divergence stated infinite (D(P||Q) = oo) is replayed, not left unreplayed: oo - oo is
    nan, but +oo = +oo and +oo > every finite value (cuffyu.irreversible was 'not replayed:
    NaN is not in the language of scalar claims' before the fix)."""
    import sympy

    from dpproofs.recheck.comparisons import Recorder

    oo, minus = sympy.oo, sympy.S.NegativeInfinity
    facts = Recorder()
    facts.equal("a", oo, oo)
    facts.equal("b", oo, sympy.log(2))
    facts.at_most("c", sympy.Integer(10) ** 9, oo)
    facts.less_than("d", oo, oo)
    facts.at_most("e", minus, minus)
    facts.less_than("f", minus, oo)
    assert [holds for _, holds in facts.decided] == [True, False, True, False, True, True]


def test_a_chain_closes_only_as_written():
    from dataclasses import replace

    from dpproofs.recheck.derivations import closes
    from dpproofs.steps import derivation

    chain = derivation(r"x^2 + 1 \ge 2 x \ge 2 x - 1", {}, where={"x": "(-oo, oo)"}).derivation
    assert closes(chain) == ""  # >= then >= compose to >=; no conclusion to match
    first, second = chain.steps
    broken = replace(chain, steps=(first, replace(second, lhs="3*x")))
    assert "do not share their middle" in closes(broken)
    mixed = replace(chain, steps=(first, replace(second, relation=type(second.relation).LE)))
    assert closes(mixed) == "the relations do not compose"  # >= then <= gives nothing


def test_erf_is_enclosed():
    import sympy

    from dpproofs.recheck.balls import Real, enclose, sign

    # erf(1) = 0.8427007929...: between 21/25 and 17/20.
    value = enclose(sympy.erf(sympy.Integer(1)), {})
    assert sign(value - Real(F(21, 25))) == 1 and sign(value - Real(F(17, 20))) == -1
    assert enclose(sympy.erfc(sympy.Integer(0)), {}).q == 1  # erfc(0) = 1 exactly

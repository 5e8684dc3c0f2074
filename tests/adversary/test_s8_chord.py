"""Adversary (session 8, helper ADV3, issue 30): Lemma CM / CV / GP (the chord rule,
dpproofs/symbolic/chord.py, branch t30) against claims of its shape that are false, claims just
outside its preconditions, and edited reports.

What held (tests that pass): every false bound below the chord, a wrong closeness level, the
KL-DP bound eps tanh(eps/2), a group bound that is not a function of n eps, is UNKNOWN, and
each is false at an exact witness computed here; status edits and edits of the recorded phi''
and chord value fail ``dpproofs recheck``.

Findings (fixed, marks removed): edits of the reason's coverage text (the closeness level, the
alphabet, the range of eps and n, the neighbour relation), of the certificate lines and of the
method are accepted by ``dpproofs recheck``; a true bound whose exponents need m >= 1000 is
proved with a record that the evidence reader itself refuses, so the proof never rechecks.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import sympy
from s7_reports import edited, recheck, replacing, verified
from sympy import Rational, log, tanh

from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.evidence import KINDS
from dpproofs.exact.rigorous import sign
from dpproofs.symbolic.chord import ChordClaim
from dpproofs.verdict import Status

eps = sympy.Symbol("eps", positive=True)
n = sympy.Symbol("n", positive=True)
PROPERTY1 = eps * tanh(eps / 2)


def _kl(p: list[Rational], q: list[Rational]) -> sympy.Expr:
    return sum((a * log(a / b) for a, b in zip(p, q, strict=True)), sympy.Integer(0))


def _mi(prior: list[Rational], rows: list[list[Rational]]) -> sympy.Expr:
    out = [sum(w * r[y] for w, r in zip(prior, rows, strict=True)) for y in range(len(rows[0]))]
    return sum((w * _kl(r, out) for w, r in zip(prior, rows, strict=True)), sympy.Integer(0))


# The binary extreme pair: P = (2/3, 1/3), Q = (1/3, 2/3), ratios 2 and 1/2, so the pair is
# (ln 2, 0)-close, and D(P||Q) = (1/3) ln 2 = ln 2 tanh(ln 2 / 2) (tanh(ln 2 / 2) = 1/3).
P2 = [Rational(2, 3), Rational(1, 3)]
Q2 = [Rational(1, 3), Rational(2, 3)]
# Ratios 4 and 1/4: (ln 4, 0)-close, i.e. (2 eps, 0)-close at eps = ln 2; D = (3/5) ln 4.
P4 = [Rational(4, 5), Rational(1, 5)]
Q4 = [Rational(1, 5), Rational(4, 5)]

# (name, claim, witness value of the quantity, eps at the witness): each claim is false, since
# the quantity at the witness exceeds B(eps) there (checked exactly below).
FALSE = [
    (
        "999/1000 of Property 1",
        ChordClaim("D <= B", eps, Rational(999, 1000) * PROPERTY1),
        _kl(P2, Q2),
        {eps: log(2)},
    ),
    (
        "Property 1 minus eps^3/10^6",
        ChordClaim("D <= B", eps, PROPERTY1 - eps**3 / 10**6),
        _kl(P2, Q2),
        {eps: log(2)},
    ),
    (
        "Property 1 times (1 - e^(-100 eps))",
        ChordClaim("D <= B", eps, PROPERTY1 * (1 - sympy.exp(-100 * eps))),
        _kl(P2, Q2),
        {eps: log(2)},
    ),
    (
        "Property 1's bound at closeness level 2",
        ChordClaim("D <= B", eps, PROPERTY1, level=Rational(2)),
        _kl(P4, Q4),
        {eps: log(2)},
    ),
    (
        "eps^2/2 (below the chord at eps = ln 2)",
        ChordClaim("D <= B", eps, eps**2 / 2 - eps**4 / 24),
        _kl(P2, Q2),
        {eps: log(2)},
    ),
    (
        "I <= 1/10 eps tanh(eps/2) under eps-DP (two rows, uniform prior)",
        # (1/10 is needed: two rows never reach the chord, I = ln 2 - H(2/3) here)
        ChordClaim("I <= B", eps, Rational(1, 10) * PROPERTY1, quantity="mi"),
        _mi([Rational(1, 2)] * 2, [P2, Q2]),
        {eps: log(2)},
    ),
    (
        "I <= eps tanh(eps/2) under eps-KL-DP (eps = D of the pair, both orders equal)",
        ChordClaim("I <= B", eps, PROPERTY1, quantity="mi", hypothesis="kl"),
        _mi([Rational(1, 2)] * 2, [P2, Q2]),
        {eps: _kl(P2, Q2)},
    ),
    (
        "group: n eps tanh(n eps/2) / 10 (false at n = 1: two rows, uniform prior)",
        ChordClaim("I <= B", eps, n * eps * tanh(n * eps / 2) / 10, quantity="mi", group=n),
        _mi([Rational(1, 2)] * 2, [P2, Q2]),
        {eps: log(2), n: 1},
    ),
    (
        "group: eps tanh(eps/2) for a mechanism on D^n (not a function of n eps)",
        ChordClaim("I <= B", eps, PROPERTY1, quantity="mi", group=n),
        # false for n >= 2 (no exact witness computed here: the shape check refuses it first)
        None,
        None,
    ),
]


@pytest.mark.parametrize("name,claim,value,at", FALSE, ids=[f[0] for f in FALSE])
def test_a_false_bound_is_not_proved(name, claim, value, at):
    verdict = claim.decide(Deadline(60))
    assert verdict.status is Status.UNKNOWN, (name, verdict.reason)
    if value is not None:
        assert sign(claim.bound.subs(at) - value) < 0, name  # the claim is false at the witness


def test_the_witnesses_are_close_at_their_level():
    # P2, Q2: max ratio 2 = e^(ln 2); P4, Q4: max ratio 4 = e^(2 ln 2) (level 2 at eps = ln 2).
    assert max(max(a / b, b / a) for a, b in zip(P2, Q2, strict=True)) == 2
    assert max(max(a / b, b / a) for a, b in zip(P4, Q4, strict=True)) == 4
    # the chord is attained by P2, Q2: Property 1 itself is not contradicted there
    assert sympy.simplify(PROPERTY1.subs(eps, log(2)) - _kl(P2, Q2)) == 0


def test_a_true_bound_with_fine_exponents_is_never_proved_with_an_unreadable_record():
    # B = eps tanh(eps/2) + eps (e^(eps/1000) - 1) >= eps tanh(eps/2) (e^x >= 1 for x >= 0):
    # true, but s = e^(eps/1000) needs power 1000, which the evidence reader refuses (1..999,
    # MAX_POWER): the decider must not write a proof that never rechecks. It leaves the claim
    # UNKNOWN and says why (fixed: it proved it with power 1000 before).
    bound = PROPERTY1 + eps * (sympy.exp(eps / 1000) - 1)
    verdict = ChordClaim("D <= B", eps, bound).decide(Deadline(60))
    assert verdict.status is Status.UNKNOWN
    assert "m = 1000" in verdict.reason and "999" in verdict.reason
    # m = lcm(2, 333) = 666 is within the power limit, but U's e^eps is s^666, above the
    # exponent limit s^99 (a record's literal exponents have two digits)
    verdict = ChordClaim("D <= B", eps, PROPERTY1 + eps * (sympy.exp(eps / 333) - 1)).decide(
        Deadline(60)
    )
    assert verdict.status is Status.UNKNOWN and "s^666" in verdict.reason


def test_a_huge_power_is_refused_before_sympy_cancels():
    # m = 10^7 would make cancel expand s^(10^7): refused at once (the deadline is 30 s, the
    # refusal takes well under a second unloaded).
    bound = PROPERTY1 + eps * (sympy.exp(eps / 10**7) - 1)
    deadline = Deadline(30)
    verdict = ChordClaim("D <= B", eps, bound).decide(deadline)
    assert verdict.status is Status.UNKNOWN and "10000000" in verdict.reason
    assert not deadline.expired()


def test_every_proved_record_reads_back(report: dict) -> None:
    # the two library-shaped claims' records read back with the rechecker's reader
    for verdict in report["theorems"][:2]:
        for record in verdict["evidence"]:
            KINDS["chord-certificate"].from_dict(record)


THEOREMS = '''
import sympy

from dpproofs import theorem
from dpproofs.symbolic.chord import ChordClaim

eps = sympy.Symbol("eps", positive=True)
n = sympy.Symbol("n", positive=True)


@theorem(id="ch.p1", source="adversary", expect="proved")
def p1():
    """Property 1."""
    return ChordClaim("D <= eps tanh(eps/2)", eps, eps * sympy.tanh(eps / 2))


@theorem(id="ch.grp", source="adversary", expect="proved")
def grp():
    """(53)."""
    bound = n * eps * sympy.tanh(n * eps / 2)
    return ChordClaim("I <= n eps tanh(n eps/2)", eps, bound, quantity="mi", group=n)
'''


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict:
    return verified(tmp_path_factory.mktemp("chord"), "chord_theorems.py", THEOREMS)


def _evidence(key: str, value: object) -> Callable[[dict], None]:
    def change(verdict: dict) -> None:
        verdict["evidence"][0][key] = value

    return change


def test_the_untampered_report_rechecks(report: dict, tmp_path: Path) -> None:
    assert recheck(tmp_path, report) == 0


HELD = {
    "status proved -> refuted": (0, lambda v: v.update(status="refuted")),
    "status proved -> verified-bounded": (0, lambda v: v.update(status="verified-bounded")),
    "recorded phi'' 1/r -> 2/r": (0, _evidence("second", "2/r")),
    "recorded chord value -> eps": (0, _evidence("chord", "eps")),
    "expected -> refuted": (0, lambda v: v.update(expected="refuted")),
}


@pytest.mark.parametrize("name", sorted(HELD))
def test_an_edit_fails_the_recheck(report: dict, tmp_path: Path, name: str) -> None:
    index, change = HELD[name]
    assert recheck(tmp_path, edited(report, index, change)) != 0


FINDINGS = {
    "reason: (eps, 0)-close -> (2 eps, 0)-close": (
        0,
        replacing("reason", "(eps, 0)-close", "(2 eps, 0)-close"),
    ),
    "reason: every finite alphabet -> every countable alphabet": (
        0,
        replacing("reason", "every finite alphabet", "every countable alphabet"),
    ),
    "reason: every eps > 0 -> every real eps": (
        0,
        replacing("reason", "every eps > 0", "every real eps"),
    ),
    "reason: every n >= 1 -> every n >= 0": (
        1,
        replacing("reason", "every n >= 1", "every n >= 0"),
    ),
    "reason: over Hamming neighbours -> over any neighbours": (
        1,
        replacing("reason", "over Hamming neighbours", "over any neighbours"),
    ),
    "reason: rows (n eps, 0)-close -> (eps, 0)-close": (
        1,
        replacing("reason", "rows are (n eps, 0)-close", "rows are (eps, 0)-close"),
    ),
    "certificate: U's denominator e^eps - e^-eps -> e^eps + e^-eps": (
        0,
        replacing("certificate", "exp(eps) - exp(-eps))", "exp(eps) + exp(-eps))", line=1),
    ),
    "certificate: s = e^(eps/2) -> e^(eps/3)": (
        0,
        replacing("certificate", "e^(eps/2)", "e^(eps/3)", line=2),
    ),
    "certificate: identically 0 -> >= 0 (z3)": (
        0,
        replacing("certificate", "identically 0", ">= 0 (z3)", line=2),
    ),
    "certificate: phi'' = 1/r -> r": (0, replacing("certificate", "= 1/r >", "= r >", line=0)),
    "method: Lemma CM -> Lemma XY": (0, replacing("method", "Lemma CM", "Lemma XY")),
    "evidence's own status proved -> verified-bounded": (
        0,
        _evidence("status", "verified-bounded"),
    ),
}


@pytest.mark.parametrize("name", sorted(FINDINGS))
def test_an_edit_of_what_a_reader_reads_fails_the_recheck(
    report: dict, tmp_path: Path, name: str
) -> None:
    index, change = FINDINGS[name]
    assert recheck(tmp_path, edited(report, index, change)) != 0


PRECONDITIONS = {
    "eps declared nonnegative": dict(eps=sympy.Symbol("eps", nonnegative=True)),
    "eps declared real": dict(eps=sympy.Symbol("eps", real=True)),
    "level 0": dict(level=sympy.Integer(0)),
    "level -1": dict(level=sympy.Integer(-1)),
    "level a float": dict(level=sympy.Float(0.5)),
    "level sqrt(2)": dict(level=sympy.sqrt(2)),
    "a group for D": dict(group=n),
    "the group is eps": dict(quantity="mi", group=eps),
    "a nonnegative group": dict(quantity="mi", group=sympy.Symbol("n", nonnegative=True)),
    "KL-DP for D": dict(hypothesis="kl"),
    "a bound with log": dict(bound=log(1 + eps)),
    "a bound with sqrt": dict(bound=sympy.sqrt(eps)),
    "a bound with pi": dict(bound=sympy.pi * eps),
    "a bound with another symbol": dict(bound=sympy.Symbol("x") * eps),
    "a group bound with another n": dict(quantity="mi", group=n, bound=sympy.Symbol("n") * eps),
}


@pytest.mark.parametrize("name", sorted(PRECONDITIONS))
def test_a_claim_outside_the_preconditions_is_invalid(name: str) -> None:
    arguments = dict(PRECONDITIONS[name])
    parameter = arguments.pop("eps", eps)
    bound = arguments.pop("bound", parameter * tanh(parameter / 2))
    with pytest.raises(InvalidClaim):
        ChordClaim("D <= B", parameter, bound, **arguments)

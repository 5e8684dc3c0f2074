"""Adversarial cases for the bounded search and the finite claims (issue 14), as data.

Each case names its class, builds a claim, and says which verdicts are acceptable. A FALSE case
carries an independent witness: plain Fraction arithmetic, no dpproofs, that shows the claim (as
its author meant it) false at a concrete point; the witness returns True when it does.

How the classes beyond the listed ones were found: by asking, for every path by which an
author's Python reaches a decision, "what can Python compute here that is not the mathematics?"
Python truth tests (class 2); identity of interpretations (``alg.name``, ``str()`` of a value);
constants smuggled in (Python bools returned as truth values, floats as numbers, values kept
from another evaluation); the author's own ``decide`` (class 6 by another door); coverage texts
built from requests (class 3); samples taken as proofs (class 4); clocks (determinism).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction as F
from types import SimpleNamespace
from typing import Any

import sympy

from dpproofs.algebra import implies
from dpproofs.claim import Deadline, all_of, exact_fact
from dpproofs.finite.claims import QuantityClaim, for_each
from dpproofs.finite.mechanism import FiniteMechanism
from dpproofs.search import (
    DatabaseSpace,
    Interval,
    channel,
    distribution,
    for_all,
    for_all_distributions,
    for_all_mechanisms,
)
from dpproofs.verdict import Status, Verdict
from dpproofs.vocabulary import indistinguishable, statistical_difference

P, B, R, U, E = (
    Status.PROVED,
    Status.VERIFIED_BOUNDED,
    Status.REFUTED,
    Status.UNKNOWN,
    Status.ERROR,
)


@dataclass(frozen=True)
class Case:
    name: str
    klass: str
    build: Callable[[], Any]
    allowed: frozenset[Status]
    witness: Callable[[], bool] | None = None  # FALSE cases: the claim fails at a point
    reason: str = ""  # a fragment the verdict's reason must contain

    @property
    def false(self) -> bool:
        return self.witness is not None


def pairs(*sizes: int, **params: Any) -> Any:
    return for_all_distributions(sizes or (2, 3), **params)


def case(name, klass, build, allowed, witness=None, reason=""):
    return Case(name, klass, build, frozenset(allowed), witness, reason)


# --- class 2: Python truth tests of symbolic values ----------------------------------------------
def _not_different(alg, p, q):
    return alg.le(0, 1) if not (p[0] != q[0]) else alg.lt(1, 0)  # noqa: SIM202


def _two_true_facts(facts):
    facts.equal("x", 4, 2 * 2)
    facts.at_most("y", F(1, 3), F(1, 2))


TRUTH_TEST = "on a symbolic value"
CLASS2 = [
    case(
        "if on <: (p0 <= p1 or p1 <= p0) => p0 = p1",
        "2",
        lambda: pairs().claim(
            lambda alg, p, q: implies(
                alg, alg.le(p[0], p[1]) if p[0] < p[1] else alg.le(p[1], p[0]), alg.eq(p[0], p[1])
            )
        ),
        {E},
        witness=lambda: F(0) <= F(1) and F(0) != F(1),  # p = (0, 1)
        reason=TRUTH_TEST,
    ),
    case(
        "and between truth values: p0 = q0 and p0 < 1",
        "2",
        lambda: pairs().claim(lambda alg, p, q: alg.eq(p[0], q[0]) and alg.lt(p[0], 1)),
        {E},
        witness=lambda: F(1) != F(0),  # p = (1, 0), q = (0, 1): p0 = 1 != 0 = q0
        reason=TRUTH_TEST,
    ),
    case(
        "len(set(p)): distinct entries => p0 < 0",
        "2",
        lambda: pairs().claim(
            lambda alg, p, q: alg.lt(p[0], 0) if len(set(p)) == len(p) else alg.le(0, 1)
        ),
        {E},
        witness=lambda: not F(1, 3) < 0 and F(1, 3) != F(2, 3),  # p = (1/3, 2/3)
        reason="hash",
    ),
    case(
        "in: p0 never equals p1",
        "2",
        lambda: pairs().claim(lambda alg, p, q: alg.lt(1, 0) if p[0] in [p[1]] else alg.le(0, 1)),
        {E},
        witness=lambda: F(1, 2) == F(1, 2),  # p = (1/2, 1/2): p0 = p1
        reason=TRUTH_TEST,
    ),
    case(
        "bool(): p0 = 0 or p0 < 0",
        "2",
        lambda: pairs().claim(
            lambda alg, p, q: alg.le(p[0], 1) if bool(p[0] == 0) else alg.lt(p[0], 0)
        ),
        {E},
        witness=lambda: F(1, 2) != 0 and not F(1, 2) < 0,  # p = (1/2, 1/2)
        reason=TRUTH_TEST,
    ),
    case(
        "not: not (p0 = q0) for all p, q",
        "2",
        lambda: pairs().claim(_not_different),
        {E},
        witness=lambda: F(1) != F(0),  # p = (1, 0), q = (0, 1): p0 != q0, so "not" fails
        reason=TRUTH_TEST,
    ),
    case(
        "max(): the largest mass is at most 1/2",
        "2",
        lambda: pairs().claim(lambda alg, p, q: alg.le(max(p), F(1, 2))),
        {E},
        witness=lambda: max(F(1), F(0)) > F(1, 2),  # p = (1, 0)
        reason=TRUTH_TEST,
    ),
    case(
        "sorted(): the smallest mass is 0",
        "2",
        lambda: pairs().claim(lambda alg, p, q: alg.eq(sorted(p)[0], 0)),
        {E},
        witness=lambda: min(F(1, 2), F(1, 2)) != 0,  # p = (1/2, 1/2)
        reason=TRUTH_TEST,
    ),
    case(
        "float(): p0 <= 1/2 through a float",
        "2",
        lambda: pairs().claim(
            lambda alg, p, q: alg.le(p[0], 1) if float(p[0]) <= 0.5 else alg.lt(1, 0)
        ),
        {E},
        witness=lambda: F(1) > F(1, 2),  # p = (1, 0): the else branch, 1 < 0, is false
        reason="float()",
    ),
    case(
        "or between truth values: SD(p, q) < 1 or p = q",
        "2",
        lambda: pairs().claim(
            lambda alg, p, q: alg.lt(statistical_difference(alg, p, q), 1) or alg.eq(p[0], q[0])
        ),
        {E},
        witness=lambda: (F(1) - 0) + 0 == 1 and F(1) != 0,  # p = (1, 0), q = (0, 1): SD = 1
        reason=TRUTH_TEST,
    ),
]

# --- class 2, the supported forms: == builds an equality, & | ~ are connectives (TRUE cases) ---
CLASS2_TRUE = [
    case(
        "== builds alg.eq: p0 = q0 => q0 = p0",
        "2",
        lambda: pairs().claim(lambda alg, p, q: implies(alg, p[0] == q[0], q[0] == p[0])),
        {B},
    ),
    case(
        "& | ~ are connectives: p0 <= q0 or q0 < p0",
        "2",
        lambda: pairs().claim(lambda alg, p, q: (p[0] <= q[0]) | ~(p[0] <= q[0]) & (q[0] < p[0])),
        {B},
    ),
]


# --- further classes found: constants and interpretations smuggled in --------------------------
def NAME_BRANCH(alg, p, q):
    return alg.lt(1, 0) if alg.name == "exact" else alg.le(0, 1)


def STR_BRANCH(alg, p, q):
    # An exact 1/2 prints with a slash, a z3 variable does not: two claims in one, before.
    return alg.lt(1, 0) if "/" in str(p[0]) else alg.le(0, 1)


def TYPE_BRANCH(alg, p, q):
    return alg.lt(1, 0) if type(p[0]).__module__.startswith("sympy") else alg.le(0, 1)


INTERPRETATION_PROBES = (NAME_BRANCH, STR_BRANCH, TYPE_BRANCH)


_kept: list[Any] = []


_calls = itertools.count()


def _alternates(alg, p, q):
    # Reads state that changes between calls: z3 and the exact re-check see different claims.
    return alg.le(0, 1) if next(_calls) % 2 else alg.lt(p[0], 0)


def _keeps_values(alg, p, q):
    _kept.append(p[0])
    return alg.le(_kept[0], 1)


SMUGGLED = [
    case(
        "branching on str() of a value (true in z3, false exactly, before)",
        "interpretations",
        lambda: pairs().claim(STR_BRANCH),
        {B},
    ),
    case(
        "branching on the type of a value (true in z3, false exactly, before)",
        "interpretations",
        lambda: pairs().claim(TYPE_BRANCH),
        {B},
    ),
    case(
        "a Python bool returned as the truth value",
        "constants",
        lambda: pairs().claim(lambda alg, p, q: p is not q),
        {E},
        witness=lambda: F(1) != F(0),  # read as "p differs from q": false at p = q = (1, 0)
        reason="not a truth value",
    ),
    case(
        "a float constant (0.1 is not 1/10): p0 <= 0.1",
        "constants",
        lambda: pairs().claim(lambda alg, p, q: alg.le(p[0], 0.1)),
        {E},
        witness=lambda: F(1) > F(1, 10),  # p = (1, 0)
        reason="not an exact number",
    ),
    case(
        "a value kept from another evaluation",
        "constants",
        lambda: (_kept.clear(), pairs().claim(_keeps_values))[1],
        {E},
        reason="another evaluation",
    ),
    case(
        "branching on the interpretation's name (once: true in z3, false exactly)",
        "interpretations",
        lambda: pairs().claim(NAME_BRANCH),
        {B, P},  # the claim is the formula 0 <= 1: true on every alphabet
    ),
    case(
        "a predicate that is not a function of its arguments (state between calls)",
        "impure",
        lambda: pairs().claim(_alternates),
        {E},
        witness=lambda: not F(1, 2) < 0,  # the p0 < 0 branch fails at p = (1/2, 1/2)
        reason="not a function of its arguments",
    ),
    case(
        "a float interval end (0.1 is not 1/10)",
        "constants",
        lambda: pairs(delta=Interval(0.1, 1)).claim(
            lambda alg, p, q, delta: alg.lt(F(1, 10), delta)
        ),
        {E},
        witness=lambda: not F(1, 10) < F(1, 10),  # at delta = 1/10, the intended left end
        reason="exact rational",
    ),
    case(
        "a symbolic exponent p0 ** 0.5",
        "constants",
        lambda: pairs().claim(lambda alg, p, q: alg.le(p[0] ** 0.5, p[0])),
        {E},
        witness=lambda: F(1, 4) < F(1, 2),  # sqrt(1/4) = 1/2 > 1/4
        reason="integer exponents",
    ),
]


# --- class 3: coverage says what was decided, size by size, member by member --------------------
def _only_fails_at_four(alg, p, q):
    # A claim whose truth depends on the alphabet size: false exactly on 4 outcomes.
    return alg.le(0, 1) if len(p) != 4 else alg.lt(p[0], -1)


COVERAGE = [
    case(
        "sizes [2, 3, 5]: nothing is said about 4",
        "3",
        lambda: pairs(2, 3, 5).claim(_only_fails_at_four),
        {B},
        witness=lambda: not F(1, 4) < -1,  # on 4 outcomes, p = (1/4, 1/4, 1/4, 1/4)
        reason="outcomes in {2, 3, 5}",
    ),
    case(
        "sizes [2, 3, 4]: the gap size is searched and refuted",
        "3",
        lambda: pairs(2, 3, 4).claim(_only_fails_at_four),
        {R},
        witness=lambda: not F(1, 4) < -1,
    ),
    case(
        "for_each keeps each bounded member's sizes",
        "3",
        lambda: for_each(
            "two alphabets",
            [((2,),), ((3, 5),)],
            lambda sizes: pairs(*sizes).claim(_only_fails_at_four),
        ),
        {B},
        witness=lambda: not F(1, 4) < -1,
        reason="outcomes in {3, 5}",
    ),
    case(
        "all_of keeps every part's coverage",
        "3",
        lambda: all_of(pairs(2).claim(_only_fails_at_four), pairs(3, 5).claim(_only_fails_at_four)),
        {B},
        witness=lambda: not F(1, 4) < -1,
        reason="outcomes in {3, 5}",
    ),
]


# --- class 4: symmetry breaking only with invariance proved -------------------------------------
SYMMETRY = [
    case(
        "the first probability is positive",
        "4",
        lambda: pairs(2, 3).claim(lambda alg, p, q: alg.lt(0, p[0])),
        {R},
        witness=lambda: not F(0) > 0,  # p = (0, 1)
    ),
    case(
        "p[0] >= p[-1]",
        "4",
        lambda: pairs(2, 3).claim(lambda alg, p, q: alg.le(p[-1], p[0])),
        {R},
        witness=lambda: F(0) < F(1),  # p = (0, 1)
    ),
    case(
        "a mechanism's first output is its likeliest at database 0",
        "4",
        lambda: for_all_mechanisms(DatabaseSpace(2, 1), range(2, 3)).claim(
            lambda alg, M: alg.le(M.rows[0][1], M.rows[0][0])
        ),
        {R},
        witness=lambda: F(0) < F(1),  # M(0) = (0, 1)
    ),
    case(
        "a channel from the outcomes: rows relabelled with X (not invariant in X alone)",
        "4",
        lambda: for_all(
            {"X": distribution(), "G": channel(outputs=2)},
            (2,),
            symmetric=True,
        ).claim(lambda alg, X, G: alg.le(G[0][0] * X[1], G[0][0] * X[0])),
        {R},
        witness=lambda: F(1) * F(1) > F(1) * F(0),  # X = (0, 1), G = [[1, 0], [1, 0]]
    ),
    case(
        "TRUE and invariant: indistinguishable at delta = SD",
        "4",
        lambda: pairs(2, 3, 4).claim(
            lambda alg, p, q: indistinguishable(
                alg, p, q, alg.const(1), statistical_difference(alg, p, q)
            )
        ),
        {B, P},  # a formula of two sums: the small-model theorem lifts it
    ),
    case(
        "TRUE and not invariant: p[0] <= 1",
        "4",
        lambda: pairs(2, 3).claim(lambda alg, p, q: alg.le(p[0], 1)),
        {B},
    ),
]


# --- class 6: author-supplied checks never prove ------------------------------------------------
class _AuthorClaim:
    """An author's object with a decide() that says proved."""

    def describe(self) -> str:
        return "1 = 2"

    def decide(self, deadline: Deadline) -> Verdict:
        return Verdict.proved("trust me")


class _LookAlikeBracket:
    """Duck-types dpproofs' certified brackets, and says yes to everything."""

    exact = None
    lower = upper = F(0)

    def equals(self, value: Any) -> bool:
        return True

    def at_most(self, value: Any) -> bool:
        return True


AUTHOR = [
    case(
        "exact_fact whose callable returns True for 1 = 2",
        "6",
        lambda: exact_fact("1 = 2", lambda: (True, {})),
        {U},
        witness=lambda: F(1) != F(2),
        reason="did not decide",
    ),
    case(
        "exact_fact stating 1 = 2 on the recorder",
        "6",
        lambda: exact_fact("1 = 2", lambda facts: facts.equal("one", 1, 2)),
        {R},
        witness=lambda: F(1) != F(2),
    ),
    case(
        "exact_fact passing Python bools as values",
        "6",
        lambda: exact_fact("1 = 2", lambda facts: facts.equal("x", 1 == 2, 1 == 2)),
        {E},
        witness=lambda: F(1) != F(2),
        reason="not an exact value",
    ),
    case(
        "exact_fact with a float that rounds to the claim",
        "6",
        lambda: exact_fact(
            "1/10 + 2/10 = 3/10 + 10^-17", lambda facts: facts.equal("x", 0.1 + 0.2, F(3, 10))
        ),
        {E},
        witness=lambda: F(1, 10) + F(2, 10) != F(3, 10) + F(1, 10**17),
        reason="not an exact value",
    ),
    case(
        "exact_fact stating nothing",
        "6",
        lambda: exact_fact("1 = 2", lambda facts: None),
        {E},
        witness=lambda: F(1) != F(2),
        reason="stated no fact",
    ),
    case(
        "an author's bracket look-alike",
        "6",
        lambda: exact_fact("C = 2", lambda facts: facts.equal("C", _LookAlikeBracket(), 2)),
        {E},
        witness=lambda: F(0) != F(2),
        reason="not an exact value",
    ),
    case(
        "an author's claim object whose decide() says proved",
        "6",
        _AuthorClaim,
        {E},
        witness=lambda: F(1) != F(2),
        reason="not a dpproofs claim",
    ),
    case(
        "a QuantityClaim whose computation the author supplies",
        "6",
        lambda: QuantityClaim(
            FiniteMechanism.from_rows([["1/2", "1/2"], ["1/2", "1/2"]]),
            "pure epsilon is 2",
            "pure_epsilon",
            lambda: SimpleNamespace(exact=sympy.Integer(2), attained=None),
            "eq",
            sympy.Integer(2),
        ),
        {E},
        witness=lambda: F(1, 2) / F(1, 2) == 1,  # identical rows: pure epsilon ln 1 = 0, not 2
        reason="cannot be supplied by the author",
    ),
    case(
        "for_each over author claim objects",
        "6",
        lambda: for_each("one member", [(1,)], lambda k: _AuthorClaim()),
        {E},
        witness=lambda: F(1) != F(2),
        reason="not a dpproofs claim",
    ),
    case(
        "TRUE: exact_fact 4 = 2 * 2 and 1/3 <= 1/2 on the recorder",
        "6",
        lambda: exact_fact(
            "4 = 2 * 2, 1/3 <= 1/2",
            _two_true_facts,
        ),
        {P},
    ),
]

CASES = CLASS2 + CLASS2_TRUE + SMUGGLED + COVERAGE + SYMMETRY + AUTHOR

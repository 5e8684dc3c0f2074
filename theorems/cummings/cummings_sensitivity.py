"""Cummings (seed 003_87c8c5658751411a.txt), section 2.1-2.2: sensitivities of counting,
fractional, linear and histogram queries, computed exactly over every database in X^n and every
neighbour pair of Definition 2 (both readings of Remark 1: change one entry, add/remove one
entry), for every property P subset of X (every g: X -> {0, 1/2, 1}), |X| <= 3 and n <= 3.
"""

import itertools
from fractions import Fraction

import sympy
from _cummings_common import SEED, add_remove_pairs, change_pairs, sensitivity
from sympy import Abs, Interval

from dpproofs import exact_fact, for_each
from dpproofs.symbolic import holds
from dpproofs.theorem import theorem

SIZES = [(d, n) for d in (2, 3) for n in (1, 2, 3)]
GRID = (Fraction(0), Fraction(1, 2), Fraction(1))


def _properties(domain):
    return [
        frozenset(s) for r in range(domain + 1) for s in itertools.combinations(range(domain), r)
    ]


def _functions(domain):
    return [dict(enumerate(values)) for values in itertools.product(GRID, repeat=domain)]


def _count(prop):
    return lambda x: Fraction(sum(v in prop for v in x))


def _linear(g):
    return lambda x: sum((g[v] for v in x), Fraction(0))


def _bound_and_attained(queries, pairs, bound):
    """Every query has sensitivity <= bound, and some query attains it exactly."""

    def check(facts):
        worst = max(sensitivity(f, pairs) for f in queries)
        facts.at_most("max sensitivity <= bound", worst, bound)
        facts.equal("max sensitivity = bound (attained)", worst, bound)
        return {"max sensitivity": worst}

    return check


def _per_size(statement, queries_for, pairs_for, bound_for):
    return for_each(
        "|X| in {2, 3}, n in {1, 2, 3}",
        SIZES,
        lambda d, n: exact_fact(
            statement, _bound_and_attained(queries_for(d), pairs_for(d, n), bound_for(n))
        ),
        label=lambda d, n: f"|X|={d}, n={n}",
    )


@theorem(
    source=f"{SEED}, C-count-sensitivity, section 2.1 item 1",
    expect="verified-bounded",
    id="cummings.count_sensitivity",
    note="'Sensitivity 1' read as: at most 1 for every property P, and exactly 1 for some P "
    "(P = {} has sensitivity 0 under change-one-entry). Both neighbour readings of Definition 2.",
)
def count_query_sensitivity():
    """Counting queries #{entries satisfying P} have sensitivity 1 (Definition 2 neighbours)."""
    return for_each(
        "change one entry and add/remove",
        [(change_pairs,), (add_remove_pairs,)],
        lambda pairs: _per_size(
            "max_P Delta #{x_i in P} = 1",
            lambda d: [_count(p) for p in _properties(d)],
            pairs,
            lambda n: 1,
        ),
        label=lambda pairs: pairs.__name__,
    )


@theorem(
    source=f"{SEED}, C-frac-sensitivity, section 2.1 item 2",
    expect="verified-bounded",
    id="cummings.fractional_sensitivity",
    note="Change-one-entry neighbours on X^n, as the item says; at most 1/n, attained.",
)
def fractional_query_sensitivity():
    """Fractional queries (1/n) #{entries satisfying P} have sensitivity 1/n on X^n."""
    return _per_size(
        "max_P Delta (1/n) #{x_i in P} = 1/n",
        lambda d: [lambda x, p=p: _count(p)(x) / len(x) for p in _properties(d)],
        change_pairs,
        lambda n: Fraction(1, n),
    )


@theorem(
    source=f"{SEED}, C-linear-sensitivity, section 2.1 item 3",
    expect="verified-bounded",
    id="cummings.linear_sensitivity",
    note="g ranges over X -> {0, 1/2, 1} (a grid of [0, 1]); f(x) = sum_i g(x_i), which is the "
    "source's histogram form sum_j x_j g(j). Both neighbour readings; at most 1, attained. The "
    "same bound for every g: X -> [0, 1] is cummings.linear_sensitivity_all_g.",
)
def linear_query_sensitivity():
    """Linear queries sum_i g(x_i) with g: X -> [0, 1] have sensitivity 1."""
    return for_each(
        "change one entry and add/remove",
        [(change_pairs,), (add_remove_pairs,)],
        lambda pairs: _per_size(
            "max_g Delta sum_i g(x_i) = 1",
            lambda d: [_linear(g) for g in _functions(d)],
            pairs,
            lambda n: 1,
        ),
        label=lambda pairs: pairs.__name__,
    )


ga, gb = sympy.symbols("ga gb", real=True)


@theorem(
    source=f"{SEED}, C-linear-sensitivity, section 2.1 item 3 (every g)",
    expect="proved",
    id="cummings.linear_sensitivity_all_g",
    note="Neighbours differ in one entry a -> b (change: the sums differ by g(a) - g(b)) or by "
    "one entry a (add/remove: they differ by g(a)); ga, gb stand for g(a), g(b) in [0, 1].",
)
def linear_query_sensitivity_all_g():
    """For every g: X -> [0, 1], |g(a) - g(b)| <= 1 and |g(a)| <= 1: sensitivity at most 1."""
    unit = {ga: Interval(0, 1), gb: Interval(0, 1)}
    return holds(sympy.And(Abs(ga - gb) <= 1, Abs(ga) <= 1), where=unit)


@theorem(
    source=f"{SEED}, C-linfrac-sensitivity(i), section 2.1 item 3 (fractional linear)",
    expect="verified-bounded",
    id="cummings.linear_fractional_sensitivity",
    note="x in X^n with change-one-entry neighbours; g over X -> {0, 1/2, 1}; at most 1/n, "
    "attained.",
)
def linear_fractional_sensitivity():
    """(1/n) sum_i g(x_i) with g: X -> [0, 1] has sensitivity 1/n on X^n."""
    return _per_size(
        "max_g Delta (1/n) sum_i g(x_i) = 1/n",
        lambda d: [lambda x, g=g: _linear(g)(x) / len(x) for g in _functions(d)],
        change_pairs,
        lambda n: Fraction(1, n),
    )


@theorem(
    source=f"{SEED}, C-linfrac-sensitivity(ii), section 2.1 item 3 (histogram form)",
    expect="verified-bounded",
    id="cummings.linear_fractional_sensitivity_histograms",
    note="Histograms of size norm1(x) = n: the neighbours of the same size are the "
    "change-one-entry ones (add/remove changes the size, which the item's 1/n excludes). The "
    "histogram h of x in X^n gives (1/norm1(h)) sum_j h_j g(j) = (1/n) sum_i g(x_i); computed "
    "on histograms here.",
)
def linear_fractional_sensitivity_histograms():
    """(1/norm1(x)) sum_j x_j g(j), g: X -> [0, 1], has sensitivity 1/n on histograms of size n."""

    def on_histogram(g):
        def f(x):
            h = [sum(v == j for v in x) for j in range(len(g))]
            return sum((h[j] * g[j] for j in range(len(g))), Fraction(0)) / sum(h)

        return f

    return _per_size(
        "max_g Delta (1/norm1(h)) sum_j h_j g(j) = 1/n",
        lambda d: [on_histogram(g) for g in _functions(d)],
        change_pairs,
        lambda n: Fraction(1, n),
    )


def _histogram_query(buckets):
    """x -> (c_1(x), ..., c_k(x)); c_j counts the entries in bucket j; l1 distances."""
    return lambda x: tuple(sum(v in b for v in x) for b in buckets)


def _partitions(domain):
    """All partitions of X = {0, .., domain - 1} into nonempty buckets."""
    if domain == 0:
        return [[]]
    result = []
    for rest in _partitions(domain - 1):
        last = domain - 1
        result.append([*rest, frozenset({last})])
        for i in range(len(rest)):
            result.append([*rest[:i], rest[i] | {last}, *rest[i + 1 :]])
    return result


def _l1_histogram_sensitivity(pairs_for, bound):
    """For each size: the largest l1 sensitivity over all partitions of X equals ``bound``."""

    def at(d, n):
        def check(facts):
            worst = Fraction(0)
            for buckets in _partitions(d):
                f = _histogram_query(buckets)
                for x, y in pairs_for(d, n):
                    distance = sum(abs(a - b) for a, b in zip(f(x), f(y), strict=True))
                    worst = max(worst, Fraction(distance))
            facts.equal("max l1 sensitivity", worst, bound)
            return {"max l1 sensitivity": worst}

        return exact_fact(f"max over partitions of the l1 sensitivity = {bound}", check)

    return for_each(
        "|X| in {2, 3}, n in {1, 2, 3}", SIZES, at, label=lambda d, n: f"|X|={d}, n={n}"
    )


@theorem(
    source=f"{SEED}, C-hist-sensitivity, section 2.2 (add/remove reading)",
    expect="verified-bounded",
    id="cummings.histogram_sensitivity_add_remove",
    note="Reading: Definition 2's add/remove neighbours, the one the sentence's justification "
    "('each person's data can only change the count in one bucket') describes. One count "
    "changes by 1. Every partition of X, |X| <= 3, n <= 3.",
)
def histogram_sensitivity_add_remove():
    """Histogram queries have l1 sensitivity 1 under add/remove neighbours."""
    return _l1_histogram_sensitivity(add_remove_pairs, 1)


@theorem(
    source=f"{SEED}, C-hist-sensitivity, section 2.2 (change-one-entry reading)",
    expect="verified-bounded",
    role="probe",
    id="cummings.histogram_sensitivity_change",
    note="The constant depends on the neighbour notion: under change-one-entry neighbours one "
    "entry leaves a bucket and enters another, so the l1 sensitivity is 2 (Remark 1's factor "
    "2), still independent of k. Not a refutation of C-hist-sensitivity, whose justification "
    "describes add/remove neighbours (cummings.histogram_sensitivity_add_remove).",
)
def histogram_sensitivity_change():
    """Histogram queries have l1 sensitivity 2 under change-one-entry neighbours."""
    return _l1_histogram_sensitivity(change_pairs, 2)


def _median(x):
    s = sorted(x)
    m = len(s)
    return s[m // 2] if m % 2 else (s[m // 2 - 1] + s[m // 2]) / 2


@theorem(
    source=f"{SEED}, C-bad-median, section 2.1 item 4",
    expect="verified-bounded",
    id="cummings.median_sensitivity",
    note="Entries in [0, R] with R = 1, on the grid {0, 1/2, 1}; change-one-entry neighbours; "
    "n = 1..7. 'Of the order of R, not shrinking with n' is checked as: the worst-case "
    "sensitivity is >= R/2 for every n (it is R for odd n). The unbounded part is "
    "cummings.mean_unbounded's argument (entries scale with R).",
)
def median_sensitivity_does_not_shrink():
    """The worst-case sensitivity of the median on [0, R]^n is at least R/2 for every n."""
    grid = (Fraction(0), Fraction(1, 2), Fraction(1))

    def at(n):
        def check(facts):
            worst = max(
                abs(_median(x) - _median((*x[:i], v, *x[i + 1 :])))
                for x in itertools.product(grid, repeat=n)
                for i in range(n)
                for v in grid
            )
            facts.at_most("R/2 <= Delta median", Fraction(1, 2), worst)
            return {"Delta median": worst}

        return exact_fact("Delta median >= R/2 (R = 1)", check)

    return for_each("n in 1..7", [(n,) for n in range(1, 8)], at, label=lambda n: f"n={n}")


_i = sympy.Symbol("i", integer=True, positive=True)
_n = sympy.Symbol("n", integer=True, positive=True)
_B = sympy.Symbol("B", positive=True)


def _mean(entry: sympy.Expr) -> sympy.Expr:
    """mean(x) = (1/n) sum_{i=1}^n x_i for the database whose i-th entry is ``entry`` (in i)."""
    return sympy.summation(entry, (_i, 1, _n)) / _n


@theorem(
    source=f"{SEED}, C-bad-mean, section 2.1 item 4",
    expect="proved",
    id="cummings.mean_unbounded",
    note="Unbounded sensitivity means: for every B > 0 some neighbours differ by more than B. "
    "The neighbours are x = (n (B + 1), 0, ..., 0) and y = (0, ..., 0), which differ in the "
    "first entry only (the existential witness of the proof); both means are computed from the "
    "definition (1/n) sum_{i=1}^n x_i by sympy's summation over a symbolic n, for every n >= 1.",
)
def mean_has_unbounded_sensitivity():
    """The mean of unbounded real entries has unbounded sensitivity."""
    x = _n * (_B + 1) * sympy.KroneckerDelta(_i, 1)  # x_1 = n (B + 1), x_i = 0 for i > 1
    y = sympy.Integer(0) * _i  # y_i = 0
    # As a string, so that sympy's assumptions (B > 0) do not decide it before dpproofs does.
    return holds(f"Abs(({_mean(x)}) - ({_mean(y)})) > B", where={"B": "(0, oo)"})

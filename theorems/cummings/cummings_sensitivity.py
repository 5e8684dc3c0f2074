"""Cummings (seed 003_87c8c5658751411a.txt), section 2.1-2.2: sensitivities of counting,
fractional, linear and histogram queries under both readings of Definition 2 (Remark 1: change
one entry, add/remove one entry). These queries are sums of per-entry terms, so their
sensitivity is decided for every n and every universe by the additive sensitivity rule
(dpproofs.finite.additive, docs/design/additive.md); the median, which is not additive, by a
witness pair for every n (dpproofs.finite.median, docs/design/median.md).
"""

import sympy
from _cummings_common import SEED
from sympy import Abs, Interval

from dpproofs.claim import all_of
from dpproofs.finite.additive import Reading, additive_sensitivity, interval, unit_vectors, values
from dpproofs.finite.median import median_sensitivity_at_least
from dpproofs.symbolic import holds
from dpproofs.theorem import theorem


@theorem(
    source=f"{SEED}, C-count-sensitivity, section 2.1 item 1",
    expect="proved",
    id="cummings.count_sensitivity",
    reading="Both neighbour notions of Definition 2 (change one entry, add/remove one entry); "
    "every property P of X; 'sensitivity 1' read as at most 1 for every P and equal to "
    "1 for some P; every n >= 1 and |X| >= 2.",
    note="'Sensitivity 1' read as: at most 1 for every property P, and exactly 1 for some P "
    "(P = {} has sensitivity 0 under change-one-entry). Both neighbour readings of Definition 2. "
    "#{x_i in P} = sum_i 1_P(x_i), every P subset of X is every g: X -> {0, 1}: the additive "
    "rule decides it for every n >= 1 and every universe with |X| >= 2 (before: |X| <= 3, "
    "n <= 3, by enumeration).",
    quote=(
        "For a property P of data entries, the counting query f(x) = #{entries of x satisfying P}"
        " has sensitivity Delta f = 1 (neighbours per Definition 2)."
    ),
)
def count_query_sensitivity():
    """Counting queries #{entries satisfying P} have sensitivity 1 (Definition 2 neighbours)."""
    return all_of(
        *(
            additive_sensitivity("max_P Delta #{x_i in P} = 1", values(0, 1), reading, 1)
            for reading in Reading
        )
    )


@theorem(
    source=f"{SEED}, C-frac-sensitivity, section 2.1 item 2",
    expect="proved",
    id="cummings.fractional_sensitivity",
    reading="Change-one-entry neighbours on X^n, as the item says; every property P; at most "
    "1/n and attained; every n >= 1 and |X| >= 2.",
    note="Change-one-entry neighbours on X^n, as the item says; at most 1/n, attained. Additive "
    "rule with scale 1/n: every n >= 1, every universe with |X| >= 2 (before: |X| <= 3, n <= 3).",
    quote=(
        "For databases of size n with change-one-entry neighbours, the fractional query f(x) = "
        "(1/n) #{entries of x satisfying P} has sensitivity 1/n."
    ),
)
def fractional_query_sensitivity():
    """Fractional queries (1/n) #{entries satisfying P} have sensitivity 1/n on X^n."""
    return additive_sensitivity(
        "max_P Delta (1/n) #{x_i in P} = 1/n", values(0, 1), Reading.CHANGE, 1, per_n=True
    )


@theorem(
    source=f"{SEED}, C-linear-sensitivity, section 2.1 item 3",
    expect="proved",
    id="cummings.linear_sensitivity",
    reading="g ranges over every function X -> [0, 1]; the histogram form sum_j x_j g(j) is the"
    " same query; both neighbour notions of Definition 2; at most 1 and attained; every"
    " n >= 1 and |X| >= 2.",
    note="g ranges over every function X -> [0, 1]; f(x) = sum_i g(x_i), which is the source's "
    "histogram form sum_j x_j g(j). Both neighbour readings; at most 1, attained. Additive "
    "rule: every n >= 1, every universe with |X| >= 2 (before: g on the grid {0, 1/2, 1}, "
    "|X| <= 3, n <= 3). The one-pair argument is also cummings.linear_sensitivity_all_g.",
    quote=(
        "For g: X -> [0, 1], the linear query f(x) = sum_{i=1}^n g(x_i) (x in X^n), or f(x) = "
        "sum_{i=1}^{abs(X)} x_i g(x_i) (x a histogram; the source's notation), has sensitivity 1 "
        "(neighbours per Definition 2)."
    ),
)
def linear_query_sensitivity():
    """Linear queries sum_i g(x_i) with g: X -> [0, 1] have sensitivity 1."""
    return all_of(
        *(
            additive_sensitivity("max_g Delta sum_i g(x_i) = 1", interval(0, 1), reading, 1)
            for reading in Reading
        )
    )


ga, gb = sympy.symbols("ga gb", real=True)


@theorem(
    source=f"{SEED}, C-linear-sensitivity, section 2.1 item 3 (every g)",
    expect="proved",
    role="proof",
    id="cummings.linear_sensitivity_all_g",
    reading="The one-pair step of the argument: change one entry a -> b (the sums differ by "
    "g(a) - g(b)) or add/remove a (they differ by g(a)), with g(a), g(b) in [0, 1]; the"
    " reduction to one pair is the reader's.",
    note="A proof step, not the statement (cummings.linear_sensitivity decides that for every n, "
    "universe and g): neighbours differ in one entry a -> b (change: the sums differ by "
    "g(a) - g(b)) or by "
    "one entry a (add/remove: they differ by g(a)); ga, gb stand for g(a), g(b) in [0, 1].",
    quote=(
        "For g: X -> [0, 1], the linear query f(x) = sum_{i=1}^n g(x_i) (x in X^n), or f(x) = "
        "sum_{i=1}^{abs(X)} x_i g(x_i) (x a histogram; the source's notation), has sensitivity 1 "
        "(neighbours per Definition 2)."
    ),
)
def linear_query_sensitivity_all_g():
    """For every g: X -> [0, 1], |g(a) - g(b)| <= 1 and |g(a)| <= 1: sensitivity at most 1."""
    unit = {ga: Interval(0, 1), gb: Interval(0, 1)}
    return holds(sympy.And(Abs(ga - gb) <= 1, Abs(ga) <= 1), where=unit)


@theorem(
    source=f"{SEED}, C-linfrac-sensitivity(i), section 2.1 item 3 (fractional linear)",
    expect="proved",
    id="cummings.linear_fractional_sensitivity",
    reading="x in X^n with change-one-entry neighbours (the size n is fixed); every g: X -> [0,"
    " 1]; at most 1/n and attained; every n >= 1 and |X| >= 2.",
    note="x in X^n with change-one-entry neighbours; g over every function X -> [0, 1]; at most "
    "1/n, attained. Additive rule with scale 1/n: every n >= 1, every universe with |X| >= 2 "
    "(before: g on the grid {0, 1/2, 1}, |X| <= 3, n <= 3).",
    quote=("For g: X -> [0, 1] and x in X^n, f(x) = (1/n) sum_{i=1}^n g(x_i) has sensitivity 1/n."),
)
def linear_fractional_sensitivity():
    """(1/n) sum_i g(x_i) with g: X -> [0, 1] has sensitivity 1/n on X^n."""
    return additive_sensitivity(
        "max_g Delta (1/n) sum_i g(x_i) = 1/n", interval(0, 1), Reading.CHANGE, 1, per_n=True
    )


@theorem(
    source=f"{SEED}, C-linfrac-sensitivity(ii), section 2.1 item 3 (histogram form)",
    expect="proved",
    id="cummings.linear_fractional_sensitivity_histograms",
    reading="Histograms of size norm1(x) = n with same-size neighbours (one unit moved between "
    "buckets; add/remove would change the size); every g: X -> [0, 1]; every n >= 1 and"
    " |X| >= 2.",
    note="Histograms of size norm1(x) = n: the neighbours of the same size are the "
    "change-one-entry ones (add/remove changes the size, which the item's 1/n excludes). The "
    "histogram h of x in X^n gives (1/norm1(h)) sum_j h_j g(j) = (1/n) sum_i g(x_i), and moving "
    "one unit between two buckets of h is changing one entry of x: the additive rule with scale "
    "1/n, every n >= 1, every universe with |X| >= 2, every g: X -> [0, 1] (before: computed on "
    "histograms for |X| <= 3, n <= 3, g on the grid {0, 1/2, 1}).",
    quote=(
        "For g: X -> [0, 1] and histograms x of size norm1(x) = n, f(x) = (1/norm1(x)) "
        "sum_{i=1}^{abs(X)} x_i g(x_i) has sensitivity 1/n."
    ),
)
def linear_fractional_sensitivity_histograms():
    """(1/norm1(x)) sum_j x_j g(j), g: X -> [0, 1], has sensitivity 1/n on histograms of size n."""
    return additive_sensitivity(
        "max_g Delta (1/norm1(h)) sum_j h_j g(j) = 1/n",
        interval(0, 1),
        Reading.CHANGE,
        1,
        per_n=True,
    )


HISTOGRAM_NOTE = (
    " The histogram of x in X^n over a partition of X into k buckets is sum_i e_(bucket of x_i), "
    "a sum of per-entry unit vectors: the additive rule decides it for every partition (every "
    "k), every n >= 1 and every universe with |X| >= 2 (before: every partition of X for "
    "|X| <= 3, n <= 3, by enumeration)."
)


def _l1_histogram_sensitivity(reading, bound):
    """max over partitions of the l1 sensitivity of the histogram query = ``bound``."""
    return additive_sensitivity(
        f"max over partitions of the l1 sensitivity = {bound}", unit_vectors(), reading, bound
    )


@theorem(
    source=f"{SEED}, C-hist-sensitivity, section 2.2 (add/remove reading)",
    expect="proved",
    id="cummings.histogram_sensitivity_add_remove",
    reading="Add/remove neighbours (the notion the sentence's justification describes); every "
    "partition of X into k buckets (every k); the l1 sensitivity equal to 1 for every n"
    " >= 1 and |X| >= 2.",
    note="Reading: Definition 2's add/remove neighbours, the one the sentence's justification "
    "('each person's data can only change the count in one bucket') describes. One count "
    "changes by 1." + HISTOGRAM_NOTE,
    quote=(
        "For a histogram query f(x) = (c_1(x), ..., c_k(x)), where c_j counts the entries in "
        "bucket B_j of a partition B_1, ..., B_k of X, the l1 sensitivity is Delta f = 1 for "
        "every k (neighbours per Definition 2)."
    ),
)
def histogram_sensitivity_add_remove():
    """Histogram queries have l1 sensitivity 1 under add/remove neighbours."""
    return _l1_histogram_sensitivity(Reading.ADD_REMOVE, 1)


@theorem(
    source=f"{SEED}, C-hist-sensitivity, section 2.2 (change-one-entry reading)",
    expect="proved",
    role="probe",
    id="cummings.histogram_sensitivity_change",
    reading="A probe of the other reading: change-one-entry neighbours, where the constant is 2"
    " for every partition, n >= 1 and |X| >= 2.",
    note="The constant depends on the neighbour notion: under change-one-entry neighbours one "
    "entry leaves a bucket and enters another, so the l1 sensitivity is 2 (Remark 1's factor "
    "2), still independent of k. Not a refutation of C-hist-sensitivity, whose justification "
    "describes add/remove neighbours (cummings.histogram_sensitivity_add_remove)." + HISTOGRAM_NOTE,
    quote=(
        "For a histogram query f(x) = (c_1(x), ..., c_k(x)), where c_j counts the entries in "
        "bucket B_j of a partition B_1, ..., B_k of X, the l1 sensitivity is Delta f = 1 for "
        "every k (neighbours per Definition 2)."
    ),
)
def histogram_sensitivity_change():
    """Histogram queries have l1 sensitivity 2 under change-one-entry neighbours."""
    return _l1_histogram_sensitivity(Reading.CHANGE, 2)


@theorem(
    source=f"{SEED}, C-bad-median, section 2.1 item 4",
    expect="proved",
    id="cummings.median_sensitivity",
    reading="Entries in [0, R], every R > 0; change-one-entry neighbours; every n >= 1; the "
    "median of an even count is the mean of the two middle entries; 'of the order of R' read "
    "as >= R/2 for every n.",
    note="Entries in [0, R], every R > 0; change-one-entry neighbours; every n >= 1 by the "
    "median witness rule (docs/design/median.md): x with floor(n/2) + 1 zeros and the rest R, y "
    "with one zero changed to R, whose medians differ by R (odd n) or R/2 (even n). 'Of the "
    "order of R, not shrinking with n' is checked as: the worst-case sensitivity is >= R/2 for "
    "every n (it is R for odd n). The unbounded part is cummings.mean_unbounded's argument "
    "(entries scale with R).",
    quote=(
        "For entries in [0, R], the worst-case sensitivity of the median does not shrink with n: "
        "it is of the order of the whole range R, and it is unbounded for unbounded entries."
    ),
)
def median_sensitivity_does_not_shrink():
    """The worst-case sensitivity of the median on [0, R]^n is at least R/2 for every n."""
    R = sympy.Symbol("R", positive=True)
    return median_sensitivity_at_least(0, R, R / 2, where={R: "(0, oo)"})


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
    reading="'Unbounded sensitivity' read as: for every B > 0 two neighbours (change one entry)"
    " have means more than B apart; real entries; every n >= 1, the means computed as "
    "(1/n) sum_i x_i.",
    note="Unbounded sensitivity means: for every B > 0 some neighbours differ by more than B. "
    "The neighbours are x = (n (B + 1), 0, ..., 0) and y = (0, ..., 0), which differ in the "
    "first entry only (the existential witness of the proof); both means are computed from the "
    "definition (1/n) sum_{i=1}^n x_i by sympy's summation over a symbolic n, for every n >= 1.",
    quote=(
        "For real-valued (unbounded) entries, the average f(x) = (1/n) sum_i x_i has unbounded "
        "sensitivity."
    ),
)
def mean_has_unbounded_sensitivity():
    """The mean of unbounded real entries has unbounded sensitivity."""
    x = _n * (_B + 1) * sympy.KroneckerDelta(_i, 1)  # x_1 = n (B + 1), x_i = 0 for i > 1
    y = sympy.Integer(0) * _i  # y_i = 0
    # As a string, so that sympy's assumptions (B > 0) do not decide it before dpproofs does.
    return holds(f"Abs(({_mean(x)}) - ({_mean(y)})) > B", where={"B": "(0, oo)"})

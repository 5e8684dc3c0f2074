"""The three statements of Kasiviswanathan & Smith (seed 004_b0aca88671cf8a62.txt) that dpproofs
refuted, re-proved false here by independent exact arithmetic (sympy + rigorous signs, no solver,
no search). The counterexamples are pinned as the search found them.

For n = 1 and D = {0, 1} (two databases), Game 1 sees A(default) whatever x is, so its posterior is
the prior b = (a, 1 - a). After transcript t, with R = the larger likelihood ratio of t,

    SD(b_0[.|t], b) = a (1 - a)(R - 1) / (a R + 1 - a),

whose supremum over a in (0, 1) is (sqrt(R) - 1)/(sqrt(R) + 1), attained at a* = 1/(1 + sqrt(R)).
``test_supremum_over_priors`` verifies that identity symbolically; the findings then follow from
comparisons of exact constants.
"""

import itertools

import sympy
from sympy import Rational as R
from sympy import exp, sqrt

from dpproofs.exact import compare

a, r = sympy.symbols("a R", positive=True)
SD = a * (1 - a) * (r - 1) / (a * r + 1 - a)


def test_supremum_over_priors():
    # d SD / da vanishes at a* = 1/(1 + sqrt R), where SD = (sqrt R - 1)/(sqrt R + 1), and SD is
    # concave on (0, 1) for R > 1 (second derivative -2R(R-1)/(aR + 1 - a)^3 < 0): a maximum.
    star = 1 / (1 + sqrt(r))
    assert sympy.simplify(sympy.diff(SD, a).subs(a, star)) == 0
    assert sympy.simplify(SD.subs(a, star) - (sqrt(r) - 1) / (sqrt(r) + 1)) == 0
    assert sympy.simplify(sympy.diff(SD, a, 2) + 2 * r * (r - 1) / (a * r + 1 - a) ** 3) == 0


def semantically_private(rows, level):
    """sup over priors of SD(b_0[.|t], b_1[.|t]) <= level for every transcript t, for a 2 x k
    mechanism with positive entries (each supremum compared rigorously)."""
    for t in range(len(rows[0])):
        ratio = max(rows[0][t] / rows[1][t], rows[1][t] / rows[0][t])
        if compare((sqrt(ratio) - 1) / (sqrt(ratio) + 1), level) > 0:
            return False
    return True


def max_ratio(rows):
    return max(rows[i][t] / rows[j][t] for i in (0, 1) for j in (0, 1) for t in range(len(rows[0])))


def test_claim_3_3_part_2_is_false():
    # (eps, delta)-indistinguishable, checked over all 4 subsets S of {0, 1}:
    eps, delta = R(4, 3), R(1, 2)
    p, q = [R(0), R(1)], [R(1, 3), R(2, 3)]
    for size in range(3):
        for s in itertools.combinations(range(2), size):
            ps, qs = sum(p[i] for i in s), sum(q[i] for i in s)
            assert compare(ps, exp(eps) * qs + delta) <= 0
            assert compare(qs, exp(eps) * ps + delta) <= 0
    # ...but outcome 0 (p = 0 < q = 1/3) is bad at 2 eps, and Q(Bad) = 1/3 > 2 delta/(eps e^eps).
    assert compare(R(1, 3), 2 * delta / (eps * exp(eps))) > 0


def test_theorem_2_2_second_sentence_is_false():
    eps = R(5, 6)
    rows = [[R(7, 8), R(1, 8)], [R(2, 7), R(5, 7)]]
    # (e^eps - 1)/2-semantically private: the worst SD over all priors is below (e^eps - 1)/2 ...
    assert semantically_private(rows, (exp(eps) - 1) / 2)
    # ... yet not 2 eps-DP: the ratio (5/7)/(1/8) = 40/7 exceeds e^(5/3).
    assert compare(max_ratio(rows), exp(2 * eps)) > 0


def test_theorem_2_4_second_sentence_is_false_already_at_delta_0():
    # At delta = 0, "with probability >= 1 - delta over (x, t)" is every possible (x, t), and all
    # entries are positive, so the hypothesis is again sup SD <= (e^eps - 1)/2.
    eps = R(1, 100)
    rows = [[R(2, 3), R(1, 3)], [R(577, 857), R(280, 857)]]
    assert semantically_private(rows, (exp(eps) - 1) / 2)
    # (2 eps, 2 delta) = (1/50, 0)-DP fails: the ratio (1/3)/(280/857) = 857/840 > e^(1/50).
    assert compare(max_ratio(rows), exp(2 * eps)) > 0

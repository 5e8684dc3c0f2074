"""P. Cuff and L. Yu, "Differential Privacy as a Mutual Information Constraint" (seed
001_bbdd7f031c172a3e.txt): the statements about capacities of concrete finite mechanisms.

The seed text lost every formula in extraction. The formulas encoded here are the project's
reconstruction from the surrounding prose; each theorem's ``note`` says how firm it is.

Notation (nats): h(d) = -d ln d - (1 - d) ln(1 - d); C(W) = max_p I(p; W). For a mechanism on
databases x^n in X_1 x ... x X_n, MI-DP(M) = sup_{i, P_{X^n}} I(X_i; Y | X^{-i}) (Definition 2),
which for finite alphabets is the largest capacity of a section x_i -> Y with x^{-i} fixed
(dpproofs.finite.information). Capacities are certified brackets or exact closed forms, never
floats.
"""

import sympy

from dpproofs import FiniteMechanism, Hamming, exact_fact, for_each, theorem
from dpproofs.algebra import EXACT
from dpproofs.claim import ExactFact
from dpproofs.exact.rigorous import compare
from dpproofs.facts import Facts
from dpproofs.finite.capacity import CapacityBounds, capacity_bounds
from dpproofs.finite.information import (
    MIDPBounds,
    mechanism_sections,
    mi_dp_bounds,
    mutual_information,
)
from dpproofs.finite.profile import pure_epsilon, total_variation
from dpproofs.vocabulary import statistical_difference

R = sympy.Rational
log = sympy.log

KS = range(2, 9)
DELTAS = (R(0), R(1, 20), R(1, 5), R(1, 2), R(9, 10), R(1))
ALPHABETS = (2, 3, 4)
ERASE_KEEP = (R(1, 10), R(1, 2), R(1))  # a = eps / ln 2, a probability (so eps <= ln 2)
EPSILONS = (R(1, 2), R(1), R(2))


def h(d: sympy.Expr) -> sympy.Expr:
    """Binary entropy in nats, with 0 ln 0 = 0."""
    if compare(d, 0) == 0 or compare(d, 1) == 0:
        return sympy.Integer(0)
    return -d * log(d) - (1 - d) * log(1 - d)


def erasure(k: int, delta: sympy.Expr) -> FiniteMechanism:
    """(36): X = {1..k}, Y = X u {e}; keep x with probability delta, else output e."""
    values = range(1, k + 1)
    rows = [[delta if y == x else 0 for y in values] + [1 - delta] for x in values]
    return FiniteMechanism.from_rows(
        rows, inputs=values, outputs=[*values, "e"], name=f"erasure(K={k}, delta={delta})"
    )


def example_5_1(m: int, a: sympy.Expr) -> FiniteMechanism:
    """(48)-(49) on X_1 = X_2 = {1..m}: w.p. a output x_1 if x_1 = x_2 and * otherwise; else e."""
    values = range(1, m + 1)
    outputs = [*values, "e", "*"]
    databases = [(x1, x2) for x1 in values for x2 in values]

    def row(x1: int, x2: int) -> list[sympy.Expr]:
        shown = x1 if x1 == x2 else "*"
        return [a if y == shown else (1 - a if y == "e" else sympy.Integer(0)) for y in outputs]

    return FiniteMechanism.from_rows(
        [row(*d) for d in databases],
        inputs=databases,
        outputs=outputs,
        neighbours=Hamming(2),
        name=f"Example 5.1 (|X| = {m}, a = {a})",
    )


def randomized_response(k: int, eps: sympy.Expr) -> FiniteMechanism:
    """k-ary randomized response: keep w.p. e^eps / (e^eps + k - 1), else each other value."""
    e = sympy.exp(eps)
    rows = [[e / (e + k - 1) if i == j else 1 / (e + k - 1) for j in range(k)] for i in range(k)]
    return FiniteMechanism.from_rows(rows, name=f"{k}-ary randomized response (eps={eps})")


def two_bit_randomized_response(eps: sympy.Expr) -> FiniteMechanism:
    """Binary randomized response applied to each of two bits: Y = (RR(x_1), RR(x_2))."""
    e = sympy.exp(eps)
    flip = {True: e / (e + 1), False: 1 / (e + 1)}
    databases = [(a, b) for a in (0, 1) for b in (0, 1)]
    rows = [[flip[a == u] * flip[b == v] for u in (0, 1) for v in (0, 1)] for a, b in databases]
    return FiniteMechanism.from_rows(
        rows,
        inputs=databases,
        neighbours=Hamming(2),
        name=f"two-bit randomized response (eps={eps})",
    )


def _shown(bounds: CapacityBounds | MIDPBounds) -> object:
    """The exact value when known, else the certified bracket."""
    return bounds.exact if bounds.exact is not None else f"in [{bounds.lower}, {bounds.upper}]"


# --- Example 3.3 ---------------------------------------------------------------------------------


def _erasure_facts(k: int, delta: sympy.Expr) -> ExactFact:
    mechanism = erasure(k, delta)

    def check(facts: Facts) -> dict[str, object]:
        rows = [list(r) for r in mechanism.rows]
        pairwise = [statistical_difference(EXACT, p, q) for p in rows for q in rows if p is not q]
        for tv in pairwise:
            facts.equal("pairwise TV", tv, delta)
        capacity = capacity_bounds(mechanism)
        uniform = mutual_information([R(1, k)] * k, mechanism)
        claimed = delta * log(k)
        facts.equal("capacity", capacity, claimed)
        facts.equal("I(uniform; W)", uniform, claimed)
        return {
            "pairwise TV": sorted({str(tv) for tv in pairwise}),
            "capacity": _shown(capacity),
            "I(uniform; W)": uniform,
            "delta ln K": claimed,
        }

    return exact_fact(
        f"erasure(K={k}, delta={delta}): rows pairwise at TV delta, C = I(uniform) = delta ln K",
        check,
    )


@theorem(
    id="cuffyu.example3_3",
    source="001_bbdd7f031c172a3e.txt, CY-Ex3.3(36), CY-Ex3.3(37), Example 3.3",
    expect="verified-bounded",
    note="Formulas (36)-(38) are the reconstruction (anchored: the erasure capacity is standard). "
    "Checked exactly for K in 2..8 and delta in {0, 1/20, 1/5, 1/2, 9/10, 1}.",
)
def erasure_channel_capacity():
    """K-ary erasure is (0, delta)-DP with capacity delta ln K, attained by uniform X."""
    return for_each(
        "K in 2..8, delta in {0, 1/20, 1/5, 1/2, 9/10, 1}",
        [(k, d) for k in KS for d in DELTAS],
        _erasure_facts,
        label=lambda k, d: f"K={k}, delta={d}",
    )


# --- Example 5.1 ---------------------------------------------------------------------------------


def _example_5_1_mi_dp(m: int, a: sympy.Expr) -> ExactFact:
    mechanism = example_5_1(m, a)
    eps = a * log(2)

    def check(facts: Facts) -> dict[str, object]:
        # "For each value of X_2 the channel from X_1 ... has capacity eps": the sections i = 0.
        rows = [list(r) for r in mechanism.rows]
        section_capacities = [
            capacity_bounds([rows[j] for j in s.rows])
            for s in mechanism_sections(mechanism.inputs)
            if s.index == 0
        ]
        for c in section_capacities:
            facts.equal("section capacity", c, eps)
        mi_dp = mi_dp_bounds(mechanism)
        facts.at_most("MI-DP", mi_dp, eps)
        return {
            "section capacities (x_2 fixed)": sorted({str(c.exact) for c in section_capacities}),
            "MI-DP": _shown(mi_dp),
            "eps": eps,
        }

    return exact_fact(f"Example 5.1 with |X| = {m}, a = {a}: eps-MI-DP for eps = a ln 2", check)


@theorem(
    id="cuffyu.example5_1",
    source="001_bbdd7f031c172a3e.txt, CY-Ex5.1(i), Example 5.1, (48)-(49)",
    expect="verified-bounded",
    note="Formulas (48)-(49) are the reconstruction (anchored; the erasure probability "
    "1 - eps/ln 2 is forced by the prose). Real-valued entries are replaced by finite alphabets "
    "X = {1..m}, m in 2..4, and a = eps/ln 2 in {1/10, 1/2, 1}.",
)
def example_5_1_is_eps_mi_dp():
    """Example 5.1: each channel x_1 -> Y (x_2 fixed) has capacity eps, so M is eps-MI-DP."""
    return for_each(
        "|X_1| = |X_2| in {2, 3, 4}, a in {1/10, 1/2, 1}",
        [(m, a) for m in ALPHABETS for a in ERASE_KEEP],
        _example_5_1_mi_dp,
        label=lambda m, a: f"|X|={m}, a={a}",
    )


def _example_5_1_group(m: int, a: sympy.Expr) -> ExactFact:
    mechanism = example_5_1(m, a)
    claimed = a * log(m + 1)  # (51): (eps / ln 2) ln(|X_1| + 1)

    def check(facts: Facts) -> dict[str, object]:
        capacity = capacity_bounds(mechanism)  # sup over P_{X1 X2} of I(X1, X2; Y)
        facts.equal("sup I(X1,X2;Y)", capacity, claimed)
        return {
            "sup I(X1,X2;Y)": _shown(capacity),
            "(eps/ln 2) ln(|X|+1)": claimed,
        }

    return exact_fact(f"Example 5.1, |X| = {m}, a = {a}: sup I(X1,X2;Y) = a ln(|X|+1)", check)


@theorem(
    id="cuffyu.example5_1_eq51",
    source="001_bbdd7f031c172a3e.txt, CY-Ex5.1(51), Example 5.1, (51)",
    expect="verified-bounded",
    note="(51) is the reconstruction: sup_{P_{X1X2}} I(X1,X2;Y) = (eps/ln 2) ln(|X_1| + 1) for "
    "finite X_1 = X_2. Checked exactly for |X| in 2..4 and a = eps/ln 2 in {1/10, 1/2, 1}.",
)
def example_5_1_group_leakage():
    """Example 5.1 on finite alphabets: sup_{P_{X1 X2}} I(X1, X2; Y) = (eps/ln 2) ln(|X| + 1)."""
    return for_each(
        "|X_1| = |X_2| in {2, 3, 4}, a in {1/10, 1/2, 1}",
        [(m, a) for m in ALPHABETS for a in ERASE_KEEP],
        _example_5_1_group,
        label=lambda m, a: f"|X|={m}, a={a}",
    )


# --- Lemma 3 -------------------------------------------------------------------------------------


def _lemma3_bound(delta: sympy.Expr, k: int) -> sympy.Expr:
    """(35): eps = 2 delta ln K + 2 h(delta)."""
    return 2 * delta * log(k) + 2 * h(delta)


def _lemma3(mechanism: FiniteMechanism) -> ExactFact:
    def check(facts: Facts) -> dict[str, object]:
        sections = mechanism_sections(mechanism.inputs)
        largest_alphabet = max(len(s.values) for s in sections)
        k = min(largest_alphabet, len(mechanism.outputs))  # (35): K = min(max_i |X_i|, |Y|)
        tv = total_variation(mechanism).exact  # the least delta with M (0, delta)-DP
        assert tv is not None
        mi_dp = mi_dp_bounds(mechanism)
        # M is (0, delta)-DP exactly for delta in [tv, 1], and the lemma then promises
        # MI-DP <= 2 delta ln K + 2 h(delta). That function of delta is concave (linear plus h),
        # so its minimum over [tv, 1] is at an end: checking both ends checks every delta.
        facts.at_most("MI-DP at delta = TV", mi_dp, _lemma3_bound(tv, k))
        facts.at_most("MI-DP at delta = 1", mi_dp, _lemma3_bound(R(1), k))
        return {
            "delta (TV over neighbours)": tv,
            "K": k,
            "MI-DP": _shown(mi_dp),
            "2 delta ln K + 2 h(delta)": _lemma3_bound(tv, k),
        }

    return exact_fact(f"{mechanism.name}: (0, delta)-DP implies (35)-MI-DP", check)


def _lemma3_family() -> list[FiniteMechanism]:
    family = [erasure(k, d) for k in KS for d in DELTAS]
    family += [randomized_response(k, e) for k in (2, 3, 5) for e in EPSILONS]
    family += [example_5_1(m, a) for m in (2, 3) for a in ERASE_KEEP]
    return family


@theorem(
    id="cuffyu.lemma3",
    source="001_bbdd7f031c172a3e.txt, CY-Lemma3(35), Lemma 3, (34)-(35)",
    expect="verified-bounded",
    note="(35) is a reconstruction whose constant is uncertain (leading term 2 delta ln K forced "
    "by the prose, the 2 h(delta) term a guess). Checked on concrete channels: erasure K in 2..8 "
    "with 6 deltas, k-ary randomized response (k in {2,3,5}, eps in {1/2,1,2}) and Example 5.1 "
    "(n = 2), for every delta at which each is (0, delta)-DP.",
)
def lemma3_delta_dp_implies_mi_dp():
    """(0, delta)-DP implies (2 delta ln K + 2 h(delta))-MI-DP, K = min(max_i |X_i|, |Y|)."""
    return for_each(
        "erasure K in 2..8 x 6 deltas; k-ary RR k in {2,3,5} x eps in {1/2,1,2}; "
        "Example 5.1 |X| in {2,3} x a in {1/10,1/2,1}; every delta in [TV, 1]",
        [(mechanism,) for mechanism in _lemma3_family()],
        _lemma3,
        label=lambda mechanism: mechanism.name,
    )


# --- Corollary 10 --------------------------------------------------------------------------------


def _corollary10(mechanism: FiniteMechanism, eps: sympy.Expr) -> ExactFact:
    def check(facts: Facts) -> dict[str, object]:
        premise = pure_epsilon(mechanism).exact
        assert premise is not None
        if compare(premise, eps) > 0:  # not eps-DP: the implication holds vacuously
            facts.less_than("eps < pure epsilon (premise false)", eps, premise)
            return {"pure epsilon": premise, "eps": eps, "premise": "false"}
        rows = [list(r) for r in mechanism.rows]
        # alpha = 1: sup_P I(X_i; Y | X^{-i} = x^{-i}) is the section capacity; its max is MI-DP.
        mi_dp = mi_dp_bounds(mechanism)
        # alpha = oo: sup_P I_oo(X_i; Y | X^{-i} = x^{-i}) = ln sum_y max_{x_i} P(y | x_i, x^{-i}).
        leakages = [
            log(
                sympy.Add(
                    *(
                        EXACT.maximum([rows[j][y] for j in s.rows])
                        for y in range(len(mechanism.outputs))
                    )
                )
            )
            for s in mechanism_sections(mechanism.inputs)
        ]
        leak = EXACT.maximum(leakages)
        facts.at_most("alpha=1 (MI-DP)", mi_dp, eps)
        facts.at_most("alpha=oo (max leakage)", leak, eps)
        return {
            "pure epsilon": premise,
            "alpha=1 (MI-DP)": _shown(mi_dp),
            "alpha=oo (max leakage)": leak,
            "eps": eps,
        }

    return exact_fact(
        f"{mechanism.name}, eps = {eps}: I_alpha <= eps for alpha in {{1, oo}}", check
    )


@theorem(
    id="cuffyu.corollary10",
    source="001_bbdd7f031c172a3e.txt, CY-Cor10(70), CY-Lemma9(67), Corollary 10, (70)",
    expect="verified-bounded",
    note="(70) is the reconstruction (its exact form is not visible in the seed). Checked at "
    "alpha = 1 (section capacities) and alpha = oo (maximal leakage) on k-ary randomized response "
    "(k in 2..6) and two-bit randomized response (n = 2), eps in {1/2, 1, 2}.",
)
def corollary10_alpha_mi_at_most_eps():
    """eps-DP implies sup_P max_i sup_{x^{-i}} I_alpha(X_i; Y | X^{-i} = x^{-i}) <= eps."""
    members = [(randomized_response(k, e), e) for k in range(2, 7) for e in EPSILONS]
    members += [(two_bit_randomized_response(e), e) for e in EPSILONS]
    return for_each(
        "k-ary RR k in 2..6 and two-bit RR, eps in {1/2, 1, 2}, alpha in {1, oo}",
        members,
        _corollary10,
        label=lambda mechanism, e: mechanism.name,
    )

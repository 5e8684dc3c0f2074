"""Kasiviswanathan & Smith (seed 004_b0aca88671cf8a62.txt), section 5, Corollary 5.2 (KS-Cor5.2),
encoded as the paper states it, on the databases D^1 with D = {0, 1} (the default value is 0).

Definitions used, all computed below from the source's formulas:

- f: D -> R with f(0) = a, f(1) = b (every real query); LS_f(x) = max over the neighbours y of
  x of |f(x) - f(y)| (the local sensitivity); E = {x : LS_f(x) <= s}; b[E] = sum_{x in E} b[x].
- A(x) = f(x) + Lap(s/eps): likelihood L_x(t) = (eps/(2 s)) exp(-eps |t - f(x)|/s) at the
  output t.
- Game 0 posterior (eq. (2)): bbar_0[x|t] = L_x(t) b[x] / sum_y L_y(t) b[y]. Game 1 replaces
  position 1 by the default value 0, so it uses L_0(t) for every x: bbar_1[x|t] = b[x].
- (eps', delta')-semantic privacy for b (Definition 2.3): Pr over x ~ b, t ~ A(x) that
  SD(bbar_0[.|t], bbar_1[.|t]) > eps' is at most delta'.

Decided through a stronger statement with no exceptional transcripts: under the hypothesis
b[E] >= 1 - delta (delta < 1), SD(bbar_0[.|t], bbar_1[.|t]) <= eps' = e^{3 eps} - 1 +
2 sqrt(delta) at EVERY output t, so the breach probability is 0 <= delta' for every delta' >= 0
(in particular for O(n sqrt(delta))). The claim is the conjunction of

1. the likelihoods of the Laplace mechanism at every t satisfy L_1(t) <= e^eps L_0(t) and
   L_0(t) <= e^eps L_1(t) whenever b[E] >= 1 - delta (the hypothesis forces LS_f <= s on both
   databases: on D^1 both local sensitivities are |a - b|, so E is D or empty, and b[E] = 0
   would need delta >= 1);
2. for all positive likelihoods L_0, L_1 within a factor e^eps of each other and every belief
   b = (1 - w, w), the SD of the two posteriors computed by Bayes' rule is at most eps'.

Part 2's likelihoods are free positive numbers, so it applies at every t where part 1 holds:
together they give the pointwise bound. (Each part alone is decided by z3; written as one
formula in t, a, b, the exponentials of |t - a| are beyond the symbolic pipeline.)
"""

import itertools

import sympy
from _ks_common import SEED
from sympy import Abs, Interval, exp, oo, sqrt

from dpproofs import all_of, for_each
from dpproofs.symbolic import holds
from dpproofs.symbolic.densities import laplace_density
from dpproofs.theorem import theorem

eps, s = sympy.Symbol("eps", positive=True), sympy.Symbol("s", positive=True)
delta, w = sympy.Symbol("delta", nonnegative=True), sympy.Symbol("w", nonnegative=True)
fa, fb, t = sympy.symbols("a b t", real=True)
like0, like1 = sympy.Symbol("L0", positive=True), sympy.Symbol("L1", positive=True)

D = (0, 1)
#: Domains: eps > 0, s > 0, delta in [0, 1) (delta >= 1 makes the conclusion vacuous: any
#: delta' = O(n sqrt(delta)) with its constant >= 1 bounds every probability), belief w = b[1].
DOMAIN = {eps: Interval.open(0, oo), s: Interval.open(0, oo), delta: Interval.Ropen(0, 1)}


def _belief():
    return {0: 1 - w, 1: w}


def _in_e_hypothesis(f):
    """b[E] >= 1 - delta with E = {x : LS_f(x) <= s}, written as: for the set S of databases in
    E (one disjunct per subset S of D), b[S] >= 1 - delta."""
    local = {x: sympy.Max(*(Abs(f[x] - f[y]) for y in D if y != x)) for x in D}
    belief = _belief()
    return sympy.Or(
        *(
            sympy.And(
                *((local[x] <= s) if x in subset else (local[x] > s) for x in D),
                sympy.Add(*(belief[x] for x in subset)) >= 1 - delta,
            )
            for k in range(len(D) + 1)
            for subset in itertools.combinations(D, k)
        )
    )


def _laplace_likelihoods_close():
    """Part 1: L_1(t) <= e^eps L_0(t) and L_0(t) <= e^eps L_1(t) under b[E] >= 1 - delta."""
    f = {0: fa, 1: fb}
    likelihood = {x: laplace_density(t - f[x], s / eps) for x in D}
    return holds(
        sympy.And(
            likelihood[1] <= exp(eps) * likelihood[0], likelihood[0] <= exp(eps) * likelihood[1]
        ),
        where={**DOMAIN, w: Interval(0, 1)},
        assuming=[_in_e_hypothesis(f)],
    )


def _posteriors_close():
    """Part 2: SD(bbar_0[.|t], bbar_1[.|t]) <= e^{3 eps} - 1 + 2 sqrt(delta) for likelihoods
    within a factor e^eps, with both posteriors computed by Bayes' rule (eq. (2))."""
    belief = _belief()
    game0 = {0: like0, 1: like1}
    game1 = {x: game0[0] for x in D}  # x_{-1} = (0): every database looks like 0 in Game 1

    def posterior(likelihood):
        evidence = sympy.Add(*(likelihood[x] * belief[x] for x in D))
        return {x: likelihood[x] * belief[x] / evidence for x in D}

    b0, b1 = posterior(game0), posterior(game1)
    sd = sympy.Add(*(Abs(b0[x] - b1[x]) for x in D)) / 2
    return holds(
        sd <= exp(3 * eps) - 1 + 2 * sqrt(delta),
        where={
            **DOMAIN,
            w: Interval(0, 1),
            like0: Interval.open(0, oo),
            like1: Interval.open(0, oo),
        },
        assuming=[like1 <= exp(eps) * like0, like0 <= exp(eps) * like1],
    )


@theorem(
    source=f"{SEED}, KS-Cor5.2, Corollary 5.2",
    expect="verified-bounded",
    id="ks.corollary5_2",
    note="The corollary as stated, on D^1 with D = {0, 1} (default value 0), for every query "
    "f (f(0), f(1) real), every s > 0, eps > 0, delta in [0, 1) and every belief b; LS_f, E, "
    "b[E], the Laplace likelihoods and both games' posteriors are computed from the paper's "
    "definitions. Decided through the stronger pointwise statement (SD <= eps' at every "
    "transcript, so the breach probability is 0 <= delta' whatever the O() constant): see the "
    "module docstring for the two parts and why they compose. Degenerate at n = 1: E is D or "
    "empty, as in ks.theorem5_1 at n = 1. n >= 2 (a proper E, continuous transcripts with a "
    "breach set) needs an integral of the breach set: not decided.",
    quote=(
        "Let E = {x : LS_f(x) <= s}, where LS_f is the local sensitivity of f, and A(x) = f(x) + "
        "Lap(s/eps). For every belief b with b[E] >= 1 - delta, A is (eps', delta')-semantically "
        "private for b, with eps' = e^{3 eps} - 1 + 2 sqrt(delta) and delta' = O(n sqrt(delta))."
    ),
    reading="Databases D^n with D = {0, 1} and n = 1 only; LS_f(x) = max over Hamming neighbours "
    "y of |f(x) - f(y)|; Lap(s/eps) has density proportional to exp(-eps |y|/s); x_{-i} sets "
    "position i to the default 0; Definition 2.3 at this b; delta in [0, 1), every eps > 0, "
    "s > 0; O(n sqrt(delta)) needs no constant (the breach probability is 0).",
)
def corollary5_2():
    """With E = {x : LS_f(x) <= s} and A(x) = f(x) + Lap(s/eps): every belief b with
    b[E] >= 1 - delta gets (e^{3eps} - 1 + 2 sqrt(delta), O(n sqrt(delta)))-semantic privacy."""
    return for_each(
        "n = 1, |D| = 2",
        [(1,)],
        lambda n: all_of(_laplace_likelihoods_close(), _posteriors_close()),
        label=lambda n: f"n={n}",
    )

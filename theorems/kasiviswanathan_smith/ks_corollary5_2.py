"""Kasiviswanathan & Smith (seed 004_b0aca88671cf8a62.txt), section 5, Corollary 5.2 (KS-Cor5.2),
for every n, every finite D with a default value and every real query f, as the paper proves it:
the Laplace step and Theorem 5.1 at d = 0.

Definitions, from the source:

- LS_f(x) = max over the Hamming neighbours y of x of |f(x) - f(y)| (the local sensitivity);
  E = {x : LS_f(x) <= s}; b[E] = sum_{x in E} b[x].
- A(x) = f(x) + Lap(s/eps): density L_x(t) = (eps/(2 s)) exp(-eps |t - f(x)|/s) at the output
  t (one measure, Lebesgue, for every x).
- Game 0 posterior (eq. (2)): b0[x|t] ~ L_x(t) b[x]; game i uses L_{x_{-i}}(t), x_{-i} = x with
  entry i set to the default value.
- (eps', delta')-semantic privacy for b (Definition 2.3): Pr over x ~ b, t ~ A(x) that
  SD(b0[.|t], bi[.|t]) > eps' for some i is at most delta'.

The two parts:

1. the Laplace step (shared with ks.corollary5_2_laplace_step): |f(x) - f(y)| <= s gives
   L_x(t) <= e^eps L_y(t) at every t, so every x in E has A(x), A(y) eps-indistinguishable
   (pointwise density ratio, hence on every set) for every neighbour y: E is inside Theorem
   5.1's close set E' at d = 0, and b[E'] >= b[E] >= 1 - delta;
2. rule PS (docs/design/posterior_shift.md) at d = 0 and a = eps: for every n, finite D and
   output space, a belief with b[E'] >= 1 - delta gets (e^{3 eps} - 1 + 2 sqrt(delta),
   3 n sqrt(delta))-semantic privacy (where eps' < 1, e^eps < 2^(1/3) and sqrt(delta) < 1/2,
   so the rule's sqrt(delta) (1 + e^eps/(1 - sqrt(delta))) < 3 sqrt(delta); 29/10 is not proved).
"""

from _ks_common import SEED, laplace_step, ps_claim

from dpproofs import all_of
from dpproofs.finite.posterior_shift import Closeness
from dpproofs.theorem import theorem


@theorem(
    source=f"{SEED}, KS-Cor5.2, Corollary 5.2",
    expect="proved",
    id="ks.corollary5_2",
    note="The corollary for every n, every finite D with a default value, every real query f, "
    "s > 0, eps > 0, delta in [0, 1) and every belief b, as the paper proves it: part 1, the "
    "Laplace step (z3: |f(x) - f(y)| <= s gives density ratio <= e^eps at every t, so "
    "{LS_f <= s} is inside Theorem 5.1's E at d = 0); part 2, rule PS (posterior shift, "
    "docs/design/posterior_shift.md) at d = 0 and a = eps: outputs where the bad mass (the "
    "databases outside E) is above sqrt(delta) of a posterior's normaliser have probability "
    "<= sqrt(delta) (1 + e^eps/(1 - sqrt(delta))) per position (Markov), elsewhere SD <= eps' "
    "(a scalar claim decided by z3), union bound over the n positions. Before: n = 1 only (E "
    "is D or empty), through a pointwise bound that fails for n >= 2; those n = 1 parts are "
    "removed (the rule covers n = 1).",
    quote=(
        "Let E = {x : LS_f(x) <= s}, where LS_f is the local sensitivity of f, and A(x) = f(x) + "
        "Lap(s/eps). For every belief b with b[E] >= 1 - delta, A is (eps', delta')-semantically "
        "private for b, with eps' = e^{3 eps} - 1 + 2 sqrt(delta) and delta' = O(n sqrt(delta))."
    ),
    reading="Databases D^n, every n >= 1 and finite D with a default value (x_{-i} sets entry "
    "i to it); LS_f(x) = max over Hamming neighbours y of |f(x) - f(y)|; Lap(s/eps) has "
    "density proportional to exp(-eps |y|/s); Definition 2.3 at this b; every eps > 0, s > 0, "
    "delta in [0, 1); eps' exactly as stated; O(n sqrt(delta)) read with rule PS's explicit "
    "constant: delta' = 3 n sqrt(delta) (an absolute constant; z3 proves 3, not 29/10).",
)
def corollary5_2():
    """With E = {x : LS_f(x) <= s} and A(x) = f(x) + Lap(s/eps): every belief b with
    b[E] >= 1 - delta gets (e^{3eps} - 1 + 2 sqrt(delta), 3 n sqrt(delta))-semantic
    privacy, for every n."""
    return all_of(laplace_step(), ps_claim(Closeness.PURE, 1, "3"))

"""The largest bounded search of `make bench` (benchmarks/bench_scaleout.py), split by sizes.

Cuff and Yu's group privacy (Property 7, eq. (45), as reconstructed in
theorems/cuff_yu/cy_closeness.py): an eps-DP mechanism is (k eps, 0)-close on databases that
differ in at most k entries. The library states it on D^2; here on D^3 with |D| = 2 (8
databases, 24 ordered neighbour pairs, 48 ordered pairs at distance <= 2), for every mechanism
with 2 to 7 outputs, at three values of eps whose e^eps is rational (so the search is linear;
with eps ranging z3 gives up at 3 outputs on D^3). ``split="sizes"`` makes it 3 x 6 = 18 jobs, one
per (eps, outputs), and a merge. It is not a library theorem: the same statement on D^2 is.
"""

from fractions import Fraction as F

from dpproofs.algebra import implies
from dpproofs.claim import all_of
from dpproofs.search import DatabaseSpace, for_all_mechanisms, log_of
from dpproofs.theorem import theorem
from dpproofs.vocabulary import indistinguishable, mechanism_dp

SPACE = DatabaseSpace(domain=2, n=3)
OUTPUTS = range(2, 8)
QUICK_OUTPUTS = range(2, 4)
#: k = 2 changed entries
GROUP = 2
LOG_POINTS = (log_of(F(11, 10)), log_of(F(3, 2)), log_of(3))
SAYS = "eps-DP => (2 eps, 0)-close at distance <= 2"


def group_privacy(alg, M, E, delta):
    """eps-DP on neighbours implies (2 eps, 0)-closeness for every pair at distance <= 2."""
    return implies(
        alg,
        mechanism_dp(alg, M.rows, M.pairs, E, delta),
        alg.all(
            indistinguishable(alg, M.rows[a], M.rows[b], E**GROUP, alg.const(0))
            for a, b in M.pairs_within(GROUP)
        ),
    )


def _at_every_point(outputs):
    return all_of(
        *(
            for_all_mechanisms(SPACE, outputs, eps=eps, delta=0).claim(group_privacy, says=SAYS)
            for eps in LOG_POINTS
        )
    )


@theorem(
    source="001_bbdd7f031c172a3e.txt, CY-Prop7(45), Property 7 eq. (45)",
    expect="verified-bounded",
    id="bench.group_privacy_d3",
    timeout=300,
    split="sizes",
)
def group_privacy_d3():
    """eps-DP implies (2 eps, 0)-closeness at distance <= 2, mechanisms on D^3, 2 to 7 outputs."""
    return _at_every_point(OUTPUTS)


@theorem(
    source="001_bbdd7f031c172a3e.txt, CY-Prop7(45), Property 7 eq. (45)",
    expect="verified-bounded",
    id="bench.group_privacy_d3_quick",
    timeout=300,
    split="sizes",
)
def group_privacy_d3_quick():
    """eps-DP implies (2 eps, 0)-closeness at distance <= 2, mechanisms on D^3, 2 or 3 outputs."""
    return _at_every_point(QUICK_OUTPUTS)

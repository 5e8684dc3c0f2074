"""Issue 29 for the K&S, Cummings, thread and Vadhan theorems: every numbered statement they
cite is a theorem of its own (role statement, or an identity labelled as such), and every
theorem states its reading decisions beside the quoted sentence (cheap: the theorems are
discovered, not decided)."""

import math
from fractions import Fraction as F
from pathlib import Path

from dpproofs.run.discovery import load_theorems, theorem_files
from dpproofs.views.markdown import claim_ids

ROOT = Path(__file__).resolve().parents[2]
PREFIXES = ("KS-", "C-", "T-", "V-")


def _specs():
    specs = []
    for file in theorem_files([ROOT / "theorems"]):
        loaded = load_theorems(file)
        assert isinstance(loaded, list), loaded
        specs += [s for s in loaded if any(i.startswith(PREFIXES) for i in claim_ids(s.source))]
    return specs


def test_every_cited_id_has_a_statement_theorem():
    specs = _specs()
    cited = {i for s in specs for i in claim_ids(s.source) if i.startswith(PREFIXES)}
    stated = {
        i for s in specs if s.role.value in ("statement", "identity") for i in claim_ids(s.source)
    }
    assert cited - stated == set()


def test_every_theorem_states_its_reading():
    specs = _specs()
    assert len(specs) > 100
    assert sorted(s.id for s in specs if not s.reading.strip()) == []


def test_theorem_a2_witness_rechecked_without_dpproofs():
    """ks.theorem_a2's witness, recomputed with plain Fractions: g(s) = (1 - eta_s, eta_s),
    eta_0 = delta^2, eta_{s+1} = min(r eta_s + delta, 2/5), r = 11/10, delta = 10^-6. The
    hockey-stick divergence sum_y (p_y - r q_y)^+ of neighbouring sums is at most delta both
    ways; at the output b the posterior of the uniform belief on {0^n, e_1} is
    eta_1/(eta_0 + eta_1) on e_1 in Game 0 and 1/2 in Game 1, so the SD is their difference."""
    r, delta = F(11, 10), F(1, 10**6)
    etas = [delta * delta]
    while etas[-1] < F(2, 5):
        etas.append(min(r * etas[-1] + delta, F(2, 5)))
    n = len(etas) - 1

    def hockey(p, q):
        return sum(max(a - r * b, F(0)) for a, b in zip(p, q, strict=True))

    rows = [(1 - e, e) for e in etas]
    assert (
        max(max(hockey(rows[s], rows[s + 1]), hockey(rows[s + 1], rows[s])) for s in range(n))
        == delta
    )
    sd = etas[1] / (etas[0] + etas[1]) - F(1, 2)
    assert F(1, 2) - F(1, 10**5) <= sd < F(1, 2)
    assert rows[n][1] == F(2, 5) and n == 112
    # Theorem A.3's parameters at eps = ln(11/10): eps' = r^3 - 1 + 2 sqrt(delta) = 0.333 and
    # delta' = n (sqrt(delta) + 2 delta/(eps r)) < 112 (1/1000 + 2 10^-6/(0.0953 * 1.1)) < 0.115.
    assert r**3 - 1 + 2 * F(1, 1000) < sd
    assert math.log(1.1) > 0.0953 and n * (F(1, 1000) + 2 * delta / (F(953, 10000) * r)) < F(2, 5)

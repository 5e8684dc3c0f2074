"""Issue 29, the Cuff & Yu theorems read against their sources: every CY- claim ID has a theorem
that encodes its statement (no stub or proof step stands in for it), every theorem states its
reading decisions, and the encodings the review corrected check what the sentence says.

Only declarations and built claims are inspected (cheap: nothing is decided here; `dpproofs
verify` decides them)."""

import re
from pathlib import Path

import pytest

from dpproofs.run.discovery import load_theorems
from dpproofs.theorem import TheoremSpec

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "theorems" / "cuff_yu").glob("cy_*.py")) + sorted(
    (ROOT / "theorems" / "derivations").glob("cuff_yu_*.py")
)
CY_ID = re.compile(r"CY-[A-Za-z0-9.\-]+(?:\([^)]*\))?")


def _specs() -> list[TheoremSpec]:
    specs: list[TheoremSpec] = []
    for file in FILES:
        loaded = load_theorems(file)
        assert isinstance(loaded, list), loaded
        specs += loaded
    return specs


SPECS = _specs()


def _by_id(theorem_id: str) -> TheoremSpec:
    return next(s for s in SPECS if s.id == theorem_id)


def test_the_files_declare_cuff_yu_theorems():
    # A floor that fails if discovery silently lost the files (74 theorems when written).
    assert len(SPECS) >= 70
    assert all(CY_ID.search(s.source) for s in SPECS)


def test_every_cited_cy_id_has_a_statement_theorem():
    """Before the review: CY-Thm1(18) was cited only by a proof step (one limit) and five IDs
    only by stubs (CY-AppC-convex, CY-Cor8(54), CY-Ex4.1(ii), CY-Ex5.1(50), CY-Lemma2(33))."""
    cited = {i for s in SPECS for i in CY_ID.findall(s.source)}
    stated = {i for s in SPECS if s.role.value == "statement" for i in CY_ID.findall(s.source)}
    assert sorted(cited - stated) == []
    assert not [s.id for s in SPECS if s.role.value == "stub"]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
def test_every_cuff_yu_theorem_quotes_its_source_and_states_its_reading(spec):
    assert spec.quote, spec.id
    assert len(spec.reading) >= 20, spec.id


def test_prop1_tight_checks_the_pairs_closeness_not_only_the_divergence():
    """CY-Prop1-tight says the pair is (eps, 0)-close AND attains the bound; the encoding used to
    check only D(P||Q) = eps tanh(eps/2) (a hidden weakening). The closeness inequalities that
    sympy does not settle on its own must now be in the statement."""
    text = _by_id("cuffyu.property1_binary_extreme").build().problem.text
    assert "<=" in text
    assert "tanh(eps/2)" in text


def test_example1_ii_limit_is_decided_beside_the_formula():
    """CY-Ex1(ii) says delta' -> 0 as eps, delta -> 0; no theorem decided it before. The special
    case now carries delta' <= tanh(eps/2) + delta and tanh(eps/2) <= eps/2 beside the identity."""
    claim = _by_id("cuffyu.property3_eps0").build()
    texts = [part.problem.text for part in claim.parts]
    assert len(texts) == 3
    assert any("<=" in t and "delta" in t for t in texts)
    assert any(t.replace(" ", "").startswith("tanh(eps/2)<=eps/2") for t in texts)


def test_eq99_covers_the_closed_interval():
    """CY-AppC(99) is stated for p in [0, 1]; the end points (h = 0) were not checked before."""
    claim = _by_id("cuffyu.lemma2_eq99").build()
    assert len(claim.parts) == 3


def test_eq97_computes_each_tv_from_the_constructed_rows():
    """CY-AppC(97) was encoded as Abs((1 - p) - q) = Abs(1 - p - q) and the like: TVs typed by
    hand, an identity that could not fail. Now a search over every binary channel whose TVs are
    the vocabulary's statistical differences (a mutated target |1 - p + q| is refuted)."""
    from dpproofs.symbolic.claim import ScalarClaim

    claim = _by_id("cuffyu.appc_eq97").build()
    assert not isinstance(claim, ScalarClaim)
    assert "TV of W, its complement and their mixture" in str(claim)

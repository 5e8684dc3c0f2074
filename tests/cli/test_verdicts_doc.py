"""docs/verdicts.md is current: it lists exactly the theorems of theorems/, each with its expected
verdict (cheap: the theorems are discovered, not decided)."""

import re
from pathlib import Path

from dpproofs.run.discovery import load_theorems, theorem_files

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "verdicts.md"
REGENERATE = "run `make verify` to regenerate docs/verdicts.md"
ROW = re.compile(
    r"^\| [^|]* \| .* \| `(?P<id>[^`]+)` \| (?P<role>[a-z-]+) \| \*\*(?P<verdict>[a-z-]+)\*\*"
    r"(?: \(on part of the domain: (?:[^|]|\\\|)*\))? \|"
    r" (?P<exp>[a-z-]+) \|"
)


def expected_verdicts():
    expected = {}
    for file in theorem_files([ROOT / "theorems"]):
        specs = load_theorems(file)
        assert isinstance(specs, list), specs
        expected.update({s.id: (s.expect.value, s.role.value) for s in specs})
    return expected


def rows():
    assert DOC.is_file(), REGENERATE
    return [m.groupdict() for m in map(ROW.match, DOC.read_text().splitlines()) if m]


def test_docs_verdicts_lists_every_theorem_with_its_expected_verdict():
    expected = expected_verdicts()
    listed = {row["id"]: (row["exp"], row["role"]) for row in rows()}
    missing, stale = sorted(set(expected) - set(listed)), sorted(set(listed) - set(expected))
    assert not missing and not stale, f"{REGENERATE}: missing {missing}, stale {stale}"
    changed = sorted(i for i in expected if listed[i] != expected[i])
    assert changed == [], f"{REGENERATE}: the expected verdict or the role changed for {changed}"


def test_every_verdict_in_docs_verdicts_is_the_expected_one():
    wrong = [row["id"] for row in rows() if row["verdict"] != row["exp"]]
    assert wrong == [], f"{REGENERATE}: verdicts differ from the expected ones for {wrong}"


def test_every_refutation_of_a_source_is_labelled_and_a_notational_one_has_its_statement_proved():
    """Issue 29: a refutation of what a source says (role statement, proof or special case) is
    labelled notational or substantive; notational needs the evident intended statement beside
    it, a theorem that corrects it and expects "proved"."""
    specs = []
    for file in theorem_files([ROOT / "theorems"]):
        loaded = load_theorems(file)
        assert isinstance(loaded, list), loaded
        specs += loaded
    sourced = {"statement", "proof", "special-case"}
    refuted = [s for s in specs if s.expect.value == "refuted" and s.role.value in sourced]
    unlabelled = sorted(s.id for s in refuted if s.refutation is None)
    assert unlabelled == [], f"label these refutations (refutation=...): {unlabelled}"
    proved_corrections = {s.corrects for s in specs if s.corrects and s.expect.value == "proved"}
    unbacked = sorted(
        s.id
        for s in refuted
        if s.refutation is not None
        and s.refutation.value == "notational"
        and s.id not in proved_corrections
    )
    assert unbacked == [], f"notational refutations without a proved intended statement: {unbacked}"


def test_every_library_theorem_that_cites_a_claim_quotes_the_source():
    """Issue 29: each theorem shows the source's sentence (``quote=``, copied from the claims
    checklist) beside its encoded statement, so that a reader can judge fidelity at a glance."""
    from dpproofs.views.markdown import claim_ids

    unquoted = []
    for file in theorem_files([ROOT / "theorems"]):
        loaded = load_theorems(file)
        assert isinstance(loaded, list), loaded
        unquoted += [s.id for s in loaded if claim_ids(s.source) and not s.quote.strip()]
    assert unquoted == [], f"add quote= (the source's sentence) to {sorted(unquoted)}"

"""Rule DG's reduction registry (dpproofs/symbolic/diagonal.py, REDUCTIONS) is read-only: only the
builders of diagonal_forms register the cases of a reduction (through ``reduced``), and a claim
states a reduction's words only with the very cases its builder last made. Before, REDUCTIONS was
a plain dict that any module (a theorem file) could write, registering cases of its own under
the words "every finite alphabet (Lemma DP)" and then stating them."""

from dataclasses import replace

import pytest
import sympy

from dpproofs.errors import InvalidClaim
from dpproofs.symbolic.diagonal import REDUCTIONS, DiagonalCase, DiagonalClaim
from dpproofs.symbolic.diagonal_forms import LIFTED, UNIT, tv_below_kl

t = sympy.Symbol("t", real=True)
p, q = sympy.Symbol("p", real=True), sympy.Symbol("q", real=True)
#: A false case (F(p, q) = -(p - q)^2 < 0 off the diagonal) an author would like to lift.
FORGED = (DiagonalCase(-((p - q) ** 2), UNIT, UNIT, "forged"),)


def test_the_registry_cannot_be_written_from_outside():
    with pytest.raises(TypeError):
        REDUCTIONS[LIFTED] = FORGED  # type: ignore[index]
    with pytest.raises(TypeError):
        del REDUCTIONS[LIFTED]  # type: ignore[attr-defined]
    assert not hasattr(REDUCTIONS, "clear") and not hasattr(REDUCTIONS, "update")


def test_a_builder_registers_its_cases_and_its_claim_states_the_reduction():
    claim = tv_below_kl("Pinsker", 2 * t**2, t)
    assert claim.reduction == LIFTED and claim.coverage == LIFTED
    assert REDUCTIONS[LIFTED] is claim.cases
    # Rebuilding the same claim from its fields passes the check (what a copy does).
    assert replace(claim).cases is claim.cases


def test_other_cases_cannot_state_the_reduction():
    claim = tv_below_kl("Pinsker", 2 * t**2, t)
    with pytest.raises(InvalidClaim, match="stated only by the builders"):
        DiagonalClaim("forged", p, q, FORGED, LIFTED)
    # Equal cases that are not the builder's own tuple, and a mutant of them, are refused too.
    copy = tuple(list(claim.cases))
    assert copy == claim.cases and copy is not claim.cases
    with pytest.raises(InvalidClaim, match="stated only by the builders"):
        DiagonalClaim("copy", p, q, copy, LIFTED)
    with pytest.raises(InvalidClaim, match="stated only by the builders"):
        replace(claim, cases=claim.cases[:1])
    # Without the words the same cases are an ordinary claim over their own domains.
    assert "Lemma DP" not in DiagonalClaim("own domains", p, q, FORGED).coverage

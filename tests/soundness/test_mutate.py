"""The mutator: the exact mutants of small hand-built claims, in order, with stable ids."""

import subprocess
import sys
from fractions import Fraction as F
from pathlib import Path

from dpproofs.algebra import implies
from dpproofs.claim import all_of
from dpproofs.search.forall import Interval, for_all_distributions
from dpproofs.soundness.mutate import Mutant, capped, enumerate_mutants
from dpproofs.symbolic import holds
from dpproofs.vocabulary import indistinguishable

ROOT = Path(__file__).resolve().parents[2]


def scalar():
    return holds("exp(x) >= 1 + x", where={"x": "[0, 1]"}, assuming=["x != 1/2"])


def search():
    quantifier = for_all_distributions(
        outcomes=[2, 3], eps=Interval(0, 1), delta=Interval(0, F(1, 2))
    )
    return quantifier.claim(
        lambda alg, p, q, E, delta: implies(
            alg, alg.le(delta, alg.const(F(1, 4))), indistinguishable(alg, p, q, E, delta)
        ),
        says="delta <= 1/4 => (eps, delta)-indistinguishable",
    )


def test_scalar_mutants_exactly():
    # One constant (the 1 of 1 + x) times four factors, one relation flipped and made strict,
    # one assumption dropped, one domain widened by a tenth of its width on each side.
    found = enumerate_mutants(scalar(), "t").mutants
    assert [(m.id, m.operator, m.where) for m in found] == [
        ("t/const 1 x0.999", "constant", "1 -> 999/1000"),
        ("t/const 1 x1.001", "constant", "1 -> 1001/1000"),
        ("t/const 1 x0.9", "constant", "1 -> 9/10"),
        ("t/const 1 x1.1", "constant", "1 -> 11/10"),
        ("t/flip rel 1", "flip", "exp(x) >= x + 1 -> exp(x) <= x + 1"),
        ("t/strict rel 1", "strict", "exp(x) >= x + 1 -> exp(x) > x + 1"),
        ("t/drop assumption 1", "drop assumption", "Ne(x, 1/2)"),
        ("t/widen x", "widen domain", "x in Interval(0, 1) -> Interval(-1/10, 11/10)"),
    ]
    widened = found[-1].build().problem
    assert widened.domains[0].start == F(-1, 10) and widened.domains[0].end == F(11, 10)
    assert widened.variables[0].is_nonnegative is None  # the sign fact of [0, 1] is gone


def test_search_mutants_exactly():
    found = enumerate_mutants(search(), "s").mutants
    assert [m.id.removeprefix("s/") for m in found] == [
        *(f"const 1 x{f}" for f in ("0.999", "1.001", "0.9", "1.1")),
        "flip rel 1",  # delta <= 1/4
        "strict rel 1",
        "flip rel 2",  # sum_y (p - E q)^+ <= delta
        "strict rel 2",
        "flip rel 3",  # sum_y (q - E p)^+ <= delta
        "strict rel 3",
        "drop antecedent 1",
        "widen eps",
        "widen delta",
    ]
    assert found[0].where == "1/4 -> 999/4000"
    assert found[-1].where == "delta in [0, 1/2] -> [-1/20, 11/20]"
    dropped = found[10].build()
    assert repr(dropped.formula.root).startswith("((sum_y pos(")


def test_parts_are_mutated_one_at_a_time_and_other_kinds_are_listed():
    class Foreign:  # not a dpproofs claim kind
        def describe(self):
            return "?"

    found = enumerate_mutants(all_of(scalar(), Foreign()), "a")  # type: ignore[arg-type]
    assert [m.id for m in found.mutants][:2] == [
        "a/part 1/const 1 x0.999",
        "a/part 1/const 1 x1.001",
    ]
    assert found.not_mutated == ["a/part 2: not mutated (kind Foreign)"]


def test_cap_is_a_stable_choice_in_order():
    mutants = [Mutant(f"t/m{i}", "op", "", "scalar", lambda: None) for i in range(20)]
    kept = capped(mutants, 5)
    assert len(kept) == 5 and kept == capped(list(reversed(mutants)), 5)[::-1]
    assert [m.id for m in kept] == sorted((m.id for m in kept), key=lambda i: int(i[3:]))


def test_ids_are_the_same_in_two_processes():
    script = (
        "from pathlib import Path\n"
        "from dpproofs.run.discovery import load_theorems\n"
        "from dpproofs.soundness.mutate import enumerate_mutants\n"
        "for s in load_theorems(Path('theorems/vadhan/vadhan_divergences.py').resolve()):\n"
        "    for m in enumerate_mutants(s.build(), s.id).mutants:\n"
        "        print(m.id, '|', m.where)\n"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", script],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin"},
        ).stdout
        for seed in ("1", "2")
    ]
    assert runs[0] == runs[1] and runs[0].count("\n") > 50


def test_derivation_mutants_scale_literals_and_change_relations():
    from dpproofs.steps.check import DerivationClaim
    from dpproofs.steps.derivation import read_derivation

    derivation = read_derivation(r"(x+1)^2 = x^2 + 2x + 1 \ge 2x + 1/2", where={"x": "[0, 1]"})
    found = enumerate_mutants(DerivationClaim(derivation), "d").mutants
    # Literals scaled (exponents and denominators are not constants): step 1 lhs 1 (of x + 1);
    # step 1 rhs 2 (of 2x), 1; step 2 lhs 2, 1; step 2 rhs 2, 1 (of 1/2): 7 literals x 4
    # factors; the equality of step 1 is not flipped; step 2's >= is flipped and made strict.
    assert len(found) == 7 * 4 + 2
    assert [m.id for m in found[-3:]] == [
        "d/step 2 rhs const 2 x1.1",
        "d/step 2 flip",
        "d/step 2 strict",
    ]
    half = found[-3].build().derivation.steps[0]
    assert (half.index, half.rhs) == (2, "2*x + (11/10)/2")
    flipped = found[-2].build().derivation
    assert [s.statement for s in flipped.steps] == ["((x)**(2) + 2*x + 1) <= (2*x + 1/2)"]

"""The relations of a formula are named in the same order in every process.

sympy keeps the arguments of And / Or / Min / Max in a frozenset, whose iteration order follows
Python's hash seed (random per process unless PYTHONHASHSEED is set). A counterexample's replay
names the relations d0, d1, ... in traversal order, so that order must not come from the set.
"""

import os
import subprocess
import sys

SCRIPT = """
import sympy
from dpproofs.symbolic.claim import read_formula
from dpproofs.symbolic.formula import atoms, preorder

u, v, eps = sympy.symbols("u v epsilon")
chain = read_formula("exp(-epsilon)*v <= u <= exp(epsilon)*v", {"u": u, "v": v, "epsilon": eps})
print([str(a) for a in atoms(chain)])
print([str(n) for n in preorder(sympy.Max(u, v, eps + 1))])
"""


def in_process_with_hash_seed(seed: int) -> str:
    env = {**os.environ, "PYTHONHASHSEED": str(seed)}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_atoms_and_subterms_do_not_follow_the_hash_seed():
    # Seeds 1 and 2 iterate the frozenset {u <= v e^eps, v e^-eps <= u} in opposite orders.
    first, second = in_process_with_hash_seed(1), in_process_with_hash_seed(2)
    assert first == second
    # sympy's canonical order of And's arguments (its default sort key), not as written.
    assert first.splitlines()[0] == "['u <= v*exp(epsilon)', 'v*exp(-epsilon) <= u']"

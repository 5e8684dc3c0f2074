"""``dpproofs new FILE.py``: write a commented theorem-file template that verifies as it is."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import IO, Any

TEMPLATE = '''"""{stem}: theorems from <your paper or notes>.

Check with:   dpproofs verify {name}      (or: pytest {name})
Each theorem is a function decorated with @theorem that returns a claim. Write each claim
exactly as the source states it; when dpproofs refutes it, keep it with expect="refuted" and
add the corrected statement beside it (corrects="<id of the refuted theorem>").
"""

from dpproofs import FiniteMechanism, is_dp, pure_epsilon_is, theorem
from dpproofs.symbolic import holds

# A concrete mechanism: one row per input, one exact entry per output (strings such as "3/4"
# or "exp(-1)/2" are exact; Python floats are not and prove nothing).
RANDOMIZED_RESPONSE = FiniteMechanism.from_rows(
    [["3/4", "1/4"], ["1/4", "3/4"]], inputs=["yes", "no"], outputs=["Yes", "No"], name="RR"
)


@theorem(source="<paper>, Proposition 1", expect="proved")
def randomized_response_is_ln3_dp():
    """Randomized response with a fair coin is (ln 3, 0)-DP, and no better."""
    return pure_epsilon_is(RANDOMIZED_RESPONSE, "log(3)")


@theorem(source="<paper>, Corollary 2", expect="proved")
def randomized_response_is_approximately_dp():
    """It is also (1, 1/10)-DP: delta(1) = (3 - e)/4 <= 1/10."""
    return is_dp(RANDOMIZED_RESPONSE, "1", "1/10")


@theorem(source="<paper>, Lemma 3", expect="proved")
def exp_is_at_least_one_plus_eps():
    """For every eps > 0: e^eps >= 1 + eps (an inequality over a real parameter)."""
    # A string: dpproofs reads it as written. A claim built with sympy objects is rewritten by
    # sympy before dpproofs sees it (sqrt(x)**2 is already x), hiding where it is undefined.
    return holds("exp(eps) >= 1 + eps", where={{"eps": "(0, oo)"}})
'''


def add_parser(commands: Any) -> None:
    parser = commands.add_parser("new", help="write a commented theorem-file template")
    parser.add_argument("file", help="the theorem file to create, e.g. my_theorems.py")
    parser.add_argument("--force", action="store_true", help="overwrite an existing file")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    from dpproofs.errors import UsageError

    path = Path(args.file)
    if path.suffix != ".py":
        raise UsageError(f"{path}: a theorem file is a .py file")
    if path.is_dir():
        raise UsageError(f"{path} is a folder; name the theorem file to create in it")
    if path.exists() and not args.force:
        raise UsageError(f"{path} exists (use --force to overwrite it)")
    if not path.parent.is_dir():
        raise UsageError(
            f"{path}: the folder {path.parent} does not exist (create it first: "
            f"mkdir -p {path.parent})"
        )
    path.write_text(TEMPLATE.format(stem=path.stem, name=path.name), encoding="utf-8")
    out.write(f"wrote {path}; check it with: dpproofs verify {path}\n")
    return 0

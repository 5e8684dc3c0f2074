"""Rows close to every mixture of them, for every number of inputs and outputs
(Lemma CV-TV, docs/design/convexity.md).

A channel W with k >= 1 inputs and n >= 1 outputs (rows W_x, distributions on n outcomes), a prior
pi on the inputs, P_Y = sum_x pi_x W_x, and TV(P, Q) = (1/2) sum_y |P_y - Q_y|. The claim, for a
parameter delta with its domain D and a bound c (a sympy expression in delta), for EVERY k, n,
W, pi and delta in D:

    ROWS  (Cuff & Yu (102)): if TV(W_a, W_b) <= delta for all a != b, then TV(W_x, P_Y) <= c for
          every x;
    JOINT (Cuff & Yu (107)-(108)): TV(P_XY, P_X P_Y) = sum_x pi_x TV(W_x, P_Y), and if
          TV(W_a, W_b) <= delta for all a != b, then TV(P_XY, P_X P_Y) <= c,

with P_XY(x, y) = pi_x W_x(y) and (P_X P_Y)(x, y) = pi_x P_Y(y). The rule reduces the claim to
scalar obligations over the reals, each decided by the scalar decider:

    convexity per outcome    |a - (w b + (1 - w) e)| <= w |a - b| + (1 - w) |a - e|,
                             every real a, b, e and w in [0, 1];
    homogeneity per outcome  |t a - t b| = t |a - b|, every t >= 0 and real a, b (JOINT only);
    delta >= 0               on D;
    bound >= delta           c >= delta on D.

The design note proves that these four give the claim for every k and n (convexity of TV in its
second argument by induction on the number of mixed rows; (108) cell by cell). PROVED when every
obligation is PROVED, else UNKNOWN naming the first that is not (the rule never refutes).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

import sympy

from dpproofs.claim import decide_obligations, no_truth_value
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.symbolic.claim import ScalarClaim, holds
from dpproofs.symbolic.domain import DomainSpec
from dpproofs.verdict import Verdict

METHOD = "convexity rule CV-TV for every number of inputs and outputs (docs/design/convexity.md)"

#: The obligations' texts (a, b, e, w, t: fresh real symbols; delta and c: the claim's).
CONVEXITY = "Abs(a - (w*b + (1 - w)*e)) <= w*Abs(a - b) + (1 - w)*Abs(a - e)"
HOMOGENEITY = "Abs(t*a - t*b) == t*Abs(a - b)"
REALS = "(-oo, oo)"


class MixtureForm(enum.Enum):
    """What the claim concludes from rows pairwise within TV delta."""

    ROWS = "TV(W_x, P_Y) <= bound for every x"
    JOINT = "TV(P_XY, P_X P_Y) = sum_x pi_x TV(W_x, P_Y) <= bound"


@dataclass(frozen=True, slots=True)
class MixtureTVClaim:
    """The claim of the module docstring: ``form``, the parameter ``delta`` ranging over
    ``where``, the ``bound`` c; ``parts``: its obligations, in the order of ``roles``."""

    __bool__ = no_truth_value

    form: MixtureForm
    delta: sympy.Symbol
    bound: sympy.Expr
    where: tuple[tuple[sympy.Symbol, DomainSpec], ...]
    parts: tuple[ScalarClaim, ...] = field(default=())
    roles: tuple[str, ...] = field(default=())

    def describe(self) -> str:
        return (
            f"for every channel W with k >= 1 inputs and n >= 1 outputs, every prior pi, "
            f"{self.delta} in {dict(self.where)[self.delta]}: if TV(W_a, W_b) <= {self.delta} "
            f"for all a != b then {self.form.value.replace('bound', str(self.bound))}"
            + (" (the equality for every W and pi)" if self.form is MixtureForm.JOINT else "")
        )

    @property
    def coverage(self) -> str:
        """What a proof covers: every k, n, channel and prior, delta over its whole domain."""
        return (
            f"every number of inputs and outputs (k >= 1, n >= 1), every channel W and prior "
            f"pi, {self.delta} in {dict(self.where)[self.delta]}"
        )

    def decide(self, deadline: Deadline) -> Verdict:
        reason = f"for {self.coverage}: every obligation proved"
        return decide_obligations(self.parts, self.roles, METHOD, deadline, reason)


def mixture_tv_claim(
    form: MixtureForm,
    delta: sympy.Symbol,
    bound: sympy.Expr | str,
    where: Mapping[sympy.Symbol, DomainSpec],
) -> MixtureTVClaim:
    """The claim of the module docstring with its obligations built. ``where``: the domain of
    ``delta`` (the bound may use no other symbol)."""
    if not isinstance(form, MixtureForm):
        raise InvalidClaim(f"form must be a MixtureForm, not {form!r}")
    if not isinstance(delta, sympy.Symbol) or set(where) != {delta}:
        raise InvalidClaim("where must give the domain of delta, and of nothing else")
    bound = sympy.sympify(bound, locals={delta.name: delta})
    if not bound.free_symbols <= {delta}:
        raise InvalidClaim(f"the bound {bound} may depend on {delta} only")
    # delta ranges over its domain and nothing else: a symbol declared positive (say) would let
    # the scalar decider prove "delta >= 0" on a domain reaching below 0. A plain real symbol of
    # the same name replaces it everywhere.
    plain = sympy.Symbol(delta.name, real=True)
    bound = bound.xreplace({delta: plain})
    where = {plain: where[delta]}
    delta = plain
    reals = {name: REALS for name in ("a", "b", "e")}
    parts = [holds(CONVEXITY, where={**reals, "w": "[0, 1]"})]
    roles = ["convexity per outcome"]
    if form is MixtureForm.JOINT:
        parts.append(holds(HOMOGENEITY, where={"t": "[0, oo)", "a": REALS, "b": REALS}))
        roles.append("homogeneity per outcome")
    domain = dict(where)
    with sympy.evaluate(False):
        nonnegative = sympy.Ge(delta, 0)
        above = sympy.Ge(bound, delta)
    parts += [holds(nonnegative, where=domain), holds(above, where=domain)]
    roles += [f"{delta} >= 0", f"bound >= {delta}"]
    return MixtureTVClaim(form, delta, bound, tuple(domain.items()), tuple(parts), tuple(roles))

"""Mechanism constructors: the materialised product and post-processing by a channel.

* ``product(M_1, ..., M_t)`` runs every M_i on the same input: its row at x is the product
  distribution M_1(x) x ... x M_t(x) on output tuples (|Y_1| ... |Y_t| columns), so it is
  exponential in t; the accountant composes without building it (:mod:`.compose`).
* ``post_process(M, K)`` is the mechanism x -> K(M(x)) for a channel (row-stochastic matrix) K
  from M's outputs to new outputs: its rows are the exact matrix product M K.

Both keep M's inputs and neighbour relation, and are ordinary FiniteMechanism objects.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Sequence
from typing import Any

import sympy

from dpproofs.errors import InvalidMechanism
from dpproofs.finite.mechanism import FiniteMechanism


def product(*mechanisms: FiniteMechanism, name: str = "") -> FiniteMechanism:
    """The independent composition of mechanisms on the same inputs, materialised."""
    if not mechanisms:
        raise InvalidMechanism("a product needs at least one mechanism")
    first = mechanisms[0]
    for m in mechanisms[1:]:
        if m.inputs != first.inputs:
            raise InvalidMechanism("a product runs its mechanisms on the same inputs")
    columns = list(itertools.product(*(range(len(m.outputs)) for m in mechanisms)))
    rows = [
        [sympy.Mul(*(m.rows[x][y] for m, y in zip(mechanisms, ys, strict=True))) for ys in columns]
        for x in range(len(first.inputs))
    ]
    outputs = [tuple(m.outputs[y] for m, y in zip(mechanisms, ys, strict=True)) for ys in columns]
    return FiniteMechanism.from_rows(
        rows,
        first.inputs,
        outputs,
        first.neighbours,
        name or " x ".join(m.name for m in mechanisms),
    )


def power(mechanism: FiniteMechanism, k: int) -> FiniteMechanism:
    """M run k times independently on the same input, materialised (|Y|^k columns)."""
    if k < 1:
        raise InvalidMechanism(f"a power needs k >= 1, got {k}")
    return product(*([mechanism] * k), name=f"{mechanism.name}^{k}")


def post_process(
    mechanism: FiniteMechanism,
    channel: Sequence[Sequence[Any]],
    outputs: Sequence[Hashable] | None = None,
) -> FiniteMechanism:
    """x -> K(M(x)): rows (M K)[x][z] = sum_y M[x][y] K[y][z], exact."""
    kernel = FiniteMechanism.from_rows(channel, inputs=list(range(len(channel))))
    if len(kernel.rows) != len(mechanism.outputs):
        raise InvalidMechanism(
            f"the channel has {len(kernel.rows)} rows but the mechanism has "
            f"{len(mechanism.outputs)} outputs"
        )
    width = len(kernel.outputs)
    rows = [
        [sympy.Add(*(row[y] * kernel.rows[y][z] for y in range(len(row)))) for z in range(width)]
        for row in mechanism.rows
    ]
    return FiniteMechanism.from_rows(
        rows, mechanism.inputs, outputs, mechanism.neighbours, f"K({mechanism.name})"
    )

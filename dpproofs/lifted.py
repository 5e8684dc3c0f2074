"""What a lifted search verdict says, as text: its method, its reason (or, with a parameter
pinned to chosen points, its coverage) and the certificate lines of the small-model reduction.

Written once here and used twice: by the search when it lifts (:mod:`dpproofs.search.lifting`,
:mod:`dpproofs.search.shape`) and by ``dpproofs recheck`` (:mod:`dpproofs.recheck.certificates`),
which may not import the deciders, when it compares a report's text with the claim rebuilt from
its file and the small-model record it re-derived. Formatting only: nothing here decides.

What a lifted proof is about (docs/design/small-model.md, "What a lifted verdict proves"): the
small-model theorem is applied to the formula traced from the predicate; the predicate itself is
compared with that formula exactly at sampled points of the sizes searched and of a few sizes past
them (:data:`GUARD`), a check, not a decision. :func:`guard_line` says so in every certificate.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: The method of a search verdict, and of one lifted by the small-model theorem.
SEARCH_METHOD = "z3 search over finite alphabets"
LIFTED_METHOD = SEARCH_METHOD + " + small-model theorem"

#: A part's growth rule (as recorded: evidence_fields.GROWTH_RULES) in words.
GROWTH_TEXT = {
    "split": "splitting an outcome",
    "pad": "padding with a zero outcome",
    "none": "none proved valid",
}
#: The precondition checked for each growth rule that has a fixed one ("none" says why not).
GROWTH_WHY = {
    "split": "every condition on every event that is not affine in the masses occurs only "
    "positively",
    "pad": "every condition on every outcome in a hypothesis or a value holds at a zero outcome",
}

#: The bound rules of a part, named as in its record (merged, monotone, else sums).
RULES = {
    "sums": "m + K + max(e - 1, 1), or m + K when e = 0",
    "monotone": "a monotone sum: m + K - 1 + e",
    "merge": "merging: e + 2^k, k = conditions on every event occurring positively",
}

#: What the formula-against-predicate guard is, in the certificate's words.
GUARD = (
    "the lifting proves the formula traced from the predicate; the predicate was evaluated "
    "exactly and agreed with that formula at sampled points of"
)


def describe_domain(name: str, domain: Any) -> str:
    """'eps in [1/100, 3]' or 'eps = 1/2' (``domain``: a search Interval: ``pinned``,
    ``exp_value`` and its text)."""
    if domain.pinned or domain.exp_value is not None:
        return f"{name} = {domain}"
    return f"{name} in {domain}"


def every(what: str, size_name: str) -> str:
    return f"{what} on every finite number of {size_name}"


def proved_reason(what: str, size_name: str, domains: Sequence[str], mechanisms: bool) -> str:
    """The reason of a lifted proof: every finite alphabet, the parameters' whole domains, and
    (for mechanisms) the databases as stated."""
    reason = "for all " + every(what, size_name)
    reason += f", {', '.join(domains)}" if domains else ""
    if mechanisms:
        reason += "; the databases (|D|, n) and neighbours as stated, not reduced"
    return reason


#: The method of a search verdict over the statement's whole domain (``whole_domain=``).
WHOLE_METHOD = SEARCH_METHOD + " (z3 unsat at every size of the statement's domain)"


def whole_domain_reason(phrase: str, coverage: str) -> str:
    """The reason of a search proved on the statement's whole domain: the phrase of the
    statement that fixes its sizes, and what the sizes searched cover (``coverage``:
    :meth:`dpproofs.search.model.SearchStatement.coverage_text` of every size)."""
    return f"for all of the statement's domain ('{phrase}'): all {coverage}"


def pinned_coverage(
    what: str, size_name: str, n_star: int, domains: Sequence[str], pinned: Sequence[str]
) -> str:
    """The coverage of a lifting at parameters pinned to chosen points (a bounded verdict)."""
    return (
        f"all {every(what, size_name)} (small-model theorem, N* = {n_star}), "
        f"{', '.join(domains)} ({', '.join(pinned)} at chosen points only: the whole domain "
        "would make it a proof)"
    )


def head_line(rows: int, bound: int) -> str:
    return f"small-model theorem: m = {rows} rows, N* = {bound}"


def part_line(index: int, rows: int, sums: int, families: int, bound: int, rule: str) -> str:
    return (
        f"part {index}: m = {rows} rows, K = {sums} sums, e = {families} families, "
        f"N* = {bound} ({RULES[rule]})"
    )


def growth_line(rule: str, why: str) -> str:
    return f"  growth: {GROWTH_TEXT[rule]} ({why})"


def unsat_line(unsat: int, bound: int, size_name: str, stuck: int | None) -> str:
    """Which unsat sizes the lifting rests on (``stuck``: the largest bound of the parts
    without a growth rule, None when every part grows)."""
    line = f"z3 unsat at {unsat} >= N* = {bound} {size_name}"
    if stuck is not None:
        line += (
            f" and at every size from 1 to {stuck} (parts without a growth operation: "
            "every size up to their bound)"
        )
    return line


def guard_line(sizes: Sequence[int], size_name: str) -> str:
    """The certificate line saying what the lifted theorem is about and what was sampled."""
    listed = ", ".join(map(str, sorted(set(sizes))))
    return f"{GUARD} {listed} {size_name} (a sampled check, not a decision)"


def short(rendered: str) -> str:
    """A rendered node as a certificate shows it: cut to 160 characters."""
    return rendered if len(rendered) <= 160 else rendered[:157] + "..."


def event_sum(event: str) -> str:
    """The label of the sums of an affine condition on every event (``event``: its text)."""
    return f"max over events, sum_y pos(.), of: {event}"


def event_mass(obj: str, row: int, event: str) -> str:
    """The label of a mark: the mass of one row in a falsifying event."""
    return f"mass {obj}[{row}](A) of a falsifying event of: {event}"


def sum_line(label: str) -> str:
    return f"  sum: {label}"


def family_line(label: str) -> str:
    return f"  family: {label}"


#: The first line of a refinement lifting's certificate.
REFINEMENT = (
    "the hypothesis, for every inner value, is a conjunction of conditions on every outcome: "
    "so is the hypothesis for all inner values"
)


def size_line(size: int, size_name: str, symmetry: str | None, seconds: float) -> str:
    """A searched size's line (``symmetry``: how outcomes were sorted, None when not)."""
    sorted_ = f", outcomes sorted (invariance {symmetry})" if symmetry else ""
    return f"{size} {size_name}: z3 unsat{sorted_} ({seconds:.2f} s)"


def lift_size_line(size: int, size_name: str, n_star: int, seconds: float) -> str:
    """The line of a size searched only to finish a lifting."""
    what = "the small-model bound" if size == n_star else f"a size up to N* = {n_star}"
    return f"{size} {size_name}: z3 unsat ({what}; {seconds:.2f} s)"


def refined_size_line(size: int, size_name: str, values: int, seconds: float) -> str:
    """A size of a refinement search: unsat against ``values`` inner values."""
    return f"{size} {size_name}: z3 unsat against {values} inner values ({seconds:.2f} s)"


def guard_sizes(searched: Sequence[int], n_star: int) -> list[int]:
    """The sizes past ``searched`` at which formula and predicate are compared before a
    lifting: the two past the largest searched, the two past N*, and one larger size (four past
    the larger of the two); a sample, not every size."""
    top = max([*searched, n_star])
    return sorted({max(searched) + 1, max(searched) + 2, n_star + 1, n_star + 2, top + 4})

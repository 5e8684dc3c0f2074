"""Claims whose hypothesis is itself universally quantified: counterexample-guided refinement.

    for all outer objects and parameters:  (for all inner b: H(outer, b))  =>  C(outer)

(e.g. "if SD(prior, posterior) <= eps for ALL priors, then M is DP"). A counterexample needs an
outer point where C fails and H holds for every b: an exists-forall problem. It is solved by
refinement over a finite set B of inner values:

1. outer search: find outer with not C(outer) and H(outer, b) for every b in B (z3, exact re-check
   of not C). If there is none, then there is none for the real claim either (its hypothesis is
   stronger than the finite one): this size is verified.
2. inner check at that exact outer point (parameters pinned): search for b with not H(outer, b).
   If z3 proves there is none (unsat, with e^eps over-approximated, so sound), the outer point is
   a counterexample. Otherwise the violating b (exact, re-checked) joins B and step 1 repeats.
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from dpproofs import lifted as text
from dpproofs.algebra import Algebra, implies
from dpproofs.deadline import Deadline
from dpproofs.errors import InvalidClaim, Undecided
from dpproofs.evidence import Evidence
from dpproofs.formula import BINDERS, Node, nodes, render
from dpproofs.replay import refinement_asserts
from dpproofs.search.boxes import prove_for_all_objects
from dpproofs.search.domains import as_domain
from dpproofs.search.forall import Quantifier, SearchClaim
from dpproofs.search.lifting import compare_past, lifted_verdict, pinned_params
from dpproofs.search.model import Predicate, size_set
from dpproofs.search.objects import ObjectKind, check_matrix
from dpproofs.search.onesize import METHOD, find_counterexample
from dpproofs.search.records import ENCODING, bounded_search, search_witness, small_model
from dpproofs.search.report import counterexample
from dpproofs.search.session import Session
from dpproofs.search.shape import ShapeReport, analyse
from dpproofs.verdict import Verdict

#: Refinement rounds per size before the verdict is UNKNOWN.
MAX_ROUNDS = 30

Matrix = list[list[Fraction]]


@dataclass(frozen=True)
class ForAllHypothesis:
    """``for all outer: (for all inner: hypothesis) => conclusion``, decided by refinement.

    ``hypothesis(alg, <outer and inner objects, parameters by name>)`` and
    ``conclusion(alg, <outer objects, parameters by name>)`` are vocabulary predicates. Inner
    objects have a fixed shape (they do not grow with the search size)."""

    quantifier: Quantifier
    inner: tuple[tuple[str, ObjectKind], ...]
    hypothesis: Predicate
    conclusion: Predicate
    says: str
    seeds: tuple[Mapping[str, Matrix], ...] = ()

    def __post_init__(self) -> None:
        check_inner(self.inner, self.quantifier.size_name)
        for seed in self.seeds:
            check_seed(seed, self.inner)
        # The claim keeps its own copies of the checked seeds: the author's lists, changed after
        # this check (before the claim is returned), cannot reach the claim.
        own = tuple(
            {name: [[Fraction(v) for v in row] for row in matrix] for name, matrix in seed.items()}
            for seed in self.seeds
        )
        object.__setattr__(self, "seeds", own)

    def describe(self) -> str:
        inner = ", ".join(n for n, _ in self.inner)
        return f"for all {self.quantifier.what}: (for all {inner}: hypothesis) => {self.says}"

    def outer_claim(self, beliefs: list[Mapping[str, Matrix]]) -> SearchClaim:
        """not C and H at every inner value in ``beliefs`` (as a claim: H(B) => C)."""

        def predicate(alg: Algebra, **env: Any) -> Any:
            held = [
                _call(self.hypothesis, alg, {**env, **_lift(alg, b, self.inner)}) for b in beliefs
            ]
            return implies(alg, alg.all(held), _call(self.conclusion, alg, env))

        return SearchClaim(self.quantifier, _named(predicate, self._outer_args()), self.says)

    def inner_claim(self, size: int, values: Mapping[str, Any]) -> SearchClaim:
        """For all inner values, H(outer, inner) at the exact outer point ``values``."""
        q = self.quantifier
        shapes = q.shapes(size)
        params = {n: (d if d.exp_value is not None else values[n]) for n, d in q.params}
        fixed = {n: values[n] for n in shapes}

        def predicate(alg: Algebra, **env: Any) -> Any:
            outer = {n: shapes[n].wrap(_const_matrix(alg, m)) for n, m in fixed.items()}
            return _call(self.hypothesis, alg, {**env, **outer})

        quantifier = Quantifier(
            self.inner,
            (1,),
            "(fixed)",
            "inner",
            tuple((n, as_domain(d)) for n, d in params.items()),
        )
        args = [a for a in _arguments(self.hypothesis) if a not in shapes]
        return SearchClaim(quantifier, _named(predicate, args), "hypothesis at a fixed point")

    def _outer_args(self) -> list[str]:
        inner = {n for n, _ in self.inner}
        names = _arguments(self.hypothesis) + _arguments(self.conclusion)
        return list(dict.fromkeys(a for a in names if a not in inner))

    def decide(self, deadline: Deadline) -> Verdict:
        beliefs: list[Mapping[str, Matrix]] = list(self.seeds)
        covered: list[int] = []
        certificate: list[str] = []
        q = self.quantifier
        split = [n for n, d in q.params if d.split]
        if split:
            # Whitelist: eps-boxes (dpproofs.search.epsboxes) are not combined with refinement.
            raise InvalidClaim(
                f"{split}: eps-boxes (split=) are not supported for ForAllHypothesis"
            )
        for size in q.sizes:
            start = time.perf_counter()
            for _ in range(MAX_ROUNDS):
                if deadline.expired():
                    return self._unknown(covered, f"time ran out at {size} {q.size_name}")
                outer = self.outer_claim(beliefs)
                found = find_counterexample(outer, Session(outer), size, deadline)
                if found.reason:
                    return self._unknown(covered, found.reason)
                if found.values is None:
                    break  # unsat against finitely many beliefs: none for all of them
                inner = self.inner_claim(size, found.values)
                check = find_counterexample(inner, Session(inner), 1, deadline)
                if check.reason:
                    return self._unknown(covered, "inner check: " + check.reason)
                if check.values is None:
                    # z3 found no violating inner value. A refutation must not rest on the
                    # solver: the same "for all" is proved again by Arb branch and bound.
                    boxes = prove_for_all_objects(inner, found.values, deadline)
                    inner_name = self.inner[0][0]
                    if not boxes.proved:
                        return self._unknown(
                            covered,
                            f"on {size} {q.size_name}: the conclusion fails exactly and z3 finds "
                            f"no {inner_name} violating the hypothesis, but no solver-free "
                            f"certificate was found ({boxes.reason})",
                        )
                    evidence = counterexample(outer, size, found.values, covered, found.how)
                    evidence = replace(evidence, replay=self._replay(evidence.replay, size))
                    return Verdict.refuted(
                        METHOD + " with counterexample-guided refinement",
                        evidence,
                        reason=f"on {size} {q.size_name}: the conclusion fails exactly, and the "
                        f"hypothesis holds for every {inner_name}: Arb branch and bound over "
                        f"{boxes.boxes} boxes (no solver), as z3 also finds "
                        f"({len(beliefs)} refinements)",
                        evidence=[search_witness(outer, size, found.values, "search-cegar")],
                    )
                beliefs.append({n: check.values[n] for n, _ in self.inner})
            else:
                return self._unknown(covered, f"{MAX_ROUNDS} refinements at {size} {q.size_name}")
            covered.append(size)
            certificate.append(
                text.refined_size_line(size, q.size_name, len(beliefs), time.perf_counter() - start)
            )
        outer = self.outer_claim(beliefs)
        records: list[Evidence] = [
            bounded_search(
                outer,
                covered,
                encoding=f"{ENCODING}; the hypothesis at {len(beliefs)} inner values "
                "(counterexample-guided refinement)",
            )
        ]
        shape = self.shape()
        why = shape if isinstance(shape, str) else ""
        if isinstance(shape, ShapeReport):
            n_star = shape.bound
            needs = shape.needs(covered)
            if not needs:
                unsat = min(size for size in covered if size >= n_star)
                lines = [
                    text.REFINEMENT,
                    *shape.lines(),
                    shape.unsat_line(covered, q.size_name),
                    *certificate,
                ]
                root = self.formula()
                if outer.formula.root is not None:  # the guard every lifting has (a sample)
                    lines.append(compare_past(outer, covered, n_star))
                records.append(
                    small_model(
                        outer, shape, unsat, None if isinstance(root, str) else root, covered
                    )
                )
                return lifted_verdict(outer, n_star, pinned_params(outer), lines, records)
            sizes = ", ".join(map(str, needs))
            why = f"small-model bound N* = {n_star}; unsat at {sizes} {q.size_name} would prove it"
        return Verdict.verified_bounded(
            METHOD + " with counterexample-guided refinement",
            coverage="all " + outer.coverage_text(covered) + (f" ({why})" if why else ""),
            certificate=certificate,
            evidence=records,
        )

    def shape(self) -> ShapeReport | str:
        """The small-model bound of "(for all inner b: H(b)) => C" (that of :meth:`formula`),
        or why there is none."""
        root = self.formula()
        if isinstance(root, str):
            return root
        conclusion = SearchClaim(self.quantifier, self.conclusion, self.says).formula
        shape = analyse(root, sum(rows for _, rows in conclusion.axis_rows))
        return (
            shape
            if isinstance(shape, ShapeReport)
            else f"outside the small-model theorem: {shape.reason}"
        )

    def formula(self) -> Node | str:
        """ "(not H(b)) or C" with the inner objects b as fixed data, or why the refinement rule
        does not apply.

        For each fixed b (inner objects are fixed data), H(b) must be a conjunction of
        conditions on every outcome (scale-invariant, as the shape analysis checks) and of
        atoms free of the outcomes. Then "for all b: H(b)" is again such a conjunction:
        "for all b, for all y: phi(b, c_y)" is "for all y: (for all b: phi(b, c_y))", still
        scale-invariant, and closed under adding outcomes when each phi(b, .) is. So the bound of
        "H(b) => C", b fixed, is the claim's."""
        q = self.quantifier
        names = _arguments(self.hypothesis)
        hypothesis = SearchClaim(
            replace(q, objects=(*q.objects, *self.inner)),
            _named(lambda alg, **env: _call(self.hypothesis, alg, env), names),
            "the hypothesis at one inner value",
        ).formula
        conclusion = SearchClaim(q, self.conclusion, self.says).formula
        for traced in (hypothesis, conclusion):
            if traced.root is None:
                return f"not one formula for every size: {traced.reason}"
        assert hypothesis.root is not None and conclusion.root is not None
        parts = hypothesis.root.args if hypothesis.root.op == "all" else (hypothesis.root,)
        inner = {n for n, _ in self.inner}
        for part in parts:
            if part.op != "oall" and any(
                n.op in BINDERS or n.op in ("entry", "emass") for n in nodes(part)
            ):
                return (
                    "the hypothesis is not a conjunction of conditions on every outcome for "
                    "each inner value"
                )
            if part.op == "oall":
                varying = _inner_binder(part.args[0], inner)
                if varying is not None:
                    return (
                        "a condition on every outcome of the hypothesis contains a sum or "
                        "condition over the outcomes that depends on the inner value (one per "
                        f"inner value: infinitely many): {render(varying)[:120]}"
                    )
        return Node("any", (Node("not", (hypothesis.root,)), conclusion.root))

    def conclusion_holds_exactly(self, size: int, values: Mapping[str, Any]) -> bool:
        """C at exact outer values (no solver): rigorous exact arithmetic, as in SearchClaim."""
        return SearchClaim(self.quantifier, self.conclusion, self.says).holds_exactly(size, values)

    def hypothesis_holds_for_all(
        self, size: int, values: Mapping[str, Any], seconds: float = 60
    ) -> bool:
        """For all inner values, H at the exact outer point, decided WITHOUT a solver: True when
        Arb branch and bound proves it on every box of inner values, False when it fails on a
        whole box; raises Undecided otherwise."""
        certificate = prove_for_all_objects(
            self.inner_claim(size, values), values, Deadline(seconds)
        )
        if certificate.proved:
            return True
        if certificate.failed:
            return False
        raise Undecided(certificate.reason)

    def _replay(self, replay: str, size: int) -> str:
        """The replay source for this claim: the conclusion fails exactly; the hypothesis holds
        for every inner value (re-proved by Arb branch and bound, without a solver)."""
        return replay.rsplit("assert", 1)[0] + refinement_asserts(size)

    def _unknown(self, covered: list[int], reason: str) -> Verdict:
        q = self.quantifier
        done = f"verified on {size_set(covered, q.size_name)}; " if covered else ""
        return Verdict.unknown(METHOD + " with counterexample-guided refinement", done + reason)


def _inner_binder(body: Node, inner: set[str]) -> Node | None:
    """A binder anywhere inside ``body`` (at any depth) that mentions an inner object, or None.
    For each inner value b such a binder is one sum (or family) of its own: over all b a
    continuum of them, which the small-model count (one per distinct node at ONE b) misses."""
    for n in nodes(body):
        if n.op in BINDERS and any(
            x.op == "fixed" and x.args[0] in inner for x in nodes(n.args[0])
        ):
            return n
    return None


def _arguments(predicate: Predicate) -> list[str]:
    return [a for a in inspect.signature(predicate).parameters if a != "alg"]


def _call(predicate: Predicate, alg: Algebra, env: Mapping[str, Any]) -> Any:
    return predicate(alg, **{a: env[a] for a in _arguments(predicate)})


def check_inner(inner: tuple[tuple[str, ObjectKind], ...], size_name: str) -> None:
    """InvalidClaim unless every inner object has one fixed shape whatever the search size (no
    dimension over the outcomes). Inner values are exact matrices of that shape (seeds, the
    refinement's beliefs), lifted once and read by every size's hypothesis: an inner
    distribution over the outcomes, or a channel from or to them, would be read inside a binder
    over the outcomes (every_outcome, outcome_total, ...) at a size it does not have (issue 26,
    G9). Whitelist: the shape is compared at two sizes, and the size flags must be off."""
    for name, kind in inner:
        one, two = kind(1), kind(2)
        if one.size_axis or one.size_rows or (one.rows, one.cols) != (two.rows, two.cols):
            raise InvalidClaim(
                f"inner object {name!r} ({two.text} at 2 {size_name}) ranges over the "
                f"{size_name}: a condition or sum over the {size_name} in the hypothesis "
                f"cannot read it; inner objects need a fixed shape (distribution(k), "
                f"channel(inputs=k, outputs=l))"
            )


def check_seed(seed: Mapping[str, Matrix], inner: tuple[tuple[str, ObjectKind], ...]) -> None:
    """InvalidClaim unless ``seed`` gives every inner object, and nothing else, an exact value
    inside its domain (a row-stochastic matrix of rationals of the inner shape). A seed is used
    as an inner value the hypothesis holds at: one outside the domain would add a constraint
    the real hypothesis does not imply (an outer search unsat because of it proves nothing)."""
    names = [n for n, _ in inner]
    if sorted(seed) != sorted(names):
        raise InvalidClaim(
            f"a seed must give exactly the inner objects {names}, not {sorted(seed)}"
        )
    for name, kind in inner:
        matrix = seed[name]
        if any(type(v) not in (int, Fraction) for row in matrix for v in row):
            raise InvalidClaim(f"seed {name}: entries must be exact (int or Fraction): {matrix}")
        check_matrix(f"seed {name}", kind(1), [[Fraction(v) for v in row] for row in matrix])


def _const_matrix(alg: Algebra, matrix: Matrix) -> list[list[Any]]:
    return [[alg.const(v) for v in row] for row in matrix]


def _lift(
    alg: Algebra, values: Mapping[str, Matrix], kinds: tuple[tuple[str, ObjectKind], ...]
) -> dict[str, Any]:
    return {n: kind(1).wrap(_const_matrix(alg, values[n])) for n, kind in kinds}


def _named(body: Callable[..., Any], names: list[str]) -> Predicate:
    """``body`` (which takes alg and keyword arguments) with the signature (alg, *names), so that
    SearchClaim resolves its arguments by name."""

    def predicate(alg: Algebra, *args: Any) -> Any:
        return body(alg, **dict(zip(names, args, strict=True)))

    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    predicate.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter(n, kind) for n in ["alg", *names]]
    )
    return predicate

"""The z3 side of a search: variables for parameters, e^x / sqrt(x) and objects, per size.

One solver serves every size (incremental solving): the base level holds the parameter domains
and the facts about e^x and sqrt(x), which are true for every size; each size is checked inside
``push``/``pop`` with that size's objects, simplex constraints, symmetry breaking and the negated
predicate. Object variables are named by position (``p[0][2]``), so sizes share them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import z3

from dpproofs.algebra import Z3Algebra
from dpproofs.errors import InvalidClaim
from dpproofs.expfacts import exp_bracket, exp_facts, exp_range, refine_facts
from dpproofs.search.model import SearchStatement, derived_base
from dpproofs.search.objects import Matrix
from dpproofs.search.polarity import relax
from dpproofs.search.symmetry import generators, invariant, relabel

ALG = Z3Algebra()


def val(f: Fraction) -> Any:
    return z3.RealVal(f"{f.numerator}/{f.denominator}")


@contextlib.contextmanager
def fresh_context() -> Iterator[None]:
    """Within the block, z3's main context is a new, empty one, as in a freshly started process;
    afterwards the previous one is back.

    Every term of a search is built in the main context, and z3's choices depend on the
    numbering of terms, so a size decided after others in one process is not decided as it
    would be alone. :mod:`dpproofs.search.sizes` decides each size alone inside this block, so
    that deciding it here or in another process builds the same terms in the same order. No z3
    term may leave the block (what leaves is exact values and text). (z3's Python API keeps the
    main context in ``z3.z3._main_ctx`` and creates it when it is None: there is no public way to
    start it afresh.)
    """
    import z3.z3 as api

    saved = api._main_ctx
    api._main_ctx = None
    try:
        yield
    finally:
        api._main_ctx = saved


class Session:
    """Solver state for one claim: base facts, and the per-size encoding."""

    def __init__(self, claim: SearchStatement, box: str | None = None) -> None:
        """``box``: a parameter whose (bounded) domain is one box of a branch and bound
        (:mod:`dpproofs.search.epsboxes`): atoms monotone in it are decided at the box's ends
        (:mod:`dpproofs.search.monotone`)."""
        self.claim = claim
        self.box = box
        #: atoms decided at an end of the box / kept with E, summed over the sizes encoded
        self.box_atoms = [0, 0]
        #: spurious candidates tolerated per size: in a box most come from deciding atoms at
        #: different ends (refining e^x facts cannot remove them; halving the box can)
        self.max_refinements = 2 if box is not None else MAX_REFINEMENTS
        # z3's choices depend on the identities of its terms, which depend on everything built
        # before in the process: the runner decides each theorem in a fresh process, where the
        # same claim builds the same terms in the same order (see tests: determinism).
        self.ctx = z3.main_ctx()
        self.solver = z3.Solver(ctx=self.ctx)
        self.params: dict[str, Any] = {}
        self.derived: dict[str, Any] = {}
        self.base: list[Any] = []
        #: per size: how invariance under relabelling was proved, None if symmetry was not used
        self.symmetry: dict[int, str | None] = {}
        for name, domain in claim.quantifier.params:
            x = z3.Real(name)
            self.params[name] = x
            self.base.append(x > val(domain.lo) if domain.lo_open else x >= val(domain.lo))
            if domain.hi is not None:
                self.base.append(x <= val(domain.hi))
        for arg in claim.derived_names():
            base = derived_base(arg) or ""
            x, domain = self.params[base], claim.quantifier.domain(base)
            v = z3.Real(f"{arg}!{base}")  # "!": no parameter's name (an identifier) has it
            self.derived[arg] = v
            if arg.startswith("sqrt_") and (domain.exp_value is not None or domain.lo < 0):
                # v^2 = x would silently drop x < 0 from the search: refuse instead.
                raise InvalidClaim(f"{arg}: sqrt needs a parameter domain within [0, +oo)")
            if arg.startswith("sqrt_"):
                # sqrt is algebraic: v >= 0 and v^2 = x say exactly v = sqrt(x) for x >= 0.
                self.base.extend([v >= 0, v * v == x])
            elif domain.exp_value is not None:
                self.base.append(v == val(domain.exp_value))  # e^{ln r} = r, exactly
            elif base in claim.arguments or domain.pinned or domain.hi is None:
                self.base.extend(exp_facts(x, v, domain))
            else:
                # The predicate sees only e^x, never x: by monotonicity of exp the set of values
                # of e^x is [e^lo, e^hi]; its bracket is rounded outward (lo down, hi up).
                self.base.extend(exp_range(v, domain))
        add(self.solver, self.base)

    def objects(self, size: int) -> dict[str, Matrix]:
        return {
            name: [
                [z3.Real(f"{name}[{r}][{c}]") for c in range(shape.cols)] for r in range(shape.rows)
            ]
            for name, shape in self.claim.quantifier.shapes(size).items()
        }

    @staticmethod
    def simplex(objects: dict[str, Matrix]) -> list[Any]:
        """Every row of every object is a probability distribution: entries >= 0, sum 1."""
        facts: list[Any] = []
        for matrix in objects.values():
            for row in matrix:
                facts.extend(v >= 0 for v in row)
                facts.append(z3.Sum(row) == 1)
        return facts

    def size_constraints(self, size: int, objects: dict[str, Matrix]) -> list[Any]:
        """Simplex constraints, symmetry breaking, and the NEGATED predicate at this size."""
        facts = self.simplex(objects)
        truth = self.claim.evaluate(ALG, size, objects, self.params, self.derived)
        again = self.claim.evaluate(ALG, size, objects, self.params, self.derived)
        if not truth.eq(again):
            # z3 terms are hash-consed: a function of its arguments gives the same term twice.
            raise InvalidClaim(
                f"the predicate of '{self.claim.says}' gave two different formulas for the same "
                "objects: it is not a function of its arguments (it reads random numbers, a "
                "clock, or state that changes between calls)"
            )
        self.symmetry[size] = None
        shapes = self.claim.quantifier.shapes(size)
        axis = [n for n, s in shapes.items() if s.size_axis]
        first = objects[axis[0]][0] if axis else []
        # Every term the solver will see is built BEFORE the relabelled copies of the formula:
        # z3's search depends on the numbering of its terms, and it must not depend on the
        # invariance check (which may or may not build extra terms).
        ordered = [first[c] >= first[c + 1] for c in range(len(first) - 1)]
        negated, side = relax(z3.Not(truth))
        if self.claim.quantifier.symmetric and ordered:
            permuted = [
                self.claim.evaluate(
                    ALG, size, relabel(shapes, objects, g), self.params, self.derived
                )
                for g in generators(size)
            ]
            how = invariant(truth, permuted, [*self.base, *facts])
            if how is not None:
                # Sound because F is invariant under relabelling (proved just now): any
                # counterexample relabels to one whose first row is non-increasing.
                self.symmetry[size] = how
                facts.extend(ordered)
        facts.extend(self.at_box_ends([*side, negated], objects))
        return facts

    def box_ends(self) -> tuple[Fraction, Fraction, Fraction, Fraction] | None:
        """(a, b, Ea, Eb) of the box parameter: its domain [a, b] and the rational bracket
        Ea <= e^a, e^b <= Eb (rounded outward); None without a box."""
        if self.box is None:
            return None
        domain = self.claim.quantifier.domain(self.box)
        if domain.hi is None or domain.exp_value is not None:
            raise InvalidClaim(f"{self.box}: a box needs a bounded interval")
        return domain.lo, domain.hi, exp_bracket(domain.lo)[0], exp_bracket(domain.hi)[1]

    def at_box_ends(self, facts: list[Any], objects: dict[str, Matrix]) -> list[Any]:
        """``facts`` (asserted true) with every atom monotone in the box parameter decided at
        its weaker end (sound over-approximation: see dpproofs.search.monotone)."""
        ends = self.box_ends()
        if ends is None or self.box is None:
            return facts
        from dpproofs.search.monotone import Analysis, Ends, Rewrite, at_ends

        a, b, ea, eb = ends
        ranges: dict[str, Any] = {}
        for matrix in objects.values():
            for row in matrix:
                for v in row:
                    ranges[v.decl().name()] = (Fraction(0), Fraction(1))  # rows are distributions
        for name, domain in self.claim.quantifier.params:
            ranges[name] = (domain.lo, domain.hi)
        for arg, v in self.derived.items():
            domain = self.claim.quantifier.domain(derived_base(arg) or "")
            if arg.startswith("sqrt_") and domain.lo >= 0:
                # 0 <= sqrt(x) <= max(1, x)
                top = None if domain.hi is None else max(Fraction(1), domain.hi)
                ranges[v.decl().name()] = (Fraction(0), top)
            elif not arg.startswith("sqrt_") and domain.exp_value is not None:
                ranges[v.decl().name()] = (domain.exp_value, domain.exp_value)
            elif not arg.startswith("sqrt_") and domain.hi is not None:
                ranges[v.decl().name()] = (exp_bracket(domain.lo)[0], exp_bracket(domain.hi)[1])
        moving = {self.box}
        low, high = [(self.params[self.box], val(a))], [(self.params[self.box], val(b))]
        for arg, v in self.derived.items():
            if derived_base(arg) != self.box:
                continue
            if arg.startswith("sqrt_"):
                raise InvalidClaim(f"{arg}: sqrt of a box parameter is not supported")
            ranges[v.decl().name()] = (ea, eb)
            moving.add(v.decl().name())
            low.append((v, val(ea)))
            high.append((v, val(eb)))
        count = Rewrite()
        analysis = Analysis(ranges, moving)
        out = [at_ends(f, analysis, Ends(tuple(low), tuple(high)), count) for f in facts]
        self.box_atoms[0] += count.at_ends
        self.box_atoms[1] += count.kept
        return out

    def refine(self, name: str, at: Fraction) -> list[Any]:
        """True extra facts about every e^x derived from parameter ``name`` near x = at."""
        domain = self.claim.quantifier.domain(name)
        at = max(at, domain.lo) if domain.hi is None else min(max(at, domain.lo), domain.hi)
        facts: list[Any] = []
        if domain.exp_value is not None:
            return facts
        for arg, v in self.derived.items():
            if derived_base(arg) == name and not arg.startswith("sqrt_"):
                facts.extend(refine_facts(self.params[name], v, at, domain))
        return facts

    def pin_exp(self, name: str, at: Fraction) -> list[Any]:
        """With parameter ``name`` pinned to ``at``: e^at lies in its rational bracket (true)."""
        facts = []
        for arg, v in self.derived.items():
            if derived_base(arg) == name and not arg.startswith("sqrt_"):
                lo, hi = exp_bracket(at)
                facts.extend([v >= val(lo), v <= val(hi)])
        return facts


#: Spurious candidates tolerated per size before the verdict is UNKNOWN (see engine).
MAX_REFINEMENTS = 6

#: Work budgets (z3 rlimit units) of one check: the incremental solver, the fresh solver it
#: falls back to, and one probe of solver-guided rounding. Budgets are counted in work, not
#: seconds, so that the path taken, the verdict and the counterexample do not depend on the
#: machine's load; the deadline only ends a decision as UNKNOWN ("time ran out"). (z3 does not
#: count every kind of work: see engine.STALL_SHARE for the one place a clock steps in.)
RLIMIT_INCREMENTAL = 100_000_000
RLIMIT_FRESH = 400_000_000
RLIMIT_PROBE = 5_000_000


def add(solver: Any, facts: Any) -> None:
    """Assert ``facts`` (built in z3's main context) in ``solver``'s own context."""
    ctx = solver.ctx
    solver.add(*(f.translate(ctx) if f.ctx != ctx else f for f in facts))


def check(solver: Any, seconds: float, rlimit: int) -> Any:
    """solver.check() within ``rlimit`` units of work, stopped at the deadline (``seconds``)."""
    solver.set("timeout", max(1, int(min(seconds, 10**6) * 1000)))
    solver.set("rlimit", rlimit)
    solver.set("random_seed", 0)
    return solver.check()


def budget_spent(solver: Any, rlimit: int) -> bool:
    """True when z3's unknown came from the work budget (z3 says "canceled" for both the budget
    and the timeout; the work counter tells them apart)."""
    stats = solver.statistics()
    return "rlimit count" in stats.keys() and stats.get_key_value("rlimit count") >= rlimit  # noqa: SIM118


def model_value(model: Any, var: Any) -> tuple[Fraction | None, float]:
    """(exact value if rational, float approximation) of ``var`` in ``model``."""
    value = model.eval(
        var if var.ctx == model.ctx else var.translate(model.ctx), model_completion=True
    )
    if z3.is_rational_value(value):
        f = Fraction(value.numerator_as_long(), value.denominator_as_long())
        return f, float(f)
    if z3.is_algebraic_value(value):
        approx = value.approx(30)
        f = Fraction(approx.numerator_as_long(), approx.denominator_as_long())
        return None, float(f)
    raise ValueError(f"unexpected model value {value}")

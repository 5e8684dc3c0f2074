"""Shannon information measures as linear forms in joint entropies (the ITIP model, Yeung 1997).

A step about mutual informations and entropies of random variables (of any finite alphabets) is
modelled by the joint entropies H_S of the sets S of its variables, one parameter per set (named
``H_{ABX}`` for S = {A, B, X}, letters sorted; the empty set has H = 0):

    H(A | C)     = H_{AC} - H_C
    I(A; B | C)  = H_{AC} + H_{BC} - H_{ABC} - H_C

Every distribution's entropies satisfy the elemental Shannon inequalities over its n variables
(N = the set of all of them):

    H(X_i | N - {X_i}) >= 0                         for each i,
    I(X_i; X_j | K) >= 0                            for i < j, K a subset of N - {X_i, X_j},

and every Shannon-type inequality is a nonnegative combination of them. So a step that the decider
proves under these assumptions (plus the hypotheses the proof states, e.g. a Markov chain as
I(A; B | C) = 0) holds for every joint distribution. A refutation is a point of the Shannon cone:
for n <= 3 variables that cone's closure is the entropic one, for n >= 4 a witness may not be the
entropy vector of any distribution (non-Shannon inequalities), so it shows only that the step does
not follow from the Shannon inequalities.

Functions return LaTeX (for a derivation's mapping and assumptions); a variable is one letter.
"""

from __future__ import annotations

from itertools import combinations

from dpproofs.errors import InvalidClaim


def joint_entropy(variables: str) -> str:
    """H of the set of one-letter variables, as a LaTeX parameter (0 for the empty set)."""
    letters = "".join(sorted(set(variables)))
    for letter in letters:
        if not letter.isalpha():
            raise InvalidClaim(f"a variable is one letter, not {letter!r}")
    return f"H_{{{letters}}}" if letters else "0"


def conditional_entropy(first: str, given: str = "") -> str:
    """H(first | given) = H_{first, given} - H_{given}, in LaTeX."""
    return f"({joint_entropy(first + given)} - {joint_entropy(given)})"


def mutual_information(first: str, second: str, given: str = "") -> str:
    """I(first; second | given) = H_{first given} + H_{second given} - H_{all} - H_{given}."""
    return (
        f"({joint_entropy(first + given)} + {joint_entropy(second + given)}"
        f" - {joint_entropy(first + second + given)} - {joint_entropy(given)})"
    )


def shannon_inequalities(variables: str) -> list[str]:
    """The elemental Shannon inequalities over the given one-letter variables, in LaTeX."""
    names = sorted(set(variables))
    whole = "".join(names)
    out = [f"{conditional_entropy(name, whole.replace(name, ''))} \\ge 0" for name in names]
    for first, second in combinations(names, 2):
        rest = [n for n in names if n not in (first, second)]
        for size in range(len(rest) + 1):
            for given in combinations(rest, size):
                out.append(f"{mutual_information(first, second, ''.join(given))} \\ge 0")
    return out


def entropy_domains(variables: str) -> dict[str, str]:
    """Every joint entropy of a nonempty subset is a nonnegative parameter (``where`` of a
    derivation; names as translated, e.g. ``H_ABX``)."""
    names = sorted(set(variables))
    return {
        joint_entropy("".join(subset)).replace("{", "").replace("}", ""): "[0, oo)"
        for size in range(1, len(names) + 1)
        for subset in combinations(names, size)
    }

"""The LaTeX vocabulary the derivation reader whitelists: relations, Greek letters, functions,
spacing. Anything not named here is refused by :mod:`dpproofs.steps.latex`, never guessed."""

from __future__ import annotations

#: Relations of a chain, LaTeX spelling -> Python operator.
RELATIONS = {
    "=": "==",
    "\\leq": "<=",
    "\\le": "<=",
    "\\leqslant": "<=",
    "<": "<",
    "\\geq": ">=",
    "\\ge": ">=",
    "\\geqslant": ">=",
    ">": ">",
}
#: Relations that are recognised but never checked.
UNCHECKED_RELATIONS = (
    "\\approx",
    "\\neq",
    "\\ne",
    "\\sim",
    "\\propto",
    "\\in",
    "\\Rightarrow",
    "\\Longrightarrow",
    "\\implies",
    "\\ll",
    "\\gg",
    "\\equiv",
)
_GREEK = frozenset(
    (
        "alpha",
        "beta",
        "gamma",
        "delta",
        "epsilon",
        "zeta",
        "eta",
        "theta",
        "iota",
        "kappa",
        "lambda",
        "mu",
        "nu",
        "xi",
        "rho",
        "sigma",
        "tau",
        "upsilon",
        "phi",
        "chi",
        "psi",
        "omega",
        "Gamma",
        "Delta",
        "Theta",
        "Lambda",
        "Xi",
        "Sigma",
        "Phi",
        "Psi",
        "Omega",
    )
)
_VARIANTS = {"varepsilon": "epsilon", "vartheta": "theta", "varphi": "phi", "varrho": "rho"}
#: Names the claim syntax reserves, or Python keywords: renamed.
_RESERVED = {"lambda": "lamda", "E": "E_", "I": "I_", "pi": "pi"}
_FUNCTIONS = {
    "\\exp": "exp",
    "\\log": "log",
    "\\ln": "log",
    "\\tanh": "tanh",
    "\\sinh": "sinh",
    "\\cosh": "cosh",
}
_IGNORED = {
    "\\,",
    "\\ ",
    "\\;",
    "\\!",
    "\\:",
    "\\quad",
    "\\qquad",
    "~",
    "\\displaystyle",
    "\\limits",
    "\\nolimits",
    "\\left.",
    "\\right.",
    "\\nonumber",
    "\\notag",
    "\\big",
    "\\Big",
    "\\bigg",
    "\\Bigg",
}

"""Classical real-analysis inequalities, all TRUE: the scalar decider must never refute one, and
the number it proves is tracked (issue 14, incompleteness). Each entry: (name, claim, domains,
assumptions), the claim written as a string (see dpproofs.symbolic.written)."""

from __future__ import annotations

POS = "(0, oo)"
NONNEG = "[0, oo)"
UNIT = "(0, 1)"

INEQUALITIES: list[tuple[str, str, dict[str, str], list[str]]] = [
    ("bernoulli_cube", "(1 + x)**3 >= 1 + 3*x", {"x": "[-1, oo)"}, []),
    ("bernoulli_sqrt", "sqrt(1 + x) <= 1 + x/2", {"x": "[-1, oo)"}, []),
    ("am_gm_two", "sqrt(a*b) <= (a + b)/2", {"a": NONNEG, "b": NONNEG}, []),
    ("log_tangent", "log(1 + x) <= x", {"x": "(-1, oo)"}, []),
    ("log_lower", "x/(1 + x) <= log(1 + x)", {"x": "(-1, oo)"}, []),
    ("exp_second_order", "exp(x) >= 1 + x + x**2/2", {"x": NONNEG}, []),
    ("tanh_upper", "tanh(x) <= x", {"x": NONNEG}, []),
    ("tanh_lower", "tanh(x) >= x - x**3/3", {"x": NONNEG}, []),
    ("exp_quadratic", "exp(x) <= 1 + x + x**2", {"x": "(-oo, 1]"}, []),
    (
        "pinsker_binary",
        "p*log(p/q) + (1 - p)*log((1 - p)/(1 - q)) >= 2*(p - q)**2",
        {"p": UNIT, "q": UNIT},
        [],
    ),
    ("log_below_chord", "log(x) <= x - 1", {"x": POS}, []),
    ("log_above", "log(x) >= 1 - 1/x", {"x": POS}, []),
    ("exp_neg_upper", "exp(-x) <= 1/(1 + x)", {"x": NONNEG}, []),
    ("log_pade", "2*x/(2 + x) <= log(1 + x)", {"x": NONNEG}, []),
    ("sqrt_taylor", "sqrt(1 + x) >= 1 + x/2 - x**2/8", {"x": NONNEG}, []),
    ("x_exp_minus_x", "x*exp(-x) <= exp(-1)", {}, []),
    ("cosh_lower", "cosh(x) >= 1 + x**2/2", {}, []),
    ("cosh_upper", "cosh(x) <= exp(x**2/2)", {}, []),
    ("sinh_lower", "sinh(x) >= x", {"x": NONNEG}, []),
    ("two_squares", "a**2 + b**2 >= 2*a*b", {}, []),
    ("fenchel_exp", "a*b <= exp(a) + b*log(b) - b", {"b": POS}, []),
    ("log_cosh", "log(cosh(x)) <= x**2/2", {}, []),
    ("exp_secant", "exp(x) - 1 <= x*exp(x)", {"x": NONNEG}, []),
    ("log_second_order", "log(1 + x) >= x - x**2/2", {"x": NONNEG}, []),
    ("one_minus_x", "1 - x <= exp(-x)", {}, []),
    ("am_hm", "(a + b)/2 >= 2*a*b/(a + b)", {"a": POS, "b": POS}, []),
    ("cauchy_two", "(a*c + b*d)**2 <= (a**2 + b**2)*(c**2 + d**2)", {}, []),
    ("dp_tanh_half", "(exp(eps) - 1)/(exp(eps) + 1) <= eps/2", {"eps": NONNEG}, []),
    ("dp_mixture", "log((1 + exp(eps))/2) <= eps", {"eps": NONNEG}, []),
    ("sqrt_am_gm", "sqrt(x) <= (1 + x)/2", {"x": NONNEG}, []),
    ("log_ratio", "log(1 + x) - log(x) <= 1/x", {"x": POS}, []),
    (
        "dp_log_difference",
        "log(a) - log(b) <= eps",
        {"a": POS, "b": POS, "eps": POS},
        ["a <= exp(eps)*b"],
    ),
]

#: Entries the decider leaves UNKNOWN today (2-3 s budget): targets for more power. They must
#: still never be refuted. Everything else is proved (32 - 5 = 27; 25 before issue 14's work,
#: when the two log differences stayed unknown).
OPEN = frozenset({"pinsker_binary", "x_exp_minus_x", "cosh_upper", "fenchel_exp", "log_cosh"})

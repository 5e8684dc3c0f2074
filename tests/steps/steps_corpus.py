"""A corpus of correct derivation steps and wrong mutations of them (issue 17).

Each entry: a name, the correct step, the mutated step (LaTeX ``lhs R rhs``), assumptions
(LaTeX) and domains. The mutations are the classic slips: a sign flipped, a factor dropped, an
exponent or log rule misapplied, an inequality reversed, a triangle inequality the wrong way.
"""

from __future__ import annotations

POS = "(0, oo)"
EPS = {"epsilon": POS}
EPS_DELTA = {"epsilon": POS, "Delta": POS}

#: (name, correct, wrong, assumptions, where)
MUTATIONS: list[tuple[str, str, str, tuple[str, ...], dict[str, str]]] = [
    ("exp sum", r"e^{a+b} = e^a e^b", r"e^{a+b} = e^a + e^b", (), {}),
    ("exp difference", r"e^{a-b} = \frac{e^a}{e^b}", r"e^{a-b} = e^a - e^b", (), {}),
    ("exp product", r"e^{2a} = (e^a)^2", r"e^{2a} = 2e^a", (), {}),
    ("exp of product", r"(e^{a})^{b} = e^{ab}", r"(e^{a})^{b} = e^{a+b}", (), {}),
    (
        "log of sum",
        r"\log(ab) = \log a + \log b",
        r"\log(a+b) = \log a + \log b",
        (),
        {"a": POS, "b": POS},
    ),
    (
        "log of quotient",
        r"\ln\frac{a}{b} = \ln a - \ln b",
        r"\ln\frac{a}{b} = \frac{\ln a}{\ln b}",
        (),
        {"a": "(1, oo)", "b": "(1, oo)"},
    ),
    ("log of power", r"\log(a^3) = 3\log a", r"\log(a^3) = \log(3a)", (), {"a": POS}),
    ("log exp", r"\ln(e^{\epsilon}) = \epsilon", r"\ln(e^{\epsilon}) = e^{\epsilon}", (), EPS),
    ("sign flipped", r"-(a - b) = b - a", r"-(a - b) = a - b", (), {}),
    (
        "sign in exponent",
        r"\frac{1}{e^{-\epsilon}} = e^{\epsilon}",
        r"\frac{1}{e^{-\epsilon}} = e^{-\epsilon}",
        (),
        EPS,
    ),
    (
        "factor dropped",
        r"\frac{\epsilon}{2\Delta} \cdot 2\Delta = \epsilon",
        r"\frac{\epsilon}{2\Delta} \cdot \Delta = \epsilon",
        (),
        EPS_DELTA,
    ),
    (
        "factor dropped in exp",
        r"\exp\left(\frac{\epsilon}{\Delta} \cdot \Delta\right) = e^{\epsilon}",
        r"\exp\left(\frac{\epsilon}{\Delta}\right) = e^{\epsilon}",
        (),
        EPS_DELTA,
    ),
    ("half dropped", r"\frac{a + a}{2} = a", r"\frac{a + a}{2} = 2a", (), {}),
    ("square expanded", r"(a+b)^2 = a^2 + 2ab + b^2", r"(a+b)^2 = a^2 + b^2", (), {}),
    ("triangle reversed", r"|a + b| \le |a| + |b|", r"|a + b| \ge |a| + |b|", (), {}),
    ("reverse triangle", r"|a| - |b| \le |a - b|", r"|a| - |b| \ge |a - b|", (), {}),
    ("abs of difference", r"|a - b| = |b - a|", r"|a - b| = |a| - |b|", (), {}),
    (
        "sensitivity used backwards",
        r"|u - v| \le \Delta",
        r"|u - v| \ge \Delta",
        (r"|u - v| \le \Delta",),
        {"Delta": POS},
    ),
    (
        "exp monotone reversed",
        r"e^{\epsilon |u - v| / \Delta} \le e^{\epsilon}",
        r"e^{\epsilon |u - v| / \Delta} \ge e^{\epsilon}",
        (r"|u - v| \le \Delta",),
        EPS_DELTA,
    ),
    ("1 + x <= e^x reversed", r"1 + x \le e^x", r"1 + x \ge e^x", (), {}),
    ("log(1+x) <= x reversed", r"\ln(1 + x) \le x", r"\ln(1 + x) \ge x", (r"x > -1",), {}),
    (
        "e^eps - 1 >= eps reversed",
        r"e^{\epsilon} - 1 \ge \epsilon",
        r"e^{\epsilon} - 1 < \epsilon",
        (),
        EPS,
    ),
    ("strict where equal", r"e^{0} = 1", r"e^{0} < 1", (), {}),
    (
        "ratio of densities",
        r"\frac{e^{-|x|}}{e^{-|y|}} = e^{|y| - |x|}",
        r"\frac{e^{-|x|}}{e^{-|y|}} = e^{|x| - |y|}",
        (),
        {},
    ),
    (
        "sqrt of product",
        r"\sqrt{ab} = \sqrt{a}\sqrt{b}",
        r"\sqrt{a + b} = \sqrt{a} + \sqrt{b}",
        (r"a > 0", r"b > 0"),
        {},
    ),
    (
        "fraction added",
        r"\frac{1}{a} + \frac{1}{b} = \frac{a + b}{ab}",
        r"\frac{1}{a} + \frac{1}{b} = \frac{2}{a + b}",
        (r"a > 0", r"b > 0"),
        {},
    ),
    (
        "e^eps bar",
        r"\bar{\epsilon} + 1 = e^{\epsilon}",
        r"\bar{\epsilon} - 1 = e^{\epsilon}",
        (r"\bar{\epsilon} = e^{\epsilon} - 1",),
        EPS,
    ),
    (
        "two eps",
        r"e^{\epsilon} e^{\epsilon} = e^{2\epsilon}",
        r"e^{\epsilon} e^{\epsilon} = e^{\epsilon^2}",
        (),
        EPS,
    ),
    ("max bound", r"\max\{a, b\} \ge a", r"\max\{a, b\} \le a", (), {}),
    (
        "tanh half",
        r"\frac{e^{\epsilon} - 1}{e^{\epsilon} + 1} \le 1",
        r"\frac{e^{\epsilon} - 1}{e^{\epsilon} + 1} \ge 1",
        (),
        EPS,
    ),
    ("probability complement", r"1 - (1 - p) = p", r"1 - (1 - p) = 1 + p", (r"0 \le p \le 1",), {}),
    (
        "sum of delta",
        r"\delta + \delta = 2\delta",
        r"\delta + \delta = \delta^2",
        (r"\delta > 0",),
        {},
    ),
    (
        "scaled bound",
        r"2|a - b| \le 2\bar{\epsilon} + 2\delta",
        r"2|a - b| \le \bar{\epsilon} + \delta",
        (r"|a - b| \le \bar{\epsilon} + \delta", r"\bar{\epsilon} \ge 0", r"\delta \ge 0"),
        {},
    ),
]

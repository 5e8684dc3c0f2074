"""``dpproofs profile MECH.json``: the exact privacy profile of a finite mechanism, as a table or
JSON. Every eps, delta and Renyi order is checked (exactly) before anything is computed."""

from __future__ import annotations

import argparse
import json
from typing import IO, Any

from dpproofs.cli import arguments
from dpproofs.cli import compose as cli_compose


def add_parser(commands: Any) -> None:
    profile = commands.add_parser("profile", help="the exact privacy profile of a finite mechanism")
    profile.add_argument("mechanism", help="a mechanism JSON file")
    for option, check, default, text in (
        ("--epsilon", arguments.epsilon, [], "an eps >= 0 for delta(eps), e.g. 'log(3)'"),
        ("--delta", arguments.delta, [], "a delta in [0, 1] for eps(delta), e.g. '1/100'"),
        ("--renyi", arguments.renyi_order, None, "a Renyi order > 0 (default 2)"),
    ):
        profile.add_argument(option, action="append", default=default, type=check, help=text)
    profile.add_argument("--no-mi-dp", action="store_true", help="skip the MI-DP capacity bounds")
    profile.add_argument("--json", action="store_true", help="print JSON instead of a table")
    cli_compose.add_profile_option(profile)
    cli_compose.add_timeout_option(profile)
    profile.add_argument("--plot", help="also draw delta(eps), privacy loss and Renyi as an SVG")


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    if args.compose is not None:
        return cli_compose.run_profile(args, out)
    from fractions import Fraction

    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from dpproofs.errors import UsageError
    from dpproofs.exact.bracket import shown_outward
    from dpproofs.finite.loading import load_mechanism

    mechanism = load_mechanism(args.mechanism)
    from dpproofs.run.isolation import Limits, run_child

    queries = (args.epsilon, args.delta, args.renyi or ["2"], not args.no_mi_dp)
    outcome = run_child(_profile_main, (mechanism, *queries), Limits(args.timeout))
    if outcome.timed_out:
        err.write(
            f"dpproofs: the profile of {args.mechanism} was not computed within --timeout "
            f"{args.timeout:g} s (unknown); give a larger --timeout\n"
        )
        return 1
    if not isinstance(outcome.value, tuple):
        err.write(
            f"dpproofs: the profile of {args.mechanism} was not computed: {outcome.failure}\n"
        )
        return 1
    kind, data = outcome.value
    if kind == "overflow":  # a float mechanism with tiny entries (1e-311 ** -1)
        raise UsageError(
            f"{args.mechanism}: float arithmetic overflowed ({data}); "
            'write the entries as exact strings such as "1/3"'
        )
    if kind == "error":
        raise UsageError(data)
    if args.plot:
        _plot(mechanism, data, args.plot, err)
    if args.json:
        out.write(json.dumps(data, indent=2) + "\n")
        return 0
    console = Console(file=out, highlight=False, width=max(100, Console(file=out).width))
    table = Table(
        title=f"privacy profile of {mechanism.name or args.mechanism}", header_style="bold"
    )
    table.add_column("quantity")
    table.add_column("exact", overflow="fold")
    table.add_column("value", justify="right")
    table.add_column("attained at", overflow="fold")

    def row(name: str, q: dict[str, Any]) -> None:
        table.add_row(name, str(q.get("exact")), _num(q.get("value")), escape(_where(q)))

    row("pure epsilon", data["pure_epsilon"])
    for d in data["delta"]:
        row(f"delta(eps = {d['epsilon']})", d)
    for e in data["epsilon_for_delta"]:
        row(f"eps(delta = {e['delta']})", e)
    row("total variation", data["total_variation"])
    row("KL", data["kl"])
    for r in data["renyi"]:
        row(f"Renyi order {r['order']}", r)
    if "mi_dp" in data and "not_computed" in data["mi_dp"]:
        table.add_row("MI-DP", data["mi_dp"]["not_computed"], "-", "")
    elif "mi_dp" in data:
        m = data["mi_dp"]
        table.add_row(
            "MI-DP",
            m["exact"] or f"[{m['lower']}, {m['upper']}]",
            shown_outward(Fraction(m["lower"]), Fraction(m["upper"]), 12),
            "",
        )
    console.print(table)
    return 0


def _plot(mechanism: Any, data: dict[str, Any], path: str, err: IO[str]) -> None:
    """--plot: the pictures, with each asked (eps, delta(eps)) and (eps(delta), delta) marked on
    the delta(eps) curve; says on stderr what was written (stdout may be JSON)."""
    from dpproofs.exact import float_value, parse_exact
    from dpproofs.views.pictures import write_profile_plot

    def to_float(text: str) -> float:
        return float_value(parse_exact(text))

    points: list[tuple[float, float, str]] = []
    for d in data["delta"]:
        if isinstance(d.get("value"), float):
            points.append((to_float(d["epsilon"]), d["value"], f"delta(eps = {d['epsilon']})"))
    for e in data["epsilon_for_delta"]:
        if isinstance(e.get("value"), float):
            points.append((e["value"], to_float(e["delta"]), f"eps(delta = {e['delta']})"))
    count = write_profile_plot(mechanism, path, points)
    marked = f", {len(points)} asked point(s) marked on delta(eps)" if points else ""
    err.write(f"dpproofs profile: wrote {path} ({count} pictures{marked})\n")


def _profile_main(
    mechanism: Any,
    epsilons: list[str],
    deltas: list[str],
    orders: list[str],
    with_mi_dp: bool,
    deadline_at: float,
    memory_bytes: int,
    channel: Any,
) -> None:
    """Child entry point: ("data", the profile), or ("error" | "overflow", the message)."""
    from dpproofs.errors import DpProofsError
    from dpproofs.finite.profile import profile_as_dict
    from dpproofs.run.worker import _enter_child

    _enter_child(deadline_at, memory_bytes)
    answer: tuple[str, Any]
    try:
        answer = ("data", profile_as_dict(mechanism, epsilons, deltas, orders, with_mi_dp))
    except (DpProofsError, ValueError) as exc:
        answer = ("error", str(exc))
    except OverflowError as exc:
        answer = ("overflow", str(exc))
    channel.send(answer)
    channel.close()


def _where(quantity: dict[str, Any]) -> str:
    """Where a maximum is attained: "x vs x'" for a pair, "x vs x' at y" for a pair and output."""
    attained = quantity.get("attained")
    if not attained:
        return ""
    if isinstance(attained, dict):
        return f"{attained['input']} vs {attained['neighbour']} at {attained['output']}"
    return " vs ".join(str(a) for a in attained)


def _num(value: Any) -> str:
    """A float column cell: "-" where the value is a function of the family's parameters."""
    if value is None:
        return "-"
    return value if isinstance(value, str) else f"{value:.15g}"

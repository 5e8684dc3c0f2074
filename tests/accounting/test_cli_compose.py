"""`dpproofs compose` and `dpproofs profile --compose K`."""

from __future__ import annotations

import io
import json
import math

import pytest

from dpproofs.cli.main import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def rr(tmp_path):
    path = tmp_path / "rr.json"
    rows = [["3/4", "1/4"], ["1/4", "3/4"]]
    path.write_text(json.dumps({"name": "rr", "inputs": ["+", "-"], "rows": rows}))
    return path


@pytest.fixture
def rr23(tmp_path):
    path = tmp_path / "rr23.json"
    rows = [["2/3", "1/3"], ["1/3", "2/3"]]
    path.write_text(json.dumps({"name": "rr23", "inputs": ["+", "-"], "rows": rows}))
    return path


def test_profile_compose_keeps_the_profile_keys(rr):
    code, out, err = run(
        "profile", str(rr), "--compose", "2", "--epsilon", "log(2)", "--delta", "1/4", "--json"
    )
    assert code == 0, err
    data = json.loads(out)
    for key in ("pure_epsilon", "delta", "epsilon_for_delta", "total_variation", "kl", "renyi"):
        assert key in data
    # RR 3/4 twice (see test_exact_values): delta(log 2) = 7/16, eps(1/4) = log 5, pure log 9.
    assert data["delta"][0]["epsilon"] == "log(2)" and data["delta"][0]["exact"] == "7/16"
    assert data["epsilon_for_delta"][0]["delta"] == "1/4"
    assert data["epsilon_for_delta"][0]["exact"] == "log(5)"
    e = data["epsilon_for_delta"][0]
    assert e["lower"] <= math.log(5) <= e["upper"] and e["path"] == "exact"
    assert data["pure_epsilon"]["exact"] == "log(9)"
    # KL adds: 2 * (3/4 - 1/4) log 3 = log 3.
    assert abs(data["kl"]["value"] - math.log(3)) <= 1e-15


def test_compose_two_mechanisms(rr, rr23):
    code, out, err = run(
        "compose", f"{rr}:3", f"{rr23}:2", "--epsilon", "1", "--delta", "1e-3", "--json"
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["composition"]["matching"] == "same inputs"
    # pure eps = 3 log 3 + 2 log 2 = log 108.
    assert data["pure_epsilon"]["exact"] == "log(108)"
    assert data["delta"][0]["epsilon"] == "1" and data["epsilon_for_delta"][0]["delta"] == "1e-3"
    d = data["delta"][0]
    assert d["lower"] <= d["value"] <= d["upper"]


@pytest.mark.parametrize("command", ["compose", "profile"])
def test_pure_epsilon_is_k_log_r_not_the_log_of_a_96_digit_integer(rr, command):
    # RR 3/4 composed 200 times: pure eps = 200 log 3, where 3^200 has 96 digits.
    argv = ["compose", f"{rr}:200"] if command == "compose" else ["profile", str(rr)]
    argv += ["--compose", "200"] if command == "profile" else []
    code, out, err = run(*argv, "--json")
    assert code == 0, err
    assert json.loads(out)["pure_epsilon"]["exact"] == "200*log(3)"
    assert len(str(3**200)) == 96


def test_text_output(rr):
    code, out, _ = run("profile", str(rr), "--compose", "3", "--epsilon", "1")
    assert code == 0
    assert "delta(eps = 1)" in out and "pure epsilon" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--compose", "0"], "K must be an integer >= 1"),
        (["--compose", "two"], "K must be an integer >= 1"),
        (["--compose", "2", "--epsilon", "-1"], "--epsilon: must be an exact number >= 0"),
        (["--compose", "2", "--epsilon", "eps("], "--epsilon"),
        (["--compose", "2", "--delta", "2"], "--delta: must be an exact number in [0, 1]"),
        (["--compose", "2", "--delta", "log(2)/9"], "--delta must be"),
    ],
)
def test_usage_errors_exit_2_on_one_line(rr, argv, message):
    code, out, err = run("profile", str(rr), *argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_compose_usage_errors(rr):
    code, _, err = run("compose", f"{rr}:-3")
    assert code == 2 and "K must be" in err
    code, _, err = run("compose", str(rr))
    assert code == 2 and "MECH.json:K" in err


def test_profile_and_compose_take_a_timeout(rr):
    # The plain profile is computed in a child stopped at --timeout: 1 ms is too short for it
    # (starting the child alone takes longer), so it is unknown, exit 1, said in words.
    code, out, err = run("profile", str(rr), "--timeout", "0.001")
    assert code == 1 and "not computed within --timeout 0.001 s" in err and out == ""
    for command in (["profile", str(rr), "--compose", "2"], ["compose", f"{rr}:2"]):
        code, out, err = run(*command, "--timeout", "0")
        assert code == 2 and "--timeout" in err

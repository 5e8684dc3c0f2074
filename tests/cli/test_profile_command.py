"""`dpproofs profile` on mechanism JSON files."""

import io
import json
import math

from dpproofs.cli.main import main


def profile(path, *flags):
    out, err = io.StringIO(), io.StringIO()
    code = main(["profile", str(path), *flags], stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_randomized_response_profile_json(tmp_path):
    path = tmp_path / "rr.json"
    path.write_text(
        json.dumps(
            {
                "name": "rr",
                "inputs": ["+", "-"],
                "outputs": ["Y", "N"],
                "rows": [["3/4", "1/4"], ["1/4", "3/4"]],
                "neighbours": "all",
            }
        )
    )
    code, out, _ = profile(path, "--epsilon", "log(2)", "--delta", "1/8", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["pure_epsilon"]["exact"] == "log(3)"
    assert data["pure_epsilon"]["attained"] == {"input": "+", "neighbour": "-", "output": "Y"}
    # delta(ln 2) = (3 - 2)/4 = 1/4; eps(1/8) = ln(5/2) since (3 - g)/4 = 1/8 at g = 5/2.
    assert data["delta"][0] | {} == data["delta"][0] and data["delta"][0]["epsilon"] == "log(2)"
    assert data["delta"][0]["exact"] == "1/4"
    assert data["epsilon_for_delta"][0]["exact"] == "log(5/2)"
    assert abs(data["epsilon_for_delta"][0]["value"] - math.log(2.5)) <= 1e-12
    assert data["total_variation"]["exact"] == "1/2"
    assert data["kl"]["exact"] == "log(3)/2"
    lower, upper = float(data["mi_dp"]["lower_value"]), float(data["mi_dp"]["upper_value"])
    # BSC(1/4) capacity = ln 2 - h(1/4) = 0.1308..., certified between lower and upper.
    capacity = math.log(2) + 0.25 * math.log(0.25) + 0.75 * math.log(0.75)
    assert lower <= capacity + 1e-12 and capacity - 1e-12 <= upper and upper - lower < 1e-6


def test_infinite_values_are_the_string_inf(tmp_path):
    path = tmp_path / "m.json"
    path.write_text(json.dumps({"rows": [["1/2", "1/2", "0"], ["1/2", "0", "1/2"]]}))
    code, out, _ = profile(path, "--json", "--no-mi-dp")
    data = json.loads(out)
    assert (
        code == 0
        and data["pure_epsilon"]["exact"] == "inf"
        and data["pure_epsilon"]["value"] == "inf"
    )


def test_hamming_inputs_as_strings(tmp_path):
    path = tmp_path / "h.json"
    rows = [["1/2", "1/2"], ["1/4", "3/4"], ["1/4", "3/4"], ["1/8", "7/8"]]
    path.write_text(
        json.dumps({"inputs": ["00", "01", "10", "11"], "rows": rows, "neighbours": {"hamming": 2}})
    )
    code, out, _ = profile(path, "--json", "--no-mi-dp")
    # neighbours differ in one entry: the worst ratio is (1/2)/(1/4) = 2 between 00 and 01.
    assert code == 0 and json.loads(out)["pure_epsilon"]["exact"] == "log(2)"


def test_table_output_mentions_every_quantity(tmp_path):
    path = tmp_path / "rr.json"
    path.write_text(json.dumps({"rows": [["3/4", "1/4"], ["1/4", "3/4"]]}))
    code, out, _ = profile(path, "--epsilon", "1")
    assert code == 0
    for word in ("pure epsilon", "delta(eps = 1)", "total variation", "KL", "Renyi", "MI-DP"):
        assert word in out


def test_bad_files_exit_2_naming_the_file(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"rows": [["1/2", "1/2"],\n ["1/2" "1/2"]]}')
    code, _, err = profile(broken)
    assert code == 2 and f"{broken}:2" in err
    negative = tmp_path / "neg.json"
    negative.write_text(json.dumps({"rows": [["3/2", "-1/2"]]}))
    code, _, err = profile(negative)
    assert code == 2 and "row 0" in err and "column 1" in err and "negative" in err
    code, _, err = profile(tmp_path / "missing.json")
    assert code == 2 and "no such file" in err


def test_a_family_profile_is_exact_with_no_nan_and_says_why_mi_dp_is_missing(tmp_path):
    # docs/json-schema.md's family: randomized response with e^eps/(1 + e^eps), eps in (0, oo).
    # Its pure epsilon is eps, TV tanh(eps/2); a value column has no single number, and MI-DP
    # (a certified bracket of numbers) is not computed for a family, without failing.
    path = tmp_path / "family.json"
    entry, other = "exp(eps)/(1 + exp(eps))", "1/(1 + exp(eps))"
    path.write_text(
        json.dumps(
            {
                "name": "RR family",
                "parameters": {"eps": "(0, oo)"},
                "rows": [[entry, other], [other, entry]],
            }
        )
    )
    code, out, err = profile(path, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["pure_epsilon"]["exact"] == "eps" and data["pure_epsilon"]["value"] is None
    assert data["total_variation"]["exact"] == "tanh(eps/2)"
    assert "not computed for a family" in data["mi_dp"]["not_computed"]
    code, out, err = profile(path)
    assert code == 0 and "nan" not in out and "not computed for a family" in out

"""A report of a few fast theorems (decided once per session), for the tests of recheck."""

import json
import shutil
from pathlib import Path

import pytest

from dpproofs.cli.main import main

HERE = Path(__file__).parent


@pytest.fixture(scope="session")
def verified(tmp_path_factory):
    """(theorem file, report) for tests/recheck/fixture_theorems.py decided in a temp folder."""
    folder = tmp_path_factory.mktemp("recheck")
    theorems = folder / "recheck_theorems.py"
    shutil.copy(HERE / "fixture_theorems.py", theorems)
    report = folder / "report.json"
    code = main(["verify", str(theorems), "--json", str(report), "--no-cache", "-q"])
    assert code == 0, report.read_text() if report.exists() else "no report"
    return theorems, json.loads(report.read_text())


@pytest.fixture(scope="session")
def lifted_report(tmp_path_factory):
    """(folder, report) for tests/recheck/fixture_lifted.py (as sm_theorems.py) decided in a
    temp folder: two lifted verdicts."""
    folder = tmp_path_factory.mktemp("smallmodel")
    shutil.copy(HERE / "fixture_lifted.py", folder / "sm_theorems.py")
    report = folder / "report.json"
    code = main(["verify", str(folder / "sm_theorems.py"), "--json", str(report), "--no-cache"])
    assert code == 0
    return folder, json.loads(report.read_text())


@pytest.fixture
def write_report(tmp_path):
    def write(data):
        path = tmp_path / "report.json"
        path.write_text(json.dumps(data))
        return str(path)

    return write

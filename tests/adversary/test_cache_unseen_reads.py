"""Adversary (S6, issue 27 after a27): reads the cache neither keyed on nor refused (each was an
xfail(strict) break; fixed: the file TZ names is keyed by content, .pyc reads are recorded,
``uuid.uuid1`` / ``uuid.getnode`` are noted as clocks and never cached).

Same scenario as tests/adversary/test_cache_process_state.py (randomized response with rate
3/4 is log(3)-DP: proved; with 4/5: refuted), the rate chosen from something that changes
while no file the recorder sees, no variable and no argument changes:

* ``tzfile``: ``TZ=:/some/file`` (the variable is keyed, unchanged) and the zone file's
  *content* replaced (UTC -> Asia/Tokyo). libc reads it in ``tzset`` (no audit event), so
  ``time.timezone`` changes; the cache served the stale "proved" while ``--no-cache`` refutes.
* ``stale_pyc``: a helper imported from beside the theorem whose ``__pycache__`` .pyc (valid
  timestamp header: same source mtime and size) is replaced by one compiled from another
  source. :mod:`dpproofs.run.reads` skips every ``.pyc`` read ("compiled from a source whose
  read is recorded"), but the interpreter runs the .pyc, not the source: stale "proved".
* ``uuid1``: ``uuid.uuid1()`` reads the clock (and the node) in C (``_uuid``), through none of
  the wrapped functions of :mod:`dpproofs.run.unfollowed`; a verdict depending on it was
  cached (second run ``cached: true``), so it may be served at a run where it is false.
"""

from __future__ import annotations

import os
import py_compile
import shutil
from pathlib import Path

import pytest
from test_cache_process_state import THEOREM, run_verify

pytestmark = pytest.mark.slow

ZONES = Path("/usr/share/zoneinfo")


def _status(folder: Path, env: dict[str, str], *more: str) -> tuple[str, bool]:
    only = run_verify(folder, (env, None, ()), *more)
    return only["status"], only["cached"]


def _folder(tmp_path: Path, read: str) -> Path:
    folder = tmp_path / "theorems"
    folder.mkdir()
    (folder / "t.py").write_text(THEOREM.format(at_import=read))
    return folder


@pytest.mark.skipif(not (ZONES / "Asia" / "Tokyo").exists(), reason="no zoneinfo")
def test_tz_file_content_is_keyed(tmp_path: Path) -> None:
    folder = _folder(tmp_path, 'import time\nrate = "3/4" if time.timezone == 0 else "4/5"')
    zone = tmp_path / "zone"
    shutil.copy(ZONES / "UTC", zone)
    env = {"TZ": f":{zone}"}
    assert _status(folder, env) == ("proved", False)
    assert _status(folder, env) == ("proved", True)
    zone.unlink()
    shutil.copy(ZONES / "Asia" / "Tokyo", zone)
    truth, _ = _status(folder, env, "--no-cache")
    assert truth == "refuted"  # UTC+9: time.timezone is -32400
    assert _status(folder, env)[0] == truth


def test_a_replaced_pyc_is_keyed(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "from rt6_helper_pyc import rate")
    helper = folder / "rt6_helper_pyc.py"
    compiled = {}
    for rate in ("4/5", "3/4"):  # same length: same size, and the same mtime below
        helper.write_text(f'rate = "{rate}"\n')
        os.utime(helper, (1_000_000, 1_000_000))
        pyc = Path(py_compile.compile(str(helper)))
        compiled[rate] = pyc.read_bytes()
    assert _status(folder, {}) == ("proved", False)
    assert _status(folder, {}) == ("proved", True)
    pyc.write_bytes(compiled["4/5"])  # the interpreter now runs rate = "4/5"
    truth, _ = _status(folder, {}, "--no-cache")
    assert truth == "refuted"
    assert _status(folder, {})[0] == truth


def test_uuid1_is_never_cached(tmp_path: Path) -> None:
    folder = _folder(tmp_path, 'import uuid\nrate = "3/4" if uuid.uuid1().time > 0 else "4/5"')
    assert _status(folder, {}) == ("proved", False)
    assert _status(folder, {})[1] is False  # the clock was read: must not be served

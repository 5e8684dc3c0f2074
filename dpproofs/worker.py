"""The body of one isolated theorem run: import, build the claim, decide it, send the verdict back.

Runs in a child process (see :mod:`dpproofs.runner`), so a hang, a crash or runaway memory in one
theorem cannot take the run down. Every failure is turned into an ERROR verdict that names the
theorem file and line.
"""

from __future__ import annotations

import resource
import traceback
from multiprocessing.connection import Connection
from pathlib import Path

from dpproofs.claim import Claim, Deadline, timed_decide
from dpproofs.discovery import failing_line, import_theorem_file
from dpproofs.theorem import REGISTRY_ATTRIBUTE
from dpproofs.verdict import Verdict

#: Address-space cap for one theorem's process, so runaway memory ends as an ERROR, not an OOM.
MEMORY_LIMIT_BYTES = 6 * 1024**3


def decide_theorem(file: str, theorem_id: str, timeout: float | None) -> Verdict:
    """Decide one theorem in this process. Never raises for problems of the theorem itself."""
    try:
        module = import_theorem_file(Path(file))
        specs = {s.id: s for s in getattr(module, REGISTRY_ATTRIBUTE, [])}
        spec = specs[theorem_id]
    except Exception as exc:
        line = failing_line(exc, file)
        return Verdict.error("load", f"{file}:{line}: {type(exc).__name__}: {exc}")
    try:
        claim = spec.build()
    except Exception as exc:
        line = failing_line(exc, file)
        return Verdict.error("build", f"{file}:{line}: {type(exc).__name__}: {exc}")
    if not isinstance(claim, Claim):
        return Verdict.error(
            "build",
            f"{spec.location}: the theorem function returned {type(claim).__name__}, not a claim",
        )
    try:
        return timed_decide(claim, Deadline(timeout))
    except RecursionError:
        return Verdict.error("decide", f"{spec.location}: recursion too deep while deciding")
    except MemoryError:
        return Verdict.error("decide", f"{spec.location}: out of memory while deciding")
    except Exception as exc:
        frames = traceback.extract_tb(exc.__traceback__)
        where = f"{frames[-1].filename}:{frames[-1].lineno}" if frames else spec.location
        return Verdict.error(
            "decide", f"{spec.location}: {type(exc).__name__}: {exc} (raised at {where})"
        )


def worker_main(file: str, theorem_id: str, timeout: float | None, channel: Connection) -> None:
    """Child-process entry point: decide and send the verdict through ``channel``."""
    try:
        _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        cap = (
            MEMORY_LIMIT_BYTES if hard == resource.RLIM_INFINITY else min(hard, MEMORY_LIMIT_BYTES)
        )
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (ValueError, OSError):
        pass  # a platform without address-space limits still runs the theorem
    verdict = decide_theorem(file, theorem_id, timeout)
    channel.send(verdict)
    channel.close()

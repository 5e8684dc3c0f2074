"""Where decisions run: a plain :class:`concurrent.futures.Executor`, local or on a Dask cluster.

``--executor`` names one of three:

* ``process`` (the default): ``jobs`` supervisor threads on this machine, each starting one
  isolated child process per theorem (see :mod:`dpproofs.run.isolation`);
* ``dask``: a Dask ``LocalCluster`` of ``jobs`` worker processes with one thread each;
* ``tcp://host:port`` (or ``tls://``): the Dask scheduler already running at that address.

On Dask the executor is ``Client.get_executor()``: what is submitted is a picklable job (a theorem
file's path, a theorem id, the limits) and the same function as locally, so each theorem is still
decided in its own isolated child process (process group, memory cap, deadline kill), started by
the Dask worker. Solver objects never travel; verdicts come back as plain frozen records. The
verdicts are the same as with ``process``: which machine decides a theorem changes nothing in
its decision procedure (budgets are work, not seconds; see :mod:`dpproofs.search.engine`).

Dask is an optional extra (``pip install 'dpproofs[dask]'``) imported only when asked for. The
library never prints, so Dask's loggers are silenced (here and in the workers it starts).
"""

from __future__ import annotations

import argparse
import contextlib
import enum
import importlib.util
from collections.abc import Iterator
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from dpproofs.errors import UsageError

#: Schemes of a Dask scheduler address that dpproofs accepts.
SCHEMES = ("tcp", "tls")
INSTALL_HINT = "install dpproofs[dask] (pip install 'dpproofs[dask]')"
#: Seconds to wait for an existing scheduler to answer.
CONNECT_SECONDS = 10
#: Dask settings for the workers dpproofs starts: quiet logs, and workers that may start
#: children (a daemonic process may not, and each theorem needs its own child).
DASK_CONFIG = {
    "distributed.worker.daemon": False,
    "logging.distributed": "critical",
}
_DASK_LOGGERS = ("distributed", "distributed.nanny", "distributed.worker", "distributed.scheduler")


class ExecutorKind(enum.Enum):
    """The process pool here, or Dask (a LocalCluster or an existing scheduler)."""

    PROCESS = "process"
    DASK = "dask"


@dataclass(frozen=True, slots=True)
class ExecutorSpec:
    """Which executor a run uses: ``process``, or Dask (``address`` None = a LocalCluster)."""

    kind: ExecutorKind = ExecutorKind.PROCESS
    address: str | None = None


def dask_available() -> bool:
    """Whether the ``dask`` extra (dask.distributed) is installed."""
    return importlib.util.find_spec("distributed") is not None


def executor_spec(text: str) -> ExecutorSpec:
    """The argparse ``type=`` for ``--executor``: process, dask, or tcp://host:port."""
    from urllib.parse import urlsplit

    value = text.strip()
    if value == ExecutorKind.PROCESS.value:
        return ExecutorSpec()
    if value == ExecutorKind.DASK.value:
        spec = ExecutorSpec(ExecutorKind.DASK)
    else:
        parts = urlsplit(value)
        try:
            port = parts.port
        except ValueError:
            port = None
        if parts.scheme not in SCHEMES or not parts.hostname or port is None or parts.path:
            raise argparse.ArgumentTypeError(
                f"must be 'process', 'dask' or a scheduler address like tcp://host:8786, "
                f"got {text!r}"
            )
        spec = ExecutorSpec(ExecutorKind.DASK, value)
    if not dask_available():
        raise argparse.ArgumentTypeError(f"{value!r} needs Dask: {INSTALL_HINT}")
    return spec


@contextlib.contextmanager
def open_executor(spec: ExecutorSpec, jobs: int) -> Iterator[Executor]:
    """The executor ``spec`` names, with ``jobs`` workers (a LocalCluster's size; an existing
    cluster keeps its own size); closed, with any cluster it started, on exit."""
    if spec.kind is ExecutorKind.PROCESS:
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            yield pool
        return
    with _dask_client(spec.address, jobs) as client:
        yield client.get_executor(pure=False)


@contextlib.contextmanager
def _dask_client(address: str | None, jobs: int) -> Iterator[Any]:
    if not dask_available():
        raise UsageError(f"the Dask executor needs Dask: {INSTALL_HINT}")
    import logging

    _silence_dask()
    import dask
    from distributed import Client, LocalCluster

    with dask.config.set(DASK_CONFIG), contextlib.ExitStack() as stack:
        if address is None:
            cluster = stack.enter_context(
                LocalCluster(
                    n_workers=jobs,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=logging.CRITICAL,
                )
            )
            client = stack.enter_context(Client(cluster))
            # Before the cluster closes: end the children its workers still supervise (after
            # Ctrl-C), at once rather than at their deadlines. An existing cluster may serve
            # other runs, so its children are left to their own deadlines.
            stack.callback(_stop_children, client)
        else:
            try:
                client = stack.enter_context(Client(address, timeout=CONNECT_SECONDS))
            except OSError as exc:
                raise UsageError(
                    f"--executor {address}: no Dask scheduler answered ({exc})"
                ) from exc
        yield client


def _stop_children(client: Any) -> None:
    from dpproofs.run import isolation

    with contextlib.suppress(Exception):  # a worker already gone has no children left
        client.run(isolation.stop_all)


def _silence_dask() -> None:
    """Dask logs cluster start and stop at INFO and WARNING on stderr: the library never prints."""
    import logging

    for name in _DASK_LOGGERS:
        logger = logging.getLogger(name)
        logger.setLevel(logging.CRITICAL)
        logger.propagate = False

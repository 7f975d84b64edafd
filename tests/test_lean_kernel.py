"""The classroom server's kernels: ipykernel without its debugger, widgets working.

The server starts its Python kernels from ``LEAN_KERNEL`` (``incognito_nb/app/server/application.py``)
to spare each of a class's thirty kernels ~8 MB; these tests start one the same way.
"""

from __future__ import annotations

import json

import pytest
from jupyter_client.manager import KernelManager

from incognito_nb.app.server.application import LeanKernels


def run(client, code: str) -> str:
    """Runs ``code`` in the kernel; returns what it printed."""
    printed = []
    client.execute_interactive(code, timeout=60, output_hook=lambda msg: printed.append(
        msg["content"].get("text", "") if msg["msg_type"] == "stream" else ""))
    return "".join(printed)


@pytest.fixture(scope="module")
def kernel():
    manager = KernelManager(kernel_name="python3", kernel_spec_manager=LeanKernels())
    manager.start_kernel()
    client = manager.client()
    client.start_channels()
    client.wait_for_ready(timeout=60)
    yield manager, client
    client.stop_channels()
    manager.shutdown_kernel(now=True)


def test_the_python_kernel_starts_without_its_debugger(kernel):
    manager, client = kernel
    assert manager.kernel_spec.argv[1] == "-c"
    found = json.loads(run(client, "import sys, json; print(json.dumps("
                                   "[sys.modules.get('debugpy') is not None, '_pydevd_bundle' in sys.modules]))"))
    assert found == [False, False]


def test_widgets_imported_in_the_kernel_register_with_the_kernel(kernel):
    _, client = kernel
    targets = run(client, "import ipywidgets, comm; print(sorted(comm.get_comm_manager().targets))")
    assert "jupyter.widget" in targets and "jupyter.widget.control" in targets


def test_the_working_folder_does_not_shadow_the_kernels_modules(kernel):
    _, client = kernel
    assert run(client, "import sys; print(sys.path[0] != '')").strip() == "True"

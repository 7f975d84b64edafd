"""The classroom's kernels: ipykernel, without the debugger no classroom page can use.

ipykernel imports debugpy (with its pydevd bundle) in every kernel, for JupyterLab's
visual debugger: measured 53.1 MB for a kernel that has imported ipywidgets, against
45.4 MB without it, on this project's machine (ipykernel 7.4, debugpy 1.8).  A classroom
page never debugs — standalone Voilà refuses ``debug_request`` from the browser (its
``allowed_message_types``) — and a class holds thirty kernels or more, so
``incognito-nb classroom`` starts its kernels with ``python -m incognito_nb.app.kernel``,
which hides debugpy from ipykernel (it then runs as where debugpy is not installed, a
case ipykernel supports) and starts the kernel as ``ipykernel_launcher`` does.
"""

from __future__ import annotations

import sys


def main() -> None:
    """Starts an ipykernel that does not load its debugger (arguments as ipykernel_launcher's)."""
    sys.modules["debugpy"] = None  # ``import debugpy`` raises ImportError: no debugger is set up
    if sys.path and sys.path[0] == "":
        del sys.path[0]  # as ipykernel_launcher: the working folder's modules do not shadow the kernel's
    from ipykernel import kernelapp

    kernelapp.launch_new_instance()


if __name__ == "__main__":
    main()

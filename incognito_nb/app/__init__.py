"""The application around the widgets: the dashboard a notebook displays, the launcher and
the classroom server.

``dashboard`` is imported on first use, so that a classroom page's kernel, which needs
none of the one-screen dashboard, does not load it (and every page module with it).
"""

from __future__ import annotations

from typing import Any

__all__ = ["dashboard"]


def __getattr__(name: str) -> Any:
    if name == "dashboard":
        from .dashboard import dashboard

        globals()["dashboard"] = dashboard  # the function, not the submodule of the same name
        return dashboard
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""The application around the widgets: the dashboard a notebook displays, and the launcher."""

from .dashboard import dashboard

__all__ = ["dashboard"]

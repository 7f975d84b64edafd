"""Reusable widgets: each renders from engine values and hands changes back as engine values.

A page (``incognito_nb.ui.pages``) puts them on screen; none of them knows which page
it is on, or keeps game state of its own.
"""

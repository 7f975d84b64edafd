"""The widgets players and teachers touch: drawing pads, boards, and their palette.

Everything here renders from engine values (a :class:`~incognito_nb.engine.drawing.Drawing`)
and hands changes back as engine values; no game state is kept in a widget.
"""

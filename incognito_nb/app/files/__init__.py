"""The files a game leaves: the results and vocabulary tables, each round's drawings as
pictures, and the printable poster.

- :mod:`.exports`: what is written, named and offered for download at game over;
- :mod:`.pictures`: drawings and the vocabulary chart as PNG images (Pillow);
- :mod:`.poster`: the one-page PDF poster of the game (fpdf2);
- :mod:`.fonts`: the fonts both draw their words with.

The package imports nothing when imported: Pillow and fpdf2 load only when a file is made.
"""


def projected_chart(game, lang, *, dark: bool = False) -> bytes:
    """Makes the vocabulary chart projected at the game over (a PNG, in ``lang``): the words
    the class found least, drawn for the wall, on white or (``dark``) for a page in the dark
    theme; Pillow loads only now."""
    from .exports import vocabulary_chart_png

    return vocabulary_chart_png(game, lang, projected=True, dark=dark)

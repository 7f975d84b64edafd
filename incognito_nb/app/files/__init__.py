"""The files a game leaves: the results and vocabulary tables, each round's drawings as
pictures, and the printable poster.

- :mod:`.exports`: what is written, named and offered for download at game over;
- :mod:`.pictures`: drawings and the vocabulary chart as PNG images (Pillow);
- :mod:`.poster`: the one-page PDF poster of the game (fpdf2);
- :mod:`.fonts`: the fonts both draw their words with.

The package imports nothing when imported: Pillow and fpdf2 load only when a file is made.
"""

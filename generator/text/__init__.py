"""Type: text shaped with HarfBuzz, ordered by the Unicode bidi algorithm, broken where Unicode's
line-breaking rules allow, each character set in the first face of its chain that has it.

Between the sources (the fonts read there, generator/sources/fonts.py) and the layout, which
fits what these modules measure into its boxes (generator/layout/text.py).
"""

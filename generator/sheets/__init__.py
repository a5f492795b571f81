"""Imposition: components placed on sheets with cut, score and crop marks; tiling; furniture."""

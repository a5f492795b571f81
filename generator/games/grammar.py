"""What the games' effect grammars share: the error for card text a grammar cannot read."""


class EffectError(ValueError):
    """Effect text a game's grammar does not accept; `line` and `column` count from 1
    within the text (a one-line text's line is 1)."""

    def __init__(self, message: str, line: int = 1, column: int = 1):
        super().__init__(message)
        self.line = line
        self.column = column

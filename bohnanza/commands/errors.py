"""The one error the command layer raises: :class:`ParseError`."""

from __future__ import annotations


class ParseError(Exception):
    """Command text that does not follow the command language (design.md section 4).

    It has the same three attributes as the engine's ``RuleError`` so the server can reply to
    both alike: ``code`` is always ``"parse_error"``, ``message`` says in plain words what was
    expected (for example ``"/harvest needs a field number, like /harvest 2"``), and ``rule``
    is always ``None`` (syntax is not a game rule).
    """

    code: str = "parse_error"
    rule: str | None = None

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __repr__(self) -> str:
        return f"ParseError({self.message!r})"

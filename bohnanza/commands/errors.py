"""The one error the command layer raises: :class:`ParseError`, a refusal (the engine's
``Refusal`` family, so the server answers it like a rule's refusal)."""

from __future__ import annotations

from bohnanza.engine.errors import Refusal


class ParseError(Refusal):
    """Command text that does not follow the command language (design.md section 4).

    ``code`` is always ``"parse_error"``, ``message`` says in plain words what was expected
    (for example ``"/harvest needs a field number, like /harvest 2"``; also ``str(error)``),
    and ``rule`` is always ``None`` (syntax is not a game rule).
    """

    __slots__ = ()

    def __init__(self, message: str) -> None:
        super().__init__("parse_error", message, None, message)

    def __repr__(self) -> str:
        return f"ParseError({self.message!r})"

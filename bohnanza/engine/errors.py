"""The refusal family (design.md section 2): every refused command, whichever layer refuses it.

:class:`Refusal` carries a stable ``code`` (design.md section 4, e.g. ``bean_protection``), a
``message`` in plain words, and the rules.md id in ``rule`` (``"R19"``) or ``None``. The
engine raises :class:`RuleError`; the command parser's ``ParseError`` and the server's
``CommandError`` are refusals too, so the server answers all of them in one place.
"""

from __future__ import annotations


class Refusal(Exception):
    """A refused command: nothing changed.

    ``code`` is a stable string, ``message`` says in plain words what went wrong and what would
    work, ``rule`` is the rules.md id or ``None``. ``text`` is ``str(error)`` (default
    ``"code: message"``).
    """

    __slots__ = ("code", "message", "rule")

    def __init__(
        self, code: str, message: str, rule: str | None = None, text: str | None = None
    ) -> None:
        super().__init__(f"{code}: {message}" if text is None else text)
        self.code = code
        self.message = message
        self.rule = rule


class RuleError(Refusal):
    """An action the rules do not allow now (the engine's refusal): nothing changed."""

    __slots__ = ()

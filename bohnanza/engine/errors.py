"""The engine's one error type (design.md section 2)."""

from __future__ import annotations


class RuleError(Exception):
    """A rejected action: nothing changed.

    ``code`` is a stable string (design.md section 4, e.g. ``bean_protection``), ``message``
    says in plain words what went wrong and what would work, ``rule`` is the rules.md id
    (``"R19"``) or ``None``.
    """

    __slots__ = ("code", "message", "rule")

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.rule = rule

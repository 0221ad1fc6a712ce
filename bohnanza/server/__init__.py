"""The online table: FastAPI app, rooms, wire protocol, persistence (design.md sections 6-7)."""

from .app import create_app
from .settings import Settings

__all__ = ["Settings", "create_app"]

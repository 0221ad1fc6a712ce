"""One room of the table, made of small parts (see room.py for the path of a command):
the pipeline (room.py), the table, presence, the journal, the bot driver, the log, the state
frames, the room commands, and the one place the room meets the game (game.py). Nothing in
this package imports room.py but this file: the parts take what they work on."""

from .room import Room

__all__ = ["Room"]

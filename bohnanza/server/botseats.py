"""Bot seats in a room: the bot's stand-in for a connection, the names of the policies, and the
server's own help where it knows more than the command parser (the policies, the away time).

A bot's command goes through exactly the path of a person's ``say`` (parse, engine, storage,
broadcast, log); :class:`BotActor` takes the place of the connection and keeps the reply.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

from bohnanza.bots import DEFAULT_POLICY, policy_names

HELP: dict[str, str] = {
    "addbot": (
        "/addbot [NAME] [POLICY]: before the start, seat a bot. NAME defaults to Bot 1, Bot 2, "
        "...; POLICY is how it plays: {policies} (default {default}). /addbot random seats a "
        "random bot under the next free name. A seated player may add bots; when no person "
        "sits at the table, anyone watching may (and may set the options and /start a table "
        "of bots)."
    ),
    "handover": (
        "/handover NAME|N: during a game, give the seat of a player who has been away (no "
        "connection) for at least {away} seconds to a bot, so the game goes on, e.g. /handover "
        "Bob. The player takes the seat back by coming back (reconnecting with the seat "
        "token); the bot then stops. Any other seated player may do it."
    ),
    "leave": (
        "/leave: leave your seat. Before the start the seat goes away; during a game a bot "
        "takes it over at once (NAME (bot)) and a newcomer may /join in its place. Your seat "
        "token stops working."
    ),
}


def help_for(topic: str, away_seconds: float) -> str | None:
    """The server's own help for ``topic`` (None: the command parser's help applies)."""
    text = HELP.get(topic.strip().lstrip("/").casefold())
    if text is None:
        return None
    return text.format(policies=", ".join(policy_names()), default=DEFAULT_POLICY,
                       away=f"{away_seconds:g}")


def name_key(name: str) -> str:
    """Names compare like this (case and full-width forms do not matter)."""
    return unicodedata.normalize("NFKC", " ".join(name.split())).casefold()


class BotActor:
    """Stands for a connection when a bot speaks: its seat, its name, the reply it got."""

    is_bot = True

    def __init__(self, seat: int, name: str) -> None:
        self.seat: int | None = seat
        self.name = name
        self.reply: dict[str, Any] | None = None

    def send(self, text: str) -> None:
        msg = json.loads(text)
        if msg.get("type") == "reply":
            self.reply = msg

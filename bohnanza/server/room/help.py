"""``/help``: the command language's help, and the server's own where it knows more (the bot
policies, the away time)."""

from __future__ import annotations

from bohnanza import commands as cmds
from bohnanza.bots import DEFAULT_POLICY, policy_names

from .change import CommandError

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
        "connection) for at least {away} seconds, or who is connected but has not acted for "
        "{away} seconds while the game waits for them, to a bot, so the game goes on, e.g. "
        "/handover Bob. The player takes the seat back by acting again (any command) or by "
        "coming back (reconnecting with the seat token); the bot then stops. Any other seated "
        "player may do it."
    ),
    "leave": (
        "/leave: leave your seat. Before the start the seat goes away; during a game a bot "
        "takes it over at once (NAME (bot)) and a newcomer may /join in its place. Your seat "
        "token stops working."
    ),
}


def help_text(topic: str | None, away_seconds: float) -> str:
    """The help for ``/help [topic]``. Raises :class:`CommandError` ``unknown_topic`` should
    the command language's help fail."""
    if topic is not None:
        own = HELP.get(topic.strip().lstrip("/").casefold())
        if own is not None:
            return own.format(policies=", ".join(policy_names()), default=DEFAULT_POLICY,
                              away=f"{away_seconds:g}")
    try:
        return cmds.help_text(topic)
    except Exception:
        raise CommandError("unknown_topic", f"No help for {topic!r}; try /help.") from None

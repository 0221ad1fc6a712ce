"""``/help``: the command language's help, and the server's own where it knows more (the bot
policies, the away time)."""

from __future__ import annotations

from bohnanza import commands as cmds
from bohnanza.games import HostedGame

from .change import CommandError

HELP: dict[str, dict[str, str]] = {
    "addbot": {
        "en": (
            "/addbot [NAME] [POLICY]: before the start, seat a bot. NAME defaults to Bot 1, "
            "Bot 2, ...; POLICY is how it plays: {policies} (default {default}). /addbot random "
            "seats a random bot under the next free name. A seated player may add bots; when no "
            "person sits at the table, anyone watching may (and may set the options and /start "
            "a table of bots)."
        ),
        "ja": (
            "/addbot [名前] [方針]: 開始前にボットを席に着けます。名前は省略すると ボット1、ボット2…、"
            "方針はプレイの仕方です: {policies}（既定は {default}）。/addbot random で次の空いた"
            "名前のランダムなボットを着けます。ボットを追加できるのは着席しているプレイヤーです。"
            "誰も着席していないときは観戦者でも追加でき、設定を変えてボットだけで /start "
            "することもできます。"
        ),
    },
    "handover": {
        "en": (
            "/handover NAME|N: during a game, give the seat of a player who has been away (no "
            "connection) for at least {away} seconds, or who is connected but has not acted "
            "for {away} seconds while the game waits for them, to a bot, so the game goes on, "
            "e.g. /handover Bob. The player takes the seat back by acting again (any command) "
            "or by coming back (reconnecting with the seat token); the bot then stops. Any "
            "other seated player may do it."
        ),
        "ja": (
            "/handover 名前|番号: ゲーム中、{away}秒以上接続のないプレイヤー、または接続したまま"
            "ゲームに待たれて{away}秒操作しないプレイヤーの席をボットに任せ、ゲームを続けます"
            "（例: /handover Bob）。本人が再び操作する（何かのコマンド）か、席のトークンで"
            "再接続すると席は本人に戻り、ボットは止まります。着席している他のプレイヤーなら誰でも"
            "使えます。"
        ),
    },
    "leave": {
        "en": (
            "/leave: leave your seat. Before the start the seat goes away; during a game a bot "
            "takes it over at once (NAME (bot)) and a newcomer may /join in its place. Your "
            "seat token stops working."
        ),
        "ja": (
            "/leave: 席を離れます。開始前なら席はなくなり、ゲーム中はすぐにボットが引き継ぎ"
            "（名前 (bot)）、新しく来た人が /join でその席に着けます。あなたの席のトークンは"
            "使えなくなります。"
        ),
    },
}


def help_text(host: HostedGame, topic: str | None, away_seconds: float,
              reader: str = "en") -> str:
    """The help for ``/help [topic]`` in the language ``reader``: the room's own topics, then
    the hosted game's command language, then the room commands'. Raises
    :class:`CommandError` ``unknown_topic``, naming the topics, when none knows it (issue 11,
    item 10)."""
    if topic is not None:
        own = HELP.get(topic.strip().lstrip("/").casefold())
        if own is not None:
            return own["ja" if reader == "ja" else "en"].format(
                policies=", ".join(host.policy_names()), default=host.default_policy,
                away=f"{away_seconds:g}")
    try:
        return host.help(topic, reader)  # raises for a topic that is none of its commands
    except Exception:
        pass
    key = (topic or "").strip().lstrip("/").strip().casefold()
    if key and key not in ROOM_TOPICS:
        raise CommandError("unknown_topic",
                           f"No help for {(topic or '').strip()}. Topics: "
                           f"{', '.join(topics(host))}.")
    return cmds.help_text(topic, reader)


#: the room commands, whatever the game (their help is the command language's)
ROOM_TOPICS = frozenset({"join", "leave", "start", "option", "addbot", "removebot", "handover",
                         "who", "help"})


def topics(host: HostedGame) -> list[str]:
    """Every topic ``/help TOPIC`` knows in a room of ``host``'s game."""
    return sorted({*HELP, *ROOM_TOPICS, *host.help_topics()})

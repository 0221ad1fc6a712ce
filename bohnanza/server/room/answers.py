"""The answers of ``/option`` and ``/who``: what the room says about itself, in the reader's
language (``bohnanza.commands.texts``, through ``server/lang.py``)."""

from __future__ import annotations

from bohnanza.commands.texts import word

from .. import lang
from .presence import Presence
from .table import Table


def duel_text(base: str, reader: str = "en") -> str:
    """The bean duel's version in a few words (``standard`` or ``3fields``, rules.md §3a)."""
    return lang.text(f"option.duel_short.{'3fields' if base == '3fields' else 'standard'}", reader)


def options_text(t: Table, reader: str = "en") -> str:
    """``/option``: the options as they are, the bot speed (``/option botspeed``) last; the
    values in the reader's words (``word``: the preset ``classic`` reads クラシック in
    Japanese, as ``/option rules`` answers and the board's picker says it)."""
    lo, hi = t.player_range()
    speed = word(t.bot_speed, reader)
    clock = (lang.text("word.off", reader) if t.clock is None
             else lang.text("option.clock_short", reader, seconds=f"{t.clock:g}"))
    if t.game_name != "bohnanza":
        about = t.describe()
        params = f"{about.get('params_name')} ({about.get('params_hash')})"
        return lang.text("option.show_game", reader, game=word(t.game_name, reader), lo=lo, hi=hi,
                         params=params, clock=clock, speed=speed)
    hidden = lang.text("word.on" if t.hidden_money else "word.off", reader)
    preset = word(t.preset, reader)  # "クラシック": /option rules still takes classic
    if lo > 2:  # no bean duel in these rules (rules.md §1d: rio-grande's alone; /start refuses 2)
        return lang.text("option.show", reader, preset=preset, lo=lo, hi=hi, value=hidden,
                         clock=clock, speed=speed)
    return lang.text("option.show_duel", reader, preset=preset, lo=lo, hi=hi,
                     duel=duel_text(t.duel_base, reader), value=hidden, clock=clock,
                     speed=speed)


def who_text(t: Table, presence: Presence, reader: str = "en") -> str:
    """``/who``: the seats with their marks, and how many watch; a bot's level in the
    reader's words, as the board's badge says it (``SeatInfo.level``, else its policy:
    ``greedy`` reads "easy", "かんたんボット"; ``random`` stays random); a Japanese line
    puts its marks in full-width brackets with none nested ("Cy（かんたんボット）")."""
    def say(key: str, **params: object) -> str:
        return lang.text(key, reader, **params)

    if not t.seats:
        parts = [say("who.nobody")]
    else:
        parts = []
        sep, opening, closing = ("、", "（", "）") if reader == "ja" else (", ", " (", ")")
        level = t.hosted.bot_level
        for i, s in enumerate(t.seats):
            marks = []
            if s.bot is not None and not s.human:
                marks.append(say("who.bot", policy=word(level(s.bot) or s.bot, reader)))
                if s.vacant:
                    marks.append(say("who.vacant"))
            elif s.bot is not None:
                marks.append(say("who.bot_for", policy=word(level(s.bot) or s.bot, reader)))
            elif not presence.connected(i):
                marks.append(say("who.away_handover" if s.long_away else "who.away"))
            elif s.stalling:
                marks.append(say("who.stalling"))
            elif s.idle:
                marks.append(say("who.idle"))
            if s.timeouts:
                marks.append(say("who.timeouts", n=s.timeouts) if s.timeouts > 1
                             else say("who.timeout"))
            if t.game is not None and t.running and getattr(t.game, "active", None) == i:
                marks.append(say("who.active"))
            parts.append(f"{i + 1}. {s.name}"
                         + (f"{opening}{sep.join(marks)}{closing}" if marks else ""))
    parts.append(say("who.spectators", n=presence.spectators()))
    return "\n".join(parts)

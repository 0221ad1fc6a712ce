"""Small readers of a seat's view shared by the policies, and command text builders.

Everything here reads only ``Game.view(seat)`` (docs/engine-api.md); command text comes from
:func:`bohnanza.commands.format_action`, so it always parses back to the intended action. The
text is a :class:`BotCommand`: a ``str`` like any other (the server sends and parses it as a
person's line), which also carries that action, so bot games in the engine
(:mod:`.simulate`) apply it without parsing the text again. A command is written once for
the same builder and arguments and handed out again (its action is never changed: the
engine copies what it keeps).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bohnanza.commands import format_action
from bohnanza.engine.actions import (
    Accept,
    Action,
    Buy,
    Cancel,
    CardRef,
    Discard,
    Done,
    Harvest,
    Plant,
    PostOffer,
    Provide,
    Withdraw,
)

Field = tuple[str, int] | None


class BotCommand(str):
    """Command text (``str``) with the engine action it stands for: ``action``, equal to
    ``parse(text).action`` (``format_action``'s promise, tests/bots/test_bots_fast.py)."""

    action: Action

    @classmethod
    def of(cls, action: Action) -> BotCommand:
        """The canonical text of ``action`` (``format_action``; its ``ValueError``)."""
        text = cls(format_action(action))
        text.action = action
        return text


_MADE: dict[Any, BotCommand] = {}
"""Commands already written, by builder and arguments: the same arguments give an equal
command (text and action), so it is written once (at most ``_KEEP`` of them)."""
_KEEP = 4096


def _made(key: Any, action: Callable[[], Action]) -> BotCommand:
    text = _MADE.get(key)
    if text is None:
        text = _keep(key, action())
    return text


def _keep(key: Any, action: Action) -> BotCommand:
    """The command of ``action``, kept under ``key`` (the builders look it up first)."""
    if len(_MADE) >= _KEEP:
        _MADE.clear()
    text = _MADE[key] = BotCommand.of(action)
    return text


def seat_of(view: dict[str, Any]) -> int:
    you = view["you"]
    return int(you["seat"])


def is_active(view: dict[str, Any]) -> bool:
    return bool(view["active"] == view["you"]["seat"])


def fields_of(view: dict[str, Any], seat: int) -> list[Field]:
    """A seat's fields as ``(bean, count)`` or ``None`` for an empty field."""
    return [None if f is None else (f[0], int(f[1])) for f in view["seats"][seat]["fields"]]


def own_offers(view: dict[str, Any]) -> list[dict[str, Any]]:
    me = seat_of(view)
    return [o for o in view["offers"] if o["owner"] == me]


def my_deal_duty(view: dict[str, Any]) -> dict[str, int] | None:
    """What this seat still has to provide in the pending deal, or ``None``."""
    you = view["you"]
    if you.get("waiting_for") != "provide":
        return None
    owes = you.get("deal_owes")
    return None if owes is None else dict(owes)


def card_refs(view: dict[str, Any], bean: str) -> list[CardRef]:
    """Every card of ``bean`` this seat could hand over: hand first, then face-up (R29)."""
    refs = [CardRef("h", i + 1) for i, b in enumerate(view["you"]["hand"]) if b == bean]
    if is_active(view):
        refs += [CardRef("u", i + 1) for i, b in enumerate(view["face_up"]) if b == bean]
    return refs


def holdings(view: dict[str, Any]) -> dict[str, int]:
    """Cards this seat may give now: hand, plus face-up cards when active (R29)."""
    out: dict[str, int] = {}
    for b in view["you"]["hand"]:
        out[b] = out.get(b, 0) + 1
    if is_active(view):
        for b in view["face_up"]:
            out[b] = out.get(b, 0) + 1
    return out


def types_of(view: dict[str, Any]) -> list[str]:
    return [c["bean"] for c in view["catalogue"]]


# ------------------------------------------------------------------ command text
def plant(field: int | None = None, bean: str | None = None) -> str:
    key = ("plant", field, bean)
    return _MADE.get(key) or _keep(key, Plant(field, bean))


def plant_card(index: int, field: int | None = None) -> str:
    """The duel's face-up card ``u<index>`` into ``field`` (rules.md §3a)."""
    return BotCommand.of(Plant(field, None, CardRef("u", index)))


def discard(ref: str) -> str:
    """The duel's ``/discard h3`` or ``/discard u2`` (``ref`` as the view's ``can_discard``)."""
    card = CardRef("h", int(ref[1:])) if ref[0] == "h" else CardRef("u", int(ref[1:]))
    return BotCommand.of(Discard(card))


def is_duel(view: dict[str, Any]) -> bool:
    """The 2-player bean duel (rules.md §3a): no trading, its own turn steps."""
    return bool(view.get("rules", {}).get("duel"))


def harvest(field: int) -> str:
    key = ("harvest", field)
    return _MADE.get(key) or _keep(key, Harvest(field))


def done() -> str:
    return _made("done", Done)


def buy() -> str:
    return _made("buy", Buy)


def offer(give: dict[str, int], want: dict[str, int]) -> str:
    key = ("offer", tuple(give.items()), tuple(want.items()))
    return _MADE.get(key) or _keep(key, PostOffer(dict(give), dict(want)))


def accept(offer_id: int) -> str:
    key = ("accept", offer_id)
    return _MADE.get(key) or _keep(key, Accept(offer_id))


def withdraw(offer_id: int) -> str:
    key = ("withdraw", offer_id)
    return _MADE.get(key) or _keep(key, Withdraw(offer_id))


def provide(cards: list[CardRef] | tuple[CardRef, ...]) -> str:
    return BotCommand.of(Provide(tuple(cards)))


def cancel() -> str:
    return _made("cancel", Cancel)


class CoinLedger:
    """A bot's own coin count under ``hidden_money``, kept from its own commands (R42).

    With hidden money the view shows no coin total, not even one's own, and the ``can_buy``
    hint does not look at the coins. A bot therefore counts what its own harvests paid (the
    ``harvest_now`` of the field it harvested) minus what its purchases cost. A bot that takes
    over a seat mid-game starts at 0, so it never tries a purchase it cannot afford.
    """

    def __init__(self) -> None:
        self.coins = 0

    def can_buy(self, view: dict[str, Any]) -> bool:
        you = view["you"]
        if not view["options"].get("hidden_money"):
            return bool(you["can_buy"])
        cost = view.get("third_field_cost")
        return bool(you["can_buy"]) and cost is not None and self.coins >= int(cost)

    def note(self, view: dict[str, Any], text: str | None) -> None:
        """Record the effect of ``text``, the command this bot sends from ``view``."""
        if text is None or view.get("you") is None:
            return
        if text.startswith("/harvest "):
            field = int(text.split()[1])
            info = view["seats"][seat_of(view)]["field_info"][field - 1]
            if info is not None:
                self.coins += int(info["harvest_now"])
        elif text == "/buy":
            self.coins -= int(view.get("third_field_cost") or 0)

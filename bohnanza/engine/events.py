"""Game-log events, phrased per viewer (design.md section 2).

An ``Event`` carries public facts in ``data`` and, optionally, facts only ``seat`` may see in
``secret`` (the cards that seat drew). ``for_viewer`` builds the whitelisted dict for one viewer.
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import itemgetter
from typing import Any, SupportsIndex


def _cards(cards: list[str]) -> str:
    return ", ".join(cards) if cards else "nothing"


def _side(side: Any) -> str:
    if side == "?":
        return "?"
    if not side:
        return "nothing"
    return ", ".join(f"{n} {b}" if n > 1 else b for b, n in side.items())


FIELDS: dict[str, tuple[str, ...]] = {
    "plant": ("bean", "field"),
    "harvest": ("bean", "count", "field", "coins", "final"),
    "buy": ("cost", "paid_to"),
    "discard": ("bean", "from"),
    "pull": ("cards",),
    "leave": ("cards", "to"),
    "reveal": ("cards",),
    "draw": ("count",),
    "reshuffle": ("count",),
    "exhaustion": ("exhaustions", "limit"),
    "phase": ("phase", "not_taken"),
    "turn": (),
    "offer": ("id", "give", "want", "to_active", "to"),
    "withdraw": ("id",),
    "offer_stale": ("id", "why"),
    "deal_start": ("offer", "other", "gift"),
    "provide": ("offer",),
    "deal_cancel": ("offer",),
    "deal_done": ("offer", "other", "active_gave", "other_gave", "answers"),
    "pass": ("not_taken",),
    "game_over": ("winners", "scores", "best"),
}
"""The public fields of each kind, in order. A rule module logs an event by appending its
record ``(kind, seat, values, secret)`` to ``GameState.events``: ``values`` hold the fields in
this order (a ``None`` value is a field left out: ``coins`` under ``hidden_money``, ``final``
outside the final harvest, ``why`` of an ``offer_stale`` whose owner no longer holds its cards), ``secret`` what only ``seat`` may see (or ``None``). One plain tuple
and one call of the list's own ``append`` (issue 14): no dict, no text, no ``Event`` until read
(:class:`EventLog`)."""


class Event(tuple[str, "int | None", "tuple[Any, ...] | dict[str, Any]",
                  "dict[str, Any] | None"]):
    """One log entry, an immutable record. ``kind`` is one of the kinds listed in
    docs/engine-api.md; ``seat`` the seat it is about (or ``None``); ``data`` its public
    fields; ``secret`` the fields only ``seat`` may see (or ``None``).

    Recording is cheap: the rule modules store one tuple holding the field values
    (:data:`FIELDS` names them); the ``data`` dict is built when read and the sentence only
    for a viewer's form (:meth:`for_viewer`). ``Event(kind, seat, data, secret)`` takes the
    fields as a dict."""

    __slots__ = ()

    def __new__(cls, kind: str, seat: int | None = None, data: dict[str, Any] | None = None,
                secret: dict[str, Any] | None = None) -> Event:
        return tuple.__new__(cls, (kind, seat, {} if data is None else data, secret))

    kind: str = property(itemgetter(0))  # type: ignore[assignment]
    seat: int | None = property(itemgetter(1))  # type: ignore[assignment]
    secret: dict[str, Any] | None = property(itemgetter(3))  # type: ignore[assignment]

    @property
    def data(self) -> dict[str, Any]:
        """The public fields (a new dict on each read)."""
        values = self[2]
        if isinstance(values, dict):
            return dict(values)
        return {k: v for k, v in zip(FIELDS[self[0]], values, strict=True) if v is not None}

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.seat!r}, {self.data!r})"

    def __getnewargs__(self) -> tuple[Any, ...]:
        """For ``copy`` and ``pickle``: the arguments of ``Event(...)``."""
        return (self[0], self[1], self.data, self[3])

    def for_viewer(self, viewer: int | None, names: list[str] | None = None,
                   text: bool = True) -> dict[str, Any]:
        """``{"kind", "seat", ...public data, "text"}``; secret details only for ``seat``.
        ``text=False``: without the engine's sentence (a caller that phrases the form
        itself, as the server's log does: ``commands.logtext``)."""
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat}
        out.update(self.data)
        own = viewer is not None and viewer == self.seat
        if own and self.secret:
            out.update(self.secret)
        if text:
            out["text"] = self._text(own, names)
        return out

    def _name(self, seat: int | None, names: list[str] | None) -> str:
        if seat is None:
            return ""
        if names and 0 <= seat < len(names):
            return names[seat]
        return f"P{seat}"

    def _text(self, own: bool, names: list[str] | None) -> str:
        d = self.data
        who = self._name(self.seat, names)
        k = self.kind
        if k == "plant":
            return f"{who} planted {d['bean']} in field {d['field']}"
        if k == "harvest":
            line = f"{who} harvested {d['count']} {d['bean']} from field {d['field']}"
            if "coins" not in d:  # hidden_money (R42)
                return line
            return f"{line} for {d['coins']} coin{'s' if d['coins'] != 1 else ''}"
        if k == "buy":
            if d.get("paid_to") == "removed":
                return f"{who} bought a third field; its {d['cost']} coins left the game"
            return f"{who} bought a third field"
        if k == "discard":
            where = "an offer card" if d["from"] == "offer" else "a hand card"
            card = f" ({self.secret['card']})" if own and self.secret else ""
            return f"{who} discarded {where}: {d['bean']}{card}"
        if k == "pull":
            return f"{_cards(d['cards'])} joined them from the discard pile"
        if k == "leave":
            return f"{who} left {_cards(d['cards'])} as {self._name(d['to'], names)}'s offer"
        if k == "reveal":
            return f"turned up {_cards(d['cards'])}"
        if k == "draw":
            if own and self.secret:
                return f"you drew {_cards(self.secret['cards'])}"
            return f"{who} drew {d['count']} card{'s' if d['count'] != 1 else ''}"
        if k == "reshuffle":
            return f"the discard pile ({d['count']} cards) was shuffled into a new draw pile"
        if k == "exhaustion":
            return f"the draw pile ran out ({d['exhaustions']} of {d['limit']})"
        if k == "phase":
            return f"phase: {d['phase']}"
        if k == "turn":
            return f"{who}'s turn"
        if k == "offer":
            return f"{who} offers {_side(d['give'])} for {_side(d['want'])} (offer {d['id']})"
        if k == "withdraw":
            return f"{who} withdrew offer {d['id']}"
        if k == "offer_stale":
            if d.get("why") == "gift_request":   # C12: the gift it answered is gone
                return (f"offer {d['id']} left the market: the gift {who} answered is gone, "
                        "and asking for a gift is not allowed here")
            return f"offer {d['id']} left the market: {who} no longer holds what it gives"
        if k == "deal_start":
            other = self._name(d["other"], names)
            return f"{who} accepted offer {d['offer']}: a deal with {other}"
        if k == "provide":
            return f"{who} provided the cards for the deal"
        if k == "deal_cancel":
            return f"{who} called off the deal on offer {d['offer']}"
        if k == "deal_done":
            other = self._name(d["other"], names)
            return (f"deal done: {who} gave {_cards(d['active_gave'])}, {other} gave "
                    f"{_cards(d['other_gave'])}")
        if k == "pass":
            return f"{who} is not interested"
        if k == "game_over":
            winners = ", ".join(self._name(s, names) for s in d["winners"])
            return f"game over: {winners} won with {d['best']} coins"
        return k


_new_event = tuple.__new__
_list_iter = list.__iter__
_list_get = list.__getitem__
_list_set = list.__setitem__


class EventLog(list[Event]):
    """The events of one action, as ``Game.apply`` returns them: a ``list`` of :class:`Event`.

    The rule modules append each event as its plain record ``(kind, seat, values,
    secret)``, the tuple an ``Event`` holds (:data:`FIELDS`); the first read of the list (iterating, an index
    or a slice, ``reversed``, ``pop``, ``copy``, ``sort``, ``+``, ``*``, ``repr``, copy and
    pickle, which iterate) turns the records into ``Event`` objects in place. An action whose
    events nobody reads (a bot's game, a benchmark) never builds them: building the tuple
    subclass cost about four times the plain record (issue 14). Comparisons, ``in``,
    ``index`` and ``count`` need no building: an ``Event`` equals its record."""

    __slots__ = ()

    def _build(self) -> None:
        """Turn the records still plain into ``Event`` objects, in place."""
        if tuple in map(type, _list_iter(self)):
            for i, r in enumerate(_list_iter(self)):
                if type(r) is tuple:
                    _list_set(self, i, _new_event(Event, r))

    def __iter__(self) -> Iterator[Event]:
        self._build()
        return _list_iter(self)

    def __getitem__(self, i: Any) -> Any:
        self._build()
        return _list_get(self, i)

    def __reversed__(self) -> Iterator[Event]:
        self._build()
        return list.__reversed__(self)

    def pop(self, i: SupportsIndex = -1) -> Event:
        self._build()
        return list.pop(self, i)

    def copy(self) -> list[Event]:
        self._build()
        return list.copy(self)

    def sort(self, *args: Any, **kwargs: Any) -> None:
        self._build()
        list.sort(self, *args, **kwargs)

    def __add__(self, other: Any) -> Any:
        self._build()
        return list.__add__(self, other)

    def __radd__(self, other: Any) -> Any:
        self._build()
        return list(other) + list.copy(self)

    def __mul__(self, n: SupportsIndex) -> list[Event]:
        self._build()
        return list.__mul__(self, n)

    __rmul__ = __mul__

    def __repr__(self) -> str:
        self._build()
        return list.__repr__(self)

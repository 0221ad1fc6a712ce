"""Game-log events of the farm game, phrased per viewer.

An ``Event`` carries public facts in ``data`` and facts only its ``seat`` may see in
``secret`` (the cards that seat took or planted face down). What counts as public follows the
parameter set's ``[info]`` (G31): the engine puts a fact into ``secret`` when its kind is not
public (a cost gained when ``cost`` is not public, the piles taken from when ``pile_taken`` is
not). ``for_viewer`` builds the whitelisted dict for one viewer.

Kinds: ``schedule``, ``turn``, ``rescue``, ``draw``, ``reshuffle``, ``transform``, ``plant``,
``synth``, ``declare``, ``harvest``, ``ship``, ``upgrade``, ``enter``, ``adjust``,
``contest``, ``discard_field``, ``game_over``.
"""

from __future__ import annotations

from typing import Any

from bohnanza.engine.events import Event as _BaseEvent


def _cards(cards: list[str]) -> str:
    return ", ".join(cards) if cards else "nothing"


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _list(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


TIEBREAK = {"cost": "tied on VP, the most cost left decided",
            "earned": "tied on VP, the most cost earned decided",
            "shared": "tied on VP and on the tie-break, the win is shared"}
"""G30's tie-break (``game.end_tiebreak``) in the end line: in words, never its rule id."""


def sentence(kind: str, seat: int | None, d: dict[str, Any], viewer: int | None,
             names: list[str] | None) -> str:
    """The English line of one event as ``viewer`` reads it (None: a watcher), from the fields
    of that viewer's form (``d``: the public ones, and the secret ones in the seat's own form,
    G31): a sentence, capital first and a full stop last; the reader's own seat is "you"
    wherever a seat is named (its own actions, the harvest order, contest rows, winners), as
    the Bohnanza log names the reader's draw "You drew" (trial farm17: "you shipped…" beside
    "Ann entered…" in Ann's own log, lower case and no full stop). No rule ids: players do not
    know them (G23's rescue draw and G30's tie-break in words)."""

    def name(s: int | None) -> str:
        if s is None:
            return ""
        if viewer is not None and s == viewer:
            return "you"
        if names and 0 <= s < len(names):
            return names[s]
        return f"P{s}"

    own = viewer is not None and seat == viewer
    who = name(seat)
    line = _line(kind, d, own, who, name)
    line = line[:1].upper() + line[1:]
    return line if line.endswith((".", "!", "?")) else line + "."


def _line(k: str, d: dict[str, Any], own: bool, who: str, name: Any) -> str:
    if k == "schedule":
        parts = [f"turn {c['turn']}: {c['category']} / {c['evaluation']}"
                 for c in d["contests"]]
        return (f"cycle {d['cycle']} contests (level {d['level']}): "
                + ("; ".join(parts) or "none"))
    if k == "turn":
        return f"cycle {d['cycle']}, turn {d['turn']}: preparation"
    if k == "rescue":   # G23
        has = "have" if own else "has"
        return (f"{who} {has} no cards in hand and no bases, and may take "
                f"{_n(d['count'], 'rescue card')}")
    if k == "draw":
        got = f": {_cards(d['cards'])}" if "cards" in d else ""
        where = f" from {', '.join(d['piles'])}" if "piles" in d else ""
        return f"{who} took {_n(d['count'], 'card')}{where}{got}"
    if k == "reshuffle":
        return f"the discards of {d['pile']} ({_n(d['count'], 'card')}) became a new pile"
    if k == "transform":
        got = f" ({_cards(d['cards'])})" if "cards" in d else ""
        where = f" from {', '.join(d['piles'])}" if "piles" in d else ""
        return (f"{who} transformed {_cards(d['gave'])} into "
                f"{_n(d['count'], 'card')}{where}{got}")
    if k == "plant":
        what = f" {d['card']}" if "card" in d else " a base"
        synth = (f" with {_cards(d['synth'])}" if "synth" in d
                 else f" with {_n(d['synth_count'], 'synthesis card')}"
                 if d.get("synth_count") else "")
        return f"{who} planted{what} in slot {d['slot']}{synth}"
    if k == "synth":
        what = (_cards(d["cards"]) if "cards" in d else _n(d["count"], "synthesis card")
                if "count" in d else "synthesis cards")   # the count hidden (G31)
        return f"{who} laid {what} on the base in slot {d['slot']}"
    if k == "declare":
        if d.get("forced"):
            how = "are done at once and take" if own else "is done at once and takes"
        else:
            how = "declared the end, taking"
        return f"{who} {how} turn-order card {d['card']}"
    if k == "harvest":
        order = ", ".join(name(s) for s in d["order"])
        return f"harvest phase, in this order: {order}"
    if k == "ship":
        gain = f" for {d['gain']} cost" if "gain" in d else ""
        return f"{who} shipped {_cards(d['cards'])} from slot {d['slot']}{gain}"
    if k == "upgrade":
        paid = f" for {d['price']} cost" if "price" in d else ""
        if "facility" not in d:  # grades not public (G31)
            return f"{who} upgraded a facility{paid}"
        return f"{who} upgraded the {d['facility'].replace('_', ' ')} to grade {d['grade']}{paid}"
    if k == "enter":
        if "card" not in d:   # entries not public (G31): shown at the contest (F33)
            return f"{who} entered a vegetable"
        count = (f", {_n(d['synth_count'], 'synthesis card')} face down"
                 if "synth_count" in d else "")
        return f"{who} entered {d['card']} (slot {d['slot']}{count})"
    if k == "adjust":
        return f"{who} discarded {_cards(d['cards'])} and ended the harvest turn"
    if k == "contest":
        head = f"contest {d['category']} / {d['evaluation']} (level {d['level']})"
        if not d["entries"]:
            return f"{head}: no entries"
        rows = []
        for e in d["entries"]:
            place = f"place {e['place']}, +{e['vp']} VP" if e["place"] else "no place"
            whose = name(e["seat"])
            whose = "your" if whose == "you" else f"{whose}'s"
            rows.append(f"{whose} {e['card']} scored {e['score']} ({place})")
        return f"{head}: " + "; ".join(rows)
    if k == "discard_field":
        whose = "your" if own else f"{who}'s"
        return f"{whose} unused bases were discarded: {_cards(d['cards'])}"
    if k == "game_over":
        won = [name(s) for s in d["winners"]]
        winners = _list(sorted(won, key=lambda w: w != "you"))   # "you and Ann"
        tb = d.get("tiebreak")
        how = f" ({TIEBREAK.get(tb, tb)})" if tb else ""
        used = (f"; parameters {d['params_name']} {d['params_hash']}"
                if d.get("params_hash") else "")
        return f"game over: {winners} won with {d['best']} VP{how}{used}"
    return k


class Event(_BaseEvent):
    """One log entry (module docstring): the Bohnanza ``Event`` (``kind``, ``seat``, ``data``,
    ``secret``, ``for_viewer(viewer, names)``) with the farm game's sentences
    (:func:`sentence`, phrased for the viewer)."""

    __slots__ = ()

    def for_viewer(self, viewer: int | None, names: list[str] | None = None,
                   text: bool = True) -> dict[str, Any]:
        """The base's form for ``viewer``, its ``text`` phrased for that viewer (their own
        seat "you" wherever it is named, :func:`sentence`)."""
        out = super().for_viewer(viewer, names, text=False)
        if text:
            d = {k: v for k, v in out.items() if k not in ("kind", "seat")}
            out["text"] = sentence(self.kind, self.seat, d, viewer, names)
        return out

    def _text(self, own: bool, names: list[str] | None) -> str:
        d = {**self.data, **(self.secret or {})} if own else self.data
        return sentence(self.kind, self.seat, d, self.seat if own else None, names)

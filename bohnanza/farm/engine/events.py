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

from bohnanza.engine.events import Event as _BaseEvent


def _cards(cards: list[str]) -> str:
    return ", ".join(cards) if cards else "nothing"


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


class Event(_BaseEvent):
    """One log entry (module docstring): the Bohnanza ``Event`` (``kind``, ``seat``, ``data``,
    ``secret``, ``for_viewer(viewer, names)``) with the farm game's sentences."""

    __slots__ = ()

    def _text(self, own: bool, names: list[str] | None) -> str:
        d = {**self.data, **(self.secret or {})} if own else self.data
        who = "you" if own else self._name(self.seat, names)
        k = self.kind
        if k == "schedule":
            parts = [f"turn {c['turn']}: {c['category']} / {c['evaluation']}"
                     for c in d["contests"]]
            return (f"cycle {d['cycle']} contests (level {d['level']}): "
                    + ("; ".join(parts) or "none"))
        if k == "turn":
            return f"cycle {d['cycle']}, turn {d['turn']}: preparation"
        if k == "rescue":
            return f"{who} may take {_n(d['count'], 'rescue card')} (G23)"
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
            what = _cards(d["cards"]) if "cards" in d else _n(d["count"], "synthesis card")
            return f"{who} laid {what} on the base in slot {d['slot']}"
        if k == "declare":
            how = "is done at once and takes" if d.get("forced") else "declared the end, taking"
            return f"{who} {how} turn-order card {d['card']}"
        if k == "harvest":
            order = ", ".join(self._name(s, names) for s in d["order"])
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
            return (f"{who} entered {d['card']} (slot {d['slot']}, "
                    f"{_n(d['synth_count'], 'synthesis card')} face down)")
        if k == "adjust":
            return f"{who} discarded {_cards(d['cards'])} and ended the harvest turn"
        if k == "contest":
            head = f"contest {d['category']} / {d['evaluation']} (level {d['level']})"
            if not d["entries"]:
                return f"{head}: no entries"
            rows = []
            for e in d["entries"]:
                place = f"place {e['place']}, +{e['vp']} VP" if e["place"] else "no place"
                rows.append(f"{self._name(e['seat'], names)} {e['card']} scored "
                            f"{e['score']} ({place})")
            return f"{head}: " + "; ".join(rows)
        if k == "discard_field":
            return f"{who}'s unused bases were discarded: {_cards(d['cards'])}"
        if k == "game_over":
            winners = ", ".join(self._name(s, names) for s in d["winners"])
            tb = f" (tie-break: {d['tiebreak']})" if d.get("tiebreak") else ""
            used = (f", parameters {d['params_name']} {d['params_hash']}"
                    if d.get("params_hash") else "")
            return f"game over: {winners} won with {d['best']} VP{tb}{used}"
        return k

"""The ``state`` frame each connection gets after every change: the game view of its seat and
the room part (:class:`~bohnanza.server.protocol.RoomInfo`), with the change's log lines as its
seat reads them. The views of one change are built together and their shared parts serialised
once (``server/frames.py``).

A connection that said ``hello`` with ``deltas: true`` gets a full ``state`` first, then a
``patch`` per change: the JSON Patch (RFC 6902, ``server/delta.py``) from the state it holds
to the new one. The room keeps one copy of the last state it sent to such connections
(:class:`Snapshot`: the view part every seat shares, each seat's own part, the room part),
brought up to date by the diff itself; the shared part's operations are made once per change
for every connection. What never changes during a game (the catalogue, the rules, the
options) is thus sent once, in the first state."""

from __future__ import annotations

from typing import Any

from bohnanza.engine.view import SKIPPED, You, YouMarket, YouSignals

from .. import delta, frames
from .roompart import NOW, RoomMemo, RoomPart, cut_now, diff_rows, part_of, room_part, room_text
from .stateframes import diff_keys, state_frames

__all__ = ["UNCHANGING", "RoomPart", "Snapshot", "diff_keys", "room_part", "state_frames"]


# the parts of a Bohnanza view that never change during a game: not even compared while the
# same game runs (they went out in the game's first state)
UNCHANGING = {"bohnanza": frozenset({"preset", "options", "passes_limit", "third_field_cost",
                                      "rules", "catalogue"})}


class Snapshot:
    """What the delta connections of a room were last sent, at ``version``, kept as JSON text
    per key (``delta.texts_of``): ``base`` the view part all seats share (``None``: no game;
    its ``seats`` kept apart, entry by entry, in ``seats``),
    ``own`` each seat's own part (only the seats that were sent one at ``version``), ``room``
    the room part without ``you``; ``stamp`` whether the game was asked what changed
    (``HostedGame.view_changes``) when the copy was brought to ``version``: the next answer
    then tells what changed since. A delta connection holds ``(version, seat)`` of the state
    it got."""

    __slots__ = ("base", "dealt", "game", "market", "memo", "now_set", "offers", "own",
                 "quiet", "room", "room_at", "room_key", "room_memo", "room_text", "seats",
                 "stamp", "version")

    def __init__(self) -> None:
        self.version = -1
        self.game: tuple[str, int] | None = None  # (hosted game, game_no) of ``base``
        self.base: delta.Texts | None = None  # but ``seats``:
        self.seats: delta.Texts = {}  # its entries under their index ("0", "1", ...)
        # its ``offers`` entry by entry (their value in ``base``: a stand-in, never read)
        self.offers: delta.EntryList | None = None
        self.own: dict[int | None, delta.Texts | None] = {}
        # the length of the market part's JSON at the end of each seat's ``you`` text
        # (``engine.view.You``): a new market part alone replaces it (:meth:`_diff_you`)
        self.market: dict[int | None, int] = {}
        # each seat's market part in its ``you`` text and that part's JSON: the host gives
        # the same object again when its inputs are the same (``memo``), its text is reused
        self.dealt: dict[int | None, tuple[Any, str]] = {}
        # what the host keeps for the views of ``game`` (``HostedGame.view_parts``' memo)
        self.memo: dict[str, Any] = {}
        self.room: delta.Texts = {}
        self.room_text = ""  # the JSON of the room part but ``now``: most changes keep it
        self.room_key: tuple[Any, ...] | None = None  # its RoomPart.key (None: not known)
        # the key ``room`` and ``room_text`` were made from, when only some seats' rows were
        # diffed since (``_diff_room``); None: they are the copy's
        self.room_at: tuple[Any, ...] | None = None
        self.room_memo = RoomMemo()  # what the room part reads of the hosted game
        self.stamp = False
        # what the last :meth:`update` said of the room's clock: whether its operations set
        # ``/room/now``, and how many texts a seat's operations hold when they set nothing
        # else (0: nothing moved at all; 1: the shared text is ``now``'s alone; -1: the
        # shared operations set more): :meth:`news` reads it
        self.now_set = False
        self.quiet = 0

    def news(self, ops: list[str]) -> bool:
        """Whether ``ops`` (a seat's operations from the last :meth:`update`) set anything
        but the room part's ``now`` (the server's clock reading): a seat with no news gets
        no frame (``stateframes``)."""
        return len(ops) != self.quiet

    def patches(self, version: int, has_game: bool) -> bool:
        """Whether :meth:`update` to ``version`` gives patches (else every connection is
        sent its state whole): the copy holds an older state, with a game or without one as
        the new state."""
        return 0 <= self.version != version and (self.base is None) != has_game

    def changes(self, game_key: tuple[str, int] | None, told: Any) -> Any:
        """What may differ in the views since the copy's version: ``told`` (the game's
        ``view_changes`` asked now) when the copy was asked too at its version, in the same
        game; else None (anything)."""
        if not self.stamp or game_key is None or game_key != self.game:
            return None
        return told

    def update(self, version: int, base: dict[str, Any] | None, own: dict[Any, Any],
               room: dict[str, Any] | RoomPart, seats: list[int | None],
               game: tuple[str, int] | None = None, stamp: Any = None,
               changes: Any = None) -> dict[int | None, list[str]]:
        """Bring the copy to ``version`` (``base``, ``own`` as ``view_parts`` gives them,
        ``room`` from :func:`room_part` or a :class:`RoomPart`), keeping the own parts of
        ``seats``; the operations (JSON text) from the copy's old version for each of
        ``seats`` it held then: a list of texts to join with ``,`` (its first, the
        operations every seat shares, already joined so: made once; read only: seats may
        share one list); :meth:`news` says whether a seat's set more than ``now``,
        :attr:`now_set` whether they set ``now`` (the same for every seat). ``game``:
        (hosted game, game number) of the views; while it stays the same, what
        ``UNCHANGING`` names for that game is not compared. ``stamp``: whether the game was
        asked what changed (``view_changes``) for this state; ``changes``: what may differ
        since the copy's version (the answer, by :meth:`changes`: the parts that cannot have
        changed are not compared and need not be built, nor the own parts of the seats not
        in its ``seen``; a seat new to the copy needs its own part whole)."""
        if version == self.version:  # the same state once more (a connection's first)
            for s in seats:
                if s not in self.own:
                    self.own[s] = None if base is None else self._own_texts(s, own[s])
            return {}
        out: dict[int | None, list[str]] = {}
        self.now_set = False
        self.quiet = 0
        if self.patches(version, base is not None):
            common: list[str] = []
            if self.base is not None and base is not None and changes is not None \
                    and changes.base and changes.keys:
                # the keys that may differ alone, in the order of the view's keys
                offers = self.offers if "offers" in changes.keys else None
                diff_keys(self.base, base, changes.keys, common, offers)
                if offers is not None and "offers" not in self.base:
                    self.offers = None
                if "seats" in changes.keys:
                    self._diff_seats(base["seats"], common)
            elif self.base is not None and base is not None and (changes is None
                                                                  or changes.base):
                same = (UNCHANGING.get(game[0], frozenset())
                        if game is not None and game == self.game else frozenset())
                if changes is not None:
                    same = same | changes.same
                offers = self.offers if "offers" not in same else None
                delta.diff_texts(self.base, base, "/view", common,
                                 same | (_SEATS if offers is None else _SEATS_OFFERS),
                                 entries=offers)
                if offers is not None and "offers" not in self.base:
                    self.offers = None
                if "seats" not in same:
                    self._diff_seats(base["seats"], common)
            was = self.room.get("now")  # a new (value, SCALAR) when it moves
            self._diff_room(room, common)
            self.now_set = self.room.get("now") is not was
            self.quiet = -1 if len(common) > self.now_set else len(common)
            own_same = _SIGNALS if changes is not None and not changes.signals else frozenset()
            kept: dict[int | None, delta.Texts | None] = {}
            memo: delta.Memo = {}  # the markers most seats share: diffed once
            shared = [",".join(common)] if common else []  # joined once for every seat
            had = self.own
            for s in seats:
                mine = had.get(s, _ABSENT)
                if mine is _ABSENT:  # new to the copy: its own part whole, no operations
                    kept[s] = None if base is None else self._own_texts(s, own[s])
                    continue
                kept[s] = mine
                part = own.get(s) if mine is not None and base is not None else None
                if part is None or part["you"] is SKIPPED and part.get("signals") is SKIPPED:
                    out[s] = shared  # none built (Changes.seen) or nothing of its own moved
                    continue  # (read only: one list for those seats)
                you = part["you"]
                ops = shared[:]  # markers unbuilt: did not move (farm: none)
                skip = _SIGNALS if part.get("signals") is SKIPPED else own_same
                if type(you) in _YOUS:
                    skip = _OWN if skip else _YOU  # (skip | _YOU, made once)
                    self._diff_you(s, mine, you, ops)
                elif changes is not None and changes.you is not None \
                        and s not in changes.you:
                    skip = _OWN if skip else _YOU
                if len(skip) < 2:
                    delta.diff_texts(mine, part, "/view", ops, skip, memo, _OWN)
                out[s] = ops
            self.own = kept
        else:  # the first state, or a game begins or ends: everyone gets it whole
            self.base = None if base is None else delta.texts_of(base)
            self.seats = {}
            self.offers = None
            if self.base is not None:
                del self.base["seats"]
                self.seats = _seat_texts(base["seats"])  # type: ignore[index]
                offers = base.get("offers")  # type: ignore[union-attr] # (farm: none)
                if type(offers) is list:
                    self.offers = delta.EntryList("offers", offers)
                    self.base["offers"] = _STAND_IN
            self.room_key = (room.key_with(self.room_memo) if isinstance(room, RoomPart)
                             else None)
            part = _plain(room)
            self.room = delta.texts_of(part)
            self.room_text = room_text(part)
            self.room_at = None
            self.own = {s: None if base is None else self._own_texts(s, own[s]) for s in seats}
        self.version = version
        self.game = game
        self.stamp = bool(stamp)
        return out

    def memo_for(self, game: tuple[str, int] | None) -> dict[str, Any] | None:
        """The host's memo for the views of ``game`` ((hosted game, game number); a new one
        when the game is not the copy's: a memo is never carried from one game to the
        next), or ``None`` without a game."""
        if game is None:
            return None
        if game != self.game:
            self.memo = {}
            self.dealt = {}
        return self.memo


    def _own_texts(self, seat: int | None, part: dict[str, Any]) -> delta.Texts:
        """A seat's own part as the copy keeps it (``delta.texts_of``), with the length of
        its ``you``'s market part (:class:`~bohnanza.engine.view.You`)."""
        texts = delta.texts_of(part)
        you = part.get("you")
        if type(you) is You:
            self.market[seat] = len(self._dealt_text(seat, you.market))
        return texts

    def _dealt_text(self, seat: int | None, part: Any) -> str:
        """The JSON of a seat's market part: that of the last one when ``part`` is the same
        object (the host's memo gave it again; parts are read-only)."""
        was = self.dealt.get(seat)
        if was is not None and was[0] is part:
            return was[1]
        text = frames.dumps(part)
        self.dealt[seat] = (part, text)
        return text

    def _diff_you(self, seat: int | None, mine: delta.Texts, you: Any,
                  out: list[str]) -> None:
        """The operation of a seat's ``you`` (replaced whole when its text changed,
        ``_OWN``): a :class:`You` is serialised part by part (its text is the cards
        part's, then the market part's keys), a :class:`YouMarket` takes the place of the
        market part at the end of the text kept (the cards part stands); the very part
        that text ends with (given again by the host's memo) changes nothing; a
        :class:`YouSignals` takes the place of the cards part's ``signals`` (the first
        ``"signals":`` of the text: the keys and beans before it hold none; its value,
        ``{"want":[...],"have":[...]}``, ends at the first ``}``)."""
        was = mine.get("you")
        if type(you) is YouSignals:
            assert was is not None and was[1] == -1 and seat in self.market, \
                "markers alone need the whole you before them"
            kept = was[0]
            i = kept.index(_MARKERS) + len(_MARKERS)
            text = kept[:i] + frames.dumps(you["signals"]) + kept[kept.index("}", i) + 1:]
            if text != kept:
                mine["you"] = (text, -1)
                out.append(delta.operation("replace", "/view/you", text))
            return
        if type(you) is You:
            cards = frames.dumps(you.cards)
            dealt = self._dealt_text(seat, you.market)
            text = cards[:-1] + "," + dealt[1:]
        else:
            assert was is not None and was[1] == -1 and seat in self.market, \
                "a market part alone needs the whole you before it"
            last = self.dealt.get(seat)
            if last is not None and last[0] is you:  # the part the text ends with: no change
                return
            dealt = self._dealt_text(seat, you)
            kept = was[0]
            text = kept[:len(kept) - self.market[seat] + 1] + dealt[1:]
        self.market[seat] = len(dealt)
        if was is not None and was[0] == text and was[1] == -1:
            return
        mine["you"] = (text, -1)
        out.append(delta.operation("replace" if was is not None else "add", "/view/you",
                                   text))

    def _diff_seats(self, seats: Any, out: list[str]) -> None:
        """The operations of the shared ``seats``, kept seat by seat: ``seats`` is the
        list, or ``{seat: entry}`` for the seats whose entry may have changed (``Changes``
        ``seats``); a list of another length is replaced whole, and so is an entry whose
        text changed (its old text is not parsed back and walked: about 0.03 M
        instructions per command, for about 0.4 KB more per command to a room of 5)."""
        kept = self.seats
        if type(seats) is list:
            if len(seats) != len(kept):
                out.append(delta.operation("replace", "/view/seats", frames.dumps(seats)))
                self.seats = _seat_texts(seats)
                return
            seats = dict(enumerate(seats))
        for i, entry in seats.items():
            k = str(i)
            text = frames.dumps(entry)
            if kept[k][0] != text:
                kept[k] = (text, -1)
                out.append(delta.operation("replace", f"/view/seats/{k}", text))

    def _diff_room(self, room: dict[str, Any] | RoomPart, out: list[str]) -> None:
        """The room part's operations. A :class:`RoomPart` whose key is the copy's differs
        in ``now`` alone (nothing built nor serialised); one whose key differs from the
        copy's in some seats' rows alone (a seat's turn clock, its idle mark...: most
        changes of the room part) has those seats' entries diffed alone, each made from its
        row of both keys (``walk``: the operations of ``diff_texts``, which would walk the
        old ``seats`` parsed back; JSON values, equal once read back), the texts kept left
        as they were until a change needs them (:meth:`_room_texts`); else its JSON but
        ``now`` is compared whole first (the room changes far less often than the game);
        when only ``now`` moved, its one operation."""
        if isinstance(room, RoomPart):
            key = room.key_with(self.room_memo)
            was = self.room_key
            if key == was:
                self._diff_now(room.now, frames.dumps(room.now), out)
                return
            if was is not None and diff_rows(was, key, out):  # some seats' rows alone
                if self.room_at is None:
                    self.room_at = was  # the texts are those of this key (and ``now``)
                self.room_key = key
                self._diff_now(room.now, frames.dumps(room.now), out)
                return
            self._room_texts()
            self.room_key = key
            part = room.part()
        else:
            self._room_texts()
            self.room_key = None
            part = room
        text = frames.dumps(part)
        cut = cut_now(text)
        if cut > 0 and text[:cut] == self.room_text:
            self._diff_now(part["now"], text[cut + len(NOW):-1], out)
            return
        self.room_text = text[:cut] if cut > 0 else text
        delta.diff_texts(self.room, part, "/room", out)

    def _room_texts(self) -> None:
        """Bring the texts kept of the room part (``room``, ``room_text``) to the copy's
        key, when only rows were diffed since they were made (``room_at``)."""
        if self.room_at is None:
            return
        self.room_at = None
        assert self.room_key is not None
        now = self.room["now"]  # (the very entry: ``update`` tells a new one by identity)
        part = part_of(self.room_key, now[0])
        self.room = delta.texts_of(part)
        self.room["now"] = now
        self.room_text = room_text(part)

    def _diff_now(self, now: Any, text: str, out: list[str]) -> None:
        """The operation of the room part's ``now`` (``text``, its JSON), if it moved."""
        was = self.room.get("now")
        if was is None or was[1] != delta.SCALAR or was[0] != now:
            # delta.operation("replace" or "add", "/room/now", text), its pointer as it is
            out.append((_NOW_REPLACE if was is not None else _NOW_ADD) + text + "}")
            self.room["now"] = (now, delta.SCALAR)


_NOW_REPLACE = '{"op":"replace","path":"/room/now","value":'
_NOW_ADD = '{"op":"add","path":"/room/now","value":'
_MARKERS = '"signals":'


def _plain(room: dict[str, Any] | RoomPart) -> dict[str, Any]:
    return room.part() if isinstance(room, RoomPart) else room


def _seat_texts(seats: list[Any]) -> delta.Texts:
    """The shared ``seats`` as the copy keeps it: each entry's text under its index."""
    return delta.texts_of({str(i): e for i, e in enumerate(seats)})


_ABSENT: Any = object()  # a seat the copy holds no own part of
_YOUS = frozenset({You, YouMarket, YouSignals})  # a ``you`` built in parts (_diff_you)
_SEATS = frozenset({"seats"})  # compared seat by seat (Snapshot._diff_seats)
_SEATS_OFFERS = frozenset({"seats", "offers"})  # and the offers entry by entry (EntryList)
_STAND_IN = ("[]", 0)  # the kept value of a key diffed apart (read by nothing)
_SIGNALS = frozenset({"signals"})
_YOU = frozenset({"you"})
# a seat's own parts are sent whole when they changed (``diff_texts``' ``whole``): parsing the
# old text back and walking it cost about 0.1 M instructions per changed ``you`` (1.5 of them
# per command), its own JSON about 0.6 KB against about 0.25 KB of finer operations
_OWN = frozenset({"signals", "you"})

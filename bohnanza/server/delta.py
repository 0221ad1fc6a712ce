"""State deltas (issue 14): what changed between two states of one connection, as JSON Patch
(RFC 6902) operations on the state document ``{"view": ..., "room": ...}``.

The server keeps, per room, a copy of the last state it sent (plain JSON data that it owns:
see :class:`~bohnanza.server.room.states.Snapshot`). :func:`diff_into` compares that copy with
the new state (live data, read only), writes the operations that turn the one into the other
(as JSON text, ready to splice into a frame) and updates the copy to the new state as it goes,
so no new state is ever copied whole: only what changed is serialised (once, for the frame)
and parsed back (for the copy).

The operations it writes (a client applies them in order, with any RFC 6902 library):

* ``replace`` a value that changed (a number, a string, a list whose length changed in the
  middle, an object that became ``null``...);
* ``add`` a key that is new in an object, or ``{"op": "add", "path": ".../-"}`` for each
  element appended to a list (the log of a game, ``history``, grows this way);
* ``remove`` a key that is gone from an object, or the last elements of a list that got
  shorter at its end (from the last one down).

A list of the same length is compared element by element; objects key by key. Nothing is
moved or copied (``move``, ``copy`` and ``test`` are never written). Values compare as in
Python: ``1``, ``1.0`` and ``true`` are the same value (a view's fields keep their JSON type,
so this never shows).

:func:`apply` is the small reader of exactly these operations that the Python wire clients
(the bench's, the tests') use; ``tests/server/test_srv_delta.py`` checks it against the
``jsonpatch`` library on every patch of whole games.
"""

from __future__ import annotations

import functools
from typing import Any

from .jsontext import dumps, loads
from .jsontext import quick as _quick


@functools.lru_cache(maxsize=4096)
def _step(key: str) -> str:
    """One reference token of a JSON Pointer (RFC 6901): ``~`` and ``/`` escaped."""
    return "/" + key.replace("~", "~0").replace("/", "~1")


def _pointer(path: str) -> str:
    """A pointer as a JSON string: as it is between quotes when nothing in it needs an
    escape (the views' keys and numbers; orjson writes other characters as they are), else
    ``dumps``."""
    if '"' in path or "\\" in path or not path.isprintable():
        return dumps(path)
    return f'"{path}"'


def operation(kind: str, path: str, text: str | None) -> str:
    """One operation as JSON text: ``kind`` at the pointer ``path``, with the value's JSON
    ``text`` (``None``: no value, a ``remove``)."""
    p = _pointer(path)
    if text is None:
        return f'{{"op":"{kind}","path":{p}}}'
    return f'{{"op":"{kind}","path":{p},"value":{text}}}'


def _put(kind: str, path: str, value: Any, out: list[str]) -> Any:
    """Write ``kind`` with ``value`` at ``path``; the copy of ``value`` to keep."""
    text = dumps(value)
    out.append(operation(kind, path, text))
    return loads(text)


def diff_into(old: Any, new: Any, path: str, out: list[str],
              same: frozenset[str] = frozenset()) -> Any:
    """Append to ``out`` the operations (JSON text) that turn ``old`` into ``new`` at the
    pointer ``path`` (``""``: the document); returns ``old`` made equal to ``new`` (the same
    object where it could be updated in place, else a copy of ``new``).

    ``old`` is plain JSON data owned by the caller (changed in place); ``new`` is only read.
    Mapping keys are strings; lists and tuples are both JSON arrays. ``same``: keys of the
    objects ``old`` and ``new`` (this level only) known not to have changed: not compared."""
    if type(old) is dict and type(new) is dict:
        had = len(old)
        found = 0
        for k, v in new.items():
            o = old.get(k, _NONE)
            if o is _NONE:
                old[k] = _put("add", path + _step(k), v, out)
                continue
            found += 1
            if k in same:
                continue
            if o != v:
                old[k] = diff_into(o, v, path + _step(k), out)
        if found < had:  # keys gone
            for k in [k for k in old if k not in new]:
                out.append(operation("remove", path + _step(k), None))
                del old[k]
        return old
    if type(old) is list and isinstance(new, list | tuple):
        n, m = len(old), len(new)
        if n == m:
            for i in range(n):
                v = new[i]
                if old[i] != v:
                    old[i] = diff_into(old[i], v, f"{path}/{i}", out)
            return old
        if m > n and _same(old, new[:n]):
            for v in new[n:]:
                old.append(_put("add", path + "/-", v, out))
            return old
        if m < n and _same(old[:m], new):
            for i in range(n - 1, m - 1, -1):
                out.append(operation("remove", f"{path}/{i}", None))
            del old[m:]
            return old
    elif old == new and type(old) is type(new) and not isinstance(old, dict | list):
        return old
    return _put("replace", path, new, out)


_NONE = object()  # no such key


def walk(old: Any, new: Any, path: str, out: list[str]) -> None:
    """The operations of :func:`diff_into` alone: ``old`` (plain JSON data) is only read,
    no copy of ``new`` is made nor kept (:func:`diff_texts` keeps texts, not values)."""
    if type(old) is dict and type(new) is dict:
        found = 0
        for k, v in new.items():
            o = old.get(k, _NONE)
            if o is _NONE:
                out.append(operation("add", path + _step(k), dumps(v)))
                continue
            found += 1
            if o != v:
                walk(o, v, path + _step(k), out)
        if found < len(old):  # keys gone
            for k in [k for k in old if k not in new]:
                out.append(operation("remove", path + _step(k), None))
        return
    if type(old) is list and isinstance(new, list | tuple):
        n, m = len(old), len(new)
        if n == m:
            for i in range(n):
                v = new[i]
                if old[i] != v:
                    walk(old[i], v, f"{path}/{i}", out)
            return
        if m > n and _same(old, new[:n]):
            for v in new[n:]:
                out.append(operation("add", path + "/-", dumps(v)))
            return
        if m < n and _same(old[:m], new):
            for i in range(n - 1, m - 1, -1):
                out.append(operation("remove", f"{path}/{i}", None))
            return
    elif old == new and type(old) is type(new) and not isinstance(old, dict | list):
        return
    out.append(operation("replace", path, dumps(new)))


def _same(a: list[Any], b: Any) -> bool:
    return bool(a == list(b))


# key -> (JSON text of its value, length of a list or -1), or (the value itself, SCALAR) for
# a number, string, boolean or null
Texts = dict[str, tuple[Any, int]]
SCALAR = -2
_SCALARS = (int, float, str, bool, type(None))


def _kept(v: Any) -> tuple[Any, int]:
    if type(v) in _SCALARS:
        return v, SCALAR
    return dumps(v), len(v) if type(v) is list else -1


def texts_of(value: dict[str, Any]) -> Texts:
    """What :func:`diff_texts` keeps of an object: each key's value as JSON text, a scalar
    as itself (far smaller than the parsed values, and nothing for the garbage collector)."""
    return {k: _kept(v) for k, v in value.items()}


Memo = dict[tuple[str, int, Any], tuple[tuple[Any, int], list[str]]]


def diff_texts(old: Texts, new: dict[str, Any], path: str, out: list[str],
               same: frozenset[str] = frozenset(), memo: Memo | None = None,
               whole: frozenset[str] = frozenset(),
               entries: EntryList | None = None) -> None:
    """:func:`diff_into` for an object kept as :func:`texts_of` (updated in place): a key
    whose value serialises as before costs one serialisation (a scalar: one comparison); a
    list that grew at its end (its old text a prefix of the new) is appended to without
    parsing anything; another change is diffed against the old value parsed back
    (:func:`walk`: the operations alone, nothing copied). ``same`` as in
    :func:`diff_into`. ``memo``: shared by the calls for several objects (the own parts
    of several seats) while the new values live: a key whose new value is the same object
    as in an earlier call, with the same kept text, gets that call's operations again
    (``path`` must be the same). ``whole``: keys whose value, when its text changed, is
    replaced whole (one ``replace`` with the new text: nothing parsed back nor walked; more
    bytes, far less CPU). ``entries``: a list kept entry by entry (:class:`EntryList`),
    under its ``key``, which must be in ``same``: diffed there, in its place among the
    keys, by :meth:`EntryList.diff` (its value in ``old`` is not read nor kept)."""
    found = 0
    for k, v in new.items():
        if memo is not None and type(v) not in _SCALARS and k not in same:
            was = old.get(k)
            mk = (k, id(v), was)
            hit = memo.get(mk)
            if hit is not None:
                found += was is not None
                old[k] = hit[0]
                out.extend(hit[1])
                continue
            start = len(out)
            one: Texts = {} if was is None else {k: was}
            diff_texts(one, {k: v}, path, out, whole=whole)
            old[k] = one[k]
            found += was is not None
            memo[mk] = (old[k], out[start:])
            continue
        if k in same:
            found += k in old
            if entries is not None and k == entries.key:
                entries.diff(v, path + _step(k), out)
            continue
        was = old.get(k)
        if was is not None:
            found += 1
        if type(v) in _SCALARS:
            if was is not None and was[1] == SCALAR and type(was[0]) is type(v) \
                    and was[0] == v:
                continue
            old[k] = (v, SCALAR)
            out.append(operation("replace" if was is not None else "add", path + _step(k),
                                 dumps(v)))
            continue
        try:  # jsontext.dumps, without its call
            text = _quick(v).decode()
        except TypeError:
            text = dumps(v)
        n = len(v) if type(v) is list else -1
        if was is None:
            out.append(operation("add", path + _step(k), text))
            old[k] = (text, n)
            continue
        old_text, m = was
        if old_text == text:
            continue
        old[k] = (text, n)
        p = path + _step(k)
        if m == SCALAR or k in whole:
            out.append(operation("replace", p, text))
            continue
        if (0 <= m < n and text.startswith(old_text[:-1])
                and (m == 0 or text[len(old_text) - 1] == ",")):
            for x in v[m:]:
                out.append(operation("add", p + "/-", dumps(x)))
            continue
        walk(loads(old_text), v, p, out)
    if found < len(old):
        for k in [k for k in old if k not in new]:
            out.append(operation("remove", path + _step(k), None))
            del old[k]


class EntryList:
    """A list of read-only entries (plain JSON data that is never changed once built: the
    shared ``offers`` of a view, ``engine.view.MarketMemo`` gives an unchanged offer's entry
    again as the same object) kept as the entries themselves and each one's JSON text, for
    :func:`diff_texts`: an entry that is the very object kept is neither serialised nor
    compared, a new one is serialised alone. The operations are byte for byte those of
    :func:`diff_texts` for the list kept as one text (``tests/server/test_srv_delta.py``):
    an unchanged list none; a list of the same length an entry's changes walked against its
    own old text (:func:`walk`, the path ``.../i``); a list grown at its end ``add`` ``/-``
    for each new entry; another change the list's old text parsed back and walked whole.

    ``key``: the key of the list in its object. Holds the entries it was last given (so an
    entry's identity is never that of a freed one)."""

    __slots__ = ("items", "key", "texts")

    def __init__(self, key: str, value: list[Any]) -> None:
        self.key = key
        self.items: list[Any] = list(value)
        self.texts: list[str] = [dumps(e) for e in value]

    def diff(self, new: list[Any], path: str, out: list[str]) -> None:
        """Append the operations from the list kept to ``new`` (at the pointer ``path``) to
        ``out``; keep ``new``."""
        items, texts = self.items, self.texts
        n, m = len(items), len(new)
        now: list[str] = []
        ids: dict[int, str] | None = None
        for i, e in enumerate(new):
            if i < n and items[i] is e:
                now.append(texts[i])
                continue
            if ids is None:
                ids = {id(x): t for x, t in zip(items, texts, strict=True)}
            t = ids.get(id(e))
            if t is None:
                try:  # jsontext.dumps, without its call
                    t = _quick(e).decode()
                except TypeError:
                    t = dumps(e)
            now.append(t)
        self.items = list(new)
        self.texts = now
        if n == m:
            for i in range(n):
                if now[i] != texts[i]:
                    walk(loads(texts[i]), new[i], f"{path}/{i}", out)
            return
        if n < m and now[:n] == texts:
            for t in now[n:]:
                out.append(operation("add", path + "/-", t))
            return
        walk(loads("[" + ",".join(texts) + "]"), new, path, out)


def snapshot(value: Any) -> Any:
    """A copy of ``value`` as plain JSON data (what :func:`diff_into` keeps)."""
    return loads(dumps(value))


# ---------------------------------------------------------------------- the reading side


def _parent(doc: Any, path: str) -> tuple[Any, str]:
    """The container the pointer ``path`` ends in, and its last token (RFC 6901; a token
    with ``~`` unescaped, the others, nearly all, taken as they are)."""
    parts = path.split("/")
    node = doc
    for i in range(1, len(parts) - 1):
        key = parts[i]
        if "~" in key:
            key = key.replace("~1", "/").replace("~0", "~")
        node = node[int(key)] if isinstance(node, list) else node[key]
    last = parts[-1]
    if "~" in last:
        last = last.replace("~1", "/").replace("~0", "~")
    return node, last


def apply(doc: dict[str, Any], ops: list[dict[str, Any]]) -> dict[str, Any]:
    """Apply the operations :func:`diff_into` writes (``add``, ``remove``, ``replace``) to
    ``doc`` in place and return it. Raises ``ValueError`` for another operation or a path
    that is not in ``doc`` (the client then asks for a full state: ``resync``)."""
    for op in ops:
        kind, path = op["op"], op["path"]
        try:
            if path == "":
                if kind != "replace":
                    raise ValueError(f"{kind} of the whole document")
                doc = op["value"]
                continue
            node, key = _parent(doc, path)
            if isinstance(node, list):
                if kind == "add":
                    if key == "-":
                        node.append(op["value"])
                    else:
                        node.insert(int(key), op["value"])
                elif kind == "replace":
                    node[int(key)] = op["value"]
                elif kind == "remove":
                    del node[int(key)]
                else:
                    raise ValueError(f"unknown operation {kind!r}")
            elif kind in ("add", "replace"):
                if kind == "replace" and key not in node:
                    raise ValueError(f"replace of a missing key {path!r}")
                node[key] = op["value"]
            elif kind == "remove":
                del node[key]
            else:
                raise ValueError(f"unknown operation {kind!r}")
        except (KeyError, IndexError, TypeError) as e:
            raise ValueError(f"cannot apply {kind} at {path!r}: {e!r}") from None
    return doc

"""The command file's lines copied into the file mapped into memory (issue 14: a line copied
costs about a third of a ``write`` of it, cold, ``bench/cmdwrite.py``), where the file system
keeps what it allocated (:func:`mappable`); the lines themselves, their reading and folding,
are ``cmdfile.py``'s.

The file is made longer (``posix_fallocate``) before a line that would not fit, :data:`GROW`
bytes at a time, so a copy never needs a block the file system does not hold already (a full
disk refuses the command there, as a failed ``write`` does; on a copy-on-write file system,
btrfs, an allocated block still needs space when its page is first written: a full disk would
kill the process with ``SIGBUS``, so such a file is written to, not mapped). When the growth
fails (a nearly full disk), exactly the line's bytes are asked for; when that fails too, the
file is cut back to its length before (a failed ``posix_fallocate`` keeps the blocks it got).

A line's body is copied first, its newline after it: ``memcpy`` does not write front to back
(glibc's writes a long copy's first bytes last), so a kill in the middle of a copy leaves a
line with zeros in it and no newline after it, which no reader takes for a line (the opening
cuts the file after the last line it reads, ``CommandFile.read``). The mapped pages are the
kernel's page cache: a killed process loses nothing it copied (as with ``write``), and syncing
the file (by any descriptor) writes them. The zeros after the last line (the file's room) are
cut off when the file is turned, cleared or closed (:meth:`MappedLines.cut`), and at an opening
after a kill.
"""

from __future__ import annotations

import ctypes
import mmap
import os
import sys

GROW = 1 << 20
"""Bytes the command file is made longer by when a line would not fit (about 8,000 lines)."""

# statfs(2) ``f_type`` of the file systems whose ``fallocate`` reserves the blocks a mapped
# page is written to (linux/magic.h): ext2/3/4, xfs, tmpfs
KEEP_ALLOCATED = frozenset({0xEF53, 0x58465342, 0x01021994})


class _StatFs(ctypes.Structure):
    # struct statfs begins with ``f_type`` (``__fsword_t``, a long) on every Linux ABI; the
    # rest (120 bytes on x86-64) is room that is not read
    _fields_ = [("f_type", ctypes.c_long), ("_rest", ctypes.c_byte * 256)]


def fs_type(fd: int) -> int | None:
    """The ``f_type`` of the file system of the open file ``fd`` (``fstatfs``, Linux), or
    None where it cannot be asked (another system, no C library)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        buf = _StatFs()
        if libc.fstatfs(fd, ctypes.byref(buf)) != 0:
            return None
    except (OSError, AttributeError):
        return None
    return int(buf.f_type) & 0xFFFFFFFF


def mappable(fd: int) -> bool:
    """Whether lines may be copied into the open file ``fd`` mapped (its file system is one
    of :data:`KEEP_ALLOCATED`, and ``posix_fallocate`` is there); else it is written to."""
    return hasattr(os, "posix_fallocate") and fs_type(fd) in KEEP_ALLOCATED


class MappedLines:
    """The open file ``fd`` (its lines end at ``size``; nothing after them) mapped, written
    line by line (:meth:`append`); ``room``: the file's length (zeros after ``size``)."""

    __slots__ = ("_map", "fd", "room", "size")

    def __init__(self, fd: int, size: int) -> None:
        self.fd = fd
        self.size = size
        self.room = size
        self._map: mmap.mmap | None = None

    def append(self, data: bytes) -> None:
        """Copy ``data`` (whole lines, each ending with a newline) after the last line, each
        line's newline after its body. Raises ``OSError`` when the file cannot be made
        longer for them (a full disk): nothing of them is in the file."""
        start, end = self.size, self.size + len(data)
        m = self._map
        if m is None or end > self.room:
            m = self._grow(end)
        last = end - 1
        try:
            m[start:last] = data[:-1]  # (its lines' inner newlines: a line cut short has zeros)
            m[last] = 10  # b"\n": the last line ends once its body is whole
        except BaseException:  # (an interrupt between the two: none of it left as lines)
            m[start:end] = bytes(end - start)
            raise
        self.size = end

    def _grow(self, end: int) -> mmap.mmap:
        """The file made at least ``end`` bytes long, its blocks allocated, and mapped whole.
        Raises ``OSError``: the file as it was (a failed allocation's blocks freed again)."""
        room = (end // GROW + 1) * GROW
        try:
            os.posix_fallocate(self.fd, self.room, room - self.room)
        except OSError:
            os.ftruncate(self.fd, self.room)  # (the part a failed allocation kept)
            room = end  # a nearly full disk: exactly what the lines need
            try:
                os.posix_fallocate(self.fd, self.room, room - self.room)
            except OSError:
                os.ftruncate(self.fd, self.room)
                raise
        # (a map that fails leaves the one before and ``room`` as they were: the file longer
        # than ``room``, zeros, allocated; the next line's growth maps it again)
        m = mmap.mmap(self.fd, room)
        if self._map is not None:
            self._map.close()
        self._map, self.room = m, room
        return m

    def cut(self) -> None:
        """Unmapped, and the file cut to its lines (no zeros after them)."""
        if self._map is not None:
            self._map.close()
            self._map = None
        os.ftruncate(self.fd, self.size)  # (longer than ``room`` after a map that failed)
        self.room = self.size

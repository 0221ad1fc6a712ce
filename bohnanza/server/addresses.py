"""The client address the gate's per-address limits count by (gate.py)."""

from __future__ import annotations

import ipaddress
from typing import Any


def address_key(host: str | None) -> str:
    """The client address the limits count by: an IPv4 address as it is; an IPv6 address by
    its /64 network (``2001:db8:1:2::/64``: one subscriber's share, whose 2^64 addresses
    would otherwise each get the limits); an IPv4-mapped IPv6 address as IPv4; a name that is
    no address as it is; no peer (a Unix socket) ``"?"``."""
    if not host:
        return "?"
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def peer_key(transport: Any) -> str:
    """The address a connection's transport counts by (:func:`address_key` of its peer)."""
    peer = transport.get_extra_info("peername")
    return address_key(str(peer[0])) if peer else "?"

"""What a round of attacking the server from the open internet found (a real uvicorn server,
real WebSocket and HTTP clients, the real SQLite file).

* ``GET /protocol.json`` built the wire protocol's JSON Schema again for every request (pydantic,
  about 17 ms of the event loop each): one address asking for it over a few kept-alive
  connections (requests on a connection are not counted by the gate, only connections) held
  every room's commands up, ``/who`` answered in 108 ms (median; 0.6 ms before) with four
  such connections and in up to 3.8 s with thirty. It is built once now.
* a client that sent several requests at once on one connection (HTTP pipelining) and closed
  it before reading the answers wrote ``ERROR: Exception in ASGI application`` and a traceback
  of 70 lines (``RuntimeError: unable to perform operation on <TCPTransport closed=True>``)
  to the server's log for each such connection to a page or a board file: uvicorn marks only
  the last request read as cut off, not the one being answered, whose next write met the
  closed socket. An address could write 25 KB of tracebacks a second within its connection
  rate; now the request being answered stops quietly.
"""

from __future__ import annotations

import asyncio
import os
import socket

import httpx
import pytest

from .harness import ServerProc


def _cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process ``pid`` has used so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _ask(server: ServerProc, path: str, times: int) -> float:
    """CPU seconds the server spends on ``times`` requests for ``path``, sent down one kept-alive
    connection (pipelined, as an attacker does) and each answered 200."""
    assert server.proc is not None
    pid, port = server.proc.pid, server.port
    before = _cpu_seconds(pid)
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode() * times)
        got = b""
        while got.count(b"HTTP/1.1 200 ") < times:
            data = s.recv(1 << 20)
            assert data, f"closed after {got.count(b'HTTP/1.1 200 ')} answers"
            got += data
    return _cpu_seconds(pid) - before


def test_the_protocol_schema_costs_no_more_than_a_small_page(server: ServerProc) -> None:
    _ask(server, "/protocol.json", 2)  # (what is built once, and first-request costs)
    _ask(server, "/api/facts", 2)
    facts = _ask(server, "/api/facts", 200)
    schema = _ask(server, "/protocol.json", 200)
    # before: 1.5 s of CPU for the 200 (7 to 17 ms each), /api/facts' 200 took 0.04 s
    assert schema < 3 * facts + 0.2, (schema, facts)


async def _pipeline_and_hang_up(port: int, path: str) -> None:
    """20 requests for ``path`` in one write, the first bytes of the answer read, then the
    connection closed with the rest unread."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode() * 20)
    await writer.drain()
    assert (await reader.read(1000)).startswith(b"HTTP/1.1 200 ")
    writer.close()


@pytest.mark.parametrize("path", ["/js/app.js", "/r/somewhere", "/"])
async def test_a_pipelined_request_cut_off_leaves_no_traceback(server: ServerProc, path: str
                                                               ) -> None:
    for _ in range(10):
        await _pipeline_and_hang_up(server.port, path)
    async with httpx.AsyncClient() as http:  # served on (and each hang-up has been seen)
        for _ in range(3):
            assert (await http.get(server.base + path)).status_code == 200
    log = server.log.read_text()
    # before: one "Exception in ASGI application" and its traceback per connection
    assert "Traceback" not in log and "ERROR" not in log, log[-3000:]

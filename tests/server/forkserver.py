"""The test servers' fork server: one process that has loaded the server's modules once and
forks a ``bohnanza serve`` for each test that asks (``harness.ServerProc``), instead of a new
interpreter loading them again for each of the suite's hundreds of servers (about 1 s of CPU
each).

Requests, one JSON line each on stdin: ``{"argv", "env", "cwd", "log"}``; answers on stdout,
one line each: ``pid N`` (the child forked for the last request) and, whenever a child ends,
``exit N CODE`` (``CODE`` as ``Popen.returncode`` gives it: negative for a signal). The child
gets ``env`` as its whole environment, ``cwd`` as its directory, ``/dev/null`` as stdin and
the file ``log`` as stdout and stderr, then runs ``bohnanza.cli.main(argv)``: what
``python -m bohnanza ARGV`` runs. Ends when stdin closes (its children run on, as ``Popen``'s
would)."""

from __future__ import annotations

import json
import os
import select
import sys
import traceback


def _child(req: dict[str, object], answers: int) -> None:
    code = 1
    try:
        os.close(answers)
        os.chdir(str(req["cwd"]))
        os.environ.clear()
        os.environ.update({str(k): str(v) for k, v in dict(req["env"]).items()})  # type: ignore[call-overload]
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        log = os.open(str(req["log"]), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        os.dup2(log, 1)
        os.dup2(log, 2)
        os.close(log)
        from bohnanza.cli import main

        argv = [str(a) for a in req["argv"]]  # type: ignore[attr-defined]
        sys.argv = ["bohnanza", *argv]
        code = main(argv) or 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    except BaseException:
        traceback.print_exc()
    finally:
        with_flush = (sys.stdout, sys.stderr)
        for f in with_flush:
            try:
                f.flush()
            except Exception:
                pass
        os._exit(code)


def main() -> None:
    # what `bohnanza serve` loads, loaded once here (no thread, no event loop: safe to fork)
    import uvicorn  # noqa: F401

    import bohnanza.cli  # noqa: F401
    import bohnanza.server  # noqa: F401
    import bohnanza.server.app  # noqa: F401
    import bohnanza.server.gatedhttp  # noqa: F401
    import bohnanza.server.gatedws  # noqa: F401

    answers = os.dup(1)
    requests = sys.stdin.buffer.raw  # type: ignore[attr-defined]
    pending = b""
    while True:
        ready, _, _ = select.select([requests], [], [], 0.02)
        while True:  # report the children that ended
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            os.write(answers, f"exit {pid} {os.waitstatus_to_exitcode(status)}\n".encode())
        if not ready:
            continue
        chunk = os.read(requests.fileno(), 65536)
        if not chunk:
            return  # the tests are done
        pending += chunk
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            req = json.loads(line)
            pid = os.fork()
            if pid == 0:
                _child(req, answers)
            os.write(answers, f"pid {pid}\n".encode())


if __name__ == "__main__":
    main()

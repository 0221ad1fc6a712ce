"""A cluster of the server on this machine, for tests, ``make cluster`` and the benchmarks:
private PostgreSQL, Redis and HAProxy instances (``parts.py``)."""

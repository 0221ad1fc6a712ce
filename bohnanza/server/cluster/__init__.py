"""Several server processes on one PostgreSQL database: the lease (``lease.py``), the rooms
this process owns (``owner.py``), and the relay to the owner of a room (``relay.py``)."""

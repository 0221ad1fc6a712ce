import sys

from bohnanza.cli import main

if __name__ == "__main__":  # not when a spawned worker process imports it (server/room/botpool)
    sys.exit(main())

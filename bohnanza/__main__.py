import sys

from bohnanza.cli import main

sys.exit(main())

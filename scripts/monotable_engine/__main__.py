"""python3 -m monotable_engine (from scripts/): the same as scripts/engine."""

import sys

from .server import main

sys.exit(main())

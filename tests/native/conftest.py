"""The native tests import the perft counts of ``tests/core/test_perft.py`` (``core.test_perft``): one copy."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

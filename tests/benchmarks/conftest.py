"""The benchmark players live in ``bench/`` at the repository's root: make it importable."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

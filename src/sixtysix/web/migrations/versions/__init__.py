"""One module per schema revision, oldest first (``0001_initial.py`` is the schema of 2026)."""

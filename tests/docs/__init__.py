"""Tests of the documents: docs/records.md and docs/rules.md against the code."""

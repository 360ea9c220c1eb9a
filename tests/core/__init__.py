"""Tests of sixtysix.core: the rules, the deal and the match, records, facts, fairness (rule IDs of docs/rules.md)."""

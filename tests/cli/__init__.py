"""Tests of the command line (sixtysix.cli): its help, rules, replay and variants."""

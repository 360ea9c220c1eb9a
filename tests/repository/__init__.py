"""Tests of the repository as a whole: the shape of the code, nothing pointing outside it."""

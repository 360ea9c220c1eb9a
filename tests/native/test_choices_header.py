"""The C core's option values are generated from ``Rules``' choices (native/choices.py), never typed by hand."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

from sixtysix.core.rules import CHOICES

ROOT = Path(__file__).resolve().parents[2]


def _generator() -> dict[str, object]:
    return runpy.run_path(str(ROOT / "native" / "choices.py"), run_name="choices_test")


def test_the_committed_choices_header_is_the_one_the_rules_give() -> None:
    """Reordering or adding a value in ``CHOICES`` must regenerate native/choices.h (python native/choices.py)."""
    header_text = _generator()["header_text"]
    assert callable(header_text)
    assert (ROOT / "native" / "choices.h").read_text(encoding="utf-8") == header_text()


def test_each_generated_name_is_the_index_of_its_value_in_the_choices() -> None:
    """``BEATEN_CLOSER_POINTS_FLAT_TWO`` is the index of ``flat_two`` in ``CHOICES["beaten_closer_points"]``."""
    text = (ROOT / "native" / "choices.h").read_text(encoding="utf-8")
    fields = _generator()["STRING_FIELDS"]
    assert isinstance(fields, tuple) and "beaten_closer_points" in fields
    for field in fields:
        for index, value in enumerate(CHOICES[field]):
            name = f"{field.upper()}_{re.sub(r'[^A-Za-z0-9]', '_', str(value)).upper()}"
            assert f"{name} = {index}" in text


def test_the_c_sources_compare_no_string_option_with_a_raw_number() -> None:
    """``r->beaten_closer_points == 1`` would depend on the order of the choices: only names are allowed."""
    fields = _generator()["STRING_FIELDS"]
    assert isinstance(fields, tuple)
    names = "|".join(fields)
    pattern = re.compile(rf"\b({names})\s*[=!]=\s*\d")
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for path in sorted((ROOT / "native").glob("*.c"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert found == []

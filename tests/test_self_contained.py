"""The repository stands on its own: no tracked file points at a path outside it."""

from __future__ import annotations

import pathlib
import re
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[1]

# A relative path that climbs out of the repository, or the folder the specification came from.
_OUTSIDE = re.compile(r"\.\./shared\b|(?<![\w/.])(\.\./)+(shared|spec|research|seed)/")


def _outside_references(files: dict[str, str]) -> list[str]:
    return [
        f"{name}:{number}: {line.strip()}"
        for name, text in files.items()
        for number, line in enumerate(text.splitlines(), 1)
        if _OUTSIDE.search(line)
    ]


def _tracked_texts() -> dict[str, str]:
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    texts = {}
    for name in names:
        try:
            texts[name] = (ROOT / name).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue  # binary files, or a file deleted in the working tree
    return texts


def test_no_tracked_file_refers_to_a_path_outside_the_repository() -> None:
    assert _outside_references(_tracked_texts()) == []


def test_the_scan_finds_a_reference_outside() -> None:
    outside = "../" + "shared/spec/rules.md"  # written in two parts, so that this file passes its own scan
    found = _outside_references({"README.md": f"See `{outside}`.\nSee docs/rules.md.\n"})
    assert found == [f"README.md:1: See `{outside}`."]

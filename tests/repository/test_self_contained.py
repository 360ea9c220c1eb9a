"""The repository stands on its own: no tracked file points at a path outside it."""

from __future__ import annotations

import os
import pathlib
import re
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]

# A relative path that climbs out of the repository, or the folder the specification came from.
_OUTSIDE = re.compile(r"\.\.[/]shared\b|(?<![\w/.])(\.\./)+(shared|spec|research|seed)/")


def _outside_references(files: dict[str, str]) -> list[str]:
    return [
        f"{name}:{number}: {line.strip()}"
        for name, text in files.items()
        for number, line in enumerate(text.splitlines(), 1)
        if _OUTSIDE.search(line)
    ]


def _tracked_names() -> list[str]:
    return subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()


def _tracked_texts() -> dict[str, str]:
    texts = {}
    for name in _tracked_names():
        try:
            texts[name] = (ROOT / name).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue  # binary files, or a file deleted in the working tree
    return texts


def test_no_tracked_file_refers_to_a_path_outside_the_repository() -> None:
    assert _outside_references(_tracked_texts()) == []


# A Markdown link's target (not a web address), and a file name ending in .md written anywhere.
_LINK = re.compile(r"\]\(([^)\s]+)\)")
_MD_NAME = re.compile(r"(?<![\w/.:-])([\w./-]*[\w-]\.md)\b")
_FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def _slug(heading: str) -> str:
    """The anchor a Markdown heading gets on GitHub: lower case, punctuation dropped, blanks as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(text: str) -> set[str]:
    return {_slug(line.lstrip("#")) for line in _FENCE.sub("", text).splitlines() if line.startswith("#")}


def _broken_links(files: dict[str, str], tracked: set[str]) -> list[str]:
    """Links in Markdown files that leave the repository, name a file it lacks (``tracked``: all its
    files, images too), or an anchor its file lacks."""
    broken = []
    for name, text in files.items():
        if not name.endswith(".md"):
            continue
        for target in _LINK.findall(_FENCE.sub("", text)):
            if re.match(r"[a-z]+:", target):
                continue  # a web address (http:, https:, mailto:)
            path, _, anchor = target.partition("#")
            resolved = (ROOT / name).parent / path if path else ROOT / name
            relative = pathlib.Path(os.path.relpath(resolved, ROOT)).as_posix()
            if relative.startswith("../"):
                broken.append(f"{name}: {target} leaves the repository")
            elif relative not in tracked and not (ROOT / relative).is_dir():
                broken.append(f"{name}: {target} names no file of the repository")
            elif anchor and relative.endswith(".md") and anchor not in _anchors(files[relative]):
                broken.append(f"{name}: {target} names no heading of {relative}")
    return broken


def _unknown_md_names(files: dict[str, str]) -> list[str]:
    """Mentions of a ``*.md`` file that the repository does not hold (by path, or by name)."""
    names = {pathlib.PurePosixPath(path).name for path in files}
    unknown = []
    for name, text in files.items():
        for number, line in enumerate(text.splitlines(), 1):
            for mention in _MD_NAME.findall(line):
                if pathlib.PurePosixPath(mention).name not in names:
                    unknown.append(f"{name}:{number}: {mention}")
    return unknown


def test_every_markdown_link_stays_in_the_repository_and_resolves() -> None:
    assert _broken_links(_tracked_texts(), set(_tracked_names())) == []


def test_every_markdown_file_named_is_in_the_repository() -> None:
    files = _tracked_texts()
    del files["tests/repository/test_self_contained.py"]  # this file plants names to test the scan
    assert _unknown_md_names(files) == []


def test_the_link_check_finds_links_that_leave_or_miss() -> None:
    files = {
        "docs/a.md": "# Top\n\n## The deal (§2.2)\n[up](../README.md) [out](../../x/rules.md) [gone](b.md)\n"
        "[deal](#the-deal-22) [nowhere](#no-such) [web](https://example.org/x.md)\n",
        "README.md": "see [a](docs/a.md#top) and [b](docs/a.md#bottom) ![c](docs/c.png) ![d](docs/d.png)\n",
    }
    assert _broken_links(files, {*files, "docs/c.png"}) == [
        "docs/a.md: ../../x/rules.md leaves the repository",
        "docs/a.md: b.md names no file of the repository",
        "docs/a.md: #no-such names no heading of docs/a.md",
        "README.md: docs/a.md#bottom names no heading of docs/a.md",
        "README.md: docs/d.png names no file of the repository",
    ]
    spec = "record-" + "format.md"  # in two parts, so that this file passes its own scan
    assert _unknown_md_names({"a.py": f"as {spec} says; see docs/a.md", "docs/a.md": ""}) == [f"a.py:1: {spec}"]


def test_the_scan_finds_a_reference_outside() -> None:
    outside = "../" + "shared/spec/rules.md"  # written in two parts, so that this file passes its own scan
    found = _outside_references({"README.md": f"See `{outside}`.\nSee docs/rules.md.\n"})
    assert found == [f"README.md:1: See `{outside}`."]

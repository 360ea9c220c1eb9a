"""Build the native search core in place (``src/sixtysix/ai/_native*.so``), or a sanitizer build elsewhere.

    python native/build.py                 # in place, as an editable install does
    python native/build.py --asan DIR      # AddressSanitizer + UBSan build into DIR (for make check-native)

It first writes ``native/choices.h`` from the rules' choices (``native/choices.py``), then reads
the extension from setup.py (one definition) and drives setuptools'
``build_ext`` directly, so it works with any setuptools the virtualenv has,
without reading pyproject.toml. Exit status 1 when the compiler fails.
"""

from __future__ import annotations

import argparse
import os
import runpy
import sys
from pathlib import Path

from setuptools import Distribution

ROOT = Path(__file__).resolve().parent.parent
ASAN_FLAGS = ("-O1", "-g", "-fno-omit-frame-pointer", "-fsanitize=address,undefined", "-fno-sanitize-recover=all")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--asan", type=Path, metavar="DIR", help="a sanitizer build into DIR instead of in place")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "src"))
    runpy.run_path(str(ROOT / "native" / "choices.py"), run_name="native_build")["main"]([])  # choices.h, current
    extension = runpy.run_path(str(ROOT / "setup.py"), run_name="native_build")["native_extension"]
    ext = extension(ASAN_FLAGS if args.asan else ())
    ext.optional = False  # here a failure must show
    dist = Distribution({"name": "sixtysix-native", "ext_modules": [ext], "package_dir": {"": "src"}})
    dist.script_name = "setup.py"
    cmd = dist.get_command_obj("build_ext")
    if args.asan:
        cmd.build_lib = str(args.asan.resolve())
        cmd.build_temp = str(args.asan.resolve() / "temp")
        cmd.force = True
    else:
        cmd.inplace = True
    os.chdir(ROOT)
    try:
        dist.run_command("build_ext")
    except Exception as error:  # a compiler failure, whatever its class
        print(f"native build failed: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

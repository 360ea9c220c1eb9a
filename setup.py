"""Build of the optional native search core (``sixtysix.ai._native``); everything else is in pyproject.toml.

The extension is optional: where no C compiler works the build goes on without it,
and sixtysix searches in pure Python (``sixtysix.ai.native`` says so once, in the log).
``native/build.py`` builds the same extension in place for development and CI.
"""

from setuptools import Extension, setup

NATIVE_SOURCES = ["native/engine.c", "native/solve.c", "native/playout.c", "native/ismcts.c", "native/value.c", "native/counter.c", "native/module.c"]
NATIVE_FLAGS = ["-O2", "-std=gnu11", "-fno-strict-aliasing"]


def native_extension(extra_flags: tuple[str, ...] = ()) -> Extension:
    """The extension module of the native search core."""
    return Extension(
        "sixtysix.ai._native",
        sources=NATIVE_SOURCES,
        depends=["native/sixtysix.h", "native/choices.h"],
        extra_compile_args=[*NATIVE_FLAGS, *extra_flags],
        extra_link_args=[flag for flag in extra_flags if flag.startswith("-fsanitize")],
        optional=True,
    )


if __name__ == "__main__":
    setup(ext_modules=[native_extension()])

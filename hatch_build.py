"""The build switch for the compiled engine (docs/performance.md, "The compiled build").

``BACKLANDS_COMPILE=1 pip install .`` compiles the modules listed in pyproject.toml
(``[tool.hatch.build.targets.wheel.hooks.custom]``, ``compile`` less ``compile-exclude``)
with mypyc into C extension modules, and the wheel is for this interpreter and platform.
Without the switch (unset or ``0``) this hook does nothing: the wheel is pure Python, and
the build needs neither mypy nor a C compiler.

Hatchling asks the hook for its build requirements (``dependencies``) before it builds:
mypy and setuptools (mypyc builds through setuptools' ``build_ext``), the project's own
dependencies and the stubs mypy needs to check the engine, only when compiling. The
extension modules sit beside the ``.py`` files in the wheel, as in mypy's own wheels:
Python imports an extension module before a source file of the same name.
"""

from __future__ import annotations

import fnmatch
import importlib
import os
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SWITCH = "BACKLANDS_COMPILE"

# what a compiled build needs besides the project's dependencies (the same mypy as the dev
# extra's; the stubs are the ones `make typecheck` uses)
COMPILE_REQUIRES = ["mypy>=1.10", "setuptools>=70", "types-PyYAML"]


def compiling() -> bool:
    """Whether ``BACKLANDS_COMPILE`` asks for the compiled build (1) or not (unset, empty, 0)."""
    value = os.environ.get(SWITCH, "").strip()
    if value in ("", "0"):
        return False
    if value == "1":
        return True
    raise ValueError(
        f"{SWITCH}={value!r}: set it to 1 to compile the engine with mypyc, "
        "or to 0 (or leave it unset) for the pure-Python build"
    )


def compiled_paths(root: str | Path, config: Mapping[str, Any]) -> list[str]:
    """The source files to compile, relative to ``src``, in order: the ``compile`` globs of
    the hook's configuration less its ``compile-exclude`` globs."""
    src = Path(root) / "src"
    found: set[str] = set()
    for pattern in config.get("compile", []):
        found.update(p.relative_to(src).as_posix() for p in src.glob(pattern))
    excluded = config.get("compile-exclude", [])
    return sorted(p for p in found if not any(fnmatch.fnmatch(p, x) for x in excluded))


def module_name(path: str) -> str:
    """``backlands/engine/table.py`` -> ``backlands.engine.table``."""
    return path.removesuffix(".py").replace("/", ".")


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Runs mypyc when ``BACKLANDS_COMPILE=1``, for a wheel only (not an editable install:
    its sources stay in ``src``, where no extension module is built)."""

    def dependencies(self) -> list[str]:
        if not compiling():
            return []
        # the environments' compiled modules are checked against NumPy's, Gymnasium's and
        # PettingZoo's types: the extra ``env`` is needed to build them (not to run the rest)
        env = self.metadata.core.optional_dependencies.get("env", [])
        return [*COMPILE_REQUIRES, *self.metadata.core.dependencies, *env]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or not compiling():
            return
        if version == "editable":
            raise RuntimeError(
                f"{SWITCH}=1 builds a regular wheel, not an editable install: "
                f"run `{SWITCH}=1 pip install .` (or `make compiled`), without -e"
            )
        paths = compiled_paths(self.root, self.config)
        if not paths:
            raise RuntimeError("no module to compile: see the hook's `compile` in pyproject.toml")
        self._scratch = tempfile.TemporaryDirectory(prefix="backlands-mypyc-")
        built = self._compile(paths, Path(self._scratch.name))
        for target, source in built.items():
            build_data["force_include"][source] = target
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        scratch = getattr(self, "_scratch", None)
        if scratch is not None:  # the wheel is written: the C files and objects go
            scratch.cleanup()

    def _compile(self, paths: list[str], scratch: Path) -> dict[str, str]:
        """Compile ``paths`` (relative to ``src``) in the folder ``scratch``; returns each
        extension module built, by its path in the wheel."""
        # setuptools first: mypyc builds with it once it is loaded (imported by name: it may
        # have no type information)
        setuptools = importlib.import_module("setuptools")
        from mypyc.build import mypycify

        src = Path(self.root) / "src"
        here = Path.cwd()
        self.app.display_info(f"mypyc: compiling {len(paths)} modules: " + " ".join(paths))
        os.chdir(src)  # mypy names the modules from their paths: backlands/engine/x.py
        try:
            extensions = mypycify(
                [
                    "--config-file",
                    str(Path(self.root) / "pyproject.toml"),
                    "--cache-dir",
                    str(scratch / "mypy-cache"),
                    # the modules compiled are checked; those they import are read for their
                    # types only (`make typecheck` checks them: some import optional extras,
                    # such as matplotlib, that a build does not install)
                    "--follow-imports",
                    "silent",
                    *paths,
                ],
                opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"),
                target_dir=str(scratch / "c"),
                group_name="backlands",
            )
            distribution = setuptools.Distribution({"name": "backlands", "ext_modules": extensions})
            build_ext = distribution.get_command_obj("build_ext")
            build_ext.build_lib = str(scratch / "lib")
            build_ext.build_temp = str(scratch / "temp")
            build_ext.parallel = os.cpu_count() or 1
            build_ext.ensure_finalized()
            build_ext.run()
            outputs = build_ext.get_outputs()
        finally:
            os.chdir(here)
        lib = scratch / "lib"
        built = {Path(o).relative_to(lib).as_posix(): str(Path(o).resolve()) for o in outputs}
        missing = [p for p in paths if not any(_is_module(t, p) for t in built)]
        if missing:
            raise RuntimeError(f"mypyc built no extension module for {', '.join(missing)}")
        print(f"mypyc: built {len(built)} extension modules", file=sys.stderr)
        return built


def _is_module(target: str, path: str) -> bool:
    """Whether ``target`` (``backlands/engine/table.cpython-311-x86_64-linux-gnu.so``) is
    the extension module of ``path`` (``backlands/engine/table.py``)."""
    return target.split(".", 1)[0] == path.removesuffix(".py")

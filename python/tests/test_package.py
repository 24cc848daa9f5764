# The package around the extension: an interpreter that cannot load it gets an ImportError that
# names the interpreter aem was built for and its own, not Python's "No module named 'aem._aem'"
# or pybind11's "initialization failed".
import os
import pathlib
import platform
import shutil
import subprocess
import sys

import pytest

import aem
from aem import _build_info

PACKAGE = pathlib.Path(aem.__file__).parent
BUILT_FOR = f"Python {_build_info.PYTHON_VERSION} at {_build_info.EXECUTABLE}"
THIS = f"Python {platform.python_version()} at {sys.executable}"


def import_error(path, *flags):
    """The last line of what `python FLAGS -c 'import aem'` prints, with PYTHONPATH=path."""
    env = dict(os.environ, PYTHONPATH=str(path))
    done = subprocess.run([sys.executable, *flags, "-c", "import aem"], capture_output=True, text=True, env=env)
    assert done.returncode != 0, "aem was imported"
    return done.stderr.strip().splitlines()[-1]


def test_the_package_is_the_extensions():
    assert (PACKAGE / _build_info.MODULE_FILE).is_file()
    assert aem.Model.__module__ == "aem" and aem.open.__module__ == "aem"
    assert aem.BakeError.__module__ == "aem"
    assert aem.__version__ and "numpy arrays" in aem.__doc__


def test_an_extension_for_another_interpreter_is_refused_by_name(tmp_path):
    foreign = "_aem.cpython-39-x86_64-linux-gnu.so"  # what a build for Python 3.9 writes
    copy = tmp_path / "aem"
    shutil.copytree(PACKAGE, copy)
    (copy / _build_info.MODULE_FILE).rename(copy / foreign)
    info = copy / "_build_info.py"
    info.write_text(info.read_text().replace(_build_info.MODULE_FILE, foreign))
    assert import_error(tmp_path) == (
        f"ImportError: aem was built for {BUILT_FOR} ({foreign}), not for {THIS}: build it for this interpreter "
        f"({sys.executable} -m pip install --no-build-isolation SOURCE_DIR, or cmake -DPython_EXECUTABLE={sys.executable})")


def test_an_extension_that_fails_to_load_says_why():
    # Without site (-S), Debian's numpy (dist-packages) is out of reach: the extension's load fails.
    if subprocess.run([sys.executable, "-S", "-c", "import numpy"], capture_output=True).returncode == 0:
        pytest.skip("numpy is importable without site; nothing to take away")
    assert import_error(PACKAGE.parent, "-S") == (
        f"ImportError: aem (built for {BUILT_FOR}) cannot be loaded by {THIS}: "
        "ModuleNotFoundError: No module named 'numpy'")

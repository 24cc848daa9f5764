# The package aem: the compiled extension aem._aem (python/src/), loaded only by an interpreter
# that can load it. An extension built for one Python is not found, or fails obscurely, in
# another; _build_info.py (written by the build, python/CMakeLists.txt) says which interpreter
# it was built for, so that a mismatch is an ImportError naming both.
import importlib.machinery
import platform
import sys

from . import _build_info


def _this_interpreter():
    return f"Python {platform.python_version()} at {sys.executable}"


def _built_for():
    return f"Python {_build_info.PYTHON_VERSION} at {_build_info.EXECUTABLE}"


def _check_interpreter():
    """Raises ImportError when this interpreter cannot load the extension's file (its ABI tag)."""
    suffix = _build_info.MODULE_FILE[len("_aem"):]
    if suffix not in importlib.machinery.EXTENSION_SUFFIXES:
        raise ImportError(
            f"aem was built for {_built_for()} ({_build_info.MODULE_FILE}), not for {_this_interpreter()}: "
            f"build it for this interpreter ({sys.executable} -m pip install --no-build-isolation "
            f"SOURCE_DIR, or cmake -DPython_EXECUTABLE={sys.executable})")


_check_interpreter()
try:
    from ._aem import *  # noqa: F401,F403 (the module's public names)
    from ._aem import __doc__, __version__  # noqa: F401
except ImportError as error:
    # pybind11 says only "initialization failed" for an exception while the extension loads
    # (numpy absent, say): the cause is what to show.
    _cause = error.__cause__ or error
    raise ImportError(f"aem (built for {_built_for()}) cannot be loaded by {_this_interpreter()}: "
                      f"{type(_cause).__name__}: {_cause}") from error

# Classes and functions say they are aem's, as before the package: aem.Model, not aem._aem.Model.
for _value in list(globals().values()):
    if getattr(_value, "__module__", None) == "aem._aem":
        _value.__module__ = __name__
del _value

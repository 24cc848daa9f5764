# `pip install --no-build-isolation .`: the Python package aem (python/aem/ and its extension
# aem._aem) for the interpreter that runs pip. CMake builds the extension as every build of the
# project does (python/CMakeLists.txt), for that interpreter (-DPython_EXECUTABLE), in
# setuptools' build_temp (build/temp.*), and only the extension's target. build_temp lies as deep
# in the tree as the presets' build/release, and the extension is configured as the release
# preset configures it (Release, unity build), so that ccache reuses what that preset compiled.
import pathlib
import platform
import re
import shutil
import subprocess
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent

# The parts of the project the extension does not need.
UNNEEDED = ["AEM_BUILD_TESTS", "AEM_BUILD_BENCHMARKS", "AEM_BUILD_VIEWER", "AEM_BUILD_EXAMPLES",
            "AEM_BUILD_PACKED", "AEM_BUILD_FUZZERS", "AEM_SANITIZE"]


def project_version():
    """The version of CMakeLists.txt's project(), the one place it is written."""
    return re.search(r"project\(aem VERSION (\S+)", (ROOT / "CMakeLists.txt").read_text()).group(1)


class CMakeExtension(build_ext):
    """Builds aem._aem with CMake and copies it, with the build's _build_info.py, into the package."""

    def build_extension(self, ext):
        build = pathlib.Path(self.build_temp).resolve()
        print(f"aem: building the extension for Python {platform.python_version()} at {sys.executable} "
              f"(extension suffix {sysconfig.get_config_var('EXT_SUFFIX')}), in {build}", flush=True)
        configure = ["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                     "-DCMAKE_UNITY_BUILD=ON", f"-DPython_EXECUTABLE={sys.executable}",
                     *(f"-D{option}=OFF" for option in UNNEEDED)]
        if shutil.which("ninja") and not (build / "CMakeCache.txt").exists():
            configure += ["-G", "Ninja"]
        subprocess.run(configure, check=True)
        package = build / "python" / "module" / "aem"
        if not (package / "__init__.py").is_file():
            raise RuntimeError("CMake left the Python module aem out of the build: its message "
                               "\"Python module aem not built: ...\" above says what is missing")
        subprocess.run(["cmake", "--build", str(build), "--target", "aem_python"], check=True)
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        if not (package / target.name).is_file():
            raise RuntimeError(f"the build made no {target.name} in {package} for {sys.executable}")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(package / target.name, target)
        shutil.copyfile(package / "_build_info.py", target.parent / "_build_info.py")
        print(f"aem: built {target.name} for Python {platform.python_version()} at {sys.executable}", flush=True)


setup(
    name="aem",
    version=project_version(),
    description="AEM models from Python: zero-copy numpy arrays, the animation mixer, and aem.bake",
    license="MIT",
    python_requires=">=3.8",
    install_requires=["numpy"],
    packages=["aem"],
    package_dir={"aem": "python/aem"},
    ext_modules=[Extension("aem._aem", sources=[])],
    cmdclass={"build_ext": CMakeExtension},
    zip_safe=False,
)

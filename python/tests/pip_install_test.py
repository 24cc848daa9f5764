# `pip install .` as README gives it: a fresh virtualenv of this interpreter with its system site
# packages (numpy), `pip install --no-build-isolation --no-index SOURCE_DIR` into it, then the
# venv's interpreter, in a folder outside the source tree and with no PYTHONPATH, imports aem from
# the venv and bakes, opens and poses a triangle (installed_smoke.py). Also checks that the build
# said which interpreter it built for. Prints each step's seconds.
# Usage: python3 pip_install_test.py SOURCE_DIR installed_smoke.py
import os
import pathlib
import subprocess
import sys
import tempfile
import time


def run(what, command, **kwargs):
    """Runs a step, printing its time; its whole output when it fails."""
    start = time.monotonic()
    done = subprocess.run([str(c) for c in command], capture_output=True, text=True, **kwargs)
    print(f"{what}: {time.monotonic() - start:.1f} s", flush=True)
    if done.returncode != 0:
        sys.exit(f"{what} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    return done.stdout + done.stderr


def main():
    source, smoke = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2]).resolve()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    with tempfile.TemporaryDirectory(prefix="aem-pip-") as scratch:
        work = pathlib.Path(scratch)
        venv = work / "venv"
        # Without a pip of its own (seconds saved): Debian's pip, a system site package, installs into the venv.
        run("virtualenv", [sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", venv], env=env)
        python = venv / "bin" / "python"
        output = run("pip install", [python, "-m", "pip", "install", "-v", "--no-build-isolation", "--no-index",
                                     source], env=env, cwd=work)
        said = [line.strip() for line in output.splitlines() if line.strip().startswith("aem: built")]
        print("\n".join(said))
        if not any(f"at {python}" in line for line in said):
            sys.exit(f"the build did not say it built for {python}:\n{output}")
        print(run("import", [python, smoke, venv, work], env=env, cwd=work).strip())


if __name__ == "__main__":
    main()

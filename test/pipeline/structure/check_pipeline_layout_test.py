#!/usr/bin/env python3
"""The layout check itself: it passes a small tree whose includes keep to the rooms, and fails,
naming file and line, each include that runs up: a private header of a higher room, a public
header whose .cpp lives in a higher room, a plain public header that includes one.

Usage: check_pipeline_layout_test.py CHECK_PIPELINE_LAYOUT_PY. Exits 0 when every case passes.
"""
import os
import subprocess
import sys
import tempfile

# A clean tree: the shared types in base/, used from io/ and the driver in bake/ on top.
CLEAN = {
    "include/aem/pipeline/bake_error.hpp": "#pragma once\n#include <stdexcept>\n",
    "include/aem/pipeline/bake_options.hpp": '#pragma once\n#include "aem/pipeline/bake_error.hpp"\n',
    "include/aem/pipeline/bake.hpp": '#pragma once\n#include "aem/pipeline/bake_options.hpp"\n',
    "include/aem/pipeline/bake_job.hpp": '#pragma once\n#include "aem/pipeline/bake_options.hpp"\n',
    "base/bake_options.cpp": '#include "aem/pipeline/bake_options.hpp"\n',
    "io/confined_files.hpp": "#pragma once\n",
    "io/confined_files.cpp": '#include "io/confined_files.hpp"\n\n#include "aem/pipeline/bake_options.hpp"\n',
    "bake/bake.cpp": '#include "aem/pipeline/bake.hpp"\n#include "io/confined_files.hpp"\n',
    "cache/bake_cache.cpp": '#include "aem/pipeline/bake_job.hpp"\n#include "aem/codec/bc7.hpp"\n',
}


def run_check(checker, files):
    with tempfile.TemporaryDirectory() as root:
        pipeline = os.path.join(root, "pipeline")
        for relative, text in files.items():
            path = os.path.join(pipeline, relative)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as out:
                out.write(text)
        done = subprocess.run([sys.executable, checker, pipeline], capture_output=True, text=True)
        return done.returncode, done.stdout.replace(pipeline + os.sep, "")


def changed(edits):
    """CLEAN with files replaced (a text) or removed (None)."""
    files = dict(CLEAN)
    for name, text in edits.items():
        if text is None:
            files.pop(name)
        else:
            files[name] = text
    return files


# (what is wrong, the tree, the line the check must print; None: the tree is clean)
CASES = [
    ("nothing", CLEAN, None),
    # bake_options.cpp beside the driver: io/ including its header runs up to bake/.
    ("a public header implemented in a higher room",
     changed({"base/bake_options.cpp": None, "bake/bake_options.cpp": '#include "aem/pipeline/bake_options.hpp"\n'}),
     "io/confined_files.cpp:3: room io may not include aem/pipeline/bake_options.hpp (implemented in bake/bake_options.cpp)"),
    ("a private header of a higher room",
     changed({"io/confined_files.cpp": '#include "io/confined_files.hpp"\n#include "bake/bake_stages.hpp"\n'}),
     "io/confined_files.cpp:2: room io may not include bake/bake_stages.hpp"),
    ("a plain public header that includes a higher room",
     changed({"include/aem/pipeline/bake_job.hpp": '#pragma once\n#include "aem/pipeline/bake.hpp"\n'}),
     "cache/bake_cache.cpp:1: room cache may not include aem/pipeline/bake_job.hpp (a plain header that includes room bake)"),
    ("an implemented public header's own include",
     changed({"include/aem/pipeline/bake_options.hpp": '#pragma once\n\n#include "aem/pipeline/bake.hpp"\n'}),
     "include/aem/pipeline/bake_options.hpp:3: room base may not include aem/pipeline/bake.hpp (implemented in bake/bake.cpp)"),
]


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    failures = 0
    for name, files, expected in CASES:
        status, output = run_check(sys.argv[1], files)
        if expected is None:
            ok = status == 0 and "0 forbidden includes" in output
        else:
            ok = status == 1 and expected in output.splitlines()
        if not ok:
            failures += 1
            print(f"FAIL {name}: exit {status}, expected {'0' if expected is None else '1 and ' + expected}:\n{output}")
        else:
            print(f"ok   {name}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

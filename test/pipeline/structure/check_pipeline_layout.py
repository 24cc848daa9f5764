#!/usr/bin/env python3
"""Checks that every file under pipeline/ includes only the rooms specs/pipeline-layout.md allows.

Usage: check_pipeline_layout.py PIPELINE_DIR. Prints each forbidden include as
'FILE:LINE: room R may not include H' and exits 1 when there is one; exits 0 otherwise.
"""
import os
import re
import sys

BELOW = ["math", "io", "scene"]
# Each room and the rooms it may include besides itself (public headers are always allowed).
ALLOWED = {
    "math": [],
    "io": ["math"],
    "scene": ["io", "math"],
    "import": BELOW,
    "stages": ["stages"] + BELOW,
    "output": ["io", "math"],
    "bake": ["import", "stages", "output", "scene", "io", "math"],
    "cache": ["output", "io", "math"],
    "batch": ["cache", "output", "io", "math"],
    "request": ["output", "io", "math"],
    # Exporters (export/<format>/) read an opened aem::Model: runtime, codec and public headers,
    # and the rooms below everything.
    "export": ["io", "math"],
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def room_of(relative_dir):
    """The room a folder belongs to: its top folder, or import/<format> for producers and
    export/<format> for exporters."""
    parts = relative_dir.split("/")
    if parts[0] in ("import", "export") and len(parts) > 1:
        return parts[0] + "/" + parts[1]
    return parts[0]


def may_include(room, header):
    """True when a file of `room` may include `header` (a private header is named by its room)."""
    if header.startswith("aem/"):
        return True
    if "/" not in header:
        return False
    target_room = room_of(header.rsplit("/", 1)[0])
    if target_room == room:
        return True
    return target_room.split("/")[0] in ALLOWED[room.split("/")[0]]


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    pipeline = sys.argv[1]
    problems = []
    checked = 0
    for directory, _, files in os.walk(pipeline):
        relative = os.path.relpath(directory, pipeline)
        if relative == "." or relative.split("/")[0] in ("codec", "include"):
            continue
        room = room_of(relative)
        if room.split("/")[0] not in ALLOWED:
            problems.append(f"{relative}: folder is not a room of specs/pipeline-layout.md")
            continue
        for name in sorted(files):
            if not name.endswith((".cpp", ".hpp")):
                continue
            path = os.path.join(directory, name)
            checked += 1
            with open(path, encoding="utf-8") as source:
                for number, line in enumerate(source, 1):
                    match = INCLUDE.match(line)
                    if match and not may_include(room, match.group(1)):
                        problems.append(f"{path}:{number}: room {room} may not include {match.group(1)}")
    for problem in problems:
        print(problem)
    if checked == 0:
        print(f"{pipeline}: no sources found")
        return 1
    print(f"{checked} files checked, {len(problems)} forbidden includes")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

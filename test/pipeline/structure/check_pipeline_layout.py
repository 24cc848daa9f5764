#!/usr/bin/env python3
"""Checks that every file under pipeline/ includes only the rooms specs/pipeline-layout.md allows.

Usage: check_pipeline_layout.py PIPELINE_DIR. Prints each forbidden include as
'FILE:LINE: room R may not include H (...)' and exits 1 when there is one; exits 0 otherwise.

A private header is named by its room ("scene/stream_reader.hpp"). A public header
("aem/pipeline/bake_options.hpp", or a library's own under <room>/include/) belongs to the room
of the .cpp that implements it, the one of the same base name (base/bake_options.cpp): so io/
may not include a header whose code lives in bake/. A public header with no .cpp of its name
holds plain types (scene.hpp, bake_error.hpp): it is as low as what it includes, and may be
included wherever everything it includes may be. Headers from outside pipeline/ (the runtime's,
the codec's, the argument parser's) may be included everywhere.
"""
import os
import re
import sys

# Each room and the rooms it may include besides itself.
ALLOWED = {
    "math": [],
    "base": ["math"],
    "io": ["base", "math"],
    "scene": ["io", "base", "math"],
    "import": ["scene", "io", "base", "math"],
    "stages": ["stages", "scene", "io", "base", "math"],
    "output": ["io", "base", "math"],
    "bake": ["import", "stages", "output", "scene", "io", "base", "math"],
    "cache": ["output", "io", "base", "math"],
    "batch": ["bake", "cache", "output", "io", "base", "math"],
    "bake_request": ["batch", "bake", "cache", "output", "io", "base", "math"],
    # Exporters (export/<format>/) read an opened aem::Model through the runtime's headers and
    # write with output/'s atomic write; never a producer, a stage or another exporter.
    "export": ["output", "io", "base", "math"],
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
NOT_ROOMS = ("codec",)  # its own library, with its own headers


def room_of(relative_dir):
    """The room a folder belongs to: its top folder, or import/<format> for producers and
    export/<format> for exporters."""
    parts = relative_dir.split("/")
    if parts[0] in ("import", "export") and len(parts) > 1:
        return parts[0] + "/" + parts[1]
    return parts[0]


def includes_of(path):
    """(line number, quoted include) for every quoted include of the file at `path`."""
    with open(path, encoding="utf-8") as source:
        return [(number, match.group(1)) for number, line in enumerate(source, 1)
                if (match := INCLUDE.match(line))]


class Tree:
    """The pipeline's sources: where each public header lives and which room implements it."""

    def __init__(self, pipeline):
        self.pipeline = pipeline
        self.sources = []        # (relative path, room) of every .cpp/.hpp outside include/ folders
        self.public = {}         # "aem/pipeline/x.hpp" -> its path
        implementations = {}     # base name of a .cpp -> set of (room, relative path)
        for directory, _, files in os.walk(pipeline):
            relative = os.path.relpath(directory, pipeline).replace(os.sep, "/")
            if relative == "." or relative.split("/")[0] in NOT_ROOMS:
                continue
            parts = relative.split("/")
            if "include" in parts:  # include/aem/..., or a library's <room>/include/aem/...
                below = parts[parts.index("include") + 1:]
                for name in files:
                    if name.endswith(".hpp"):
                        self.public["/".join(below + [name])] = os.path.join(directory, name)
                continue
            room = room_of(relative)
            for name in sorted(files):
                if name.endswith((".cpp", ".hpp")):
                    self.sources.append((relative + "/" + name, room))
                if name.endswith(".cpp"):
                    implementations.setdefault(name[:-4], set()).add((room, relative + "/" + name))
        self.implementations = implementations
        self._rooms = {}

    def header_rooms(self, header, seen=()):
        """The rooms a quoted include names: one room for a private header or an implemented public
        one, the rooms of what it includes for a plain public header, none for a header from
        outside pipeline/. Raises ValueError for a public header implemented in two rooms."""
        if header in self._rooms:
            return self._rooms[header]
        if header in self.public:
            rooms = self._public_rooms(header, seen)
        elif header.startswith("aem/") or "/" not in header:
            rooms = frozenset()
        else:
            rooms = frozenset([room_of(header.rsplit("/", 1)[0])])
        self._rooms[header] = rooms
        return rooms

    def implementing_rooms(self, header):
        name = os.path.basename(header)[:-4]
        return sorted(self.implementations.get(name, ()))

    def _public_rooms(self, header, seen):
        found = self.implementing_rooms(header)
        if len({room for room, _ in found}) > 1:
            raise ValueError(f"{header} is implemented in two rooms: " + ", ".join(p for _, p in found))
        if found:
            return frozenset([found[0][0]])
        rooms = set()
        for _, included in includes_of(self.public[header]):
            if included not in seen:
                rooms |= self.header_rooms(included, seen + (header,))
        return frozenset(rooms)

    def files_to_check(self):
        """(path, room) of every source, and of every implemented public header (its room)."""
        for relative, room in self.sources:
            yield os.path.join(self.pipeline, relative), room
        for header, path in sorted(self.public.items()):
            found = self.implementing_rooms(header)
            if len({room for room, _ in found}) == 1:
                yield path, found[0][0]


def problem(tree, room, header):
    """Why a file of `room` may not include `header`, or None when it may."""
    for target in sorted(tree.header_rooms(header)):
        if target == room or target.split("/")[0] in ALLOWED[room.split("/")[0]]:
            continue
        if header in tree.public:
            implemented = tree.implementing_rooms(header)
            where = (f"implemented in {implemented[0][1]}" if implemented
                     else f"a plain header that includes room {target}")
            return f"room {room} may not include {header} ({where})"
        return f"room {room} may not include {header}"
    return None


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    tree = Tree(sys.argv[1])
    problems = []
    checked = 0
    for path, room in tree.files_to_check():
        if room.split("/")[0] not in ALLOWED:
            problems.append(f"{os.path.dirname(path)}: folder is not a room of specs/pipeline-layout.md")
            continue
        checked += 1
        for number, header in includes_of(path):
            try:
                why = problem(tree, room, header)
            except ValueError as error:
                why = str(error)
            if why:
                problems.append(f"{path}:{number}: {why}")
    problems = list(dict.fromkeys(problems))
    for line in problems:
        print(line)
    if checked == 0:
        print(f"{sys.argv[1]}: no sources found")
        return 1
    print(f"{checked} files checked, {len(problems)} forbidden includes")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

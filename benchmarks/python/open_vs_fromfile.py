#!/usr/bin/env python3
"""aem.open against numpy.fromfile of the same file, from Python, for a few corpus models.

Bakes each model with aem.bake into a scratch folder (default options: BC7/BC5 textures), then
times, warm in the page cache, the median and best of --repeat runs of:

  aem.open            map and validate (what a tool or a game does)
  open, no validation map, check the header and size only
  open, copy          read the whole file into memory, then validate
  open + touch        aem.open, then read one byte of every page of the vertices, indices and
                      image buffer (what the lazy mapping defers)
  numpy.fromfile      read the whole file into a uint8 array (no parsing, no checks)

Run with Debian's interpreter (numpy) and the built module:

    /usr/bin/python3 benchmarks/python/open_vs_fromfile.py [--module-dir build/release/python/module]
        [--corpus ../shared/corpus] [--repeat 30]
"""
import argparse
import os
import pathlib
import statistics
import sys
import tempfile
import time
import warnings

ROOT = pathlib.Path(__file__).resolve().parents[2]
MODELS = [
    "khronos/BoxTextured/glTF-Binary/BoxTextured.glb",
    "khronos/CesiumMan/glTF-Binary/CesiumMan.glb",
    "khronos/2CylinderEngine/glTF-Binary/2CylinderEngine.glb",
    "khronos/DamagedHelmet/glTF-Binary/DamagedHelmet.glb",
]


def timed(function, repeat):
    """Median and best wall time of `repeat` calls, in microseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter_ns()
        function()
        times.append((time.perf_counter_ns() - start) / 1e3)
    return statistics.median(times), min(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--module-dir", default=str(ROOT / "build/release/python/module"))
    parser.add_argument("--corpus", default=os.environ.get("AEM_CORPUS", str(ROOT.parent / "shared/corpus")))
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    sys.path.insert(0, args.module_dir)
    import numpy as np
    import aem

    def touch(model):
        total = 0
        for array in (model.vertices, model.indices, model.image_buffer):
            raw = array.view(np.uint8) if array.size else array
            total += int(raw[::4096].sum()) if raw.size else 0
        return total

    corpus = pathlib.Path(args.corpus)
    with tempfile.TemporaryDirectory() as scratch:
        rows = []
        for relative in MODELS:
            source = corpus / relative
            if not source.exists():
                print(f"skipped {relative}: not in the corpus", file=sys.stderr)
                continue
            path = pathlib.Path(scratch) / (source.stem + ".aem")
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", aem.BakeWarning)  # what the bake lost is not measured here
                aem.bake(source, output=path)
            np.fromfile(path, dtype=np.uint8)  # warm the page cache
            cases = {
                "aem.open": lambda: aem.open(path),
                "no validation": lambda: aem.open(path, validate=False),
                "copy": lambda: aem.open(path, storage="copy"),
                "open + touch": lambda: touch(aem.open(path)),
                "numpy.fromfile": lambda: np.fromfile(path, dtype=np.uint8),
            }
            rows.append((source.stem, path.stat().st_size, {name: timed(f, args.repeat) for name, f in cases.items()}))

    names = list(rows[0][2]) if rows else []
    print(f"median (best) of {args.repeat} runs, microseconds, warm page cache")
    print(f"{'model':<16} {'MB':>6} " + " ".join(f"{n:>18}" for n in names))
    for stem, size, results in rows:
        cells = " ".join(f"{f'{m:.0f} ({b:.0f})':>18}" for m, b in (results[n] for n in names))
        print(f"{stem:<16} {size / 1e6:>6.2f} {cells}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""How soon `aem bake` stops after SIGTERM, a baseline binary beside ours, in the same session.

Writes the two large cases of issue 27 into a scratch folder (a 2,000,000-triangle grid without
normals; a quad whose base colour is an 8192x8192 PNG, baked as RGBA8 at full size), bakes each
once in full with each binary, then again and again with SIGTERM sent at evenly spaced moments
of the full bake's time, and prints the slowest stop (signal to exit) and the median per binary
and case; a signal that comes after the output is written is not a stop. Not run by the tests
(no timing assertions there).

    python3 benchmarks/pipeline/cancel_latency.py BASELINE_AEM OUR_AEM [--points N]
"""
import argparse
import json
import os
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import zlib


def write_grid(folder, quads=1000):
    """A flat-ish grid of quads * quads * 2 triangles, positions and indices only."""
    side = quads + 1
    pos = b"".join(struct.pack("<3f", i / quads, j / quads, ((i * 7 + j * 13) % 17) / 170.0)
                   for j in range(side) for i in range(side))
    idx = bytearray()
    for j in range(quads):
        for i in range(quads):
            a = j * side + i
            idx += struct.pack("<6I", a, a + 1, a + side + 1, a, a + side + 1, a + side)
    with open(os.path.join(folder, "grid.bin"), "wb") as f:
        f.write(pos + idx)
    gltf = {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
            "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
            "buffers": [{"uri": "grid.bin", "byteLength": len(pos) + len(idx)}],
            "bufferViews": [{"buffer": 0, "byteLength": len(pos)},
                            {"buffer": 0, "byteOffset": len(pos), "byteLength": len(idx)}],
            "accessors": [{"bufferView": 0, "componentType": 5126, "count": side * side, "type": "VEC3",
                           "min": [0, 0, 0], "max": [1, 1, 0.1]},
                          {"bufferView": 1, "componentType": 5125, "count": 6 * quads * quads, "type": "SCALAR"}]}
    path = os.path.join(folder, "grid.gltf")
    with open(path, "w") as f:
        json.dump(gltf, f)
    return path


def write_png(path, side):
    """An RGB PNG with a pattern that every row shifts: no two rows alike, still small on disk."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    base = bytes((i * 7) % 256 for i in range(side * 3))
    squash = zlib.compressobj(6)
    parts = []
    for y in range(side):
        shift = (y * 3) % len(base)
        parts.append(squash.compress(b"\x00" + base[shift:] + base[:shift]))
    parts.append(squash.flush())
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)) +
                chunk(b"IDAT", b"".join(parts)) + chunk(b"IEND", b""))


def write_textured_quad(folder, side=8192):
    write_png(os.path.join(folder, "big.png"), side)
    quad = (struct.pack("<12f", 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0) + struct.pack("<8f", 0, 0, 1, 0, 1, 1, 0, 1) +
            struct.pack("<6I", 0, 1, 2, 0, 2, 3))
    with open(os.path.join(folder, "quad.bin"), "wb") as f:
        f.write(quad)
    gltf = {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
            "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1}, "indices": 2, "material": 0}]}],
            "materials": [{"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}}],
            "textures": [{"source": 0}], "images": [{"uri": "big.png"}],
            "buffers": [{"uri": "quad.bin", "byteLength": len(quad)}],
            "bufferViews": [{"buffer": 0, "byteLength": 48}, {"buffer": 0, "byteOffset": 48, "byteLength": 32},
                            {"buffer": 0, "byteOffset": 80, "byteLength": 24}],
            "accessors": [{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3",
                           "min": [0, 0, 0], "max": [1, 1, 0]},
                          {"bufferView": 1, "componentType": 5126, "count": 4, "type": "VEC2"},
                          {"bufferView": 2, "componentType": 5125, "count": 6, "type": "SCALAR"}]}
    path = os.path.join(folder, "quad.gltf")
    with open(path, "w") as f:
        json.dump(gltf, f)
    return path


def full_bake_seconds(aem, model, options, output):
    if os.path.exists(output):
        os.remove(output)
    start = time.monotonic()
    result = subprocess.run([aem, "bake", model, "-o", output, *options], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{aem} could not bake {model}: {result.stderr.strip()}")
    return time.monotonic() - start


def stop_latencies(aem, model, options, folder, full_s, points):
    """Seconds from SIGTERM to exit, for signals at `points` moments spread over the full bake."""
    latencies = []
    for k in range(points):
        at = full_s * (k + 0.5) / points
        out_dir = os.path.join(folder, "stopped")
        shutil.rmtree(out_dir, ignore_errors=True)
        child = subprocess.Popen([aem, "bake", model, "-o", os.path.join(out_dir, "x.aem"), *options],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(at)
        sent = time.monotonic()
        child.send_signal(signal.SIGTERM)
        child.wait()
        stopped_s = time.monotonic() - sent
        # Written whole before the signal took effect (`aem` then says it baked the model and
        # exits 130 all the same): the bake did not stop, nothing to measure.
        if os.path.exists(os.path.join(out_dir, "x.aem")):
            continue
        latencies.append(stopped_s)
    return latencies


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baseline")
    parser.add_argument("ours")
    parser.add_argument("--points", type=int, default=12, help="signals per binary and case (default 12)")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="aem-cancel-latency-")
    try:
        cases = [("2M triangles", write_grid(folder), []),
                 ("8192x8192 texture", write_textured_quad(folder), ["--textures", "rgba", "--max-texture-size", "8192"])]
        print(f"{'case':<20} {'binary':<9} {'full bake':>10} {'stops':>6} {'median stop':>12} {'slowest stop':>13}")
        for name, model, options in cases:
            for label, aem in (("baseline", args.baseline), ("ours", args.ours)):
                full_s = full_bake_seconds(aem, model, options, os.path.join(folder, "full.aem"))
                stops = stop_latencies(aem, model, options, folder, full_s, args.points)
                median = statistics.median(stops) * 1e3 if stops else float("nan")
                slowest = max(stops) * 1e3 if stops else float("nan")
                print(f"{name:<20} {label:<9} {full_s:>9.2f}s {len(stops):>6} {median:>10.0f}ms {slowest:>11.0f}ms")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()

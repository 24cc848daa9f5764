#!/usr/bin/env python3
"""Hostile-input probes for `aem bake`, run with a baseline binary and ours in the same session.

Writes each probe (files the issue on hostile input named: a huge triangle fan, positions
without a buffer view, a 100,000-deep node chain, a 16384x16384 PNG, empty animations times
joints, a URI leaving the model's folder, a FIFO as a buffer) into a scratch folder, bakes it
with each binary under a wall-clock limit and prints exit status, wall time and peak RSS side by
side. Nothing here is run by the tests (they have their own generated cases under watchdogs);
this is the before/after measurement.

    python3 benchmarks/pipeline/hostile_probes.py BASELINE_AEM OUR_AEM [--timeout S]
"""
import argparse
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib


def write_gltf(path, gltf, binary=b""):
    if binary:
        with open(os.path.splitext(path)[0] + ".bin", "wb") as f:
            f.write(binary)
        gltf["buffers"] = [{"byteLength": len(binary), "uri": os.path.basename(os.path.splitext(path)[0]) + ".bin"}]
    gltf["asset"] = {"version": "2.0"}
    with open(path, "w") as f:
        json.dump(gltf, f)


def mesh_gltf(path, positions, indices, nodes):
    pos = b"".join(struct.pack("<3f", *p) for p in positions)
    idx = b"".join(struct.pack("<I", i) for i in indices)
    write_gltf(path, {
        "scene": 0, "scenes": [{"nodes": [0]}], "nodes": nodes,
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": len(positions), "type": "VEC3",
                       "min": [-1, -1, -1], "max": [1, 1, 1]},
                      {"bufferView": 1, "componentType": 5125, "count": len(indices), "type": "SCALAR"}],
        "bufferViews": [{"buffer": 0, "byteLength": len(pos)},
                        {"buffer": 0, "byteOffset": len(pos), "byteLength": len(idx)}]}, pos + idx)


def fan(path):
    n = 80000
    positions = [(0.0, 0.0, 0.0)] + [(math.cos(2 * math.pi * i / (n + 1)), math.sin(2 * math.pi * i / (n + 1)), 0.0)
                                     for i in range(n + 1)]
    mesh_gltf(path, positions, [v for i in range(n) for v in (0, i + 1, i + 2)], [{"mesh": 0}])


def zeros(path):
    write_gltf(path, {"scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
                      "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
                      "accessors": [{"componentType": 5126, "count": 1 << 17, "type": "VEC3",
                                     "min": [0, 0, 0], "max": [0, 0, 0]}]})


def chain(path, mesh_on_every_node):
    n = 100000
    nodes = [{"children": [i + 1]} for i in range(n - 1)] + [{}]
    for i, node in enumerate(nodes):
        if mesh_on_every_node or i == n - 1:
            node["mesh"] = 0
    mesh_gltf(path, [(0, 0, 0), (1, 0, 0), (0, 1, 0)], [0, 1, 2], nodes)


def big_png(path, side=16384):
    # One grey colour: about a megabyte compressed, a gigabyte decoded.
    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    compressor = zlib.compressobj(9)
    row = b"\x00" + b"\x80\x80\x80\xff" * side
    body = b"".join(compressor.compress(row) for _ in range(side)) + compressor.flush()
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 6, 0, 0, 0)) +
                chunk(b"IDAT", body) + chunk(b"IEND", b""))


def textured_quad(path, images, used):
    write_gltf(path, {
        "scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1}, "indices": 2, "material": 0}]}],
        "materials": [{"pbrMetallicRoughness": {"baseColorTexture": {"index": used}}}],
        "textures": [{"source": i} for i in range(len(images))],
        "images": [{"uri": uri} for uri in images],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
                      {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC2"},
                      {"bufferView": 2, "componentType": 5125, "count": 3, "type": "SCALAR"}],
        "bufferViews": [{"buffer": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36, "byteLength": 24},
                        {"buffer": 0, "byteOffset": 60, "byteLength": 12}]},
        struct.pack("<9f", 0, 0, 0, 1, 0, 0, 0, 1, 0) + struct.pack("<6f", 0, 0, 1, 0, 0, 1) + struct.pack("<3I", 0, 1, 2))


def empty_animations(path):
    joints = 4000
    nodes = [{"children": list(range(1, joints + 1)), "mesh": 0}] + [{"translation": [0, 0, 0]} for _ in range(joints)]
    for node in nodes[1:]:
        node["rotation"] = [0, 0, 0, 1]
    pos = struct.pack("<9f", 0, 0, 0, 1, 0, 0, 0, 1, 0)
    write_gltf(path, {
        "scene": 0, "scenes": [{"nodes": [0]}], "nodes": nodes,
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
                      {"bufferView": 1, "componentType": 5126, "count": 2, "type": "SCALAR", "min": [0], "max": [1]},
                      {"bufferView": 2, "componentType": 5126, "count": 2, "type": "VEC3"}],
        "bufferViews": [{"buffer": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36, "byteLength": 8},
                        {"buffer": 0, "byteOffset": 44, "byteLength": 24}],
        # Every joint animated once, so that each is a joint; then 4,000 animations with nothing in them.
        "animations": [{"samplers": [{"input": 1, "output": 2}],
                        "channels": [{"sampler": 0, "target": {"node": j, "path": "translation"}} for j in range(1, joints + 1)]}] +
                      [{"samplers": [], "channels": []} for _ in range(joints)]},
        pos + struct.pack("<2f", 0, 1) + struct.pack("<6f", 0, 0, 0, 1, 0, 0))


def escaping_uri(path):
    with open(os.path.join(os.path.dirname(os.path.dirname(path)), "secret.bin"), "wb") as f:
        f.write(struct.pack("<9f", 1, 2, 3, 4, 5, 6, 7, 8, 9))
    write_gltf(path, {"scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
                      "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
                      "buffers": [{"byteLength": 36, "uri": "../secret.bin"}],
                      "bufferViews": [{"buffer": 0, "byteLength": 36}],
                      "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                                     "min": [1, 2, 3], "max": [7, 8, 9]}]})


def fifo_buffer(path):
    os.mkfifo(os.path.join(os.path.dirname(path), "pipe.bin"))
    write_gltf(path, {"scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
                      "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
                      "buffers": [{"byteLength": 36, "uri": "pipe.bin"}],
                      "bufferViews": [{"buffer": 0, "byteLength": 36}],
                      "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                                     "min": [0, 0, 0], "max": [1, 1, 0]}]})


def make_probes(root):
    probes = []

    def probe(name, make, *args):
        folder = os.path.join(root, name)
        os.makedirs(folder)
        path = os.path.join(folder, name + ".gltf")
        make(path, *args)
        probes.append((name, path))

    probe("fan_80000", fan)
    probe("positions_without_view_2e17", zeros)
    probe("node_chain_100000", chain, False)
    probe("node_chain_mesh_every_node", chain, True)
    big = os.path.join(root, "big.png")
    big_png(big)
    small = os.path.join(root, "small.png")
    big_png(small, 4)

    def copy_images(path, names):
        for name in names:
            shutil.copy(big if name.startswith("big") else small, os.path.join(os.path.dirname(path), name))

    def png_used(path):
        copy_images(path, ["big.png"])
        textured_quad(path, ["big.png"], 0)

    def png_four_times_one_used(path):
        copy_images(path, ["big0.png", "big1.png", "big2.png", "big3.png"])
        textured_quad(path, ["big0.png", "big1.png", "big2.png", "big3.png"], 0)

    def png_four_unused(path):
        copy_images(path, ["big0.png", "big1.png", "big2.png", "big3.png", "small.png"])
        textured_quad(path, ["big0.png", "big1.png", "big2.png", "big3.png", "small.png"], 4)

    probe("png_16384_used", png_used)
    probe("png_16384_x4_one_used", png_four_times_one_used)
    probe("png_16384_x4_unused", png_four_unused)
    probe("joints_4000_x_empty_animations_4000", empty_animations)
    probe("uri_leaving_the_folder", escaping_uri)
    probe("fifo_as_buffer", fifo_buffer)
    return probes


def run(binary, model, output, timeout):
    """Exit status, wall seconds, peak RSS (KB, from wait4 of this one child) and the last line of stderr."""
    start = time.monotonic()
    process = subprocess.Popen([binary, "bake", model, "-o", output, "--textures", "rgba", "--force"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    deadline = start + timeout
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            process.kill()
            pid, status, usage = os.wait4(process.pid, 0)
            return "timeout", time.monotonic() - start, usage.ru_maxrss, "killed at the time limit"
        time.sleep(0.01)
    seconds = time.monotonic() - start
    error = process.stderr.read().decode(errors="replace").strip().splitlines()
    return str(os.waitstatus_to_exitcode(status)), seconds, usage.ru_maxrss, (error[-1] if error else "")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("baseline")
    parser.add_argument("ours")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--make-probes-in", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.make_probes_in:
        for name, path in make_probes(args.make_probes_in):
            print(name, path)
        return
    root = tempfile.mkdtemp(prefix="aem_hostile_probes_")
    try:
        # Made by a child process: a child's peak RSS counts what it had when forked, so this
        # process must stay small for the figures to be the bake's own.
        listing = subprocess.run([sys.executable, __file__, args.baseline, args.ours, "--make-probes-in", root],
                                 check=True, capture_output=True, text=True).stdout
        probes = [tuple(line.split(" ", 1)) for line in listing.splitlines()]
        print(f"{'probe':38} {'binary':9} {'exit':>7} {'seconds':>8} {'peak MB':>8}  last message")
        for name, path in probes:
            for label, binary in (("baseline", args.baseline), ("ours", args.ours)):
                output = os.path.join(root, "out", label, name + ".aem")
                code, seconds, rss_kb, message = run(binary, path, output, args.timeout)
                print(f"{name:38} {label:9} {code:>7} {seconds:8.2f} {rss_kb / 1024:8.1f}  {message[:110]}")
                sys.stdout.flush()
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()

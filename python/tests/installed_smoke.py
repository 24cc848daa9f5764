# Run by the install test (install_test.cmake) with PYTHONPATH set to the installed module only:
# imports aem from there, bakes a triangle it writes itself, opens it and poses it.
import base64
import json
import pathlib
import struct
import sys

import aem

prefix = pathlib.Path(sys.argv[1]).resolve()
work = pathlib.Path(sys.argv[2])
module = pathlib.Path(aem.__file__).resolve()
assert prefix in module.parents, f"aem imported from {module}, not from the installed prefix {prefix}"

positions = struct.pack("<9f", 0, 0, 0, 1, 0, 0, 0, 1, 0)
gltf = {
    "asset": {"version": "2.0"},
    "scene": 0,
    "scenes": [{"nodes": [0]}],
    "nodes": [{"mesh": 0}],
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
    "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                   "min": [0, 0, 0], "max": [1, 1, 0]}],
    "bufferViews": [{"buffer": 0, "byteLength": len(positions)}],
    "buffers": [{"byteLength": len(positions),
                 "uri": "data:application/octet-stream;base64," + base64.b64encode(positions).decode()}],
}
source = work / "triangle.gltf"
source.write_text(json.dumps(gltf))
report = aem.bake(source, output=work / "triangle.aem", textures="rgba")
model = aem.open(work / "triangle.aem")
vertices = model.vertices
del model
print(f"module={module.name} status={report['models'][0]['status']} vertices={len(vertices)} "
      f"triangles={report['models'][0]['counts']['triangles']} x={sorted(vertices['position'][:, 0].tolist())}")

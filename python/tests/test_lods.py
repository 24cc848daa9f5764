# aem.Model's levels of detail and meshlets (the lods and meshlets extensions): read-only views of
# the file, checked on a real bake of Duck with aem.bake(lods=3, meshlets=True) against `aem info
# --json` and the levels' own triangles, and on a meshlets payload written here byte by byte
# (specs/aem-extensions.md section 4) after a plain bake of BoxTextured; aem.lod_for and
# aem.allowed_object_error.
import math
import struct

import numpy as np
import pytest

import aem
from conftest import MODELS, cli_json, pad16, with_extensions

DUCK = "khronos/Duck/glTF-Binary/Duck.glb"
MESHLET_FIELDS = ["first_vertex", "first_triangle", "vertex_count", "triangle_count", "center", "radius",
                  "cone_apex", "cone_cutoff", "cone_axis", "cone_axis_s8", "cone_cutoff_s8"]


def test_record_dtypes_have_the_on_disk_layout():
    assert aem.LOD_LEVEL_DTYPE.itemsize == 16 and list(aem.LOD_LEVEL_DTYPE.names) == ["first_index", "index_count", "error", "reserved"]
    assert aem.LOD_LEVEL_DTYPE.fields["error"][1] == 8
    assert aem.MESHLET_DTYPE.itemsize == 64 and list(aem.MESHLET_DTYPE.names) == MESHLET_FIELDS
    offsets = {name: aem.MESHLET_DTYPE.fields[name][1] for name in MESHLET_FIELDS}
    assert (offsets["center"], offsets["cone_apex"], offsets["cone_axis"], offsets["cone_axis_s8"], offsets["cone_cutoff_s8"]) == (16, 32, 48, 60, 63)


@pytest.fixture(scope="module")
def duck(corpus, tmp_path_factory):
    path = tmp_path_factory.mktemp("lods") / "Duck.aem"
    with pytest.warns(aem.BakeWarning):  # its camera is dropped
        aem.bake(corpus / DUCK, output=path, textures="rgba", max_texture_size=64, lods=3, meshlets=True)
    return path


def test_every_mesh_has_its_levels_as_views(duck, aem_cli):
    model = aem.open(duck)
    info = cli_json(aem_cli, "info", "--json", str(duck))
    assert len(model.lods) == len(model.meshes) == len(info["meshes"])
    for mesh, levels in enumerate(model.lods):
        assert levels.mesh == mesh and len(levels) == 1 + len(info["meshes"][mesh]["lods"])
        own = levels[0]
        assert own.level == 0 and own.error == 0.0
        np.testing.assert_array_equal(own.indices, model.mesh_indices(mesh))
        assert [(lod.triangles, lod.error) for lod in list(levels)[1:]] == \
            [(entry["triangles"], pytest.approx(entry["error"], rel=1e-6)) for entry in info["meshes"][mesh]["lods"]]
        triangles = [lod.triangles for lod in levels]
        errors = [lod.error for lod in levels]
        assert triangles == sorted(triangles, reverse=True) and len(set(triangles)) == len(triangles)
        assert errors == sorted(errors)
        for lod in levels:
            assert lod.indices.dtype == np.uint32 and len(lod.indices) == 3 * lod.triangles
            assert lod.indices.max() < len(model.vertices) and not lod.indices.flags.writeable
        records = levels.records
        assert records.dtype == aem.LOD_LEVEL_DTYPE and records["error"].tolist() == pytest.approx(errors[1:])
        assert levels[-1].level == len(levels) - 1
        with pytest.raises(IndexError):
            levels[len(levels)]


def test_the_level_arrays_keep_the_mapping_alive(duck):
    model = aem.open(duck)
    coarsest = model.lods[0][-1]
    first = coarsest.indices[:3].tolist()
    del model
    assert coarsest.indices[:3].tolist() == first


def test_lod_for_picks_the_coarsest_level_within_the_allowed_error(duck):
    levels = aem.open(duck).lods[0]
    errors = [lod.error for lod in levels]
    assert len(levels) == 4
    for level in range(1, len(levels)):
        assert aem.lod_for(levels, errors[level]) == level
        assert aem.lod_for(levels, np.nextafter(np.float32(errors[level]), np.float32(0))) == level - 1
    assert aem.lod_for(levels, 0.0) == 0 and aem.lod_for(levels, float("nan")) == 0
    assert aem.lod_for(levels, float("inf")) == len(levels) - 1
    # 90 degrees over 1000 pixels: at distance 10 a pixel is 0.02 units.
    assert aem.allowed_object_error(1.0, 10.0, math.pi / 2, 1000.0) == pytest.approx(0.02, rel=1e-6)
    assert aem.allowed_object_error(4.0, 0.0, 1.0, 1000.0) == 0.0


def meshlet_triangles(meshlets, records):
    """The triangles of `records` in model vertex indices, (n, 3), meshlet by meshlet."""
    corners = meshlets.triangles.view(np.uint8).reshape(-1, 4)[:, :3]
    return np.concatenate([meshlets.vertices[m["first_vertex"] + corners[m["first_triangle"]:m["first_triangle"] + m["triangle_count"]]]
                           for m in records])


def test_the_meshlets_of_a_bake_hold_every_level_once(duck, aem_cli):
    model = aem.open(duck)
    info = cli_json(aem_cli, "info", "--json", str(duck))
    meshlets = model.meshlets
    assert (meshlets.max_vertices, meshlets.max_triangles) == (64, 124)  # the bake's defaults
    records = meshlets.records
    assert records["vertex_count"].max() <= 64 and records["triangle_count"].max() <= 124
    covered = 0
    for mesh, levels in enumerate(model.lods):
        assert [len(model.meshlets.of(mesh, level)) for level in range(len(levels))] == info["meshes"][mesh]["meshlets"]
        for lod in levels:
            group = meshlets.of(mesh, lod.level)
            assert len(group) >= (lod.triangles + 123) // 124
            np.testing.assert_array_equal(group, records[meshlets.range_of(mesh, lod.level)])
            ours = meshlet_triangles(meshlets, group)
            # Each triangle once, its winding kept (rotated to start at its smallest index).
            assert sorted(map(rotated, ours.tolist())) == sorted(map(rotated, lod.indices.reshape(-1, 3).tolist()))
            covered += len(group)
    assert covered == len(records)


def rotated(triangle):
    k = triangle.index(min(triangle))
    return tuple(triangle[k:] + triangle[:k])


def test_a_turntable_culls_some_meshlets_of_a_bake_never_all(duck):
    model = aem.open(duck)
    meshlets = model.meshlets
    positions = model.vertices["position"]
    centre = (positions.min(axis=0) + positions.max(axis=0)) / 2
    radius = float(np.linalg.norm(positions - centre, axis=1).max())
    shares = []
    for angle in np.linspace(0, 2 * math.pi, 12, endpoint=False):
        eye = centre + 3 * radius * np.array([math.cos(angle), 0.3, math.sin(angle)])
        culled = meshlets.faces_away(eye.tolist(), mesh=0, level=0)
        shares.append(culled.mean())
    # Only meshlets on the far side can face away whole: some from every side (8-18% here), never half.
    assert 0.02 < min(shares) and max(shares) < 0.5


def test_a_model_without_the_extensions_has_none(baked):
    model = aem.open(baked("BoxTextured"))
    assert model.lods is None and model.meshlets is None


def meshlets_payload(indices, positions, per_meshlet):
    """One mesh, level 0 only, cut into meshlets of `per_meshlet` triangles (each a flat face here),
    each with its bounding sphere and its face's normal cone (cutoff 0, apex at the centre)."""
    triangles = indices.reshape(-1, 3)
    records, vertices, packed = [], [], []
    for first in range(0, len(triangles), per_meshlet):
        group = triangles[first:first + per_meshlet]
        local = list(dict.fromkeys(group.ravel().tolist()))
        corners = positions[local]
        a, b, c = positions[group[0]]
        normal = np.cross(b - a, c - a)
        normal = normal / np.linalg.norm(normal)
        centre = corners.mean(axis=0)
        radius = float(np.linalg.norm(corners - centre, axis=1).max())
        records.append(struct.pack("<4I3ff3ff3f4b", len(vertices), len(packed), len(local), len(group), *centre, radius,
                                   *centre, 0.0, *normal, *np.round(normal * 127).astype(int), 0))
        vertices += local
        packed += [local.index(t[0]) | local.index(t[1]) << 8 | local.index(t[2]) << 16 for t in group.tolist()]
    header = struct.pack("<8I", 1, 1, len(records), len(vertices), len(packed), 64, per_meshlet, 0)
    body = struct.pack("<4I", 0, 1, 0, 0) + struct.pack("<4I", 0, len(records), 0, 0) + b"".join(records)
    return pad16(header + body + struct.pack(f"<{len(vertices)}I", *vertices) + struct.pack(f"<{len(packed)}I", *packed))


@pytest.fixture(scope="module")
def box_with_meshlets(corpus, tmp_path_factory):
    """BoxTextured baked as plain version 1 (12 triangles, two per face), then a meshlets payload
    of one meshlet per face."""
    plain = tmp_path_factory.mktemp("plain") / "BoxTextured.aem"
    aem.bake(corpus / MODELS["BoxTextured"], output=plain, textures="rgba", format_version=1)
    model = aem.open(plain)
    positions = model.vertices["position"].astype(np.float64)
    indices = np.array(model.indices)
    path = tmp_path_factory.mktemp("meshlets") / "BoxTextured-meshlets.aem"
    path.write_bytes(with_extensions(plain.read_bytes(), [("meshlets", meshlets_payload(indices, positions, 2))]))
    return path


def test_meshlets_read_back_as_views(box_with_meshlets):
    model = aem.open(box_with_meshlets)
    meshlets = model.meshlets
    assert meshlets.max_vertices == 64 and meshlets.max_triangles == 2
    records = meshlets.records
    assert records.dtype == aem.MESHLET_DTYPE and len(records) == 6
    assert records["triangle_count"].tolist() == [2] * 6 and records["vertex_count"].tolist() == [4] * 6
    np.testing.assert_array_equal(meshlets.of(0, 0), records)
    assert meshlets.range_of(0, 0) == slice(0, 6, 1)
    # Every triangle back from its meshlet, in vertex indices: the mesh's own.
    corners = meshlets.triangles.view(np.uint8).reshape(-1, 4)[:, :3]
    rebuilt = [meshlets.vertices[m["first_vertex"] + corners[m["first_triangle"] + t]]
               for m in records for t in range(m["triangle_count"])]
    np.testing.assert_array_equal(np.array(rebuilt).ravel(), model.mesh_indices(0))
    for view in (records, meshlets.vertices, meshlets.triangles, meshlets.of(0, 0)):
        assert not view.flags.writeable
    with pytest.raises(IndexError):
        meshlets.of(0, 1)  # the mesh has one level
    with pytest.raises(IndexError):
        meshlets.of(1, 0)


def test_faces_away_culls_the_faces_behind(box_with_meshlets):
    meshlets = aem.open(box_with_meshlets).meshlets
    records = meshlets.records
    for i, m in enumerate(records):
        behind = m["center"] - 10 * m["cone_axis"]
        in_front = m["center"] + 10 * m["cone_axis"]
        assert meshlets.faces_away(behind)[i] and not meshlets.faces_away(in_front)[i]
    # From far along +x every face but the +x one is seen from behind its plane.
    culled = meshlets.faces_away([100.0, 0.0, 0.0], mesh=0, level=0)
    assert culled.dtype == np.bool_ and len(culled) == 6
    facing = records["cone_axis"][:, 0] > 0.5
    assert not culled[facing].any() and culled.sum() == 5
    with pytest.raises(TypeError):
        meshlets.faces_away([0.0, 0.0, 0.0], mesh=0)


def test_a_bad_payload_opened_without_validation_raises_model_error(duck, tmp_path):
    data = bytearray(duck.read_bytes())
    entry = data.index(b"lods\0")
    payload = struct.unpack_from("<Q", data, entry + 32)[0]
    meshes = struct.unpack_from("<I", data, payload)[0]
    struct.pack_into("<f", data, payload + 16 + 16 * meshes + 16 + 8, 0.0)  # level 2's error below level 1's
    bad = tmp_path / "falling-error.aem"
    bad.write_bytes(bytes(data))
    with pytest.raises(aem.ModelError, match="lods"):
        aem.open(bad)
    model = aem.open(bad, validate=False)
    with pytest.raises(aem.ModelError, match="lods"):
        model.lods

# aem.open and aem.Model: record dtypes, zero-copy read-only views, lifetime, errors.
import gc
import struct

import numpy as np
import pytest

import aem
from conftest import cli_json, run_cli

# Sizes of the records in specs/aem-v1.md (and format.hpp's static_asserts).
RECORD_SIZES = {
    "VERTEX_DTYPE": 88, "TEXTURE_DTYPE": 24, "MESH_DTYPE": 12, "MATERIAL_DTYPE": 16,
    "JOINT_DTYPE": 196, "ANIMATION_DTYPE": 132, "TRACK_DTYPE": 16, "KEYFRAME_DTYPE": 20,
}
SECTIONS = ["vertices", "indices", "image_buffer", "textures", "meshes", "materials", "joints",
            "animations", "tracks", "keyframes"]
HEADER_COUNTS = ["vertex_count", "index_count", "image_buffer_size", "texture_count", "mesh_count",
                 "material_count", "joint_count", "animation_count", "track_count", "keyframe_count"]


@pytest.mark.parametrize("name,size", sorted(RECORD_SIZES.items()))
def test_record_dtypes_have_the_on_disk_sizes(name, size):
    assert getattr(aem, name).itemsize == size


def test_record_dtypes_have_the_on_disk_offsets():
    assert aem.VERTEX_DTYPE.fields["uv"][1] == 48
    assert aem.VERTEX_DTYPE.fields["joints"][1] == 56
    assert aem.VERTEX_DTYPE.fields["weights"][1] == 72
    assert aem.JOINT_DTYPE.fields["inverse_bind"][1] == 128
    assert aem.JOINT_DTYPE.fields["parent"][1] == 192
    assert aem.ANIMATION_DTYPE.fields["duration"][1] == 128
    assert aem.KEYFRAME_DTYPE.fields["value"][1] == 4


def sections_read_independently(path):
    """Every section of the file, read with numpy.fromfile at the offsets of the spec's size
    equation: what the zero-copy views must equal."""
    raw = np.fromfile(path, dtype=np.uint8)
    counts = struct.unpack_from("<10I", raw, 4)
    dtypes = [aem.VERTEX_DTYPE, np.dtype("<u4"), np.dtype("u1"), aem.TEXTURE_DTYPE, aem.MESH_DTYPE,
              aem.MATERIAL_DTYPE, aem.JOINT_DTYPE, aem.ANIMATION_DTYPE, aem.TRACK_DTYPE, aem.KEYFRAME_DTYPE]
    out, offset = {}, 44
    for name, count, dtype in zip(SECTIONS, counts, dtypes):
        out[name] = np.frombuffer(raw, dtype=dtype, count=count, offset=offset)
        offset += count * dtype.itemsize
    # The version-1 part ends here; an extended file (specs/aem-extensions.md) goes on with its
    # extension directory at the next multiple of 16.
    directory = (offset + 15) // 16 * 16
    assert offset == raw.size or raw[directory:directory + 4].tobytes() == b"AEMX"
    return out


def test_sections_equal_the_files_bytes(baked):
    path = baked("CesiumMan")
    model = aem.open(path)
    expected = sections_read_independently(path)
    for name in SECTIONS:
        view = getattr(model, name)
        assert view.tobytes() == expected[name].tobytes(), name
        assert view.dtype == expected[name].dtype, name
    assert model.header == {"version": 1, **{k: len(expected[s]) for k, s in zip(HEADER_COUNTS, SECTIONS)}}


def test_values_agree_with_aem_info(baked, aem_cli):
    path = baked("CesiumMan")
    info = cli_json(aem_cli, "info", "--json", path)
    model = aem.open(path)
    assert len(model.vertices) == info["sections"]["vertices"]["count"]
    assert len(model.indices) == info["sections"]["indices"]["count"]
    assert [(int(t["width"]), int(t["height"]), int(t["offset"])) for t in model.textures] == \
        [(t["width"], t["height"], t["offset"]) for t in info["textures"]]
    assert [model.mip_count(i) for i in range(len(model.textures))] == [t["mips"] for t in info["textures"]]
    assert model.joint_names == [j["name"] for j in info["joints"]]
    assert model.joints["parent"].tolist() == [j["parent"] for j in info["joints"]]
    assert model.animation_names == [a["name"] for a in info["animations"]]
    assert model.animations["duration"].tolist() == [a["duration"] for a in info["animations"]]
    assert model.meshes["index_count"].tolist() == [m["index_count"] for m in info["meshes"]]
    assert model.materials["base_color_texture"].tolist() == [m["base_color_texture"] for m in info["materials"]]
    # The `names` extension: CesiumMan names its material and mesh.
    assert model.material_names == [m["name"] for m in info["materials"]]
    assert model.mesh_names == [m["name"] for m in info["meshes"]]
    assert all(model.material_names) and all(model.mesh_names)
    keys = info["animations"][0]["keys"]
    per_kind = [sum(len(model.keys(0, joint)[kind]) for joint in range(len(model.joints))) for kind in range(3)]
    assert per_kind == [keys["translation"], keys["rotation"], keys["scale"]]


def test_arrays_view_the_mapping_without_copying(baked):
    model = aem.open(baked("CesiumMan"))
    assert model.mapped and model.zero_copy
    first, second = model.vertices, model.vertices
    assert first.__array_interface__["data"][0] == second.__array_interface__["data"][0]
    level = model.mip_level(0, 0)
    buffer = model.image_buffer
    assert np.shares_memory(level.data, buffer)
    offset = int(model.textures[0]["offset"])
    assert level.data.__array_interface__["data"][0] == buffer.__array_interface__["data"][0] + offset
    mesh = model.mesh_indices(0)
    assert np.shares_memory(mesh, model.indices)


def test_arrays_are_read_only(baked):
    model = aem.open(baked("CesiumMan"))
    for name in SECTIONS:
        array = getattr(model, name)
        assert not array.flags.writeable, name
    with pytest.raises(ValueError):
        model.vertices["position"][0] = (1, 2, 3)
    with pytest.raises(ValueError):
        model.vertices.setflags(write=True)


def test_an_array_outlives_the_model_it_views(baked):
    model = aem.open(baked("CesiumMan"))
    vertices, keyframes = model.vertices, model.keyframes
    level = model.mip_level(0, 3).data
    expected = (vertices.copy(), keyframes.copy(), level.copy())
    del model
    gc.collect()
    # Pages the mapping still holds, not freed memory: the arrays keep the model open.
    np.testing.assert_array_equal(vertices, expected[0])
    np.testing.assert_array_equal(keyframes, expected[1])
    np.testing.assert_array_equal(level, expected[2])
    assert vertices["weights"].sum(axis=1) == pytest.approx(1.0, abs=1e-5)


def test_copy_storage_reads_the_same_bytes(baked):
    path = baked("CesiumMan")
    mapped, copied = aem.open(path), aem.open(path, storage="copy")
    assert mapped.mapped and not copied.mapped
    for name in SECTIONS:
        assert getattr(mapped, name).tobytes() == getattr(copied, name).tobytes(), name
    with pytest.raises(ValueError, match="storage"):
        aem.open(path, storage="stream")


def test_mip_levels_halve_down_to_one_texel(baked):
    model = aem.open(baked("CesiumMan"))
    levels = model.mip_levels(0)
    texture = model.textures[0]
    assert len(levels) == model.mip_count(0)
    assert (levels[0].width, levels[0].height) == (texture["width"], texture["height"])
    assert (levels[-1].width, levels[-1].height) == (1, 1)
    for level in levels:
        assert level.compression == "rgba8"
        assert level.data.dtype == np.uint8
        assert level.data.size == level.width * level.height * 4
    with pytest.raises(IndexError, match="mip level 11 of texture 0"):
        model.mip_level(0, len(levels))


def test_keys_view_a_tracks_keyframes(baked):
    model = aem.open(baked("CesiumMan"))
    joint_count = len(model.joints)
    track = model.tracks[0 * joint_count + 3]  # animation 0, joint 3
    translations, rotations, scales = model.keys(0, 3)
    first = int(track["first_keyframe"])
    assert (len(translations), len(rotations), len(scales)) == \
        (track["translation_count"], track["rotation_count"], track["scale_count"])
    assert translations.tobytes() == model.keyframes[first:first + len(translations)].tobytes()
    assert np.linalg.norm(rotations["value"], axis=1) == pytest.approx(1.0, abs=1e-4)
    with pytest.raises(IndexError):
        model.keys(0, joint_count)
    with pytest.raises(IndexError):
        model.keys(1, 0)


def test_a_corrupt_file_raises_model_error_with_the_commands_message(baked, aem_cli, tmp_path):
    good = baked("CesiumMan").read_bytes()
    corrupt = bytearray(good)
    # Mesh 0's first index: past the end of the indices.
    counts = struct.unpack_from("<10I", good, 4)
    sizes = [88, 4, 1, 24, 12, 16, 196, 132, 16, 20]
    meshes_offset = 44 + sum(c * s for c, s in zip(counts[:4], sizes[:4]))
    struct.pack_into("<I", corrupt, meshes_offset, counts[1])
    path = tmp_path / "corrupt.aem"
    path.write_bytes(bytes(corrupt))
    with pytest.raises(aem.ModelError) as caught:
        aem.open(path)
    status, _, err = run_cli(aem_cli, "info", path)
    assert status == 1
    assert err.strip() == f"aem info: {caught.value}"
    assert caught.value.code == "mesh_out_of_range"
    assert caught.value.section == "meshes"
    assert caught.value.element == 0
    assert caught.value.byte_offset == meshes_offset
    assert caught.value.path == str(path)
    # Trusted without validation, it opens; the mesh's view still refuses to leave the file.
    unchecked = aem.open(path, validate=False)
    with pytest.raises(IndexError, match="mesh 0 runs past the indices"):
        unchecked.mesh_indices(0)


def test_a_truncated_or_missing_file_raises_model_error(baked, tmp_path):
    path = tmp_path / "short.aem"
    source = baked("CesiumMan")
    version_1_end = sum(v.nbytes for v in sections_read_independently(source).values()) + 44
    path.write_bytes(source.read_bytes()[:version_1_end - 3])  # cut inside the version-1 part
    with pytest.raises(aem.ModelError, match="short.aem") as caught:
        aem.open(path)
    assert caught.value.code == "size_mismatch"
    with pytest.raises(aem.ModelError) as missing:
        aem.open(tmp_path / "absent.aem")
    assert missing.value.code == "io_error"


def test_sub_views_refuse_indices_out_of_range(baked):
    model = aem.open(baked("CesiumMan"))
    with pytest.raises(IndexError, match="mesh 1 is out of range"):
        model.mesh_indices(1)
    with pytest.raises(IndexError, match="texture 3 is out of range"):
        model.mip_level(3, 0)

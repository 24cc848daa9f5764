# aem.Model's views of the vertex_colours, uv1, emissive and material_flags extensions: read-only
# arrays over the file, checked against payloads written here byte by byte (specs/aem-extensions.md
# section 4) after a plain bake, and against a real bake of BoxVertexColors.
import struct

import numpy as np
import pytest

import aem
from conftest import MODELS, cli_json, pad16, with_extensions

UV1_MATERIAL_FIELDS = ["base_colour_set", "normal_set", "pbr_set", "occlusion_set", "occlusion_texture", "reserved"]
EMISSIVE_FIELDS = ["mode", "factor", "strength", "texture", "uv_set", "reserved"]


def test_record_dtypes_have_the_on_disk_layout():
    assert aem.UV1_MATERIAL_DTYPE.itemsize == 16 and list(aem.UV1_MATERIAL_DTYPE.names) == UV1_MATERIAL_FIELDS
    assert aem.UV1_MATERIAL_DTYPE.fields["occlusion_texture"][1] == 4
    assert aem.EMISSIVE_DTYPE.itemsize == 32 and list(aem.EMISSIVE_DTYPE.names) == EMISSIVE_FIELDS
    assert aem.EMISSIVE_DTYPE.fields["texture"][1] == 20 and aem.EMISSIVE_DTYPE.fields["uv_set"][1] == 24
    assert aem.Model.MATERIAL_UNLIT == 1


@pytest.fixture(scope="module")
def extended(corpus, tmp_path_factory):
    """BoxTextured baked as plain version 1 (24 vertices, one material, textures), then an
    emissive, a material_flags, a uv1 and a vertex_colours payload (RGBA16) written by hand."""
    plain = tmp_path_factory.mktemp("plain") / "BoxTextured.aem"
    aem.bake(corpus / MODELS["BoxTextured"], output=plain, textures="rgba", format_version=1)
    model = aem.open(plain)
    vertices, materials = len(model.vertices), len(model.materials)
    assert materials == 1
    uvs = [(i / 8.0, 1 - i / 16.0) for i in range(vertices)]
    colours = [(i * 1000, 65535, 0, 65535 - i) for i in range(vertices)]
    payloads = [
        ("emissive", struct.pack("<I4fIII", 1, 0.25, 0.5, 1.0, 2.0, 0, 1, 0)),
        ("material_flags", pad16(struct.pack("<I", 1))),
        ("uv1", pad16(struct.pack("<4I", vertices, 1, 0, 0) + b"".join(struct.pack("<2f", *uv) for uv in uvs))
                + struct.pack("<4BI2I", 0, 0, 0, 1, 0, 0, 0)),
        ("vertex_colours", pad16(struct.pack("<4I", 1, vertices, 0, 0) + b"".join(struct.pack("<4H", *c) for c in colours))),
    ]
    path = tmp_path_factory.mktemp("extended") / "BoxTextured-extended.aem"
    path.write_bytes(with_extensions(plain.read_bytes(), payloads))
    return path, uvs, colours


def test_the_payloads_read_back_as_views(extended):
    path, uvs, colours = extended
    model = aem.open(path)
    assert model.uv1.shape == (len(uvs), 2) and model.uv1.dtype == np.float32
    np.testing.assert_array_equal(model.uv1, np.array(uvs, dtype=np.float32))
    assert model.uv1_materials["occlusion_set"].tolist() == [1]
    assert model.uv1_materials["occlusion_texture"].tolist() == [0]
    assert model.vertex_colours.dtype == np.uint16 and model.vertex_colours.shape == (len(colours), 4)
    np.testing.assert_array_equal(model.vertex_colours, np.array(colours, dtype=np.uint16))
    emission = model.emissive
    assert emission["mode"].tolist() == [1] and emission["factor"][0].tolist() == [0.25, 0.5, 1.0]
    assert emission["strength"].tolist() == [2.0] and emission["uv_set"].tolist() == [1]
    assert model.material_flags.tolist() == [aem.Model.MATERIAL_UNLIT]


def test_the_views_are_read_only_and_view_the_mapping(extended):
    model = aem.open(extended[0])
    views = [model.uv1, model.uv1_materials, model.vertex_colours, model.emissive, model.material_flags]
    for view in views:
        assert not view.flags.writeable
        with pytest.raises(ValueError):
            view[0] = view[0]
    first = model.vertex_colours
    assert first.__array_interface__["data"][0] == model.vertex_colours.__array_interface__["data"][0]
    del model
    assert first[0, 1] == 65535  # the array keeps the mapping alive


def test_a_model_without_the_extensions_has_none(baked):
    model = aem.open(baked("CesiumMan"))
    assert model.vertex_colours is None and model.uv1 is None and model.uv1_materials is None
    assert model.emissive is None and model.material_flags is None


def test_a_bad_payload_opened_without_validation_raises_model_error(extended, tmp_path):
    path = extended[0]
    data = bytearray(path.read_bytes())
    entry = data.index(b"material_flags\0")
    data[struct.unpack_from("<Q", data, entry + 32)[0]] = 2  # an unknown material flag
    bad = tmp_path / "bad-flags.aem"
    bad.write_bytes(bytes(data))
    model = aem.open(bad, validate=False)
    with pytest.raises(aem.ModelError, match="material_flags"):
        model.material_flags


def test_box_vertex_colors_bakes_its_colours(baked, aem_cli):
    path = baked("BoxVertexColors")
    model = aem.open(path)
    colours = model.vertex_colours
    assert colours is not None and colours.shape == (len(model.vertices), 4)
    scale = 1.0 if colours.dtype == np.float32 else float(np.iinfo(colours.dtype).max)
    rgb = colours[:, :3].astype(np.float64) / scale
    assert rgb.min() >= 0 and rgb.max() <= 1 and len(np.unique(rgb, axis=0)) > 1  # not one flat colour
    assert (colours[:, 3].astype(np.float64) / scale == 1).all()  # opaque: glTF ignores COLOR_0's alpha
    info = cli_json(aem_cli, "info", "--json", str(path))
    entry = next(e for e in info["extensions"] if e["name"] == "vertex_colours")
    assert entry["vertex_colours"] == {"vertices": len(model.vertices), "encoding": {1: "rgba8", 2: "rgba16", 4: "rgba32f"}[colours.dtype.itemsize]}

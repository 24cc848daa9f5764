# aem.MorphTargets and the mixer's morph weights: a morph_targets extension written here byte by
# byte (specs/aem-extensions.md section 4) after a baked model, read back as numpy views, applied
# to the vertices and its weight track sampled by aem.Mixer.
import struct

import numpy as np
import pytest

import aem
from conftest import MODELS, pad16, with_extensions


def morph_payload(duration):
    """One group "body" of two targets: "lift", dense, moving vertices 0-3 up by 1, 2, 3, 4;
    "bend", sparse over 0-3, moving the positions and normals of vertices 1 and 3. Its weight track
    goes from (0, 1) at time 0 to (1, 0) at `duration`."""
    names = b"body" + b"lift" + b"bend"
    groups = struct.pack("<4I", 0, 2, 0, 4)
    target = struct.Struct("<IIfIIIIII12x")
    targets = target.pack(4, 4, 0.5, 1, 0, 4, 0, 0xFFFFFFFF, 0) + target.pack(8, 4, 0.0, 3, 0, 4, 4, 0, 2)
    tracks = struct.pack("<2I", 0, 2)
    values = struct.pack("<6f", 0, 0, 1, duration, 1, 0)
    deltas = struct.pack("<12f", 0, 1, 0, 0, 2, 0, 0, 3, 0, 0, 4, 0)
    deltas += struct.pack("<12f", 1, 0, 0, 0, 0, 1, -1, 0, 0, 0, 0, -1)
    sparse = struct.pack("<2I", 1, 3)
    header = struct.pack("<8I", 1, 2, 1, 6, 8, 2, len(names), 0)
    return pad16(header + pad16(groups) + pad16(targets) + pad16(tracks) + pad16(values) + pad16(deltas)
                 + pad16(sparse) + names)


@pytest.fixture(scope="module")
def morphed(corpus, tmp_path_factory):
    # Plain version 1 (no names extension), so that this extension area is the file's only one.
    plain = tmp_path_factory.mktemp("plain") / "CesiumMan.aem"
    aem.bake(corpus / MODELS["CesiumMan"], output=plain, textures="rgba", format_version=1)
    duration = float(aem.open(plain).animations["duration"][0])
    path = tmp_path_factory.mktemp("morph") / "CesiumMan-morph.aem"
    path.write_bytes(with_extensions(plain.read_bytes(), [("morph_targets", morph_payload(duration))]))
    return path, duration


def test_the_payload_reads_back_as_views(morphed):
    model = aem.open(morphed[0])
    m = model.morph_targets
    assert len(m) == 2 and m.names == ["lift", "bend"] and m.group_names == ["body"]
    assert m.groups["target_count"][0] == 2 and m.group_of(1) == 0
    assert m.targets["default_weight"].tolist() == [0.5, 0.0]
    assert m.targets["sparse_count"].tolist() == [0, 2]
    assert m.deltas.shape == (8, 3) and m.deltas.dtype == np.float32 and not m.deltas.flags.writeable
    assert m.target_deltas(0)[:, 0, 1].tolist() == [1, 2, 3, 4]
    assert m.target_deltas(1).shape == (2, 2, 3)
    assert m.target_deltas(1)[1, 1].tolist() == [0, 0, -1]
    assert m.target_sparse_indices(1).tolist() == [1, 3] and m.target_sparse_indices(0).size == 0
    assert m.weight_tracks["key_count"].tolist() == [2]
    with pytest.raises(IndexError):
        m.target_deltas(2)
    # The views keep the model alive.
    deltas = m.deltas
    del model, m
    assert deltas[3, 1] == 4


def test_apply_moves_the_vertices(morphed):
    model = aem.open(morphed[0])
    base = model.vertices
    out = model.morph_targets.apply(np.array([0.5, 1.0], dtype=np.float32))
    assert out.dtype == aem.VERTEX_DTYPE and out.shape == base.shape
    expected = base["position"].copy()
    expected[0:4, 1] += 0.5 * np.array([1, 2, 3, 4])
    expected[[1, 3], :] += np.array([[1, 0, 0], [-1, 0, 0]])
    np.testing.assert_allclose(out["position"], expected, atol=1e-5)
    np.testing.assert_allclose(np.linalg.norm(out["normal"][:4], axis=1), 1, atol=1e-5)
    np.testing.assert_array_equal(out["uv"], base["uv"])
    again = np.empty_like(out)
    assert model.morph_targets.apply([0, 0], out=again) is again
    np.testing.assert_array_equal(again["position"], base["position"])
    with pytest.raises(ValueError):
        model.morph_targets.apply([1.0])


def test_the_mixer_samples_the_weight_track(morphed):
    path, duration = morphed
    model = aem.open(path)
    mixer = aem.Mixer(model)
    assert mixer.morph_target_count == 2
    np.testing.assert_array_equal(mixer.evaluate_morph_weights(), [0.5, 0.0])  # nothing plays: the defaults
    mixer.play(0, playback="clamp")
    mixer.update(duration / 4)
    weights = np.zeros(2, dtype=np.float32)
    assert mixer.evaluate_morph_weights(out=weights) is weights
    np.testing.assert_allclose(weights, [0.25, 0.75], atol=1e-6)
    with pytest.raises(ValueError):
        mixer.evaluate_morph_weights(out=np.zeros(3, dtype=np.float32))


def test_a_model_without_the_extension(baked):
    model = aem.open(baked("CesiumMan"))
    assert model.morph_targets is None
    assert aem.Mixer(model).morph_target_count == 0

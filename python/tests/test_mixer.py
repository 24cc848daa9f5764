# aem.Mixer: skinning matrices in [joint, row, column] order, writing into a given array, the
# model kept alive, and stale layer handles refused.
import gc

import numpy as np
import pytest

import aem


def quaternion_matrix(x, y, z, w):
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ])


def first_key_skinning(model):
    """The skinning matrices of animation 0 at time 0, where every track holds its first key,
    computed here from the file's own keys and inverse binds (parents come before children)."""
    joints = model.joints
    world = []
    for j in range(len(joints)):
        translations, rotations, scales = model.keys(0, j)
        local = np.eye(4)
        local[:3, :3] = quaternion_matrix(*rotations["value"][0]) @ np.diag(scales["value"][0][:3])
        local[:3, 3] = translations["value"][0][:3]
        parent = int(joints["parent"][j])
        world.append(local if parent < 0 else world[parent] @ local)
    inverse_binds = joints["inverse_bind"].reshape(-1, 4, 4).transpose(0, 2, 1)  # column-major on disk
    return np.stack([w @ ib for w, ib in zip(world, inverse_binds)])


def test_with_nothing_playing_the_model_rests_in_its_bind_pose(baked):
    mixer = aem.Mixer(aem.open(baked("CesiumMan")))
    pose = mixer.evaluate()
    assert pose.shape == (21, 4, 4) and pose.dtype == np.float32
    np.testing.assert_allclose(pose, np.broadcast_to(np.eye(4), pose.shape), atol=1e-4)


def test_a_layer_at_time_0_poses_the_first_keys(baked):
    model = aem.open(baked("CesiumMan"))
    mixer = aem.Mixer(model)
    mixer.play(0, time=0.0)
    expected = first_key_skinning(model)
    assert not np.allclose(expected, np.eye(4), atol=1e-2)  # a pose, not the bind pose
    np.testing.assert_allclose(mixer.evaluate(), expected, atol=2e-4)


def test_evaluate_writes_into_a_given_array(baked):
    mixer = aem.Mixer(aem.open(baked("CesiumMan")))
    mixer.play(0)
    mixer.update(0.7)
    fresh = mixer.evaluate()
    out = np.zeros((mixer.joint_count, 4, 4), np.float32)
    assert mixer.evaluate(out=out) is out
    np.testing.assert_array_equal(out, fresh)
    # Any strides: a column-major block per joint, as a GPU takes it, is the same matrices.
    column_major = np.zeros((mixer.joint_count, 4, 4), np.float32).transpose(0, 2, 1)
    mixer.evaluate(out=column_major)
    np.testing.assert_array_equal(column_major, fresh)
    with pytest.raises(ValueError, match=r"shape \(21, 4, 4\)"):
        mixer.evaluate(out=np.zeros((20, 4, 4), np.float32))
    with pytest.raises(ValueError, match="float32"):
        mixer.evaluate(out=np.zeros((21, 4, 4), np.float64))
    with pytest.raises(TypeError, match="numpy array"):
        mixer.evaluate(out=[[0.0] * 16] * 21)


def test_the_mixer_keeps_its_model_alive(baked):
    model = aem.open(baked("CesiumMan"))
    mixer = aem.Mixer(model)
    mixer.play(0, time=0.0)
    expected = first_key_skinning(model)
    del model
    gc.collect()
    mixer.update(2.0)  # one loop of the 2-second animation: the same pose
    np.testing.assert_allclose(mixer.evaluate(), expected, atol=2e-4)


def test_a_stopped_layers_handle_is_stale(baked):
    mixer = aem.Mixer(aem.open(baked("CesiumMan")), max_layers=2)
    walk = mixer.play(0)
    mixer.stop(walk)
    assert not mixer.is_playing(walk)
    for call in (lambda: mixer.stop(walk), lambda: mixer.settings(walk),
                 lambda: mixer.configure(walk, weight=0.5), lambda: mixer.fade(walk, 0.0, 1.0),
                 lambda: mixer.set_mask(walk, np.ones(21, np.float32))):
        with pytest.raises(IndexError, match="has stopped"):
            call()
    # Still stale once another layer takes its slot.
    again = mixer.play(0)
    assert mixer.is_playing(again) and not mixer.is_playing(walk)
    with pytest.raises(IndexError, match="has stopped"):
        mixer.settings(walk)


def test_cross_fade_stops_the_old_layer_when_it_ends(baked):
    mixer = aem.Mixer(aem.open(baked("CesiumMan")))
    first = mixer.play(0)
    second = mixer.cross_fade(first, 0, duration=0.5, curve="linear")
    assert second != first and mixer.settings(second)["weight"] == 0.0
    mixer.update(0.25)
    assert mixer.is_playing(first) and mixer.settings(second)["weight"] == pytest.approx(0.5)
    mixer.update(0.35)
    assert mixer.is_playing(second) and not mixer.is_playing(first)
    assert mixer.settings(second)["weight"] == 1.0
    with pytest.raises(IndexError, match="has stopped"):
        mixer.cross_fade(first, 0, duration=0.5)


def test_settings_and_refusals(baked):
    mixer = aem.Mixer(aem.open(baked("CesiumMan")), max_layers=1)
    layer = mixer.play(0, speed=2.0, playback="clamp")
    assert mixer.settings(layer) == {"animation": 0, "time": 0.0, "speed": 2.0, "weight": 1.0, "playback": "clamp"}
    mixer.configure(layer, time=0.5, weight=0.25)
    assert mixer.settings(layer)["time"] == 0.5 and mixer.settings(layer)["weight"] == 0.25
    with pytest.raises(ValueError, match="playback"):
        mixer.configure(layer, time=1.0, playback="bounce")
    assert mixer.settings(layer)["time"] == 0.5  # all or nothing
    with pytest.raises(ValueError, match="animation layers are in use"):
        mixer.play(0)
    mixer.stop_all()
    with pytest.raises(IndexError, match="animation 1"):
        mixer.play(1)
    with pytest.raises(ValueError, match="one weight per joint"):
        mixer.set_mask(mixer.play(0), np.ones(3, np.float32))

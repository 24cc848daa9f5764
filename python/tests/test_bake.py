# aem.bake: the options, outputs, warnings and messages of `aem bake`.
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import warnings

import pytest

import aem
from conftest import MODELS, run_cli


def cli_error(cli, *args):
    """The message `aem bake ARGS` fails with, without its "aem bake: [error: ]" lead."""
    status, _, err = run_cli(cli, "bake", *args)
    assert status == 1, err
    first = err.splitlines()[0]
    for lead in ("aem bake: error: ", "aem bake: "):
        if first.startswith(lead):
            return first[len(lead):]
    raise AssertionError(f"unexpected stderr: {err}")


def bake_error(*args, **options):
    with pytest.raises(aem.BakeError) as caught:
        aem.bake(*args, **options)
    return caught.value


def test_the_report_and_warnings_are_the_commands(corpus, aem_cli, tmp_path):
    model = corpus / MODELS["BoxVertexColors"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        # Its vertex colours are a warning in a version-1 bake.
        report = aem.bake(model, output=tmp_path / "python.aem", textures="rgba", format_version=1)
    status, out, _ = run_cli(aem_cli, "bake", model, "-o", tmp_path / "cli.aem", "--textures", "rgba",
                             "--format-version", "1", "--json")
    assert status == 0
    cli_report = json.loads(out)
    assert report["schema"] == "aem-bake-report" and report["summary"]["baked"] == 1
    assert report["models"][0]["warnings"] == cli_report["models"][0]["warnings"]
    assert report["models"][0]["counts"] == cli_report["models"][0]["counts"]
    assert [w["code"] for w in report["models"][0]["warnings"]] == ["vertex_colours"]
    issued = [w.message for w in caught if issubclass(w.category, aem.BakeWarning)]
    assert [(w.code, str(w)) for w in issued] == \
        [(w["code"], w["message"]) for w in cli_report["models"][0]["warnings"]]


@pytest.mark.parametrize("python_options,cli_options", [
    ({"textures": "rgba", "max_texture_size": 64}, ["--textures", "rgba", "--max-texture-size", "64"]),
    ({"quality": "fast", "threads": 2, "regenerate_tangents": True}, ["--quality", "fast", "-j2", "--regenerate-tangents"]),
    ({"quality": "fast", "rdo": 1.5}, ["--quality", "fast", "--rdo", "1.5"]),
    ({"quality": "fast", "rdo_max_loss": 1.0}, ["--quality", "fast", "--rdo-max-loss", "1"]),
])
def test_the_same_options_bake_the_same_bytes(corpus, aem_cli, tmp_path, python_options, cli_options):
    model = corpus / MODELS["BoxTextured"]
    aem.bake(model, output=tmp_path / "python.aem", **python_options)
    status, _, err = run_cli(aem_cli, "bake", model, "-o", tmp_path / "cli.aem", *cli_options)
    assert status == 0, err
    assert (tmp_path / "python.aem").read_bytes() == (tmp_path / "cli.aem").read_bytes()
    default = tmp_path / "default.aem"
    aem.bake(os.fsencode(model), output=os.fsencode(default))  # paths as bytes too
    assert default.read_bytes() != (tmp_path / "python.aem").read_bytes()  # the options mattered


@pytest.mark.parametrize("model", ["invalid/MissingBin/BoxTextured.gltf", "invalid/IndexOutOfRange/IndexOutOfRange.gltf",
                                   "absent/model.gltf"])
def test_a_failed_model_raises_the_commands_message(corpus, aem_cli, tmp_path, model):
    error = bake_error(corpus / model, output=tmp_path / "python.aem")
    assert str(error) == cli_error(aem_cli, corpus / model, "-o", tmp_path / "cli.aem")
    assert error.report["models"][0]["status"] == "failed"
    assert error.report["models"][0]["error"] == str(error)
    assert not (tmp_path / "python.aem").exists()


@pytest.mark.parametrize("name", ["model.xyz", "model.usdz"])
def test_an_unknown_model_format_raises_the_commands_message(aem_cli, tmp_path, name):
    model = tmp_path / name
    model.write_text('{"asset": {"version": "2.0"}}')  # a glTF's content: refused by its name
    error = bake_error(model, output=tmp_path / "python.aem")
    assert str(error).startswith(f"{model}: unknown model format")
    assert ".gltf" in str(error) and ".fbx" in str(error)
    assert str(error) == cli_error(aem_cli, model, "-o", tmp_path / "cli.aem")
    assert not (tmp_path / "python.aem").exists()


@pytest.mark.parametrize("python_options,cli_options", [
    ({"textures": "png"}, ["--textures", "png"]),
    ({"quality": "slow"}, ["--quality", "slow"]),
    ({"rdo": -1}, ["--rdo=-1"]),
    ({"rdo": float("nan")}, ["--rdo=nan"]),
    ({"rdo": "fine"}, ["--rdo=fine"]),
    ({"rdo": 1, "textures": "rgba"}, ["--rdo", "1", "--textures", "rgba"]),
    ({"rdo_max_loss": 21}, ["--rdo-max-loss=21"]),
    ({"rdo_max_loss": 1, "rdo": 0.5}, ["--rdo-max-loss", "1", "--rdo", "0.5"]),
    ({"rdo_max_loss": 1, "textures": "rgba"}, ["--rdo-max-loss", "1", "--textures", "rgba"]),
    ({"max_texture_size": 0}, ["--max-texture-size=0"]),
    ({"max_vertices": "many"}, ["--max-vertices=many"]),
    ({"max_vertices": 1.5}, ["--max-vertices=1.5"]),
    ({"allow_dir": ["no/such/dir"]}, ["--allow-dir", "no/such/dir"]),
    ({"colour": "blue"}, ["--colour=blue"]),
])
def test_a_bad_option_raises_the_commands_message(corpus, aem_cli, tmp_path, python_options, cli_options):
    model = corpus / MODELS["BoxTextured"]
    error = bake_error(model, output=tmp_path / "python.aem", **python_options)
    assert str(error) == cli_error(aem_cli, model, "-o", tmp_path / "cli.aem", *cli_options)
    assert error.report is None


def test_a_limit_refuses_with_the_commands_message(corpus, aem_cli, tmp_path):
    model = corpus / MODELS["BoxTextured"]
    error = bake_error(model, output=tmp_path / "python.aem", max_image_pixels=16)
    assert "--max-image-pixels" in str(error)
    assert str(error) == cli_error(aem_cli, model, "-o", tmp_path / "cli.aem", "--max-image-pixels", "16")


NO_OUTPUT = 'aem.bake() needs output="OUT.aem" (or output="OUTDIR") as a keyword argument'


def test_nothing_to_write_to_is_refused():
    error = bake_error("model.gltf")
    assert str(error) == NO_OUTPUT  # in the binding's words, not the command's "missing -o"
    assert error.report is None
    assert str(bake_error("model.gltf", output=None)) == NO_OUTPUT
    with pytest.raises(TypeError, match="returns its report"):
        aem.bake("model.gltf", output="out.aem", json=True)


def test_an_output_given_positionally_is_refused_naming_the_keyword(tmp_path):
    # aem.bake(source, target): the target would be taken for a second input; nothing is baked.
    source, target = tmp_path / "model.gltf", tmp_path / "model.aem"
    source.write_text('{"asset": {"version": "2.0"}}')
    error = bake_error(source, target, textures="rgba")
    assert str(error) == f'{NO_OUTPUT}: every positional argument is an input, so to write "{target}" pass output="{target}"'
    assert error.report is None
    assert not target.exists()


def test_a_dry_run_is_refused_rather_than_ignored(tmp_path):
    # The command's parser knows --dry-run; were it passed through, the binding would bake for real.
    model = tmp_path / "model.gltf"
    model.write_text('{"asset": {"version": "2.0"}}')
    with pytest.raises(TypeError, match="has no dry run"):
        aem.bake(model, output=tmp_path / "out.aem", dry_run=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model.gltf"]


def test_true_or_false_for_an_option_that_takes_a_value_is_refused(tmp_path):
    # textures=False used to be left out, so the bake ran with the default textures as if heard.
    model = tmp_path / "model.gltf"
    model.write_text('{"asset": {"version": "2.0"}}')
    for name, value in [("textures", False), ("quality", True), ("max_texture_size", False), ("allow_dir", False)]:
        option = "--" + name.replace("_", "-")
        with pytest.raises(TypeError, match=f"{option} takes a value, not True or False; leave {name} out"):
            aem.bake(model, output=tmp_path / "out.aem", **{name: value})
    # An unknown name is the command's error, False as much as True.
    assert str(bake_error(model, output=tmp_path / "out.aem", colour=False)).startswith("unknown option '--colour'")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model.gltf"]


def test_false_for_a_flag_leaves_it_out(corpus, tmp_path):
    model = corpus / MODELS["BoxTextured"]
    report = aem.bake(model, output=tmp_path / "box.aem", textures="rgba", strict=False, force=False)
    assert report["models"][0]["status"] == "baked"


def test_a_cancel_object_must_have_is_set(tmp_path):
    with pytest.raises(TypeError, match="object with is_set"):
        aem.bake(tmp_path / "model.gltf", output=tmp_path / "out.aem", cancel=True)


def test_a_bake_on_another_thread_is_cancelled_by_its_event(corpus, tmp_path):
    # Ctrl-C reaches only the main thread; cancel= sets the same flag from any thread.
    output = tmp_path / "out" / "helmet.aem"
    cancel = threading.Event()
    outcome = {}

    def bake():
        try:
            aem.bake(corpus / "khronos/DamagedHelmet/glTF-Binary/DamagedHelmet.glb", output=output,
                     quality="best", threads=1, cancel=cancel)
            outcome["result"] = "finished"
        except aem.BakeCancelled as e:
            outcome["result"] = e

    worker = threading.Thread(target=bake)
    started = time.monotonic()
    worker.start()
    time.sleep(1.0)  # into the texture encoding: a best-quality bake of its 2048x2048 maps takes minutes
    cancel.set()
    worker.join(timeout=120)  # a watchdog: an unheard cancel lets the bake run minutes
    assert not worker.is_alive()
    assert isinstance(outcome["result"], aem.BakeCancelled), outcome
    assert isinstance(outcome["result"], aem.BakeError)
    assert outcome["result"].report is None
    assert "cancelled" in str(outcome["result"])
    assert time.monotonic() - started < 60
    assert not output.parent.exists() or list(output.parent.iterdir()) == []


def test_a_directory_bakes_what_it_can_and_names_what_failed(corpus, tmp_path):
    source = tmp_path / "models"
    source.mkdir()
    shutil.copy(corpus / MODELS["BoxVertexColors"], source / "good.glb")
    (source / "broken.glb").write_bytes(b"glTF\x02\x00\x00\x00 not a model")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", aem.BakeWarning)
        error = bake_error(source, output=tmp_path / "out", textures="rgba")
    assert str(error).startswith(str(source / "broken.glb") + ": ")
    assert "\n" not in str(error)
    statuses = {m["input"]: m["status"] for m in error.report["models"]}
    assert statuses == {str(source / "broken.glb"): "failed", str(source / "good.glb"): "baked"}
    assert aem.open(tmp_path / "out" / "good.aem").header["vertex_count"] == 24


def test_an_up_to_date_model_is_not_baked_again_unless_forced(corpus, tmp_path):
    model, output = corpus / MODELS["BoxTextured"], tmp_path / "box.aem"
    assert aem.bake(model, output=output, textures="rgba")["models"][0]["status"] == "baked"
    assert aem.bake(model, output=output, textures="rgba")["models"][0]["status"] == "up_to_date"
    assert aem.bake(model, output=output, textures="rgba", force=True)["models"][0]["status"] == "baked"
    assert aem.bake(model, output=output, textures="bc", quality="fast")["models"][0]["status"] == "baked"


def test_a_manifest_and_a_depfile_as_the_command_takes_them(corpus, tmp_path):
    assets = tmp_path / "assets"
    assets.mkdir()
    shutil.copy(corpus / MODELS["BoxVertexColors"], assets / "box.glb")
    shutil.copy(corpus / MODELS["CesiumMan"], assets / "man.glb")
    manifest = assets / "assets.json"
    manifest.write_text(json.dumps({
        "output_dir": "baked",
        "defaults": {"textures": "rgba"},
        "assets": ["box.glb", {"input": "man.glb", "output": "people/man.aem", "max_texture_size": 64}],
    }))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", aem.BakeWarning)
        report = aem.bake(manifest=manifest, depfile=tmp_path / "bake.d")
    assert [m["status"] for m in report["models"]] == ["baked", "baked"]
    man = aem.open(assets / "baked" / "people" / "man.aem")
    assert int(man.textures["width"].max()) == 64
    depfile = (tmp_path / "bake.d").read_text()
    assert str(assets / "baked" / "box.aem") in depfile and "man.glb" in depfile
    bad = bake_error(manifest=manifest, textures="rgba", max_texture_size=-1)
    assert "--max-texture-size" in str(bad)


# Run in a child interpreter, which the test interrupts as Ctrl-C would.
INTERRUPTED_BAKE = """
import sys, aem
print("baking", flush=True)
try:
    aem.bake(sys.argv[1], output=sys.argv[2], quality="best", threads=1)
    print("finished")
except KeyboardInterrupt:
    print("interrupted")
"""


def test_ctrl_c_cancels_the_bake_and_writes_nothing(corpus, tmp_path):
    output = tmp_path / "out" / "helmet.aem"
    child = subprocess.Popen([sys.executable, "-c", INTERRUPTED_BAKE,
                              str(corpus / "khronos/DamagedHelmet/glTF-Binary/DamagedHelmet.glb"), str(output)],
                             stdout=subprocess.PIPE, text=True, env=os.environ)
    assert child.stdout.readline().strip() == "baking"
    time.sleep(1.0)  # into the texture encoding: a best-quality bake of its 2048x2048 maps takes minutes
    child.send_signal(signal.SIGINT)
    # A watchdog, not a timing assertion: an interrupt that is not heard lets the bake run minutes.
    out, _ = child.communicate(timeout=120)
    assert out.strip() == "interrupted"
    assert child.returncode == 0
    assert not output.parent.exists() or list(output.parent.iterdir()) == []


def test_a_cache_serves_another_checkout_and_reports_it(corpus, tmp_path):
    # cache=, like --cache: a copy of the model elsewhere is fetched, not baked, to the same bytes.
    model = corpus / MODELS["BoxTextured"]
    for checkout in ("a", "b"):
        shutil.copytree(model.parent, tmp_path / checkout)
    name = model.name
    first = aem.bake(tmp_path / "a" / name, output=tmp_path / "a.aem", textures="rgba", cache=tmp_path / "cache")
    second = aem.bake(tmp_path / "b" / name, output=tmp_path / "b.aem", textures="rgba", cache=tmp_path / "cache")
    assert first["models"][0]["from_cache"] is False
    assert second["models"][0]["from_cache"] is True
    assert second["summary"]["cache"] == {"hits": 1, "misses": 0, "bytes_fetched": second["models"][0]["bytes_fetched"]}
    assert (tmp_path / "a.aem").read_bytes() == (tmp_path / "b.aem").read_bytes()

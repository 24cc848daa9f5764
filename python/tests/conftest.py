# Shared fixtures: the corpus (tests that need it skip with a message when it is absent, as the
# C++ suites do), models baked from it once per run by aem.bake itself, and the built `aem`
# command for comparisons (ctest passes AEM_CLI and AEM_CORPUS_DIR).
import json
import os
import pathlib
import struct
import subprocess

import pytest

import aem


def corpus_dir():
    """$AEM_CORPUS wins over the directory configured at build time ($AEM_CORPUS_DIR)."""
    for variable in ("AEM_CORPUS", "AEM_CORPUS_DIR"):
        value = os.environ.get(variable)
        if value:
            return pathlib.Path(value)
    return None


@pytest.fixture(scope="session")
def corpus():
    directory = corpus_dir()
    if directory is None or not directory.is_dir():
        pytest.skip(f"test corpus not found (set AEM_CORPUS or place it at {directory})")
    return directory


@pytest.fixture(scope="session")
def aem_cli():
    path = os.environ.get("AEM_CLI")
    if not path or not os.access(path, os.X_OK):
        pytest.skip("the aem command is not built (ctest passes its path as AEM_CLI)")
    return path


def run_cli(cli, *args):
    """Runs `aem ARGS...`: (exit status, stdout, stderr)."""
    done = subprocess.run([cli, *map(str, args)], capture_output=True, text=True, timeout=600)
    return done.returncode, done.stdout, done.stderr


def cli_json(cli, *args):
    status, out, err = run_cli(cli, *args)
    assert status == 0, err
    return json.loads(out)


# Corpus models the suites bake, with what they exercise: skin, animation and textures;
# vertex colours (a warning in a version-1 bake); a plain textured box.
MODELS = {
    "CesiumMan": "khronos/CesiumMan/glTF-Binary/CesiumMan.glb",
    "BoxVertexColors": "khronos/BoxVertexColors/glTF-Binary/BoxVertexColors.glb",
    "BoxTextured": "khronos/BoxTextured/glTF/BoxTextured.gltf",
}


@pytest.fixture(scope="session")
def baked(corpus, tmp_path_factory):
    """Bakes a corpus model with aem.bake (uncompressed textures, for speed) once per run."""
    out = tmp_path_factory.mktemp("baked")
    paths = {}

    def bake(name):
        if name not in paths:
            paths[name] = out / f"{name}.aem"
            aem.bake(corpus / MODELS[name], output=paths[name], textures="rgba")
        return paths[name]

    return bake


def pad16(data):
    return data + bytes(-len(data) % 16)


def with_extensions(plain, payloads):
    """The version-1 bytes `plain` followed by an extension area (specs/aem-extensions.md): a
    directory of one optional entry (record version 1) per (name, payload) of `payloads`, in the
    given order (sorted by name, as the format asks), and the payloads, each 16-aligned."""
    start = len(pad16(plain))
    offset = start + 16 + 48 * len(payloads)
    entries, data = b"", b""
    for name, payload in payloads:
        entries += name.encode().ljust(24, b"\0") + struct.pack("<IIQQ", 0, 1, offset + len(data), len(payload))
        data += pad16(payload)
    return pad16(plain) + b"AEMX" + struct.pack("<3I", 1, len(payloads), 0) + entries + data

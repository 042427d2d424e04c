#!/usr/bin/env bash
# Development build of the extension module, without installing anything: a quick optimised build
# (profile dev-py: no LTO) copied to python/meeple/_engine.abi3.so, so that
#   PYTHONPATH=python python3 -m pytest tests/...
# imports this checkout. Releases and CI build through maturin (`pip install .`) instead.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet -p meeple-bindings --profile dev-py --features pyo3/extension-module
cp target/dev-py/lib_engine.so python/meeple/_engine.abi3.so
echo "built python/meeple/_engine.abi3.so (import it with PYTHONPATH=python)"

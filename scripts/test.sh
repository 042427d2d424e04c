#!/usr/bin/env bash
# Every check of the project, from a fresh machine: installs what it needs, then runs the Rust
# checks (fmt, clippy, tests), the Python checks (ruff, mypy --strict, pytest) and the release
# artefacts' checks (the wheel in a fresh venv without Rust, the sdist built from source).
set -euo pipefail
cd "$(dirname "$0")/.."

# The viewer's browser tests drive Debian's chromium through playwright (no browser download).
if ! command -v chromium >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

echo "== build the wheel and the sdist (scripts/build-wheels.sh)"
bash scripts/build-wheels.sh
# The package under test is the release wheel itself, with every optional ecosystem (test extra).
wheel=$(ls dist/meeple-*.whl)
python3 -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheel"
python3 -m pip install --quiet --disable-pip-version-check "${wheel}[test]"

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy -D warnings"
cargo clippy --workspace --all-targets --quiet -- -D warnings
echo "== cargo test"
cargo test --workspace --quiet

echo "== ruff"
python3 -m ruff check python tests benches
python3 -m ruff format --check python tests benches
echo "== mypy --strict"
python3 -m mypy
echo "== pytest"
# Run from the tests folder so the installed package (not the source tree) is imported.
# Benchmarks run once each as plain tests here (--benchmark-disable): timing is for `meeple bench`.
# -rs lists any skip, so a skip for want of a package would show.
python3 -m pytest tests benches -p no:cacheprovider --benchmark-disable -rs

echo "== release artefacts (scripts/check-dist.sh)"
bash scripts/check-dist.sh

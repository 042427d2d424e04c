#!/usr/bin/env bash
# The release artefacts in dist/ install and work for a user without a Rust toolchain:
# - the wheel goes into a fresh venv whose PATH has no cargo or rustc; `meeple --version`,
#   `meeple list`, `meeple demo` and a short pytest subset run against it;
# - the sdist builds from source and installs in another fresh venv (this one needs Rust).
# Run after scripts/build-wheels.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
py=${PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

wheel=$(ls dist/meeple-*.whl)
sdist=$(ls dist/meeple-*.tar.gz 2>/dev/null || true)
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)

echo "== wheel in a fresh venv, no Rust toolchain on PATH: $wheel"
"$py" -m venv "$work/wheel"
nopath="$work/wheel/bin:/usr/local/sbin:/usr/sbin:/sbin:/usr/bin:/bin"
if PATH="$nopath" command -v cargo >/dev/null || PATH="$nopath" command -v rustc >/dev/null; then
    echo "check-dist: a Rust toolchain is still on the stripped PATH" >&2
    exit 1
fi
PATH="$nopath" "$work/wheel/bin/pip" install --quiet --disable-pip-version-check "$wheel" pytest
(
    cd "$work"
    export PATH="$nopath"
    got=$(meeple --version)
    echo "$got"
    [[ "$got" == *"$version"* ]] || { echo "check-dist: version '$got' is not $version" >&2; exit 1; }
    meeple list
    meeple demo >/dev/null
    python -c "import meeple, sys; assert 'site-packages' in meeple.__file__, meeple.__file__"
    # The API contract against the installed wheel (tests/ copied so the source tree is not imported).
    cp "$root"/tests/conftest.py "$root"/tests/test_api.py .
    python -m pytest -q -p no:cacheprovider test_api.py
)

if [[ -n "$sdist" ]]; then
    echo "== sdist builds and installs in a fresh venv: $sdist"
    "$py" -m venv "$work/sdist"
    # This checks that the sdist holds every source and builds from it, not the release build's
    # speed (the wheel above is the release build): without LTO and with parallel codegen it
    # builds in a fraction of the release time, which keeps CI's run short.
    CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
        CARGO_PROFILE_RELEASE_OPT_LEVEL=1 \
        "$work/sdist/bin/pip" install --quiet --disable-pip-version-check "$sdist"
    (cd "$work" && "$work/sdist/bin/meeple" list >/dev/null && "$work/sdist/bin/meeple" --version)
fi
echo "check-dist: ok"

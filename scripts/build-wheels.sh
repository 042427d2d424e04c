#!/usr/bin/env bash
# Release artefacts into dist/: one abi3 wheel (CPython 3.10+) for this platform and the sdist.
#
# The Linux wheel is manylinux2014 (glibc 2.17): maturin links it with zig (the `ziglang` package
# from PyPI) against that glibc, and `auditwheel show` checks the tag it claims. The CPU baseline
# is rustc's default for the target (x86-64 without later extensions), so the wheel runs on any
# x86-64 machine; no target-cpu flags are set anywhere in the build.
#
# Usage: bash scripts/build-wheels.sh [--no-sdist]
set -euo pipefail
cd "$(dirname "$0")/.."

sdist=1
[[ "${1:-}" == "--no-sdist" ]] && sdist=0

py=${PYTHON:-python3}
"$py" -m pip install --quiet --disable-pip-version-check "maturin>=1.7,<2" ziglang auditwheel

rm -rf dist
mkdir -p dist
compat=()
if [[ "$(uname -s)" == Linux ]]; then
    compat=(--zig --compatibility manylinux2014)
fi
"$py" -m maturin build --release --out dist "${compat[@]}"
if ((sdist)); then
    "$py" -m maturin sdist --out dist
fi

for wheel in dist/*.whl; do
    if [[ "$(uname -s)" == Linux ]]; then
        # Fails unless the wheel really is manylinux2014 (no symbol newer than its glibc).
        "$py" -m auditwheel show "$wheel" | tee dist/auditwheel.txt
        grep -q 'manylinux_2_17_x86_64\|manylinux2014' dist/auditwheel.txt
    fi
    echo "$wheel: $(du -k "$wheel" | cut -f1) KiB"
done
ls -l dist

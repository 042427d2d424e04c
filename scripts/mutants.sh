#!/usr/bin/env bash
# Mutation testing, outside CI (it rebuilds the crate once per mutant): cargo-mutants over the
# conformance kit and core files, and over a sample of each game's rules files. Results go to
# target/mutants/<name>/mutants.out (caught.txt, missed.txt, timeout.txt, unviable.txt).
#
#   bash scripts/mutants.sh core            # one target (see the list below), or
#   bash scripts/mutants.sh                 # all of them, one after the other
#
# MUTANTS_JOBS (default 1) and MUTANTS_TIMEOUT (seconds per test run, default 300) tune the cost;
# the machine it was last run on is shared, so the default is one job. docs/testing.md records
# the scores and what each target covers.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cargo-mutants >/dev/null || cargo install --locked cargo-mutants
JOBS=${MUTANTS_JOBS:-1}
TIMEOUT=${MUTANTS_TIMEOUT:-300}

run() {
    local name=$1 package=$2
    shift 2
    echo "== $name ($package)"
    cargo mutants --package "$package" --jobs "$JOBS" --timeout "$TIMEOUT" \
        --output "target/mutants/$name" "$@" || true   # non-zero when mutants survive
    grep -c . "target/mutants/$name/mutants.out/missed.txt" 2>/dev/null || true
}

target() {
    case $1 in
    core)  # the seeded generator, the random-playout driver, the kit's reference game
        run core meeple-core --file src/core/src/rng.rs --file src/core/src/playout.rs ;;
    kit)   # the conformance kit itself (killed by its self-tests on the reference game's flaws)
        run kit meeple-core --file 'src/core/src/conformance.rs' \
            --file 'src/core/src/conformance/*.rs' ;;
    san_juan)
        run san_juan meeple-san-juan --file src/san_juan/src/scoring.rs ;;
    puerto_rico)
        run puerto_rico meeple-puerto-rico --file src/puerto_rico/src/score.rs ;;
    catan)
        run catan meeple-catan --file src/catan/src/dice.rs ;;
    *) echo "unknown target $1" >&2; exit 2 ;;
    esac
}

if [ $# -gt 0 ]; then
    for t in "$@"; do target "$t"; done
else
    for t in core kit san_juan puerto_rico catan; do target "$t"; done
fi

#!/usr/bin/env bash
# Mutation testing, outside CI (it rebuilds the crate once per mutant): cargo-mutants over the
# core's generator and playout driver, the conformance kit, and a sample of each game's rules
# files. Results go to target/mutants/<name>/mutants.out (caught.txt, missed.txt, timeout.txt,
# unviable.txt); docs/testing.md records the scores and the surviving mutants.
#
#   bash scripts/mutants.sh core            # one target (see the list below), or
#   bash scripts/mutants.sh                 # all of them, one after the other
#
# Each target builds and runs only the test binaries that exercise its files (listed below),
# built in the `mutants` profile (unoptimised, no debug info: a mutant rebuilds in seconds).
# MUTANTS_JOBS (default 1) and MUTANTS_TIMEOUT (seconds per test run, default 300) tune the cost;
# the machine it was last run on is shared, so the default is one job. Extra arguments after the
# target names go to cargo-mutants (e.g. `bash scripts/mutants.sh core -- --shard 0/4`, or
# `-- --iterate` to re-test only what a run missed). A run owns its build directory
# (MUTANTS_TARGET_DIR, default target/mutants/build): build nothing else there meanwhile.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cargo-mutants >/dev/null || cargo install --locked cargo-mutants
JOBS=${MUTANTS_JOBS:-1}
TIMEOUT=${MUTANTS_TIMEOUT:-300}
EXTRA=()

# run NAME PACKAGE "CARGO TEST ARGS" FILE... (an argument starting with -- goes to cargo-mutants
# as it is, e.g. --exclude-re=heuristic_value)
run() {
    local name=$1 package=$2 tests=$3
    shift 3
    local args=()
    for f in "$@"; do
        case $f in
        --*) args+=("$f") ;;
        *) args+=(--file "$f") ;;
        esac
    done
    # Only the test binaries that exercise the files: built and run for each mutant.
    for t in $tests; do args+=("--cargo-arg=$t"); done
    echo "== $name ($package: $*; cargo test $tests)"
    mkdir -p "target/mutants/$name"
    # One target directory for every run, so the dependencies are built once, not per run. Two
    # runs at once need two (MUTANTS_TARGET_DIR): cargo names a mutant's build like the
    # unmutated one, so a run and any other build in the same directory test each other's code.
    CARGO_TARGET_DIR="${MUTANTS_TARGET_DIR:-$PWD/target/mutants/build}" \
        cargo mutants --package "$package" --test-package "$package" --jobs "$JOBS" \
        --timeout "$TIMEOUT" --profile mutants --output "target/mutants/$name" \
        "${args[@]}" "${EXTRA[@]}" || true   # non-zero when mutants survive
    for kind in caught missed timeout unviable; do
        local n
        n=$(grep -c . "target/mutants/$name/mutants.out/$kind.txt" 2>/dev/null || true)
        printf '%s %s\n' "$kind" "${n:-0}"
    done
}

target() {
    case $1 in
    core)  # the seeded generator and the random-playout driver
        run core meeple-core "--lib --test=playout" \
            src/core/src/rng.rs src/core/src/playout.rs ;;
    options)  # game options: defaults, kinds, bounds, refusals (the lib's unit tests)
        run options meeple-core "--lib" src/core/src/options.rs ;;
    hex)   # the hex geometry of Kingdom Builder's and Catan's boards (the lib's unit tests)
        run hex meeple-core "--lib" src/core/src/hex.rs ;;
    puct)  # the PUCT search's configuration, root noise, tree and state wrappers
        run puct meeple-core "--lib --test=puct" src/core/src/search/puct/mod.rs \
            src/core/src/search/puct/noise.rs src/core/src/search/puct/tree.rs \
            src/core/src/search/puct/state.rs ;;
    puct_search)  # one PUCT search (collect, absorb, backup, choose) and the lockstep runner
        run puct_search meeple-core "--lib --test=puct" src/core/src/search/puct/search.rs \
            src/core/src/search/puct/runner.rs ;;
    search)  # UCT and ISMCTS, the fixed bots, the arena, the search options
        run search meeple-core "--lib --test=search" src/core/src/search/mod.rs \
            src/core/src/search/mcts.rs src/core/src/search/bots.rs src/core/src/search/arena.rs ;;
    vec_env)  # the vectorised environment: auto-reset, opponents, observations, rewards
        run vec_env meeple-core "--lib --test=vec_env" src/core/src/vec_env.rs ;;
    game)  # the trait's defaults (returns, labels, visibility, determinize, evaluate, JSON)
        run game meeple-core "--lib --test=kit --test=search --test=dynamic --test=vec_env" \
            src/core/src/game.rs ;;
    dynamic)  # the boxed game and the registry entry the bindings and the CLI use
        run dynamic meeple-core "--test=dynamic" src/core/src/dynamic.rs ;;
    kit)   # the conformance kit itself (killed by its self-tests on the reference game's flaws)
        run kit meeple-core "--test=kit --test=kit_volume" src/core/src/conformance.rs \
            src/core/src/conformance/determinization.rs src/core/src/conformance/positions.rs ;;
    reference)  # the kit's reference game: its rules, chance, views, JSON, and its flaws
        run reference meeple-core "--lib --test=kit --test=kit_volume --test=dynamic" \
            src/core/src/reference.rs src/core/src/reference/flaw.rs ;;
    session)  # the boxed game session the bindings drive (the lib's unit tests)
        run session meeple-core "--lib" src/core/src/session.rs ;;
    support)  # golden files, interrupts, the error types
        run support meeple-core "--lib --test=search --test=dynamic --test=playout" \
            src/core/src/golden.rs src/core/src/interrupt.rs src/core/src/error.rs ;;
    kit_volume)  # the kit's volume mode (its own tests: a tenth of the kit's test time)
        run kit_volume meeple-core "--test=kit_volume --test=kit_long" \
            src/core/src/conformance/volume.rs ;;
    san_juan)  # scoring and the tie-break; build costs and permissions
        run san_juan meeple-san-juan "--test=rules --test=golden" \
            src/san_juan/src/scoring.rs src/san_juan/src/building.rs --exclude-re=heuristic_value ;;
    san_juan_legal)  # the legal moves of every phase (with the independent oracle: slow, -- --iterate)
        run san_juan_legal meeple-san-juan "--test=rules --test=golden --test=oracle" \
            src/san_juan/src/legal.rs ;;
    castles_of_burgundy)  # end-game scoring; the chance deal and dice
        run castles_of_burgundy meeple-castles-of-burgundy "--test=rules --test=golden" \
            src/castles_of_burgundy/src/scoring.rs src/castles_of_burgundy/src/chance.rs ;;
    kingdom_builder)  # the Kingdom Builder cards' scoring
        # With the lib's unit tests (the cards' indices and names) but not its brute-force check
        # of the movable set, nor spec_formulas nor the crowded-positions test of rules: random
        # play, each two minutes or more unoptimised, per mutant.
        run kingdom_builder meeple-kingdom-builder "--lib --test=rules --test=golden" \
            src/kingdom_builder/src/cards.rs \
            --cargo-test-arg=-- --cargo-test-arg=--skip \
            --cargo-test-arg=crowded_positions_exercise_redraws_and_reshuffles \
            --cargo-test-arg=--skip --cargo-test-arg=movable_matches_brute_force ;;
    puerto_rico)  # scores and winners; the trader phase
        # (with the expansions' tests: the trading post, the cloister option and the nobles'
        # points are theirs)
        run puerto_rico meeple-puerto-rico \
            "--test=rules --test=golden --test=expansion_one --test=guest_house --test=nobles --test=nobles_review" \
            src/puerto_rico/src/scoring.rs src/puerto_rico/src/trader.rs --exclude-re=heuristic_value ;;
    catan)  # victory points and the win check; production, the 7, the robber's hexes and victims
        # With the modules' hand-written tests (the Friendly Robber's protection and fallbacks,
        # the robber beside the board) but not their conformance runs: random play, minutes each
        # unoptimised, per mutant.
        run catan meeple-catan \
            "--test=rules --test=review_fixes --test=review_for_two --test=modules --test=fishermen --test=caravans --test=rivers" \
            src/catan/src/score.rs src/catan/src/production.rs \
            --cargo-test-arg=-- --cargo-test-arg=--skip --cargo-test-arg=conform ;;
    catan_flow)  # development cards, paying and card knowledge, the set-up order and turn flow
        run catan_flow meeple-catan \
            "--test=rules --test=review_fixes --test=review_for_two --test=modules --test=fishermen --test=caravans --test=rivers" \
            src/catan/src/development.rs src/catan/src/hands.rs src/catan/src/turn.rs \
            --cargo-test-arg=-- --cargo-test-arg=--skip --cargo-test-arg=conform ;;
    *) echo "unknown target $1" >&2; exit 2 ;;
    esac
}

targets=()
while [ $# -gt 0 ]; do
    if [ "$1" = "--" ]; then shift; EXTRA=("$@"); break; fi
    targets+=("$1")
    shift
done
[ ${#targets[@]} -gt 0 ] || targets=(core options hex puct puct_search search vec_env game dynamic reference session support kit kit_volume san_juan san_juan_legal castles_of_burgundy kingdom_builder puerto_rico catan catan_flow)
for t in "${targets[@]}"; do target "$t"; done

#!/usr/bin/env bash
# Format, lint and test the whole workspace (what CI runs; see .ci/run).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

if ! command -v cargo >/dev/null 2>&1; then
    echo "test.sh: cargo not found; install a Rust toolchain (rustup)" >&2
    exit 1
fi

cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings

# ---- begin: throwaway PostgreSQL for the server's tests ---------------------
# crates/server/tests/api.rs and crates/cli/tests/crash.rs run over SQLite and
# over the PostgreSQL in POWDERHORN_TEST_PG: a cluster in a temporary folder
# (installed with apt when missing), stopped and deleted on exit.
# (One EXIT trap for the whole script: add cleanups to pg_cleanup.)
PG_TMP="$(mktemp -d "${TMPDIR:-/tmp}/powderhorn-pg.XXXXXX")"
pg_cleanup() { crates/server/tests/pg.sh stop "$PG_TMP" || true; }
trap pg_cleanup EXIT
POWDERHORN_TEST_PG="$(crates/server/tests/pg.sh start "$PG_TMP")"
export POWDERHORN_TEST_PG
echo "test.sh: PostgreSQL for the tests at $POWDERHORN_TEST_PG"
# ---- end: throwaway PostgreSQL ----------------------------------------------

# Release: the conformance games are heavy.
cargo test --workspace --release
# The server's test-only builds, compiled once: a panic in a title's rules
# (tests/fault.rs) and the engine's test titles, whose seats draft at once
# (tests/drafts.rs).
cargo test --release -p server --features fault-injection,testkit --test fault --test drafts

# ---- begin: browser end-to-end tests (web/e2e) ------------------------------
# The real server binary, two seats in headless Debian Chromium driven by
# playwright-core from npm (never a browser downloaded by Playwright); and a
# check that crates/liberty/data/coast.json is what tools/coastline/gen.js makes.
cargo build --release -p cli
if [ ! -x /usr/bin/chromium ] || ! command -v npm >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get update
    [ -x /usr/bin/chromium ] || DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
    command -v npm >/dev/null 2>&1 || DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm
fi
(cd tools/coastline && npm ci --no-audit --no-fund && node gen.js --check)
(cd web/e2e && npm ci --no-audit --no-fund && npm test)
# ---- end: browser end-to-end tests ------------------------------------------

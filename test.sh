#!/usr/bin/env bash
# Format, lint and test the whole workspace (what CI runs; see .ci/run).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

if ! command -v cargo >/dev/null 2>&1; then
    echo "test.sh: cargo not found; install Rust (https://rustup.rs)" >&2
    exit 1
fi

cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
# Release: the conformance games are heavy.
cargo test --workspace --release

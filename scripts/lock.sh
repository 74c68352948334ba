#!/usr/bin/env bash
# Refresh the dependency locks that scripts/bootstrap.sh and systemd/install.sh install from.
#
#   bash scripts/lock.sh              # after changing pyproject's dependencies: keep every
#                                     # pin that still fits, add what is new
#   bash scripts/lock.sh --upgrade    # take the newest release of everything (then run
#                                     # the tests: scripts/upgrade-check.sh does both)
#
# The locks are universal (every platform and Python the project supports: x86_64 and
# arm64, Python 3.11 to 3.13) and carry the hash of every file, so pip installs exactly
# what CI tested, on a laptop or a Raspberry Pi. requirements/test.txt is resolved first;
# the demo's and the service's locks are resolved inside it, so each is a subset of the
# test environment with the same versions.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"

upgrade=()
case "${1:-}" in
    "") ;;
    --upgrade) upgrade=(--upgrade) ;;
    *) echo "usage: bash scripts/lock.sh [--upgrade]" >&2; exit 2 ;;
esac

uv="${COMPANION_UV:-}"
if [ -z "$uv" ]; then
    if [ -x .venv/bin/uv ]; then uv=.venv/bin/uv
    elif command -v uv >/dev/null 2>&1; then uv="$(command -v uv)"
    else
        echo "lock.sh needs uv: run 'bash scripts/bootstrap.sh setup-test' first (it installs" \
            "the developers' tools) or 'pip install uv'" >&2
        exit 1
    fi
fi

compile() {  # compile OUT EXTRA [constraint]
    local out="$1" extra="$2"
    shift 2
    "$uv" pip compile pyproject.toml requirements/build.in --extra "$extra" \
        --universal --python-version 3.11 --generate-hashes --quiet \
        --custom-compile-command "bash scripts/lock.sh" "$@" -o "$out"
    echo "lock.sh: $out: $(grep -c '^[a-z]' "$out") pins" >&2
}

compile requirements/test.txt dev "${upgrade[@]}"
compile requirements/demo.txt demo -c requirements/test.txt
compile requirements/service.txt service -c requirements/test.txt

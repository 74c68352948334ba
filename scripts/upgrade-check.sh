#!/usr/bin/env bash
# Run the whole check against the newest release of every dependency, in a throwaway
# copy of the project, and say what moved. Nothing here changes the committed locks:
# an upgrade is a decision (then: bash scripts/lock.sh --upgrade, and commit).
#
#   bash scripts/upgrade-check.sh            # what moved, then lint, types and tests
#   bash scripts/upgrade-check.sh --list     # only what moved
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d /tmp/companion-upgrade.XXXXXX)"
trap 'rm -rf "$work"' EXIT

git -C "$here" worktree add -q --detach "$work/tree" HEAD
trap 'git -C "$here" worktree remove --force "$work/tree"; rm -rf "$work"' EXIT
cd "$work/tree"
cp "$here"/requirements/*.txt requirements/
COMPANION_UV="$here/.venv/bin/uv" bash scripts/lock.sh --upgrade

pins() {  # name version, one line each (the first version a universal lock gives)
    grep -E '^[A-Za-z0-9_.-]+==' "$1" | sed 's/ .*//; s/==/ /' | sort -u -k1,1
}
echo "What moved (committed lock -> newest):"
join -a1 -a2 -e none -o 0,1.2,2.2 <(pins "$here/requirements/test.txt") \
    <(pins requirements/test.txt) \
    | awk '$2 != $3 { printf "  %-28s %s -> %s\n", $1, $2, $3; n++ }
           END { printf "  (%d changed)\n", n }'
[ "${1:-}" = --list ] && exit 0

COMPANION_VENV="$work/venv" bash scripts/bootstrap.sh test

#!/usr/bin/env bash
# The tests pass whatever their order (issue 20): once in plain order in one process
# (no workers: every test sees what the ones before it left), then in random order
# (pytest-randomly) with each seed given, on the usual workers.
#
#   bash scripts/order-check.sh                 # plain order, then seeds 1 2 3
#   bash scripts/order-check.sh 17 42           # plain order, then seeds 17 and 42
#   ORDER_CHECK_ARGS='-m "not slow"' bash scripts/order-check.sh   # the fast set only
#
# Needs the developers' environment (bash scripts/bootstrap.sh setup-dev).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
python="${COMPANION_VENV:-$here/.venv}/bin/python"
seeds=("$@")
[ "${#seeds[@]}" -eq 0 ] && seeds=(1 2 3)
eval "extra=(${ORDER_CHECK_ARGS:-})"

failed=()
run() {  # run NAME PYTEST-ARGS...
    local name="$1" start status
    shift
    start=$SECONDS
    "$python" -m pytest -q -p no:cacheprovider "${extra[@]}" "$@"
    status=$?
    echo "[order-check] $name: exit $status in $((SECONDS - start)) s" >&2
    [ "$status" -eq 0 ] || failed+=("$name")
}

run "plain order, no workers" -p no:randomly -n 0
for seed in "${seeds[@]}"; do
    run "random order, seed $seed" "--randomly-seed=$seed" -n auto
done

if [ "${#failed[@]}" -gt 0 ]; then
    printf '[order-check] failed: %s\n' "${failed[@]}" >&2
    exit 1
fi
echo "[order-check] every order passed" >&2

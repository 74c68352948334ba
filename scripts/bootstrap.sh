#!/usr/bin/env bash
# Set up Table Companion on a fresh Debian / Raspberry Pi OS machine, then run a job.
#
#   bash scripts/bootstrap.sh demo        # the desktop demo (the main job)
#   bash scripts/bootstrap.sh test        # lint, type check and the whole test suite
#   bash scripts/bootstrap.sh setup       # only set up what the demo and `companion` need
#   bash scripts/bootstrap.sh setup-dev   # only set up, with the developers' tools
#
# Needs python3 and, for the system packages, root or sudo. Idempotent: a second
# run installs nothing new and starts at once.
#
# Python packages come from the locks in requirements/ (exact versions, every file's
# hash; bash scripts/lock.sh refreshes them): demo.txt for the demo and the command,
# test.txt (a superset, the same versions) for the tests and the developers' tools.
set -euo pipefail

job="${1:-setup}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
venv="${COMPANION_VENV:-$here/.venv}"

say() { printf '[bootstrap] %s\n' "$*" >&2; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"
    elif command -v sudo >/dev/null 2>&1; then sudo "$@"
    else say "need root or sudo to run: $*"; return 1
    fi
}

# System packages (without recommends: otherwise apt pulls ImageMagick and 35 more):
# venv support and fonts for the card faces.
apt_packages=(python3-venv fonts-dejavu-core)
# The tests also read codes with pyzbar (the zbar library), verify the service units with systemd-analyze, run the cafe server against a
# real MQTT broker (Mosquitto) and a real PostgreSQL (started by a test fixture in a
# temporary folder, never Debian's own cluster), and drive its dashboard in a headless
# browser (Debian's chromium with its chromedriver, through Selenium; chromium-l10n, its
# language packs, so a browser set up in en-GB or fr-CA types dates its region's way, as
# a real one does: without them Chromium's own date fields stay mm/dd/yyyy); the table's
# voice is tested with the real espeak-ng played through ALSA's aplay (alsa-utils) to
# ALSA's file and null devices, as install.sh installs them on a Pi.
case "$job" in
    test | setup-dev)
        dev=1
        apt_packages+=(libzbar0 systemd mosquitto postgresql chromium chromium-driver chromium-l10n)
        apt_packages+=(espeak-ng alsa-utils)
        ;;
    *) dev=0 ;;
esac
missing=()
if command -v dpkg-query >/dev/null 2>&1; then
    for pkg in "${apt_packages[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" \
            || missing+=("$pkg")
    done
fi
if [ "${#missing[@]}" -gt 0 ]; then
    say "installing system packages: ${missing[*]}"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The virtual environment. On a Raspberry Pi it sees the system's picamera2
# (python3-picamera2 cannot be installed from PyPI off a Pi).
if [ ! -x "$venv/bin/python" ]; then
    say "creating the virtual environment in $venv"
    if [ -e /usr/lib/python3/dist-packages/picamera2 ]; then
        python3 -m venv --system-site-packages "$venv"
    else
        python3 -m venv "$venv"
    fi
fi
# What is installed is written in a stamp: the lock's name and its hash, and the hash of
# pyproject.toml (the command's entry points). The test lock holds the demo's, so a
# developer's environment serves the demo too.
lock=requirements/demo.txt
[ "$dev" = 1 ] && lock=requirements/test.txt
stamp="$venv/.companion-installed"
digest() { sha256sum "$1" | cut -c1-16; }
wanted="$(basename "$lock" .txt) $(digest "$lock") $(digest pyproject.toml)"
have="$(cat "$stamp" 2>/dev/null || true)"
full="test $(digest requirements/test.txt) $(digest pyproject.toml)"
if [ "$have" != "$wanted" ] && [ "$have" != "$full" ]; then
    say "installing Python packages from $lock (first run: a few minutes)"
    "$venv/bin/python" -m pip install -q --require-hashes --no-deps -r "$lock"
    "$venv/bin/python" -m pip install -q --no-deps --no-build-isolation -e .
    echo "$wanted" >"$stamp"
fi

export PATH="$venv/bin:$PATH"
case "$job" in
    setup | setup-dev)
        say "ready: $venv/bin/companion --help"
        ;;
    demo)
        shift || true
        exec "$venv/bin/companion" demo "$@"
        ;;
    test)
        say "ruff"
        ruff check .
        ruff format --check .
        say "mypy --strict"
        mypy
        say "mypy --strict on the tests (union-attr relaxed: see pyproject.toml)"
        mypy --disable-error-code union-attr tests
        say "pytest"
        set +e
        # COMPANION_EVERY_PART: a test skipped for a program not installed fails the run
        # (tests/pytest_parts.py): every one is installed above.
        COMPANION_EVERY_PART=1 python -m pytest -n "${COMPANION_TEST_WORKERS:-auto}" -q \
            -p no:cacheprovider -p no:randomly
        status=$?
        set -e
        if [ "$status" -eq 5 ]; then
            say "pytest collected no tests: that is a failure"
            exit 1
        fi
        exit "$status"
        ;;
    *)
        say "unknown job '$job' (demo, test, setup or setup-dev)"
        exit 2
        ;;
esac

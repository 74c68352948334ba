#!/usr/bin/env bash
# Prove the install on arm64 Debian roots under qemu: the README's demo command, the
# service installed for real, ready and watched on a replay camera, stopped cleanly, a
# second install that changes nothing, an uninstall. docs/install.md shows its results.
#
#   sudo bash scripts/pi-check.sh                 # bookworm and trixie (arm64)
#   sudo bash scripts/pi-check.sh trixie          # one suite
#   sudo bash scripts/pi-check.sh --arch amd64 bookworm   # no emulation (the fast test)
#   sudo bash scripts/pi-check.sh --skip-demo bookworm    # only the service
#   sudo bash scripts/pi-check.sh --demo-only trixie      # only the demo
#   sudo bash scripts/pi-check.sh --upgrade-from v1 bookworm   # the service of commit v1
#       installed and run first, then this checkout installed over it (docs/install.md,
#       "Updating"): settings, staff key, journal and recordings kept, service ready again
#   sudo bash scripts/pi-check.sh --cafe trixie   # only the cafe server (docs/cafe.md):
#       install.sh --cafe, Debian's Mosquitto set up from the docs, the server ready and
#       watched, a table's account flooding shut out at the broker, reinstall, uninstall
#
# Settings (environment): PI_CHECK_CACHE (the roots, kept between runs;
# /var/cache/companion-pi-roots), PI_CHECK_MIRROR (http://deb.debian.org/debian),
# PI_CHECK_CA (a PEM file of certificate authorities the roots must also trust, for a
# network behind a TLS-inspecting proxy; default $SSL_CERT_FILE when set).
# Needs root, debootstrap, systemd-nspawn (systemd-container) and, for arm64 on another
# machine, qemu-user-static with binfmt_misc. Raspberry Pi OS's archive is not used:
# a local repository of stand-ins with the real package and module names takes its place
# (python3-picamera2, python3-libcamera, python3-simplejpeg), see make_standins below.
# Each root's log is in $PI_CHECK_CACHE/logs/SUITE-ARCH.log; one line per step is printed:
#   bookworm-arm64 install 412 s ok
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="${PI_CHECK_CACHE:-/var/cache/companion-pi-roots}"
mirror="${PI_CHECK_MIRROR:-http://deb.debian.org/debian}"
ca="${PI_CHECK_CA:-${SSL_CERT_FILE:-}}"
nspawn_env=(--setenv=LANG=C.UTF-8 --setenv=DEBIAN_FRONTEND=noninteractive)
if [ -n "$ca" ] && [ -f "$ca" ]; then
    nspawn_env+=(--setenv=PIP_CERT=/etc/ssl/certs/ca-certificates.crt)
fi
arch=arm64
demo=1
service=1
suites=()
upgrade_from=""
cafe=0
while [ $# -gt 0 ]; do
    case "$1" in
        --arch) arch="$2"; shift ;;
        --skip-demo) demo=0 ;;
        --demo-only) service=0 ;;
        --upgrade-from) upgrade_from="$2"; shift ;;
        --cafe) cafe=1 ;;
        -h|--help) sed -n '2,27p' "$0"; exit 0 ;;
        bookworm|trixie) suites+=("$1") ;;
        *) echo "pi-check.sh: unknown argument $1 (bookworm, trixie, --arch A, --skip-demo, --demo-only, --upgrade-from REF, --cafe)" >&2
           exit 2 ;;
    esac
    shift
done
[ "${#suites[@]}" -gt 0 ] || suites=(bookworm trixie)
if [ -n "$upgrade_from" ]; then
    git -C "$here" rev-parse --verify --quiet "$upgrade_from^{commit}" >/dev/null || {
        echo "pi-check.sh: --upgrade-from $upgrade_from is no commit of this checkout" >&2
        exit 2; }
fi
[ "$(id -u)" -eq 0 ] || { echo "pi-check.sh: run it as root (sudo)" >&2; exit 1; }
for tool in debootstrap systemd-nspawn dpkg-deb; do
    command -v "$tool" >/dev/null || {
        echo "pi-check.sh: $tool missing: sudo apt install debootstrap systemd-container" >&2
        exit 1; }
done
mkdir -p "$cache/logs"

# What a fresh Raspberry Pi OS Lite has beside the base system.
BASE_PACKAGES=systemd,systemd-sysv,dbus,python3,ca-certificates,sudo,procps,iproute2

# A cached root of SUITE for ARCH (debootstrap once; later runs reuse it).
base_root() {
    local suite="$1" root="$cache/$1-$arch"
    if [ ! -x "$root/usr/bin/python3" ]; then
        rm -rf "$root.tmp"
        debootstrap --arch="$arch" --variant=minbase --include="$BASE_PACKAGES" \
            "$suite" "$root.tmp" "$mirror" >"$cache/logs/$suite-$arch.debootstrap.log" 2>&1
        mv "$root.tmp" "$root"
    fi
    printf '%s\n' "$root"
}

# The stand-ins for Raspberry Pi OS's camera packages, with the real names and module
# layout: python3-picamera2 imports numpy, simplejpeg and libcamera as the real one does,
# and python3-simplejpeg's compiled part is Debian's own python3-pywt extension, built by
# Cython against the OS's numpy exactly as Raspberry Pi OS's simplejpeg is: with another
# numpy major in the environment it fails as simplejpeg does ("numpy.dtype size changed").
make_standins() {
    local final="$1" repo="$1.new.$$" work
    work="$(mktemp -d)"
    mkdir -p "$repo"
    standin() {  # NAME DEPENDS MODULE INIT_TEXT
        local dir="$work/$1"
        mkdir -p "$dir/DEBIAN" "$dir/usr/lib/python3/dist-packages/$3"
        cat >"$dir/DEBIAN/control" <<CONTROL
Package: $1
Version: 0.0.1+standin
Architecture: all
Maintainer: Table Companion <standin@example.invalid>
Depends: $2
Description: stand-in for Raspberry Pi OS's $1 (scripts/pi-check.sh)
CONTROL
        printf '%s\n' "$4" >"$dir/usr/lib/python3/dist-packages/$3/__init__.py"
        dpkg-deb --root-owner-group --build "$dir" "$repo/$1.deb" >/dev/null
    }
    standin python3-libcamera "python3" libcamera '"""Stand-in of libcamera'"'"'s Python bindings."""


class Transform:
    def __init__(self, hflip: int = 0, vflip: int = 0) -> None:
        self.hflip, self.vflip = hflip, vflip'
    standin python3-simplejpeg "python3-numpy, python3-pywt" simplejpeg '"""Stand-in of simplejpeg: its compiled part uses numpy'"'"'s C API (Cython)."""

from pywt._extensions import _pywt  # noqa: F401  compiled against the OS numpy


def decode_jpeg(data, **kwargs):
    raise NotImplementedError("stand-in")'
    standin python3-picamera2 "python3-numpy, python3-simplejpeg, python3-libcamera, python3-pil" \
        picamera2 '"""Stand-in of picamera2: what it imports at import, and no camera."""

import numpy  # noqa: F401
import simplejpeg  # noqa: F401
import libcamera  # noqa: F401


class Picamera2:
    @staticmethod
    def global_camera_info():
        return []'
    (cd "$repo" && dpkg-scanpackages --multiversion . /dev/null >Packages 2>/dev/null)
    rm -rf "$work"
    # Another check may be reading it: the new one takes its place in one step, and two
    # checks started together swap it one after the other (a lock), not both at once.
    local swap
    exec {swap}>"$final.lock"
    flock "$swap"
    if [ -d "$final" ] && diff -rq "$repo" "$final" >/dev/null 2>&1; then rm -rf "$repo"
    else rm -rf "$final.old"; [ -d "$final" ] && mv "$final" "$final.old"; mv "$repo" "$final"
    fi
    exec {swap}>&-
}

suite_env=()
in_root() {  # ROOT COMMAND...: run COMMAND in ROOT (arm64 through qemu's binfmt)
    local root="$1"
    shift
    systemd-nspawn --quiet --register=no --keep-unit --pipe -D "$root" \
        --bind-ro="$cache/standins:/srv/pi-standins" \
        "${nspawn_env[@]}" "${suite_env[@]}" "$@"
}

step() {  # NAME ROOT COMMAND...: time one step, one line of result
    local name="$1" root="$2" started rc=0
    shift 2
    started=$(date +%s)
    printf '\n=== %s: %s\n' "$name" "$*" >>"$log"
    in_root "$root" "$@" >>"$log" 2>&1 || rc=$?
    printf '%-16s %-26s %5d s %s\n' "$label" "$name" "$(( $(date +%s) - started ))" \
        "$([ "$rc" -eq 0 ] && echo ok || echo "FAILED ($rc)")" | tee -a "$cache/logs/times.txt"
    return "$rc"
}

# A fingerprint of everything the install writes: files' contents and modes, and the
# environment's packages; a second install must leave it the same.
FINGERPRINT='find /opt/companion /etc/companion /etc/systemd/system /etc/polkit-1/rules.d \
    -path "*/__pycache__" -prune -o -printf "%p %m %U %G\n" -type f -exec sha256sum {} + \
    | sort | sha256sum; /opt/companion/.venv/bin/python -m pip freeze | sha256sum'
CAFE_FINGERPRINT="${FINGERPRINT/ \/etc\/polkit-1\/rules.d/}"

# The settings of the check: the replay camera, frames written to files, fake buttons,
# the phone page on loopback, the camera recorded where the service may write.
CHECK_CONFIG='[camera]
kind = "replay"
path = "/var/lib/companion/check-frames"
fps = 5
realtime = true
loop = true

[display]
kind = "frames"
dir = "/var/lib/companion/check-display"

[buttons]
kind = "fake"

[phone]
bind = "127.0.0.1"
port = 18088

[record]
folder = "/var/lib/companion/recordings"'

# The service of commit $upgrade_from installed and run in ROOT, as a table ran it before
# an update: its settings, staff key, journal and recordings are what the update keeps.
upgrade_old() {
    local root="$1" failed=0
    mkdir -p "$root/root/table-companion-old"
    git -C "$here" archive "$upgrade_from" | tar -xf - -C "$root/root/table-companion-old"
    step "install-old" "$root" bash /root/table-companion-old/systemd/install.sh || failed=1
    cp "$here"/examples/table/trick/*.jpg "$root/var/lib/companion/check-frames/"
    printf '%s\n' "$CHECK_CONFIG" >"$root/etc/companion/config.toml"
    step "chown-old" "$root" chown -R companion:companion /var/lib/companion || failed=1
    step "service-ready-stop-old" "$root" python3 /root/table-companion-old/scripts/unit_try.py \
        /etc/systemd/system/companion.service || failed=1
    # What the old service left: every file but the display's frames, with its checksum.
    (cd "$root" && find etc/companion var/lib/companion -type f \
        ! -path 'var/lib/companion/check-display/*' -print0 | sort -z | xargs -0 -r sha256sum) \
        >"$cache/logs/$label.old-state"
    local files
    files="$(wc -l <"$cache/logs/$label.old-state")"
    printf '%-16s %-26s %7s %s\n' "$label" "old-state" "" "$files files" | tee -a "$cache/logs/times.txt"
    return "$failed"
}

# Right after the update's install: every file the old service left is still there, the
# settings and the staff key unchanged (the journal and recordings are kept, not
# compared: the new service goes on writing them). The service-ready step after it then
# starts the new service on the old journal.
upgrade_kept() {
    local root="$1" lost=0 changed=0 sum path
    while read -r sum path; do
        if [ ! -e "$root/$path" ]; then
            lost=$((lost + 1)); echo "lost by the update: $path" >>"$log"
        elif [[ "$path" == etc/companion/* ]] && \
             [ "$(sha256sum "$root/$path" | cut -d' ' -f1)" != "$sum" ]; then
            changed=$((changed + 1)); echo "changed by the update: $path" >>"$log"
        fi
    done <"$cache/logs/$label.old-state"
    local verdict="ok"
    [ "$lost" -eq 0 ] && [ "$changed" -eq 0 ] || verdict="FAILED ($lost lost, $changed settings changed)"
    printf '%-16s %-26s %7s %s\n' "$label" "kept-by-upgrade" "" "$verdict" \
        | tee -a "$cache/logs/times.txt"
    [ "$verdict" = ok ]
}

check_suite() {
    local suite="$1" base root lock
    label="$suite-$arch"
    suite_env=()
    if [ -n "$ca" ] && [ -f "$ca" ] && [ "$suite" != bookworm ]; then
        # pip 25 (Trixie) checks certificates through truststore, whose connections a
        # TLS-inspecting proxy may reset; its older way reads PIP_CERT.
        suite_env+=(--setenv=PIP_USE_DEPRECATED=legacy-certs)
    fi
    # A demo-only or cafe check has a copy of its own: it may run beside a whole one.
    local name="$label"
    [ "$service" -eq 1 ] || name="$label-demo"
    [ "$cafe" -eq 0 ] || name="$label-cafe"
    log="$cache/logs/$name.log"
    [ -s "$log" ] && mv "$log" "$log.1"  # the run before, kept
    : >"$log"
    base="$(base_root "$suite")"
    root="$cache/$name.run"
    # One check of a root at a time (its copy is made again from the cached root).
    exec {lock}>"$cache/$name.lock"
    flock -n "$lock" || { echo "pi-check.sh: a check of $label is running" >&2; return 1; }
    rm -rf "$root" && cp -a "$base" "$root" || { echo "pi-check.sh: cannot copy $base" >&2; return 1; }
    if [ -n "$ca" ] && [ -f "$ca" ]; then
        cat "$ca" >>"$root/etc/ssl/certs/ca-certificates.crt"
    fi
    # Every installed system has localhost in /etc/hosts; Bookworm's debootstrap root
    # has no /etc/hosts at all, and "localhost" went to DNS there.
    [ -e "$root/etc/hosts" ] || printf '127.0.0.1\tlocalhost\n::1\t\tlocalhost ip6-localhost ip6-loopback\n' \
        >"$root/etc/hosts"
    # The checkout, as a user's clone (uncommitted changes included).
    mkdir -p "$root/root/table-companion"
    (cd "$here" && git ls-files -co --exclude-standard -z | tar --null -T - -cf -) \
        | tar -xf - -C "$root/root/table-companion"
    echo "deb [trusted=yes] file:/srv/pi-standins ./" >"$root/etc/apt/sources.list.d/pi-standins.list"
    local failed=0 demo_cmd="cd /root/table-companion && bash scripts/bootstrap.sh demo"
    if [ "$cafe" -eq 1 ]; then
        check_cafe "$root"
        return
    fi
    if [ "$demo" -eq 1 ]; then
        step "demo" "$root" bash -c "$demo_cmd" || failed=1
    fi
    [ "$service" -eq 1 ] || return "$failed"
    mkdir -p "$root/var/lib/companion/check-frames"
    if [ -n "$upgrade_from" ]; then
        upgrade_old "$root" || failed=1
    fi
    step "install" "$root" bash /root/table-companion/systemd/install.sh || failed=1
    if [ -n "$upgrade_from" ]; then
        upgrade_kept "$root" || failed=1
    fi
    # The measured numpy problem: the OS's compiled module (built for the OS's numpy)
    # in the environment's numpy, and picamera2 as the service imports it.
    local said
    said="$(in_root "$root" /opt/companion/.venv/bin/python -c \
        "import numpy; print('numpy', numpy.__version__); from pywt._extensions import _pywt; print('imports')" \
        2>&1 | grep -E '^(numpy |imports|ValueError|ImportError)' | tr '\n' ' ')" || true
    printf '%-16s %-26s %7s %s\n' "$label" "os-module-in-env-numpy" "" "measured: $said" \
        | tee -a "$cache/logs/times.txt"
    step "import-picamera2" "$root" /opt/companion/.venv/bin/python -c \
        "import numpy, simplejpeg, picamera2, cv2; print(numpy.__version__, cv2.__version__, simplejpeg.__file__)" \
        || failed=1
    cp "$here"/examples/table/trick/*.jpg "$root/var/lib/companion/check-frames/"
    printf '%s\n' "$CHECK_CONFIG" >"$root/etc/companion/config.toml"
    step "chown" "$root" chown -R companion:companion /var/lib/companion || failed=1
    step "service-ready-stop" "$root" python3 /root/table-companion/scripts/unit_try.py \
        /etc/systemd/system/companion.service || failed=1
    # The frames went through: the display (frames written as files) drew screens.
    local drawn
    drawn="$(find "$root/var/lib/companion/check-display" -name '*.png' 2>/dev/null | wc -l)"
    local verdict="ok ($drawn screens)"
    [ "$drawn" -gt 0 ] || { verdict=FAILED; failed=1; }
    printf '%-16s %-26s %7s %s\n' "$label" "display-frames" "" "$verdict" \
        | tee -a "$cache/logs/times.txt"
    # The camera was recorded under the service's sandbox (docs/hex-referee.md).
    local recorded
    recorded="$(find "$root/var/lib/companion/recordings" -name 'f*_t*.jpg' 2>/dev/null | wc -l)"
    verdict="ok ($recorded frames)"
    [ "$recorded" -gt 0 ] || { verdict=FAILED; failed=1; }
    printf '%-16s %-26s %7s %s\n' "$label" "record-frames" "" "$verdict" \
        | tee -a "$cache/logs/times.txt"
    # A mistake in the settings stops the start for good: exit 2, which the unit's
    # RestartPreventExitStatus keeps down, said as an error to journald (<3>).
    printf '%s\n\n[kisok]\nenabled = true\n' "$CHECK_CONFIG" >"$root/etc/companion/config.toml"
    step "settings-typo-stays-down" "$root" python3 /root/table-companion/scripts/unit_try.py \
        /etc/systemd/system/companion.service --stopped-for-good --timeout 300 || failed=1
    printf '%s\n' "$CHECK_CONFIG" >"$root/etc/companion/config.toml"
    local same=1
    in_root "$root" bash -c "set -o pipefail; $FINGERPRINT" >"$cache/logs/$label.before" || same=0
    step "install-again" "$root" bash /root/table-companion/systemd/install.sh || failed=1
    in_root "$root" bash -c "set -o pipefail; $FINGERPRINT" >"$cache/logs/$label.after" || same=0
    if [ "$same" -eq 1 ] && cmp -s "$cache/logs/$label.before" "$cache/logs/$label.after"; then
        printf '%-16s %-26s %7s %s\n' "$label" "unchanged-by-reinstall" "" ok | tee -a "$cache/logs/times.txt"
    else
        printf '%-16s %-26s %7s %s\n' "$label" "unchanged-by-reinstall" "" FAILED | tee -a "$cache/logs/times.txt"
        failed=1
    fi
    step "uninstall" "$root" bash -c "bash /root/table-companion/systemd/install.sh --uninstall \
        && test ! -e /opt/companion && test ! -e /etc/systemd/system/companion.service \
        && test -f /etc/companion/config.toml && test -f /etc/companion/staff.key" || failed=1
    return "$failed"
}

# The cafe server on its own (docs/cafe.md steps 1-4): Debian's Mosquitto, install.sh
# --cafe, the broker and the server set up from the docs' blocks, the server ready and
# watched, a flooding table's account shut out (scripts/cafe_try.py), a second install
# that changes nothing, the cafe's units removed (the program stays).
check_cafe() {
    local root="$1" failed=0 same=1
    step "cafe-apt-mosquitto" "$root" bash -c "apt-get update -qq && apt-get install -y -qq \
        --no-install-recommends mosquitto" || failed=1
    step "cafe-install" "$root" bash /root/table-companion/systemd/install.sh --cafe || failed=1
    step "cafe-ready-flood-stop" "$root" /opt/companion/.venv/bin/python \
        /root/table-companion/scripts/cafe_try.py || failed=1
    in_root "$root" bash -c "set -o pipefail; $CAFE_FINGERPRINT" >"$cache/logs/$label.cafe-before" || same=0
    step "cafe-install-again" "$root" bash /root/table-companion/systemd/install.sh --cafe || failed=1
    in_root "$root" bash -c "set -o pipefail; $CAFE_FINGERPRINT" >"$cache/logs/$label.cafe-after" || same=0
    local verdict=ok
    if [ "$same" -eq 0 ] || ! cmp -s "$cache/logs/$label.cafe-before" "$cache/logs/$label.cafe-after"; then
        verdict=FAILED; failed=1
    fi
    printf '%-16s %-26s %7s %s\n' "$label" "cafe-unchanged-by-reinstall" "" "$verdict" \
        | tee -a "$cache/logs/times.txt"
    step "cafe-uninstall" "$root" bash -c "bash /root/table-companion/systemd/install.sh --cafe \
        --uninstall && test ! -e /etc/systemd/system/companion-cafe.service \
        && test ! -e /etc/systemd/system/timers.target.wants/companion-cafe-backup.timer \
        && test -x /opt/companion/.venv/bin/companion && test -f /etc/companion/cafe.toml" \
        || failed=1
    return "$failed"
}

main() {
    make_standins "$cache/standins"
    local status=0 suite
    for suite in "${suites[@]}"; do
        check_suite "$suite" || status=1
    done
    return "$status"
}

# One line, read whole before it runs: the script may be edited while a check runs.
main; exit $?

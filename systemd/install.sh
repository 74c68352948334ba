#!/usr/bin/env bash
# Install Table Companion as a service on Raspberry Pi OS or Debian (64-bit). docs/install.md.
#
#   sudo bash systemd/install.sh              # install or upgrade in place, enable and start
#   sudo bash systemd/install.sh --no-start   # ... but do not (re)start it now
#   sudo bash systemd/install.sh --cafe       # the cafe server instead (docs/cafe.md): the same
#                                             # program and environment, the cafe's units
#   sudo bash systemd/install.sh --uninstall  # stop and remove (the journal and settings stay)
#   sudo bash systemd/install.sh --cafe --uninstall    # only the cafe server's units
#   sudo bash systemd/install.sh --uninstall --purge   # ... and the journal, settings, user
#   bash systemd/install.sh --dry-run         # print what would be done, change nothing
#
# Running it again upgrades in place: settings, the staff key and the journal are kept, and
# when nothing changed nothing is touched (the service is not even restarted).
set -euo pipefail

PREFIX=/opt/companion
CONF_DIR=/etc/companion
STATE_DIR=/var/lib/companion
UNIT=/etc/systemd/system/companion.service
WANTS=/etc/systemd/system/multi-user.target.wants/companion.service
# The cafe server's units (docs/cafe.md), and what each is wanted by when enabled.
CAFE_UNITS=(companion-cafe.service companion-cafe-backup.service companion-cafe-backup.timer)
CAFE_ENABLED=(multi-user.target.wants/companion-cafe.service timers.target.wants/companion-cafe-backup.timer)
POLKIT_RULE=/etc/polkit-1/rules.d/50-companion.rules
USER_NAME=companion
GROUPS_WANTED=(gpio i2c spi video audio)
# Always from the OS: venv support, the zbar library (pyzbar), the fonts, i2cdetect.
APT_PACKAGES=(python3-venv libzbar0 fonts-dejavu-core i2c-tools espeak-ng alsa-utils)
# From the OS where its archive has them (Raspberry Pi OS; Debian has the GPIO ones): the
# camera stack is built for the OS's libcamera, and lgpio has no wheel for every Python.
APT_OPTIONAL=(python3-picamera2 python3-lgpio python3-gpiozero python3-spidev python3-rpi-lgpio)

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LOCK="${COMPANION_LOCK:-$here/requirements/service.txt}"
mode=install
cafe=0
purge=0
dry=0
start=1
for arg in "$@"; do
    case "$arg" in
        --uninstall) mode=uninstall ;;
        --cafe) cafe=1 ;;
        --purge) purge=1 ;;
        --dry-run) dry=1 ;;
        --no-start) start=0 ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown option $arg (--cafe, --uninstall, --purge, --no-start, --dry-run)" >&2
           exit 2 ;;
    esac
done

say() { printf '[companion] %s\n' "$*"; }
warn() { printf '[companion] warning: %s\n' "$*" >&2; }
die() { printf '[companion] error: %s\n' "$*" >&2; exit 1; }
run() {
    if [ "$dry" -eq 1 ]; then printf '+ %s\n' "$*"; else "$@"; fi
}
# systemd is running (not a chroot, a container being built or an image).
booted() { [ "$dry" -eq 1 ] || [ -d /run/systemd/system ]; }

if [ "$dry" -eq 0 ] && [ "$(id -u)" -ne 0 ]; then
    die "run it as root: sudo bash systemd/install.sh"
fi

uninstall_cafe() {
    local unit
    for unit in "${CAFE_UNITS[@]}"; do
        [ -e "/etc/systemd/system/$unit" ] || continue
        say "stopping and removing $unit"
        if booted; then run systemctl disable --now "$unit" || true; fi
        run rm -f "/etc/systemd/system/$unit"
    done
    for unit in "${CAFE_ENABLED[@]}"; do run rm -f "/etc/systemd/system/$unit"; done
    if booted; then run systemctl daemon-reload; fi
}

do_uninstall() {
    uninstall_cafe  # the program goes: the cafe server's units too
    say "stopping and removing the service"
    if booted; then run systemctl disable --now companion.service || true
    else run rm -f "$WANTS"
    fi
    run rm -f "$UNIT" "$POLKIT_RULE"
    if booted; then run systemctl daemon-reload; fi
    run rm -rf "$PREFIX"
    if [ "$purge" -eq 1 ]; then
        say "purging the journal ($STATE_DIR), settings ($CONF_DIR) and the user"
        run rm -rf "$STATE_DIR" "$CONF_DIR"
        run userdel "$USER_NAME" 2>/dev/null || true
    else
        say "kept: the journal in $STATE_DIR and the settings in $CONF_DIR (--purge removes them)"
    fi
}

check_i2c() {
    if ls /dev/i2c-* >/dev/null 2>&1; then
        say "I2C is on ($(ls /dev/i2c-* | tr '\n' ' '))"
    elif command -v raspi-config >/dev/null 2>&1; then
        say "I2C is off: turning it on (raspi-config); a reboot makes /dev/i2c-1 appear"
        run raspi-config nonint do_i2c 0
    else
        warn "no /dev/i2c-*: turn I2C on (raspi-config > Interface Options > I2C) for the OLED"
    fi
    if command -v i2cdetect >/dev/null 2>&1 && [ -e /dev/i2c-1 ]; then
        if i2cdetect -y 1 2>/dev/null | grep -E ' 3[cd] ' >/dev/null; then
            say "an OLED answers on I2C bus 1 (0x3C/0x3D)"
        else
            warn "no OLED at 0x3C or 0x3D on I2C bus 1: check the wiring (docs/hardware.md)"
        fi
    fi
}

check_camera() {
    local lister=""
    for tool in rpicam-hello libcamera-hello; do
        command -v "$tool" >/dev/null 2>&1 && lister="$tool" && break
    done
    if [ -n "$lister" ]; then
        if "$lister" --list-cameras 2>/dev/null | grep '^[0-9] :' >/dev/null; then
            say "camera found ($lister --list-cameras)"
        else
            warn "no CSI camera found: check the ribbon cable, or set [camera] kind = \"opencv\" for a USB webcam"
        fi
    elif ls /dev/video* >/dev/null 2>&1; then
        say "video devices: $(ls /dev/video* | tr '\n' ' ')"
    else
        warn "no camera found (rpicam-hello --list-cameras lists the Pi's; docs/install.md)"
    fi
}

# The packages of APT_OPTIONAL this system's archive offers.
available_optional() {
    local pkg
    for pkg in "${APT_OPTIONAL[@]}"; do
        if apt-cache policy "$pkg" 2>/dev/null | grep 'Candidate: [0-9]' >/dev/null; then
            printf '%s\n' "$pkg"
        fi
    done
}

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep "install ok installed" >/dev/null; }

system_packages() {
    local wanted=("${APT_PACKAGES[@]}") missing=() pkg
    if [ "$dry" -eq 1 ]; then wanted+=("${APT_OPTIONAL[@]}"); fi
    for pkg in "${wanted[@]}"; do installed "$pkg" || missing+=("$pkg"); done
    # Only a first install (or a missing package) reads the archive's lists.
    if [ "${#missing[@]}" -gt 0 ] || [ "$dry" -eq 1 ]; then
        say "system packages: ${APT_PACKAGES[*]}"
        run apt-get update -qq || die "apt-get update failed: check the network (ping deb.debian.org)"
        if [ "$dry" -eq 0 ]; then
            mapfile -t extra < <(available_optional)
            for pkg in "${extra[@]}"; do installed "$pkg" || missing+=("$pkg"); done
        fi
    fi
    if [ "${#missing[@]}" -gt 0 ]; then
        say "installing from the OS: ${missing[*]}"
        run env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
            "${missing[@]}" \
            || die "apt-get install ${missing[*]} failed: run it by hand to see why"
    fi
    if ! installed python3-picamera2 && [ "$dry" -eq 0 ]; then
        warn "no python3-picamera2 in this system's archive: the Pi camera needs Raspberry Pi OS; a USB webcam works ([camera] kind = \"opencv\")"
    fi
}

user_and_groups() {
    local group
    for group in "${GROUPS_WANTED[@]}"; do
        if ! getent group "$group" >/dev/null 2>&1; then
            # Raspberry Pi OS has them all; elsewhere the unit's SupplementaryGroups need them.
            say "creating the group $group (not a Raspberry Pi OS image?)"
            run groupadd --system "$group"
        fi
    done
    if ! id "$USER_NAME" >/dev/null 2>&1; then
        say "creating the system user $USER_NAME"
        run useradd --system --home-dir "$STATE_DIR" --no-create-home \
            --shell /usr/sbin/nologin --user-group "$USER_NAME"
    fi
    local have
    have=" $(id -nG "$USER_NAME" 2>/dev/null || true) "
    for group in "${GROUPS_WANTED[@]}"; do
        [[ "$have" == *" $group "* ]] || run usermod -aG "$group" "$USER_NAME"
    done
}

# Copy the program to $PREFIX/src; sets program_changed when it differs from what was there.
program_changed=""
copy_program() {
    local new="$PREFIX/src.new"
    run mkdir -p "$PREFIX"
    if [ "$dry" -eq 1 ]; then
        printf '+ cp -a pyproject.toml README.md companion hardware card_codes systemd %s\n' \
            "$PREFIX/src"
        program_changed=yes
        return
    fi
    rm -rf "$new"
    mkdir -p "$new"
    (cd "$here" && cp -a pyproject.toml README.md companion hardware card_codes systemd "$new/")
    [ -d "$here/requirements" ] && cp -a "$here/requirements" "$new/"
    find "$new" \( -name __pycache__ -o -name '*.egg-info' \) -prune -exec rm -rf {} +
    if [ -d "$PREFIX/src" ] && diff -rq -x build -x "*.egg-info" -x __pycache__ \
        "$PREFIX/src" "$new" >/dev/null 2>&1; then
        rm -rf "$new"
    else
        rm -rf "$PREFIX/src"
        mv "$new" "$PREFIX/src"
        program_changed=yes
    fi
}

# The lock without the lines of packages the OS gives ($@): pip keeps the OS's copy.
lock_without() {
    awk -v skip=" $* " '
        /^[A-Za-z0-9]/ { name = tolower($1); sub(/[=<>;\[ ].*/, "", name); gsub(/_/, "-", name)
                         drop = index(skip, " " name " ") > 0 }
        !drop { print }' "$1"
}

python_packages() {
    local venv="$PREFIX/.venv" py="$PREFIX/.venv/bin/python" changed="$program_changed"
    local want
    want="$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
    if [ -x "$py" ] && [ "$("$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])')" != "$want" ]; then
        say "the system's Python is now $want: making the environment again"
        run rm -rf "$venv"
    fi
    if [ ! -x "$py" ]; then
        # --system-site-packages: the environment sees the OS's picamera2, lgpio, gpiozero.
        say "virtual environment $venv (Python $want; it sees the system's picamera2 and lgpio)"
        run python3 -m venv --system-site-packages "$venv" \
            || die "python3 -m venv failed: sudo apt install python3-venv"
        changed=yes
    fi
    local stamp="$venv/.companion-installed" lock_sum="none"
    [ -f "$LOCK" ] && lock_sum="$(sha256sum "$LOCK" | cut -d' ' -f1)"
    if [ -z "$changed" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$lock_sum" ]; then
        say "Python packages: up to date"
        return
    fi
    local pip=("$py" -m pip install -q --disable-pip-version-check --no-input)
    if [ -f "$LOCK" ]; then
        # lgpio is never built by pip: the OS's python3-lgpio (or none, off a Pi) is kept.
        say "Python packages from the lock $(basename "$LOCK")"
        local filtered="$PREFIX/service-lock.txt"
        if [ "$dry" -eq 1 ]; then
            printf '+ pip install --require-hashes -r %s (without lgpio)\n' "$LOCK"
        else
            lock_without "$LOCK" lgpio rpi-lgpio > "$filtered"
            "${pip[@]}" --require-hashes -r "$filtered" \
                || die "pip install -r $LOCK failed: check the network (pip reaches pypi.org) and run again"
        fi
        # setuptools is in the lock: the program is built offline, with it.
        run "${pip[@]}" --no-deps --no-build-isolation "$PREFIX/src" \
            || die "pip install $PREFIX/src failed: run again, or see docs/install.md"
    else
        warn "no lock $LOCK: the newest matching versions from PyPI"
        run "${pip[@]}" "$PREFIX/src[service]" \
            || die "pip install $PREFIX/src[service] failed: check the network and run again"
    fi
    if installed python3-picamera2 && ! "$py" -m pip show -q simplejpeg >/dev/null 2>&1 \
        && [ "$dry" -eq 0 ]; then
        # picamera2 imports the OS's simplejpeg, compiled for the OS's numpy; the
        # environment's numpy is newer (numpy 2 on Bookworm's 1.24: "numpy.dtype size
        # changed"), so the environment has its own simplejpeg, built for numpy 2.
        say "simplejpeg for the environment's numpy (the OS's is built for its own numpy)"
        "${pip[@]}" "simplejpeg>=1.8" \
            || die "pip install simplejpeg failed: check the network and run again"
    fi
    [ "$dry" -eq 1 ] || printf '%s\n' "$lock_sum" > "$stamp"
}

# Everything `companion run` imports, tried once with the environment's Python.
check_imports() {
    local py="$PREFIX/.venv/bin/python" mods="companion.daemon.build,uvicorn,starlette"
    if [ "$cafe" -eq 1 ]; then
        mods="companion.cli.cafe,companion.cafe.server,uvicorn,starlette,paho.mqtt.client,itsdangerous,multipart"
    fi
    [ "$cafe" -eq 0 ] && installed python3-picamera2 && mods="$mods,picamera2"
    [ "$cafe" -eq 0 ] && installed python3-lgpio && mods="$mods,lgpio"
    [ "$dry" -eq 1 ] && { printf '+ %s -c "import %s"\n' "$py" "$mods"; return; }
    local out
    if ! out="$("$py" -c "import $mods" 2>&1)"; then
        die "the environment cannot import what the service needs ($(tail -n 1 <<<"$out")): run install.sh again; if it stays, docs/install.md (symptoms)"
    fi
    say "the environment imports $mods"
}

# install -m MODE SRC DEST only when DEST differs; put_changed says whether it did.
put_changed=""
put() {
    local mode="$1" src="$2" dest="$3"
    put_changed=""
    if [ "$dry" -eq 1 ]; then printf '+ install -m %s %s %s\n' "$mode" "$src" "$dest"
        put_changed=yes; return; fi
    if ! cmp -s "$src" "$dest"; then
        command install -m "$mode" "$src" "$dest"
        put_changed=yes
    fi
}

settings_and_keys() {
    run command install -d -m 0750 -o root -g "$USER_NAME" "$CONF_DIR"
    run command install -d -m 0750 -o "$USER_NAME" -g "$USER_NAME" "$STATE_DIR"
    if [ ! -f "$CONF_DIR/staff.key" ]; then
        say "generating this installation's staff-card key ($CONF_DIR/staff.key, 0600)"
        if [ "$dry" -eq 1 ]; then
            printf '+ head -c 32 /dev/urandom | base64 > %s\n' "$CONF_DIR/staff.key"
        else
            (umask 077 && head -c 32 /dev/urandom | base64 > "$CONF_DIR/staff.key")
            chown "$USER_NAME:$USER_NAME" "$CONF_DIR/staff.key"
        fi
    fi
    default_settings config.toml "settings"
    # The staff menu's "Shut down" asks logind to power off; allow that to this user only.
    local rule
    rule="$(mktemp)"
    cat > "$rule" <<RULE
// Table Companion: the staff menu's "Shut down" (systemd/install.sh).
polkit.addRule(function(action, subject) {
    if (subject.user == "$USER_NAME" &&
        action.id.indexOf("org.freedesktop.login1.power-off") == 0) {
        return polkit.Result.YES;
    }
});
RULE
    run mkdir -p "$(dirname "$POLKIT_RULE")"
    put 0644 "$rule" "$POLKIT_RULE"
    rm -f "$rule"
}

# A settings file of systemd/ installed when none is there (root's, the service's group
# reads it), else kept: NAME, what it is called, and a hint for a new one.
default_settings() {
    local name="$1" what="$2" hint="${3:-}"
    if [ ! -f "$CONF_DIR/$name" ]; then
        say "default $what: $CONF_DIR/$name${hint:+ $hint}"
        run command install -m 0640 -o root -g "$USER_NAME" "$here/systemd/$name" \
            "$CONF_DIR/$name"
    else
        say "$what kept: $CONF_DIR/$name"
    fi
}

# What `systemctl enable` does (the units' [Install] links), where systemd is not
# running (an image, a container): each LINK under /etc/systemd/system made to point at
# its unit there, or mended if it points elsewhere.
enable_offline() {
    local link unit
    for link in "$@"; do
        unit="/etc/systemd/system/$(basename "$link")"
        if [ "$(readlink "/etc/systemd/system/$link" 2>/dev/null)" != "$unit" ]; then
            run mkdir -p "$(dirname "/etc/systemd/system/$link")"
            run ln -sf "$unit" "/etc/systemd/system/$link"
        fi
    done
}

# The OS's packages, the user, the program and its environment: a table's and the cafe's.
program_and_environment() {
    system_packages
    user_and_groups
    say "the program: $PREFIX"
    copy_program
    python_packages
    check_imports
}

do_install() {
    program_and_environment
    settings_and_keys
    check_i2c
    check_camera

    put 0644 "$here/systemd/companion.service" "$UNIT"
    local unit_changed="$put_changed"
    [ -n "$unit_changed" ] && say "service: $UNIT"
    if ! booted; then
        enable_offline "${WANTS#/etc/systemd/system/}"
        say "done: systemd is not running here (an image or a container); the service starts at boot"
        return
    fi
    [ -n "$unit_changed" ] && run systemctl daemon-reload
    systemctl is-enabled -q companion.service 2>/dev/null || run systemctl enable companion.service
    if [ "$start" -eq 0 ]; then
        say "done: not started (--no-start); sudo systemctl start companion"
    elif [ -n "$program_changed$unit_changed" ] || ! systemctl is-active -q companion.service; then
        run systemctl restart companion.service \
            || die "the service did not start: journalctl -u companion -n 50 says why"
        say "done: 'systemctl status companion' and 'journalctl -u companion -f' show it running"
    else
        say "done: nothing changed, the service keeps running"
    fi
}

# The cafe server (docs/cafe.md): the program and environment as for a table (one lock:
# a Pi may be both), its settings file, the cafe's units enabled. Not started here the
# first time: the broker and the names come first (docs/cafe.md steps 2 and 3); a server
# already running is restarted when its program or units changed.
do_install_cafe() {
    program_and_environment
    run command install -d -m 0750 -o root -g "$USER_NAME" "$CONF_DIR"
    default_settings cafe.toml "cafe settings" "(name the cafe: docs/cafe.md step 3)"
    local unit units_changed=""
    for unit in "${CAFE_UNITS[@]}"; do
        put 0644 "$here/systemd/$unit" "/etc/systemd/system/$unit"
        [ -n "$put_changed" ] && units_changed=yes && say "unit: /etc/systemd/system/$unit"
    done
    if ! booted; then
        enable_offline "${CAFE_ENABLED[@]}"
        say "done: systemd is not running here; the cafe server starts at boot"
        return
    fi
    [ -n "$units_changed" ] && run systemctl daemon-reload
    run systemctl enable companion-cafe.service companion-cafe-backup.timer
    if [ "$dry" -eq 0 ] && systemctl is-active -q companion-cafe.service; then
        if [ -n "$program_changed$units_changed" ] && [ "$start" -eq 1 ]; then
            run systemctl restart companion-cafe.service \
                || die "the cafe server did not start: journalctl -u companion-cafe -n 50 says why"
            say "done: the cafe server restarted on the new program"
        else
            say "done: the cafe server keeps running"
        fi
    else
        say "done: set up the broker and the names (docs/cafe.md steps 2 and 3), then" \
            "'sudo $PREFIX/.venv/bin/companion cafe set-password' and" \
            "'sudo systemctl start companion-cafe'"
    fi
}

if [ "$mode" = uninstall ] && [ "$cafe" -eq 1 ]; then uninstall_cafe
elif [ "$mode" = uninstall ]; then do_uninstall
elif [ "$cafe" -eq 1 ]; then do_install_cafe
else do_install; fi

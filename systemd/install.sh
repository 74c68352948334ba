#!/usr/bin/env bash
# Install Table Companion as a service on Raspberry Pi OS (Bookworm). See docs/install.md.
#
#   sudo bash systemd/install.sh              # install or upgrade, enable and start
#   sudo bash systemd/install.sh --uninstall  # stop and remove (the journal is kept)
#   sudo bash systemd/install.sh --uninstall --purge   # ... and the journal and settings
#   bash systemd/install.sh --dry-run         # print what would be done, change nothing
set -euo pipefail

PREFIX=/opt/companion
CONF_DIR=/etc/companion
STATE_DIR=/var/lib/companion
UNIT=/etc/systemd/system/companion.service
POLKIT_RULE=/etc/polkit-1/rules.d/50-companion.rules
USER_NAME=companion
GROUPS_WANTED=(gpio i2c spi video)
APT_PACKAGES=(python3-venv python3-picamera2 libzbar0 fonts-dejavu-core i2c-tools)

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mode=install
purge=0
dry=0
for arg in "$@"; do
    case "$arg" in
        --uninstall) mode=uninstall ;;
        --purge) purge=1 ;;
        --dry-run) dry=1 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown option $arg (--uninstall, --purge, --dry-run)" >&2; exit 2 ;;
    esac
done

say() { printf '[companion] %s\n' "$*"; }
warn() { printf '[companion] warning: %s\n' "$*" >&2; }
run() {
    if [ "$dry" -eq 1 ]; then printf '+ %s\n' "$*"; else "$@"; fi
}

if [ "$dry" -eq 0 ] && [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: run it as root (sudo bash systemd/install.sh)" >&2
    exit 1
fi

uninstall() {
    say "stopping and removing the service"
    run systemctl disable --now companion.service || true
    run rm -f "$UNIT" "$POLKIT_RULE"
    run systemctl daemon-reload
    run rm -rf "$PREFIX"
    if [ "$purge" -eq 1 ]; then
        say "purging the journal ($STATE_DIR), settings ($CONF_DIR) and the user"
        run rm -rf "$STATE_DIR" "$CONF_DIR"
        run userdel "$USER_NAME" || true
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
        if i2cdetect -y 1 2>/dev/null | grep -qE ' 3[cd] '; then
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
        if "$lister" --list-cameras 2>/dev/null | grep -q '^[0-9] :'; then
            say "camera found ($lister --list-cameras)"
        else
            warn "no CSI camera found: check the ribbon cable, or set [camera] kind = \"opencv\" for a USB webcam"
        fi
    elif ls /dev/video* >/dev/null 2>&1; then
        say "video devices: $(ls /dev/video* | tr '\n' ' ')"
    else
        warn "no camera found"
    fi
}

install() {
    say "system packages: ${APT_PACKAGES[*]}"
    run apt-get update -qq
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${APT_PACKAGES[@]}"
    if ! id "$USER_NAME" >/dev/null 2>&1; then
        say "creating the system user $USER_NAME"
        run useradd --system --home-dir "$STATE_DIR" --shell /usr/sbin/nologin "$USER_NAME"
    fi
    for group in "${GROUPS_WANTED[@]}"; do
        if getent group "$group" >/dev/null 2>&1; then
            run usermod -aG "$group" "$USER_NAME"
        else
            warn "group $group does not exist on this system (not a Raspberry Pi OS image?)"
        fi
    done

    say "copying the program to $PREFIX"
    run mkdir -p "$PREFIX"
    run cp -a "$here/pyproject.toml" "$here/README.md" "$here/companion" "$here/hardware" \
        "$here/card_codes" "$here/docs" "$here/systemd" "$PREFIX/"
    if [ ! -x "$PREFIX/.venv/bin/python" ]; then
        say "virtual environment (it sees the system's picamera2)"
        run python3 -m venv --system-site-packages "$PREFIX/.venv"
    fi
    run "$PREFIX/.venv/bin/python" -m pip install -q --upgrade pip
    run "$PREFIX/.venv/bin/python" -m pip install -q "$PREFIX[pi,zbar,bus]"

    run install -d -m 0750 -o root -g "$USER_NAME" "$CONF_DIR"
    if [ ! -f "$CONF_DIR/staff.key" ]; then
        say "generating this installation's staff-card key ($CONF_DIR/staff.key, 0600)"
        if [ "$dry" -eq 1 ]; then
            printf '+ head -c 32 /dev/urandom | base64 > %s\n' "$CONF_DIR/staff.key"
        else
            (umask 077 && head -c 32 /dev/urandom | base64 > "$CONF_DIR/staff.key")
            chown "$USER_NAME:$USER_NAME" "$CONF_DIR/staff.key"
        fi
    fi
    if [ ! -f "$CONF_DIR/config.toml" ]; then
        say "default settings: $CONF_DIR/config.toml"
        run install -m 0640 -o root -g "$USER_NAME" "$here/systemd/config.toml" "$CONF_DIR/config.toml"
    fi
    # The staff menu's "Shut down" asks logind to power off; allow that to this user only.
    say "polkit rule: $POLKIT_RULE (the staff menu may power the Pi off)"
    if [ "$dry" -eq 1 ]; then
        printf '+ write %s\n' "$POLKIT_RULE"
    else
        mkdir -p "$(dirname "$POLKIT_RULE")"
        cat > "$POLKIT_RULE" <<RULE
// Table Companion: the staff menu's "Shut down" (systemd/install.sh).
polkit.addRule(function(action, subject) {
    if (subject.user == "$USER_NAME" &&
        action.id.indexOf("org.freedesktop.login1.power-off") == 0) {
        return polkit.Result.YES;
    }
});
RULE
    fi
    check_i2c
    check_camera

    say "service: $UNIT"
    run install -m 0644 "$here/systemd/companion.service" "$UNIT"
    run systemctl daemon-reload
    run systemctl enable companion.service
    run systemctl restart companion.service
    say "done: 'systemctl status companion' and 'journalctl -u companion -f' show it running"
}

if [ "$mode" = uninstall ]; then uninstall; else install; fi

#!/usr/bin/env bash
# The Debian packages the suite runs for real: Python's jsonschema (the emitted JSON Schema files read by another
# language), PostgreSQL's server and PgBouncer (the stores and their faults), strace (the embedded store's syncs)
# and Chromium (the interface page). Run as root with apt-get, it installs those missing, so `npm test` passes on a
# fresh machine after `npm ci` alone; otherwise (or with GATEWAY_CONTRACT_NO_SYSTEM_CHANGES=1, which installs
# nothing) it names them and exits 1, and the tests that need one fail saying so.
set -uo pipefail

missing=()
python3 -c 'import jsonschema' 2>/dev/null || /usr/bin/python3 -c 'import jsonschema' 2>/dev/null ||
  missing+=(python3-jsonschema)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
[ -x /usr/sbin/pgbouncer ] || missing+=(pgbouncer)
command -v strace >/dev/null 2>&1 || missing+=(strace)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ "${#missing[@]}" -eq 0 ] && exit 0

if [ "${GATEWAY_CONTRACT_NO_SYSTEM_CHANGES:-}" = 1 ]; then
  echo "The test suite needs Debian's ${missing[*]}, which GATEWAY_CONTRACT_NO_SYSTEM_CHANGES=1 keeps it from installing: apt-get install ${missing[*]}" >&2
  exit 1
fi
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]} for the test suite" >&2
  # Once an update has run the lists are there: a second install of the day need not fetch them again.
  { apt-get install -y -qq "${missing[@]}" || { apt-get update -qq && apt-get install -y -qq "${missing[@]}"; }; } \
    </dev/null >&2 && exit 0
  echo "Could not install Debian's ${missing[*]}" >&2
  exit 1
fi
echo "The test suite needs Debian's ${missing[*]}: apt-get install ${missing[*]} (as root)" >&2
exit 1

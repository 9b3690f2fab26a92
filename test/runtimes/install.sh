#!/usr/bin/env bash
# The runtimes the package is tested and benchmarked on besides the Node that runs the suite (Node 22, 24 and 26,
# Bun, Deno, and Cloudflare's workerd through miniflare), installed from this folder's lock file into a cache
# outside the checkout: about 1 GB unpacked, which the project's own `npm ci` should not unpack for every clone
# and CI run. One folder per lock file, so a new lock installs beside the old one and a finished one is reused.
#
#   bash test/runtimes/install.sh          installs them if need be, then prints the folder
#   bash test/runtimes/install.sh --where  prints the folder only
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
key="$(cat "$here/package.json" "$here/package-lock.json" | sha256sum | cut -c1-16)"
dir="${GATEWAY_CONTRACT_RUNTIMES:-${XDG_CACHE_HOME:-$HOME/.cache}/gateway-contract/runtimes}/$key"

if [ "${1:-}" = --where ] || [ -e "$dir/.complete" ]; then
  echo "$dir"
  exit 0
fi

mkdir -p "$(dirname "$dir")"
work="$(mktemp -d "$dir.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cp "$here/package.json" "$here/package-lock.json" "$work/"
# Each binary ships inside its registry package: no install script runs, so none can download one instead.
npm ci --prefix "$work" --ignore-scripts --no-audit --no-fund --loglevel=error >&2
touch "$work/.complete"
# A rename is atomic: a concurrent install that finished first keeps its folder, and this one is dropped.
mv -T "$work" "$dir" 2>/dev/null || true
echo "$dir"

#!/usr/bin/env bash
# Validates every GitHub workflow (.github/workflows/*.yml) against GitHub's schema with
# action-validator from npm (pinned in package-lock.json), as nothing here can reach GitHub.
# Installs node/npm (Debian) and the npm packages when missing. scripts/test.sh runs it.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
say() { echo "check-workflows: $*"; }
die() { echo "check-workflows: ERROR: $*" >&2; exit 1; }
cd "$ROOT"

missing=()
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
if ((${#missing[@]})); then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || die "need root or sudo to install: ${missing[*]}"
    SUDO=sudo
  fi
  say "installing Debian packages: ${missing[*]}"
  $SUDO apt-get update -qq || die "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null ||
    die "apt-get install ${missing[*]} failed"
fi
validator=node_modules/@action-validator/cli/cli.mjs
if [ ! -f "$validator" ] || [ ! -d node_modules/@action-validator/core ]; then
  say "installing the npm packages (package-lock.json)"
  npm ci --no-audit --no-fund --loglevel=error || die "npm ci failed"
fi

shopt -s nullglob
files=(.github/workflows/*.yml .github/workflows/*.yaml)
((${#files[@]})) || die "no workflow in .github/workflows"
failed=0
for f in "${files[@]}"; do
  if out=$(node "$validator" "$f" 2>&1); then
    say "$f: valid"
  else
    echo "$out" >&2
    say "$f: INVALID" >&2
    failed=1
  fi
done
exit "$failed"

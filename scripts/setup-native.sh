#!/usr/bin/env bash
# Installs the Debian packages the native build needs (idempotent).
set -euo pipefail
pkgs=(cmake ninja-build g++ clang libclang-rt-dev libgtest-dev libbenchmark-dev nlohmann-json3-dev libcli11-dev)
missing=()
for p in "${pkgs[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -eq 0 ]; then echo "setup-native: all packages present"; exit 0; fi
SUDO=""; if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "setup-native: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  SUDO=sudo; fi
echo "setup-native: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"

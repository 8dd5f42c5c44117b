#!/usr/bin/env bash
# The server's tests that lean on Node's own APIs on Node 22 (maintenance LTS), on SQLite: worker threads and
# the ticket PDF, Ed25519 signatures, crypto, multipart uploads, the HTTP server, SQLite (.ci/with-node.sh).
# Usage: bash .ci/node22.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash .ci/with-node.sh "${NODE22_VERSION:-22}" env -u TEST_DATABASE_URL npx vitest run --project server \
  tests/server/ticket-pdf.test.ts tests/server/ticket-pool.test.ts tests/server/ticket-code.test.ts \
  tests/server/boarding.test.ts tests/server/bookings-create.test.ts tests/server/bookings-uploads.test.ts \
  tests/server/payments.test.ts tests/server/auth.test.ts tests/server/sessions.test.ts \
  tests/server/hardening-bodies.test.ts tests/server/hardening-connections.test.ts \
  tests/server/crash.test.ts tests/server/contract.test.ts tests/server/sqlite-addon.test.ts \
  tests/server/messages-outbox.test.ts

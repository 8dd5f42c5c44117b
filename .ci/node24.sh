#!/usr/bin/env bash
# The whole suite on Node 24 (the active LTS, which README recommends), on SQLite: what `npm test` runs
# (typecheck, lint, every vitest project: server, components, browser) against the front ends already built,
# in three steps to keep CI under 35 minutes on 2 cores: the type checks beside the linters; the server's and
# the components' projects two files at a time; then the browser suites, one file at a time (their config).
# PostgreSQL's run stays on Node 20 (.ci/run): what differs between Node versions is the runtime, not the
# database's answers.
# Usage: bash .ci/node24.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" != steps ]; then
  exec bash .ci/with-node.sh "${NODE24_VERSION:-24}" env -u TEST_DATABASE_URL bash .ci/node24.sh steps
fi
npm run typecheck &
types=$!
npm run lint
wait "$types"
npx vitest run --project server --project server-mocked --project admin --project admin-mocked \
  --project public-site --project public-site-mocked
npx vitest run --project e2e

#!/usr/bin/env bash
# The whole suite on Node 24 (the active LTS, which README recommends), on SQLite: `npm test` (typecheck, lint,
# every vitest project: server, components, browser) against the front ends already built. PostgreSQL's run
# stays on Node 20 (.ci/run): what differs between Node versions is the runtime, not the database's answers.
# Usage: bash .ci/node24.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash .ci/with-node.sh "${NODE24_VERSION:-24}" env -u TEST_DATABASE_URL npm test

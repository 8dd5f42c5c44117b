#!/usr/bin/env bash
# The whole suite on Node 24 (the active LTS, which README recommends), on SQLite: the front ends built with it,
# then `npm test` (typecheck, lint, every vitest project: server, components, browser). PostgreSQL's run stays
# on Node 20: what differs between Node versions is the runtime, not the database's answers (.ci/with-node.sh).
# Usage: bash .ci/node24.sh
set -euo pipefail
cd "$(dirname "$0")/.."
# better-sqlite3 12 compiled against the headers of Node 24.19 or later aborts the process when the garbage
# collector frees one of its statements (their node::ObjectWrap registers a cleanup hook that its destructor,
# run outside any context, cannot remove: nodejs/node#65446); built against 24.18.1's, as its prebuilt binaries
# were, it runs on every 24.x.
NODE_HEADERS=${NODE24_HEADERS:-24.18.1} bash .ci/with-node.sh "${NODE24_VERSION:-24}" bash -c 'npm run build && env -u TEST_DATABASE_URL npm test'

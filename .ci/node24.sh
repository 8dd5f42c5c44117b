#!/usr/bin/env bash
# The whole suite on Node 24 (the active LTS, which README recommends), on SQLite: what `npm test` runs
# (typecheck, lint, every vitest project: server, components, browser) against the front ends already built,
# in two steps to keep CI under 35 minutes on 2 cores: the server's and the components' projects two files at
# a time; then the browser suites, one file at a time (their config), with the type checks and the linters
# beside them.
# PostgreSQL's run stays on Node 20 (.ci/run): what differs between Node versions is the runtime, not the
# database's answers.
# Usage: bash .ci/node24.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" != steps ]; then
  exec bash .ci/with-node.sh "${NODE24_VERSION:-24}" env -u TEST_DATABASE_URL bash .ci/node24.sh steps
fi
npx vitest run --project server --project server-mocked --project admin --project admin-mocked \
  --project public-site --project public-site-mocked
# The type checks and the linters run beside the browser suites, which, one file at a time, leave about a third
# of two cores idle (admin-payments alone: 67 % busy); their output follows the browser suites'.
checks=$(mktemp -d)
(set +e; npm run typecheck >"$checks/typecheck.log" 2>&1; echo $? >"$checks/typecheck.rc") &
(set +e; npm run lint >"$checks/lint.log" 2>&1; echo $? >"$checks/lint.rc") &
browser=0
npx vitest run --project e2e || browser=$?
wait
for check in typecheck lint; do
  echo "== npm run $check (beside the browser suites)"
  cat "$checks/$check.log"
done
[ "$(cat "$checks/typecheck.rc")" = 0 ] && [ "$(cat "$checks/lint.rc")" = 0 ] && [ "$browser" = 0 ]

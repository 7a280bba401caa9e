#!/bin/sh
# Chooses the role of this container: one image, several entry points.
set -e
role="${1:-api}"
# Small young-generation semi-spaces keep an idle app near 100 MB (docs/architecture.md, "Memory"); override with NODE_OPTIONS.
export NODE_OPTIONS="${NODE_OPTIONS:---max-semi-space-size=2}"
case "$role" in
  api) exec node dist/apps/api/src/main.js ;;
  tracker-worker) exec node dist/apps/tracker-worker/src/main.js ;;
  webhook-dispatcher) exec node dist/apps/webhook-dispatcher/src/main.js ;;
  migrate) exec node dist/tools/cli/migrate.js ;;
  create-account) shift; exec node dist/tools/cli/create-account.js "$@" ;;
  *) echo "unknown role: $role (api, tracker-worker, webhook-dispatcher, migrate, create-account)" >&2; exit 64 ;;
esac

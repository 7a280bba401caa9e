#!/bin/sh
# Chooses the role of this container: one image, several entry points.
set -e
role="${1:-api}"
# Young-generation semi-spaces: 16 MB for the api and 8 MB for the workers, where they buy CPU, 2 MB
# for the tools (docs/architecture.md, "Memory"; libs/runtime/src/compiled-node-flags.json).
# Override with NODE_OPTIONS.
semi=2
case "$role" in api) semi=16 ;; tracker-worker | webhook-dispatcher) semi=8 ;; esac
export NODE_OPTIONS="${NODE_OPTIONS:---max-semi-space-size=$semi}"
# A slower-growing old generation keeps a busy app within its 250 MB budget (libs/runtime/src/compiled-node-flags.json,
# which npm run start:prod uses); V8 accepts this flag only on the command line, not in NODE_OPTIONS. Set NODE_HEAP_FLAGS to override (empty for V8's own).
heap_flags="${NODE_HEAP_FLAGS---heap-growing-percent=50}"
case "$role" in
  api) exec node $heap_flags dist/apps/api/src/main.js ;;
  tracker-worker) exec node $heap_flags dist/apps/tracker-worker/src/main.js ;;
  webhook-dispatcher) exec node $heap_flags dist/apps/webhook-dispatcher/src/main.js ;;
  migrate) exec node dist/tools/cli/migrate.js ;;
  create-account) shift; exec node dist/tools/cli/create-account.js "$@" ;;
  *) echo "unknown role: $role (api, tracker-worker, webhook-dispatcher, migrate, create-account)" >&2; exit 64 ;;
esac

#!/bin/sh
# Installs the project's pinned dependencies (including its own Node LTS) when they are missing
# or out of date, so the README's commands work on a fresh machine with nothing but npm.
set -e
cd "$(dirname "$0")/.."
if [ -x node_modules/.bin/node ] && [ node_modules/.package-lock.json -nt package-lock.json ]; then
  exit 0
fi
echo "Installing dependencies..." >&2
# `npm ci`: exactly the lock file, which records every platform's optional packages, and never
# rewrites it (the tree stays clean).
npm ci --no-audit --no-fund --loglevel=error >&2

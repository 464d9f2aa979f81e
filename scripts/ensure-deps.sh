#!/bin/sh
# Installs the project's pinned dependencies (including its own Node LTS) when they are missing
# or out of date, so the README's commands work on a fresh machine with nothing but npm.
set -e
cd "$(dirname "$0")/.."
if [ -x node_modules/.bin/node ] && [ node_modules/.package-lock.json -nt package-lock.json ]; then
  exit 0
fi
echo "Installing dependencies..." >&2
# `npm install` rather than `npm ci`: this npm records only this platform's optional packages in
# the lock file and `npm ci` then refuses it; `npm install` installs the locked versions as they are.
npm install --no-audit --no-fund --loglevel=error >&2

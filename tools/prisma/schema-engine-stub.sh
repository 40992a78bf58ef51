#!/bin/sh
# Stand-in for Prisma's native schema engine, which these machines cannot download.
# `prisma generate` only checks that PRISMA_SCHEMA_ENGINE_BINARY names a file and asks its version.
# Anything else exits 1 so that a command needing the real engine fails loudly instead of
# "succeeding" with nothing done.
if [ "$1" = "--version" ]; then
  echo "schema-engine-cli 0edf323efd1d98336f3f0a68684b56f689b900d3 (stub)"
  exit 0
fi
echo "schema-engine stub: the native schema engine is not available offline (args: $*)" >&2
exit 1

#!/usr/bin/env bash
# PostgreSQL for the stack's scale profile: the cluster in $1 (made with Debian's initdb the first
# time, user frontdoor, trust on loopback), on 127.0.0.1:$2, in the foreground until SIGTERM.
set -euo pipefail
dir=$1
port=$2
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$pgbin" ]; then
  echo "postgres: PostgreSQL is not installed (apt-get install postgresql)" >&2
  exit 1
fi
as=()
mkdir -p "$dir"
# As root, PostgreSQL runs as Debian's postgres user.
if [ "$(id -u)" = 0 ]; then
  as=(runuser -u postgres --)
  chown postgres "$dir"
fi
chmod 700 "$dir"
if [ ! -f "$dir/PG_VERSION" ]; then
  "${as[@]}" "$pgbin/initdb" -D "$dir" -U frontdoor --auth=trust >/dev/null
fi
exec "${as[@]}" "$pgbin/postgres" -D "$dir" -p "$port" -k "$dir" -c listen_addresses=127.0.0.1

# Starts a throwaway PostgreSQL and Redis for the integration tests and exports DATABASE_URL / REDIS_URL.
ci_dir=$(mktemp -d)
PG_PORT=${PG_PORT:-55432}
REDIS_PORT=${REDIS_PORT:-56379}

start_services() {
  local pgbin
  pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
  if [ -n "$pgbin" ]; then
    mkdir -p "$ci_dir/pg"
    chown postgres "$ci_dir" "$ci_dir/pg" 2>/dev/null || true
    local as=()
    [ "$(id -u)" = 0 ] && as=(runuser -u postgres --)
    "${as[@]}" "$pgbin/initdb" -D "$ci_dir/pg" -U frontdoor --auth=trust >/dev/null
    "${as[@]}" "$pgbin/pg_ctl" -D "$ci_dir/pg" -o "-p $PG_PORT -k $ci_dir/pg -c listen_addresses=127.0.0.1" -l "$ci_dir/pg.log" -w start >/dev/null
    "${as[@]}" "$pgbin/createdb" -h 127.0.0.1 -p "$PG_PORT" -U frontdoor frontdoor_test
    export DATABASE_URL="postgres://frontdoor@127.0.0.1:$PG_PORT/frontdoor_test"
    echo "ci: PostgreSQL on $DATABASE_URL"
  else
    echo "ci: PostgreSQL not installed; PostgreSQL integration tests are skipped"
  fi
  if command -v redis-server >/dev/null; then
    redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
      --pidfile "$ci_dir/redis.pid" --logfile "$ci_dir/redis.log" >/dev/null
    export REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
    echo "ci: Redis on $REDIS_URL"
  else
    echo "ci: Redis not installed; Redis integration tests are skipped"
  fi
}

stop_services() {
  local pgbin
  pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
  if [ -n "$pgbin" ] && [ -d "$ci_dir/pg" ]; then
    local as=()
    [ "$(id -u)" = 0 ] && as=(runuser -u postgres --)
    "${as[@]}" "$pgbin/pg_ctl" -D "$ci_dir/pg" -m fast stop >/dev/null 2>&1 || true
  fi
  [ -f "$ci_dir/redis.pid" ] && kill "$(cat "$ci_dir/redis.pid")" 2>/dev/null || true
  rm -rf "$ci_dir"
}

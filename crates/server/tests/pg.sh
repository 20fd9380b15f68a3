#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the server's tests and load benchmark.
#
#   crates/server/tests/pg.sh start DIR   # prints postgres://postgres@127.0.0.1:PORT/postgres
#   crates/server/tests/pg.sh stop DIR    # stops it and deletes DIR
#
# DIR is a new empty folder (mktemp -d). The cluster listens on 127.0.0.1 only,
# on a free port, with its unix socket in DIR and trust authentication. Installs
# Debian's postgresql package when initdb is missing. initdb refuses to run as
# root, so as root the cluster belongs to the 'postgres' user (created by the
# package; made here if missing).
set -euo pipefail

cmd="${1:-}"
dir="${2:-}"
if [ -z "$cmd" ] || [ -z "$dir" ]; then
    echo "usage: $0 start|stop DIR" >&2
    exit 2
fi

bindir() {
    if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
        dirname "$(readlink -f "$(command -v pg_ctl)")"
        return
    fi
    local d
    d="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
    if [ -n "$d" ] && [ -x "$d/initdb" ]; then
        echo "$d"
    fi
}

as_owner() {
    if [ "$(id -u)" = 0 ]; then
        if command -v runuser >/dev/null 2>&1; then
            runuser -u postgres -- "$@"
        else
            su postgres -s /bin/sh -c "$(printf '%q ' "$@")"
        fi
    else
        "$@"
    fi
}

case "$cmd" in
start)
    bin="$(bindir)"
    if [ -z "$bin" ]; then
        echo "pg.sh: installing PostgreSQL (apt-get)" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update >&2
        apt-get install -y postgresql >&2
        bin="$(bindir)"
    fi
    if [ -z "$bin" ]; then
        echo "pg.sh: no initdb/pg_ctl found after installing postgresql" >&2
        exit 1
    fi
    mkdir -p "$dir/data" "$dir/sock"
    if [ "$(id -u)" = 0 ]; then
        if ! id postgres >/dev/null 2>&1; then
            useradd --system --no-create-home --shell /usr/sbin/nologin postgres
        fi
        chown -R postgres "$dir"
        chmod 755 "$dir"
    fi
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --no-sync >"$dir/initdb.log" 2>&1 ||
        { cat "$dir/initdb.log" >&2; exit 1; }
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        port=$((20000 + RANDOM % 40000))
        if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            continue # taken
        fi
        if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
            -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir/sock -c max_connections=200" \
            >/dev/null 2>&1; then
            echo "postgres://postgres@127.0.0.1:$port/postgres"
            exit 0
        fi
    done
    echo "pg.sh: PostgreSQL did not start; its log:" >&2
    cat "$dir/server.log" >&2 || true
    exit 1
    ;;
stop)
    bin="$(bindir)"
    if [ -n "$bin" ] && [ -f "$dir/data/postmaster.pid" ]; then
        as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
*)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac

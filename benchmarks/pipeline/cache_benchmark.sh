#!/usr/bin/env bash
# The bake cache and content stamps (issue 19) on corpus/khronos, beside the same run's full bake:
#   full bake             aem bake TREE -o OUT --force (no cache)
#   cold, filling cache   the same into an empty --cache DIR (hashes every input, stores 3 entries
#                         per model)
#   2nd checkout, dir     a copy of the tree elsewhere with new times, into an empty output
#                         directory, from that cache directory (hits only)
#   2nd checkout, nginx   the same from a private nginx with WebDAV PUT (--cache-url), filled by a
#                         cold bake first (skipped when nginx is absent)
#   no-op, content stamps nothing changed: sizes and times match, no file is hashed
#   no-op after a touch   every input touched (new times, same bytes): content stamps hash them
#                         and bake nothing; stamps by time alone would bake everything again
#   no-op, time stamps    OLD_AEM (a build from before issue 19) on its own stamps, if given
# The full and the cold bake are each taken RUNS times (default 2), alternating, and the fastest
# kept: on a shared machine their difference is otherwise mostly noise.
# Usage: [RUNS=N] [JOBS=N] cache_benchmark.sh AEM [CORPUS_DIR] [OLD_AEM]   (prints a Markdown table)
set -euo pipefail
aem=$(realpath "$1")
corpus=$(realpath "${2:-$(dirname "$0")/../../../shared/corpus}")
old_aem=${3:+$(realpath "$3")}
jobs=${JOBS:-2}
work=$(mktemp -d)
nginx_pid=""
cleanup() {
  if [ -n "$nginx_pid" ]; then kill "$nginx_pid" 2>/dev/null || true; wait "$nginx_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# "WALL CPU" seconds of one command (user + system CPU of it and its children: steadier than the
# wall time on a shared machine), its output to a log, failing the script when it fails.
timed() {
  local TIMEFORMAT='%R %U %S' t
  t=$( { time "$@" >"$work/last.log" 2>&1 || { cat "$work/last.log" >&2; echo FAILED; }; } 2>&1 )
  case "$t" in *FAILED*) exit 1 ;; esac
  set -- $t
  echo "$1 $(echo "$2 + $3" | bc -l)"
}
# The run with the median wall time of N runs.
median() {
  local n=$1; shift
  for _ in $(seq "$n"); do timed "$@"; done | sort -g | sed -n "$(( (n + 1) / 2 ))p"
}
checkout() {  # a fresh copy of the tree with new times
  cp -r "$corpus/khronos" "$1"
  find "$1" -type f -exec touch {} +
}
bake() { "$aem" bake "$@" -j"$jobs"; }
wall() { echo "${1% *}"; }
cpu() { echo "${1#* }"; }
# | run | wall s | CPU s | wall vs full bake |
row() { printf '| %s | %.3f | %.3f | %s |\n' "$1" "$(wall "$2")" "$(cpu "$2")" "$3"; }
ratio() { printf '%.1fx faster' "$(echo "$(wall "$full") / $(wall "$1")" | bc -l)"; }

models=$(find "$corpus/khronos" -name '*.gltf' -o -name '*.glb' | wc -l)
checkout "$work/a"
full="" cold=""
min() { if [ -z "$1" ] || [ "$(echo "$(wall "$2") < $(wall "$1")" | bc -l)" = 1 ]; then echo "$2"; else echo "$1"; fi; }
for run in $(seq "${RUNS:-2}"); do
  full=$(min "$full" "$(timed bake "$work/a" -o "$work/full" --force)")
  rm -rf "$work/cache" "$work/out-a"
  cold=$(min "$cold" "$(timed bake "$work/a" -o "$work/out-a" --cache "$work/cache")")
done
checkout "$work/b"
dir_hits=$(timed bake "$work/b" -o "$work/out-b" --cache "$work/cache")
grep -q "cache: $models hits, 0 misses" "$work/last.log" || { echo "the second checkout missed" >&2; cat "$work/last.log" >&2; exit 1; }

nginx_row=""
if [ -x /usr/sbin/nginx ]; then
  mkdir -p "$work/nginx/www/aem-cache"
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  user_line=""; [ "$(id -u)" -eq 0 ] && user_line="user root;"
  cat >"$work/nginx/nginx.conf" <<CONF
$user_line
daemon off;
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path $work/nginx/body;
  proxy_temp_path $work/nginx/proxy;
  fastcgi_temp_path $work/nginx/fastcgi;
  uwsgi_temp_path $work/nginx/uwsgi;
  scgi_temp_path $work/nginx/scgi;
  server {
    listen 127.0.0.1:$port;
    location /aem-cache/ {
      root $work/nginx/www;
      dav_methods PUT;
      create_full_put_path on;
      client_max_body_size 1g;
    }
  }
}
CONF
  /usr/sbin/nginx -p "$work/nginx/" -e "$work/nginx/error.log" -c "$work/nginx/nginx.conf" &
  nginx_pid=$!
  for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.05; done
  url="http://127.0.0.1:$port/aem-cache"
  bake "$work/a" -o "$work/out-fill" --cache-url "$url" >/dev/null 2>&1
  checkout "$work/c"
  nginx_hits=$(timed bake "$work/c" -o "$work/out-c" --cache-url "$url")
  grep -q "cache: $models hits, 0 misses" "$work/last.log" || { echo "nginx missed" >&2; cat "$work/last.log" >&2; exit 1; }
  nginx_row=$(row "2nd checkout, from nginx (hits only)" "$nginx_hits" "$(ratio "$nginx_hits")")
fi

noop=$(median 5 bake "$work/a" -o "$work/full")
find "$work/a" -type f -exec touch {} +
touched=$(timed bake "$work/a" -o "$work/full")
grep -q "0 baked, $models up to date" "$work/last.log" || { echo "a touch rebaked" >&2; cat "$work/last.log" >&2; exit 1; }

echo "corpus/khronos: $models models, -j$jobs, BC textures (aem bake's default)"
echo
echo "| run | wall s | CPU s | wall vs full bake |"
echo "| --- | --- | --- | --- |"
row "full bake (--force, no cache)" "$full" "1.0x"
row "cold bake filling --cache DIR" "$cold" "$(printf '%.2fx the time (CPU %.2fx)' "$(echo "$(wall "$cold") / $(wall "$full")" | bc -l)" "$(echo "$(cpu "$cold") / $(cpu "$full")" | bc -l)")"
row "2nd checkout, from --cache DIR (hits only)" "$dir_hits" "$(ratio "$dir_hits")"
[ -n "$nginx_row" ] && echo "$nginx_row"
row "no-op rebuild, content stamps" "$noop" "$(ratio "$noop")"
row "no-op after touching every file, content stamps" "$touched" "$(ratio "$touched")"
if [ -n "$old_aem" ]; then
  checkout "$work/old"
  "$old_aem" bake "$work/old" -o "$work/old-out" -j"$jobs" >/dev/null 2>&1
  old_noop=$(median 5 "$old_aem" bake "$work/old" -o "$work/old-out" -j"$jobs")
  row "no-op rebuild, time stamps (before issue 19)" "$old_noop" "$(ratio "$old_noop")"
  find "$work/old" -type f -exec touch {} +
  old_touched=$(timed "$old_aem" bake "$work/old" -o "$work/old-out" -j"$jobs")
  row "after touching every file, time stamps (rebakes all)" "$old_touched" "$(ratio "$old_touched")"
fi

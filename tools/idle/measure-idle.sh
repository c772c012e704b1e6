#!/usr/bin/env bash
# Idle cost of a daemon started as a desktop app starts its sidecar (stdin, stdout and stderr
# piped by a Node parent), one reminder an hour away, nothing else: syscalls of every thread
# over a window (strace -f -c) and CPU ticks from /proc/<pid>/stat (utime + stime).
# Usage: [TICKLER_ROOT=<a built checkout>] tools/idle/measure-idle.sh [window-s=60] [settle-s=15] (needs strace)
set -euo pipefail
WINDOW=${1:-60}
SETTLE=${2:-15}
ROOT=${TICKLER_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
DATA=$(mktemp -d /tmp/tickler-idle-XXXXXX)
# The parent holds the pipes open and prints the readiness line; it ends the daemon when stdin closes.
node -e '
const { spawn } = require("node:child_process");
const child = spawn(process.execPath, [process.argv[1]], {
  env: { ...process.env, TICKLER_DB: process.argv[2] + "/tickler.db", TICKLER_PORT: "0", TICKLER_HOST: "127.0.0.1" },
  stdio: ["pipe", "pipe", "pipe"],
});
child.stdout.once("data", (d) => console.log(JSON.stringify({ pid: child.pid, line: String(d).split("\n")[0] })));
child.stdout.resume(); child.stderr.resume();
process.on("SIGTERM", () => child.kill("SIGTERM"));
child.on("exit", () => process.exit(0));
' "$ROOT/apps/daemon/dist/main.js" "$DATA" > "$DATA/parent.out" &
PARENT=$!
for _ in $(seq 100); do [ -s "$DATA/parent.out" ] && break; sleep 0.2; done
PID=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")).pid)' "$DATA/parent.out")
TICKLER_DB="$DATA/tickler.db" node "$ROOT/apps/cli/dist/main.js" remind "idle probe" --in 1h > /dev/null
sleep "$SETTLE"
ticks() { awk '{ print $14 + $15 }' "/proc/$PID/stat"; }
HZ=$(getconf CLK_TCK)
# CPU first, with nothing attached.
T0=$(ticks); sleep "$WINDOW"; T1=$(ticks)
# Then every syscall of every thread, timestamps off (-f: V8's and libuv's threads too).
timeout -s INT "$WINDOW" strace -f -p "$PID" -o "$DATA/strace.txt" 2>/dev/null || true
echo "pid $PID, window ${WINDOW}s, settle ${SETTLE}s"
awk -v a="$T0" -v b="$T1" -v hz="$HZ" -v w="$WINDOW" 'BEGIN { printf "cpu: %d ms = %.3f %% of a core\n", (b-a)*1000/hz, (b-a)*100/hz/w }'
# A wake-up is an epoll wait that blocked (a non-zero timeout); libuv polls once with 0 first
# when it measures idle time (Node always does), so every wake-up is two epoll_pwait calls.
awk '{ sub(/^[0-9]+ +/, "") }
     /^<\.\.\. epoll_p?wait resumed>/ || (/^epoll_p?wait\(/ && !/unfinished/) {
       t = $0; sub(/, (NULL|\[[^]]*\]), [0-9]+\).*$/, "", t); sub(/.*, /, "", t); if (t != "0") sleeps++ }
     /^<\.\.\./ { next }
     { n = $0; sub(/\(.*/, "", n); calls[n]++ }
     END { for (k in calls) printf "%-16s %d\n", k, calls[k]; printf "wake-ups (blocking epoll waits) %d\n", sleeps }' "$DATA/strace.txt" | sort -k2 -nr
kill -TERM "$PARENT" 2>/dev/null || true
wait "$PARENT" 2>/dev/null || true
rm -rf "$DATA"

#!/usr/bin/env bash
# Idle cost of a daemon started as a desktop app starts its sidecar (stdin, stdout and stderr
# piped by a Node parent), one reminder an hour away, nothing else: syscalls of every thread
# over a window (strace -f -c) and CPU ticks from /proc/<pid>/stat (utime + stime).
# Usage: tools/idle/measure-idle.sh [window-seconds=60] [settle-seconds=15]   (needs strace, a built tree)
set -euo pipefail
WINDOW=${1:-60}
SETTLE=${2:-15}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
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
T0=$(ticks)
timeout -s INT "$WINDOW" strace -f -c -p "$PID" -o "$DATA/strace.txt" 2>/dev/null || true
T1=$(ticks)
HZ=$(getconf CLK_TCK)
echo "pid $PID, window ${WINDOW}s, settle ${SETTLE}s"
cat "$DATA/strace.txt"
awk -v a="$T0" -v b="$T1" -v hz="$HZ" -v w="$WINDOW" 'BEGIN { printf "cpu (during the strace window, strace slows syscalls): %d ms = %.3f %% of a core\n", (b-a)*1000/hz, (b-a)*100/hz/w }'
# CPU again without strace attached.
T2=$(ticks); sleep "$WINDOW"; T3=$(ticks)
awk -v a="$T2" -v b="$T3" -v hz="$HZ" -v w="$WINDOW" 'BEGIN { printf "cpu (no strace): %d ms = %.3f %% of a core\n", (b-a)*1000/hz, (b-a)*100/hz/w }'
kill -TERM "$PARENT" 2>/dev/null || true
wait "$PARENT" 2>/dev/null || true
rm -rf "$DATA"

-- wrk script of the HTTP bench (tools/bench/http-bench.ts): one POST per request, each with its
-- own future scheduledAt, so the daemon stores a new scheduled row every time (no idempotent
-- replay, no shared instant). Arguments after `--`: path, bearer token ("-" for none), the
-- first instant's epoch seconds, wrk's thread count. Prints one JSON line with the run's totals
-- when wrk ends.
local path, token, base, nthreads
local counter = 0
local started = 0
-- tid is a global: setup() sets it in each thread's own Lua state.
tid = 0

-- Runs in wrk's main Lua state once per thread: numbers the threads so their instants never meet.
function setup(thread)
  thread:set("tid", started)
  started = started + 1
end

function init(args)
  path = args[1]
  token = args[2]
  base = tonumber(args[3])
  nthreads = tonumber(args[4])
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  if token ~= "-" then
    wrk.headers["Authorization"] = "Bearer " .. token
  end
end

-- Request n of thread t gets millisecond n * nthreads + t after the base: distinct across threads.
function request()
  counter = counter + 1
  local ms = counter * nthreads + tid
  local seconds = base + math.floor(ms / 1000)
  local at = os.date("!%Y-%m-%dT%H:%M:%S", seconds) .. string.format(".%03dZ", ms % 1000)
  local body = '{"title":"Bench reminder","message":"Sent by the HTTP bench.","scheduledAt":"'
    .. at .. '"}'
  return wrk.format(nil, path, nil, body)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d,' ..
    '"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"timeouts":%d,"non2xx":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    latency.max, e.connect, e.read, e.write, e.timeout, e.status))
end

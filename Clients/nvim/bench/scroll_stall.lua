-- Main-loop stalls of the preview under back-to-back one-screen scrolls.
--
-- Opens a preview of a generated 2,500-row feed (about 420 screens), then scrolls it one screen (480 pt) down 400
-- times back to back (LAYOUTD_BENCH_PACING=answer: each scroll is sent as soon as the previous one is answered, as a
-- held <C-f> would; =repeat: one scroll per 1 ms main-loop turn without waiting for answers, a key repeating faster
-- than the answers come; =burst: all 400 sent in one turn), while a
-- libuv timer firing every 1 ms records how long the main loop went between its callbacks (wall time, and the main
-- thread's CPU time). Prints the largest gap and the 99th percentile of each, the scrolls' wall time, and the
-- notifications the daemon sent (from its trace).
--
-- Run (see run.sh):  LAYOUTD_BENCH_NOTIFICATIONS=coalesced|perRow nvim --headless -u NONE -i NONE -n \
--   -c 'set rtp+=Clients/nvim' -c 'luafile Clients/nvim/bench/scroll_stall.lua'
-- A measurement, not a test: the figures depend on the machine, so nothing here asserts a bound.
local mode = os.getenv('LAYOUTD_BENCH_NOTIFICATIONS') or 'coalesced'
local scrolls = tonumber(os.getenv('LAYOUTD_BENCH_SCROLLS') or '400')
-- 'answer': each scroll is sent when the previous one is answered; 'repeat': one per 1 ms turn, not waiting; 'burst':
-- all are sent in one turn, so the answers and notifications arrive as a flood.
local pacing = os.getenv('LAYOUTD_BENCH_PACING') or 'answer'

local function out(...)
  io.stdout:write(...)
  io.stdout:flush()
end

local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
vim.opt.rtp:append(vim.fn.fnamemodify(here, ':h'))
vim.cmd('runtime plugin/layoutd.lua')
local layoutd = require('layoutd')
local preview = require('layoutd.preview')

local trace = vim.fn.tempname()
layoutd.setup({ args = { '--trace', trace }, notifications = mode, note_ms = 0 })

-- A feed of 2,500 rows: five blocks of 500 rows of 44, 60, 80, 100 and 120 pt (plus the 0.5 pt separator).
local rows = {}
for _, height in ipairs({ 44, 60, 80, 100, 120 }) do
  rows[#rows + 1] = { id = 'h' .. height, cell = { type = 'node', style = { height = height } }, ['repeat'] = 500 }
end
local scenario = vim.fn.tempname() .. '.json'
vim.fn.writefile({ vim.fn.json_encode({ viewport = { width = 320, height = 480 }, scale = 2, rows = rows }) },
  scenario)

local p = preview.open(scenario)
assert(p:wait(30000), 'the preview did not settle after opening')

-- The main thread's CPU time (CLOCK_THREAD_CPUTIME_ID, via LuaJIT's ffi; nil without it): on a loaded machine the
-- wall-clock gaps also hold the time the process waited for a core, the CPU gaps only the work the loop did.
local thread_cpu_ms
do
  local ok, ffi = pcall(require, 'ffi')
  if ok then
    pcall(ffi.cdef, 'typedef struct { long tv_sec; long tv_nsec; } layoutd_bench_timespec;'
      .. 'int clock_gettime(int clock, layoutd_bench_timespec *out);')
    local ts = ffi.new('layoutd_bench_timespec')
    thread_cpu_ms = function()
      ffi.C.clock_gettime(3, ts) -- CLOCK_THREAD_CPUTIME_ID on Linux
      return tonumber(ts.tv_sec) * 1e3 + tonumber(ts.tv_nsec) / 1e6
    end
  end
end

-- The probe: every 1 ms, the wall time and the main thread's CPU time since the previous callback.
local gaps, cpu_gaps = {}, {}
local last = vim.loop.hrtime()
local last_cpu = thread_cpu_ms and thread_cpu_ms()
local timer = vim.loop.new_timer()
timer:start(1, 1, function()
  local now = vim.loop.hrtime()
  gaps[#gaps + 1] = (now - last) / 1e6
  last = now
  if thread_cpu_ms then
    local cpu = thread_cpu_ms()
    cpu_gaps[#cpu_gaps + 1] = cpu - last_cpu
    last_cpu = cpu
  end
end)

local done = false
local started = vim.loop.hrtime()
local answered = 0
local function step(i)
  p:send('table/scrollBy', { dy = 480, drag = true }, function()
    answered = answered + 1
    if pacing == 'answer' and i < scrolls then
      step(i + 1)
    elseif answered == scrolls then
      done = true
    end
  end)
end
if pacing == 'burst' then
  local t0 = vim.loop.hrtime()
  for i = 1, scrolls do
    step(i)
  end
  out(string.format('sending %d scrolls in one tick took %.1f ms\n', scrolls, (vim.loop.hrtime() - t0) / 1e6))
elseif pacing == 'repeat' then
  -- one scroll per main-loop turn (every 1 ms), without waiting for answers: a key held faster than the answers
  local sender = vim.loop.new_timer()
  local i = 0
  sender:start(0, 1, vim.schedule_wrap(function()
    i = i + 1
    if i <= scrolls then
      step(i)
    end
    if i >= scrolls and not sender:is_closing() then
      sender:stop()
      sender:close()
    end
  end))
else
  step(1)
end
assert(vim.wait(600000, function()
  return done and p:idle()
end, 1), 'the scrolls did not finish')
local elapsed = (vim.loop.hrtime() - started) / 1e6
timer:stop()
timer:close()

local function max_p99(list)
  table.sort(list)
  return list[#list] or 0, list[math.max(1, math.ceil(#list * 0.99))] or 0
end
local max, p99 = max_p99(gaps)
local cpu_max, cpu_p99 = max_p99(cpu_gaps)
local sent, total = {}, 0
for _, line in ipairs(vim.fn.readfile(trace)) do
  local entry = vim.fn.json_decode(line)
  if entry.direction == 'out' and type(entry.message) == 'table' and entry.message.method then
    sent[entry.message.method] = (sent[entry.message.method] or 0) + 1
    total = total + 1
  end
end
out(string.format('pacing=%s notifications=%s scrolls=%d offset=%s wall=%.0f ms gaps=%d max_gap=%.2f ms p99_gap=%.2f ms '
  .. 'max_cpu_gap=%.2f ms p99_cpu_gap=%.2f ms notifications_sent=%d per_row_states=%d coalesced_states=%d\n', pacing,
  mode, scrolls, tostring(p.offset), elapsed, #gaps, max, p99, cpu_max, cpu_p99, total, sent['cell/interfaceStateChanged'] or 0, sent['cell/interfaceStatesChanged'] or 0))
layoutd.stop()
vim.cmd('qall!')

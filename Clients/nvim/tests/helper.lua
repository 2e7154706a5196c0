-- A tiny test harness for `nvim --headless -u NONE` runs: plain asserts with clear messages; T.finish() exits with
-- status 1 (`cquit 1`) when a test failed, 0 otherwise.
local T = { passed = 0, failed = 0, failures = {} }

local function out(...)
  io.stdout:write(...)
  io.stdout:flush()
end
T.out = out

--- The repository root and the plugin directory (tests/ is Clients/nvim/tests).
local here = debug.getinfo(1, 'S').source:sub(2)
T.tests_dir = vim.fn.fnamemodify(here, ':p:h')
T.plugin_dir = vim.fn.fnamemodify(T.tests_dir, ':h')
T.repo_root = vim.fn.fnamemodify(T.plugin_dir, ':h:h')
T.fixtures = T.tests_dir .. '/fixtures'

function T.test(name, fn)
  local ok, err = xpcall(fn, debug.traceback)
  if ok then
    T.passed = T.passed + 1
    out('  ok   ', name, '\n')
  else
    T.failed = T.failed + 1
    T.failures[#T.failures + 1] = name
    out('  FAIL ', name, '\n', '       ', tostring(err):gsub('\n', '\n       '), '\n')
  end
end

function T.ok(cond, message)
  if not cond then
    error(message or 'assertion failed', 2)
  end
end

function T.eq(actual, expected, message)
  if not vim.deep_equal(actual, expected) then
    error(string.format('%s\n  expected: %s\n  actual:   %s', message or 'values differ', vim.inspect(expected),
      vim.inspect(actual)), 2)
  end
end

--- The index of the first line containing `text` (plain find), or nil.
function T.find_line(lines, text, start)
  for i = start or 1, #lines do
    if lines[i]:find(text, 1, true) then
      return i
    end
  end
  return nil
end

function T.has_line(lines, text, message)
  if not T.find_line(lines, text) then
    error(string.format('%s\n  no line contains %q; the buffer:\n    %s', message or 'missing line', text,
      table.concat(lines, '\n    ')), 2)
  end
end

function T.lines(buf)
  return vim.api.nvim_buf_get_lines(buf, 0, -1, false)
end

--- Waits for `cond` (running the event loop); fails with `message` after `timeout_ms`.
function T.wait_for(cond, message, timeout_ms)
  if not vim.wait(timeout_ms or 5000, cond, 5) then
    error('timed out: ' .. (message or 'condition'), 2)
  end
end

function T.process_alive(pid)
  return vim.loop.fs_stat('/proc/' .. pid) ~= nil
end

function T.finish(name)
  out(string.format('%s: %d passed, %d failed\n', name or 'tests', T.passed, T.failed))
  if T.failed > 0 then
    vim.cmd('cquit 1')
  else
    vim.cmd('qall!')
  end
end

--- Loads the plugin as a user's config would (the runs use -u NONE, which loads no plugins).
function T.load_plugin()
  if not vim.o.runtimepath:find(T.plugin_dir, 1, true) then
    vim.opt.runtimepath:append(T.plugin_dir)
  end
  vim.cmd('runtime plugin/layoutd.lua')
end

return T

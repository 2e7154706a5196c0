-- :checkhealth layoutd — the binary, its version, and a spawn + initialize round trip.
-- Works with Neovim 0.7 (health#report_* functions) and later (vim.health.start/ok/... or report_*).
local M = {}

local function reporter()
  local h = vim.health
  if type(h) == 'table' and h.start then
    return { start = h.start, ok = h.ok, info = h.info, warn = h.warn, error = h.error }
  end
  if type(h) == 'table' and h.report_start then
    return { start = h.report_start, ok = h.report_ok, info = h.report_info, warn = h.report_warn, error = h.report_error }
  end
  local function vimfn(name)
    return function(msg, advice)
      if advice ~= nil then
        vim.fn['health#report_' .. name](msg, advice)
      else
        vim.fn['health#report_' .. name](msg)
      end
    end
  end
  return {
    start = vimfn('start'),
    ok = vimfn('ok'),
    info = vimfn('info'),
    warn = vimfn('warn'),
    error = vimfn('error'),
  }
end

function M.check()
  local report = reporter()
  local layoutd = require('layoutd')
  local rpc = require('layoutd.rpc')
  report.start('layoutd binary')
  local v = vim.version and vim.version() or nil
  if v and (v.major > 0 or v.minor >= 7) then
    report.ok(string.format('Neovim %d.%d.%d', v.major, v.minor, v.patch))
  else
    report.error('Neovim 0.7 or later is required')
  end
  local binary, tried = layoutd.find_binary()
  if not binary then
    report.error('layoutd binary not found. Tried:\n' .. table.concat(tried, '\n'), {
      'Build it: `swift build -c release` in the layoutd checkout',
      'Or point at it: `let g:layoutd_binary = "/path/to/layoutd"`, require("layoutd").setup({ binary = ... }) '
        .. 'or $LAYOUTD_BINARY',
    })
    return
  end
  report.ok('binary: ' .. binary .. ' (' .. tried[#tried] .. ')')
  if vim.fn.executable(binary) ~= 1 then
    report.error(binary .. ' is not executable')
    return
  end
  local out = vim.fn.systemlist({ binary, '--version' })
  if vim.v.shell_error ~= 0 then
    report.error('`' .. binary .. ' --version` failed (status ' .. vim.v.shell_error .. '): ' .. table.concat(out, ' '))
    return
  end
  report.ok('version: ' .. table.concat(out, ' '))

  report.start('layoutd daemon')
  local client, err = rpc.start({ binary, '--log-level', 'error' }, {})
  if not client then
    report.error('cannot spawn ' .. binary .. ': ' .. tostring(err))
    return
  end
  local started = vim.loop.hrtime()
  local result, ierr = client:initialize(nil, 10000)
  local ms = (vim.loop.hrtime() - started) / 1e6
  if not result then
    report.error('initialize failed: ' .. tostring(ierr and ierr.message), {
      'stderr: ' .. table.concat(client.stderr, ' '),
    })
    client:stop(1000)
    return
  end
  local info = result.serverInfo or {}
  report.ok(string.format('spawn + initialize: %s %s, protocol %s, in %.0f ms', tostring(info.name),
    tostring(info.version), tostring(result.protocolVersion), ms))
  local caps = result.capabilities or {}
  if caps.sessions and caps.tableNode then
    report.ok('capabilities: sessions, tableNode; notifications: ' .. table.concat(caps.notifications or {}, ', '))
  else
    report.warn('the daemon does not announce sessions and tableNode; the preview needs both')
  end
  local stopped, code = client:stop(2000)
  if stopped and code == 0 then
    report.ok('shutdown + exit: status 0')
  else
    report.warn('shutdown + exit: ' .. (stopped and ('status ' .. tostring(code)) or 'did not exit in time'))
  end
  if layoutd.client and layoutd.client:is_running() then
    report.info(string.format('a daemon is running for the previews: pid %d', layoutd.client.pid))
  end
end

return M

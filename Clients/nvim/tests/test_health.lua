-- :checkhealth layoutd with a missing binary, and with the real one.
local T = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h') .. '/helper.lua')
T.load_plugin()
local layoutd = require('layoutd')

T.out('test_health\n')

local function checkhealth()
  vim.cmd('checkhealth layoutd')
  local lines = T.lines(0)
  vim.cmd('bwipeout!')
  return lines
end

T.test('a missing binary is an ERROR with advice', function()
  vim.g.layoutd_binary = '/nonexistent/layoutd'
  local lines = checkhealth()
  vim.g.layoutd_binary = nil
  T.has_line(lines, 'layoutd: require("layoutd.health").check()')
  T.has_line(lines, '- ERROR: layoutd binary not found. Tried:')
  T.has_line(lines, '/nonexistent/layoutd (g:layoutd_binary): not an executable file')
  T.has_line(lines, 'swift build -c release')
  T.eq(T.find_line(lines, 'spawn + initialize'), nil, 'no spawn without a binary')
end)

T.test('the setup option and $LAYOUTD_BINARY are explicit choices too (no silent fallback)', function()
  layoutd.setup({ binary = '/nope/layoutd' })
  local path, tried = layoutd.find_binary()
  T.eq(path, nil)
  T.eq(tried, { '/nope/layoutd (setup option binary): not an executable file' })
  layoutd.setup({})
  local saved = vim.env.LAYOUTD_BINARY
  vim.env.LAYOUTD_BINARY = '/nope/env-layoutd'
  path, tried = layoutd.find_binary()
  vim.env.LAYOUTD_BINARY = saved
  T.eq(path, nil)
  T.eq(tried, { '/nope/env-layoutd ($LAYOUTD_BINARY): not an executable file' })
end)

T.test(':LayoutdPreview with a missing binary reports it', function()
  vim.g.layoutd_binary = '/nonexistent/layoutd'
  local notified, notify = {}, vim.notify
  vim.notify = function(msg, level)
    notified[#notified + 1] = { msg, level }
  end
  local ok, p, err = pcall(require('layoutd.preview').open, T.fixtures .. '/cell.json', { open_cmd = 'none' })
  vim.notify = notify
  vim.g.layoutd_binary = nil
  T.ok(ok, p)
  T.eq(#notified, 1, 'one notification')
  T.eq(notified[1][2], vim.log.levels.ERROR)
  T.eq(notified[1][1], 'layoutd: ' .. err)
  T.eq(p, nil)
  T.ok(err:find('layoutd binary not found', 1, true) and err:find(':checkhealth layoutd', 1, true), err)
end)

T.test('the real binary: OK, --version, spawn + initialize round trip, shutdown', function()
  local binary = layoutd.find_binary()
  T.ok(binary, 'no layoutd binary to check')
  local lines = checkhealth()
  T.eq(T.find_line(lines, 'ERROR'), nil, 'an ERROR in:\n' .. table.concat(lines, '\n'))
  T.has_line(lines, '- OK: binary: ' .. binary)
  T.has_line(lines, '- OK: version: layoutd 0.1.0')
  T.has_line(lines, '- OK: spawn + initialize: layoutd 0.1.0, protocol 1.0')
  T.has_line(lines, '- OK: capabilities: sessions, tableNode')
  T.has_line(lines, '- OK: shutdown + exit: status 0')
end)

T.finish('test_health')

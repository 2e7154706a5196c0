-- The daemon dying under a preview: the preview says so, keys report errors without Lua exceptions, and the next
-- :LayoutdPreview starts a new daemon.
local T = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h') .. '/helper.lua')
T.load_plugin()
local layoutd = require('layoutd')
local preview = require('layoutd.preview')

T.out('test_crash\n')

local notified = {}
vim.notify = function(msg, level)
  notified[#notified + 1] = { msg = msg, level = level }
end

T.test('a killed daemon: the preview shows it, scrolling reports an error', function()
  local p = assert(preview.open(T.fixtures .. '/feed50.json'))
  T.ok(p:wait(10000), 'preview busy')
  local client = layoutd.client
  vim.loop.kill(client.pid, 9)
  T.wait_for(function()
    return client.exited
  end, 'the daemon to exit')
  T.ok(p:wait(5000), 'preview busy after the crash')
  T.has_line(T.lines(p.buf), 'layoutd is not running')
  T.eq(layoutd.client, nil, 'the dead client is forgotten')
  notified = {}
  vim.api.nvim_feedkeys('j', 'mx', false)
  T.ok(p:wait(5000), 'preview busy after j')
  T.eq(#notified, 1, 'one error notification: ' .. vim.inspect(notified))
  T.ok(notified[1].msg:find('table/scrollBy: layoutd is not running', 1, true), notified[1].msg)
  vim.cmd('bwipeout!')
end)

T.test('the next preview starts a new daemon', function()
  local p = assert(preview.open(T.fixtures .. '/cell.json'))
  T.ok(p:wait(10000), 'preview busy')
  T.ok(layoutd.client and layoutd.client:is_running(), 'a new daemon')
  T.has_line(T.lines(p.buf), '57.5 pt')
  local pid = layoutd.client.pid
  vim.cmd('LayoutdStop')
  T.ok(not T.process_alive(pid), 'no orphan')
end)

T.finish('test_crash')

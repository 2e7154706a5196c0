-- Coalesced notifications: the plugin asks for them, expands them into the per-row notifications, and its preview
-- keeps every row's interface state as the daemon reports it.
local T = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h') .. '/helper.lua')
T.load_plugin()
local layoutd = require('layoutd')
local preview = require('layoutd.preview')
local rpc = require('layoutd.rpc')

T.out('test_coalesced\n')

local trace = vim.fn.tempname()
layoutd.setup({ args = { '--trace', trace }, note_ms = 0 })

T.test('expand_coalesced: heights with the shared members, states and releases in order', function()
  local size = { width = 200, height = 101 }
  T.eq(rpc.expand_coalesced('table/heightsChanged', {
    sessionId = 's1',
    seq = 3,
    contentSize = size,
    changes = { { rowId = 'q0', indexPath = { 0, 0 }, oldHeight = 80.5, newHeight = 50.5 } },
  }), {
    { 'table/heightChanged', {
      sessionId = 's1', rowId = 'q0', indexPath = { 0, 0 }, oldHeight = 80.5, newHeight = 50.5, contentSize = size, seq = 3,
    } },
  })
  local exit = { rowId = 'r0', oldState = { 'measureLayout', 'visible' }, newState = { 'measureLayout' },
    events = { 'didExitVisible' } }
  T.eq(rpc.expand_coalesced('cell/interfaceStatesChanged', {
    sessionId = 's1',
    changes = { exit, { rowId = 'r0', state = { 'measureLayout' }, released = true } },
  }), {
    { 'cell/interfaceStateChanged', vim.tbl_extend('force', exit, { sessionId = 's1' }) },
    { 'cell/nodeReleased', { sessionId = 's1', rowId = 'r0', state = { 'measureLayout' } } },
  })
  T.eq(rpc.expand_coalesced('table/didCommit', { seq = 1 }), { { 'table/didCommit', { seq = 1 } } })
end)

T.test('a preview scrolled with coalesced notifications holds the states the daemon reports', function()
  local p = preview.open(T.fixtures .. '/feed50.json')
  T.ok(p:wait(5000), 'preview busy after opening')
  for _ = 1, 12 do
    p:scroll_by(480)
    T.ok(p:wait(5000), 'preview busy after a scroll')
  end
  for _ = 1, 5 do
    p:scroll_by(-700)
    T.ok(p:wait(5000), 'preview busy after a scroll')
  end
  local ranges = assert(p.client:request_sync('table/ranges', { sessionId = p.session }, 5000))
  local expected = {}
  for _, row in ipairs(ranges.rows) do
    expected[row.rowId] = row.state
  end
  local held = {}
  for id, state in pairs(p.states) do
    if #state > 1 then -- rows above measureLayout, as table/ranges lists them
      held[id] = state
    end
  end
  T.eq(held, expected, 'the preview states (from the expanded notifications) against table/ranges')
  local sent = {}
  for _, line in ipairs(vim.fn.readfile(trace)) do
    local entry = vim.fn.json_decode(line)
    if entry.direction == 'out' and type(entry.message) == 'table' and entry.message.method then
      sent[entry.message.method] = (sent[entry.message.method] or 0) + 1
    end
    if entry.direction == 'in' and type(entry.message) == 'table' and entry.message.method == 'initialize' then
      T.eq(entry.message.params.initializationOptions.notifications, 'coalesced', 'the plugin asks for it')
    end
  end
  T.ok((sent['cell/interfaceStatesChanged'] or 0) > 0, 'the daemon sent cell/interfaceStatesChanged')
  T.eq(sent['cell/interfaceStateChanged'], nil, 'no per-row cell/interfaceStateChanged')
  T.ok((p.stats['cell/interfaceStateChanged'] or 0) > (sent['cell/interfaceStatesChanged'] or 0),
    'the preview saw the expanded per-row notifications')
  vim.cmd('LayoutdStop')
end)

T.finish('test_coalesced')

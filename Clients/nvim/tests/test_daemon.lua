-- Starting the daemon through the plugin's rpc: initialize, requests, errors, notifications, clean shutdown.
local T = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h') .. '/helper.lua')
T.load_plugin()
local layoutd = require('layoutd')
local rpc = require('layoutd.rpc')

T.out('test_daemon\n')

local binary = layoutd.find_binary()
local client

T.test('the binary is found', function()
  T.ok(binary, 'no layoutd binary: build it (swift build) or set $LAYOUTD_BINARY; tried:\n'
    .. table.concat(select(2, layoutd.find_binary()), '\n'))
end)

T.test('spawn + initialize', function()
  local notes = {}
  client = assert(rpc.start({ binary, '--log-level', 'error' }, {
    on_notification = function(method, params)
      notes[#notes + 1] = { method = method, params = params }
    end,
  }))
  client.notes = notes
  T.ok(client.pid and client.pid > 0, 'no pid')
  T.ok(T.process_alive(client.pid), 'daemon not running')
  local result, err = client:initialize(nil, 10000)
  T.eq(err, nil, 'initialize failed')
  T.eq(result.serverInfo.name, 'layoutd')
  T.ok(result.capabilities.sessions and result.capabilities.tableNode, 'capabilities lack sessions/tableNode')
end)

T.test('empty params and errors', function()
  -- A Lua {} is sent as {} (vim.empty_dict), never [] — both are accepted anyway.
  local _, err = client:request_sync('no/such', {}, 5000)
  T.eq(err and err.code, -32601)
  T.eq(err.message, 'method not found: no/such')
  local _, err2 = client:request_sync('table/contentSize', { sessionId = 's9' }, 5000)
  T.eq(err2 and err2.message, 'unknown session "s9"')
end)

T.test('a session: insert, didCommit, rowFrame', function()
  local created = assert(client:request_sync('session/create', { viewport = { width = 320, height = 480 },
    interfaceStates = false }, 5000))
  local sid = created.sessionId
  local inserted = assert(client:request_sync('table/insertRows', { sessionId = sid,
    rows = { { id = 'a', cell = { type = 'text', text = 'Hello', fontSize = 17 } } } }, 5000))
  T.eq(inserted.rowIds, { 'a' })
  assert(client:request_sync('table/waitUntilAllUpdatesAreProcessed', { sessionId = sid }, 5000))
  local commit
  for _, n in ipairs(client.notes) do
    if n.method == 'table/didCommit' then
      commit = n.params
    end
  end
  T.ok(commit, 'no table/didCommit notification')
  T.eq(commit.insertedRowIds, { 'a' })
  local frame = assert(client:request_sync('table/rowFrame', { sessionId = sid, row = 'a' }, 5000))
  T.eq(frame.frame, { x = 0, y = 0, width = 320, height = 17.5 })
end)

T.test('clean shutdown: shutdown + exit, status 0, no orphan', function()
  local pid = client.pid
  local exited, code = client:stop(3000)
  T.ok(exited, 'daemon did not exit')
  T.eq(code, 0, 'exit status')
  T.ok(not T.process_alive(pid), '/proc/' .. pid .. ' still exists')
  T.eq(client.errors, {}, 'client errors')
end)

T.finish('test_daemon')

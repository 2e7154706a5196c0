-- Framing: Content-Length frames read from chunks split anywhere, and jobstart's line-split chunks.
local T = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h') .. '/helper.lua')
T.load_plugin()
local rpc = require('layoutd.rpc')

T.out('test_framing\n')

local bodies = {
  '{"jsonrpc":"2.0","id":1,"result":null}',
  '{"jsonrpc":"2.0","method":"table/didCommit","params":{"sessionId":"s1","seq":1}}',
  '{"jsonrpc":"2.0","id":2,"result":{"text":"héllo → 世界 \\n\\r\\n"}}',
}
local stream = ''
for _, b in ipairs(bodies) do
  stream = stream .. rpc.frame(b)
end

T.test('frame() counts UTF-8 bytes, not characters', function()
  T.eq(rpc.frame('"→"'), 'Content-Length: 5\r\n\r\n"→"')
end)

T.test('a whole stream in one chunk yields every body in order', function()
  local got = rpc.new_framer():feed(stream)
  T.eq(got, bodies)
end)

T.test('split into two chunks at every byte position', function()
  for cut = 0, #stream do
    local f = rpc.new_framer()
    local got = f:feed(stream:sub(1, cut))
    vim.list_extend(got, (f:feed(stream:sub(cut + 1))))
    T.eq(got, bodies, 'split at byte ' .. cut)
    T.eq(f.buf, '', 'nothing left over after split at byte ' .. cut)
  end
end)

T.test('one byte at a time', function()
  local f, got = rpc.new_framer(), {}
  for i = 1, #stream do
    vim.list_extend(got, (f:feed(stream:sub(i, i))))
  end
  T.eq(got, bodies)
end)

T.test('header names in any case, extra headers, Content-Type', function()
  local f = rpc.new_framer()
  local got = f:feed('content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}'
    .. 'Content-Type: x\r\nCONTENT-LENGTH:2\r\n\r\n[]')
  T.eq(got, { '{}', '[]' })
end)

T.test('a header block without Content-Length is reported and skipped', function()
  local f = rpc.new_framer()
  local got, err = f:feed('X-Foo: 1\r\n\r\n' .. rpc.frame('{}'))
  T.eq(got, { '{}' })
  T.ok(err and err:find('Content%-Length'), 'expected an error naming Content-Length, got ' .. tostring(err))
end)

T.test("jobstart's line-split chunks (on_stdout data lists) are joined back, split anywhere", function()
  -- jobstart delivers a chunk as a list split at "\n"; the first item continues the previous chunk's last one.
  local received = {}
  local fake = setmetatable({ framer = rpc.new_framer(), inbox = { first = 1, last = 0 }, errors = {}, pending = {}, opts = {
    on_notification = function(method, params)
      received[#received + 1] = { method, params.sessionId }
    end,
  } }, rpc.Client)
  fake.pending[1] = { method = 'x', callback = function(err, res)
    received[#received + 1] = { 'response 1', res }
  end }
  fake.pending[2] = { method = 'y', callback = function(err, res)
    received[#received + 1] = { 'response 2', res.text }
  end }
  local step = 7
  for i = 1, #stream, step do
    local chunk = stream:sub(i, i + step - 1)
    fake:_on_stdout(vim.split(chunk, '\n', { plain = true }))
  end
  T.eq(received, {
    { 'response 1', vim.NIL },
    { 'table/didCommit', 's1' },
    { 'response 2', 'héllo → 世界 \n\r\n' },
  })
  T.eq(fake.errors, {})
end)

T.test('a flood is handled in slices across main-loop turns, in arrival order', function()
  local received = {}
  local fake = setmetatable({ framer = rpc.new_framer(), inbox = { first = 1, last = 0 }, errors = {}, pending = {},
    opts = {
      on_notification = function(_, params)
        received[#received + 1] = params.seq
      end,
    } }, rpc.Client)
  local flood = {}
  for i = 1, 50 do
    flood[#flood + 1] = rpc.frame('{"jsonrpc":"2.0","method":"table/didCommit","params":{"sessionId":"s1","seq":' .. i .. '}}')
  end
  local saved = rpc.slice_ms
  rpc.slice_ms = 0 -- one message per turn
  fake:_on_stdout({ table.concat(flood) })
  local first_turn = #received
  T.ok(vim.wait(5000, function()
    return #received == 50
  end, 1), 'the rest is handled on later turns')
  rpc.slice_ms = saved
  T.eq(first_turn, 1, 'a zero budget handles one message per turn')
  local expected = {}
  for i = 1, 50 do
    expected[i] = i
  end
  T.eq(received, expected)
end)

T.finish('test_framing')

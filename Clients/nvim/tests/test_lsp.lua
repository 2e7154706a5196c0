-- Neovim's own LSP client (vim.lsp.start_client, no plugin code on the path of the messages) against layoutd as a
-- language server for layout-spec documents: a diagnostic at the right range, cleared once the text is fixed by an
-- incremental change, a hover with the element's frames, and a clean stop (shutdown + exit, no orphan).
local T = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h') .. '/helper.lua')
T.load_plugin()
local layoutd = require('layoutd')

T.out('test_lsp\n')

local binary = layoutd.find_binary()
local dir = vim.fn.tempname()
vim.fn.mkdir(dir, 'p')
local buf, client_id, pid

T.test('start_client + attach: the diagnostic of an unknown member, at its key', function()
  T.ok(binary, 'no layoutd binary')
  vim.cmd('edit ' .. dir .. '/card.json')
  buf = vim.api.nvim_get_current_buf()
  -- Line 1 is `  "hieght": 3}`: the key spans characters 2-10.
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, { '{"type": "node",', '  "hieght": 3}' })
  client_id = vim.lsp.start_client({ name = 'layoutd', cmd = { binary, '--log-level', 'error' }, root_dir = dir })
  T.ok(client_id, 'start_client failed')
  T.ok(vim.lsp.buf_attach_client(buf, client_id), 'buf_attach_client failed')
  T.wait_for(function() return #vim.diagnostic.get(buf) > 0 end, 'a diagnostic', 20000)
  local d = vim.diagnostic.get(buf)[1]
  T.eq({ d.lnum, d.col, d.end_lnum, d.end_col, d.severity }, { 1, 2, 1, 10, vim.diagnostic.severity.ERROR })
  T.ok(d.message:find('root.hieght: unknown member of a node element', 1, true), d.message)
  pid = vim.lsp.get_client_by_id(client_id).rpc.pid
end)

T.test('fixing the key (an incremental change) clears it', function()
  vim.api.nvim_buf_set_text(buf, 1, 2, 1, 10, { '"style": {"height": 3}' })
  vim.api.nvim_buf_set_lines(buf, 1, 2, false, { '  "style": {"height": 3}}' })
  T.wait_for(function() return #vim.diagnostic.get(buf) == 0 end, 'the diagnostic cleared', 20000)
end)

T.test('hover: the node spans the cell at each default width', function()
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 0, character = 3 } }
  local answers = vim.lsp.buf_request_sync(buf, 'textDocument/hover', params, 20000)
  local value = answers and answers[client_id] and answers[client_id].result.contents.value or ''
  for _, width in ipairs({ 320, 375, 414 }) do
    T.ok(value:find(string.format('| %d | 0 | 0 | %d | 3 |', width, width), 1, true), value)
  end
end)

T.test('code action: the snapshot command writes the SVG and names it in window/showMessage', function()
  local shown
  vim.lsp.handlers['window/showMessage'] = function(_, result) shown = result end
  local range = { start = { line = 0, character = 0 }, ['end'] = { line = 0, character = 0 } }
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, range = range, context = { diagnostics = {} } }
  local answers = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 20000)
  local actions = answers and answers[client_id] and answers[client_id].result or {}
  T.eq(#actions, 3)
  T.eq(actions[1].title, 'Show the SVG snapshot at width 320')
  local command = actions[1].command
  local done = vim.lsp.buf_request_sync(buf, 'workspace/executeCommand',
    { command = command.command, arguments = command.arguments }, 20000)
  local result = done and done[client_id] and done[client_id].result or {}
  -- One 3-pt row and its 0.5-pt separator (scale 2); Neovim 0.7 does not declare window.showDocument.
  T.eq({ result.rows, result.height, result.shownWith }, { 1, 3.5, 'window/showMessage' })
  T.eq(vim.fn.filereadable(result.path), 1)
  T.wait_for(function() return shown ~= nil end, 'window/showMessage', 20000)
  T.eq(shown.message, 'layoutd: the snapshot at width 320 is ' .. result.path)
end)

T.test('stop_client: shutdown + exit, the daemon is gone', function()
  vim.lsp.stop_client(client_id)
  T.wait_for(function() return vim.lsp.client_is_stopped(client_id) end, 'the client stopped', 20000)
  T.wait_for(function() return not T.process_alive(pid) end, 'the daemon exited', 20000)
end)

vim.fn.delete(dir, 'rf')
T.finish('test_lsp')

-- The preview of rows with members (heightRange, accessoryType) and selection: the boxes' top borders show them, and
-- `s` selects or deselects the row under the cursor (table/selectRow, table/deselectRow; table/selectionChanged).
local T = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h') .. '/helper.lua')
T.load_plugin()
local layoutd = require('layoutd')
local preview = require('layoutd.preview')

T.out('test_members\n')
layoutd.setup({ note_ms = 0 })

local p

local function top_border(id)
  local lines = T.lines(p.buf)
  local at = T.find_line(lines, '┌─ ' .. id .. ' ')
  T.ok(at, 'no box for ' .. id .. ' in:\n    ' .. table.concat(lines, '\n    '))
  return lines[at], at
end

T.test('scenario rows carry their members to the daemon; the boxes show them', function()
  vim.cmd('LayoutdPreview ' .. T.fixtures .. '/members.json')
  p = preview.get()
  T.ok(p and p:wait(10000), 'preview never became idle')
  T.eq(p.row_count, 4)
  -- a: a 10 pt node in [44, ∞) is 44 tall (+ 0.5 separator); b: a checkmark leaves 320 − 40 = 280 pt; c-1, c-2: 90 pt
  -- nodes capped at 30.
  T.ok(top_border('a'):find('┌─ a 44…∞ ', 1, true), top_border('a'))
  T.ok(top_border('a'):find(' 44.5 pt ', 1, true), top_border('a'))
  T.ok(top_border('b'):find('┌─ b ✓ 280w ', 1, true), top_border('b'))
  T.ok(top_border('c-2'):find('┌─ c-2 0…30 ', 1, true), top_border('c-2'))
  T.ok(top_border('c-2'):find(' 30.5 pt ', 1, true), top_border('c-2'))
end)

T.test('s selects and deselects the row under the cursor', function()
  local _, at = top_border('b')
  vim.api.nvim_win_set_cursor(0, { at + 1, 0 })
  vim.api.nvim_feedkeys('s', 'mx', false)
  T.ok(p:wait(5000), 'busy after s')
  T.ok(vim.wait(5000, function()
    return (top_border('b')):find('┌─ b ● ✓ 280w ', 1, true) ~= nil
  end, 5), 'b not marked selected: ' .. top_border('b'))
  T.eq(p.stats['table/selectionChanged'], 1, 'one table/selectionChanged')
  local selected = assert(p.client:request_sync('table/selectedRows', { sessionId = p.session }, 5000))
  T.eq(selected.rows, { { rowId = 'b', indexPath = { 0, 1 } } })
  _, at = top_border('b')
  vim.api.nvim_win_set_cursor(0, { at, 0 })
  vim.api.nvim_feedkeys('s', 'mx', false)
  T.ok(p:wait(5000), 'busy after the second s')
  T.ok(vim.wait(5000, function()
    return (top_border('b')):find('┌─ b ✓ 280w ', 1, true) ~= nil
  end, 5), 'b still marked: ' .. top_border('b'))
end)

T.test('closing stops nothing else', function()
  p:close()
  layoutd.stop()
end)

T.finish('test_members')

-- The preview buffer: drawing a 50-row scenario, scrolling with the mapped keys, live height changes, anchoring,
-- commands, scripted changes, closing, and :LayoutdStop with no orphan daemon.
local T = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h') .. '/helper.lua')
T.load_plugin()
local layoutd = require('layoutd')
local preview = require('layoutd.preview')

T.out('test_preview\n')

local trace = vim.fn.tempname()
layoutd.setup({ args = { '--trace', trace }, note_ms = 0 })

local p -- the preview of fixtures/feed50.json
local H = { 44.5, 60.5, 80.5, 100.5, 120.5 } -- row heights (cell + 0.5 pt separator at scale 2), repeating

local function keys(k)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(k, true, false, true), 'mx', false)
  T.ok(p:wait(5000), 'preview still busy after ' .. k)
end

local function daemon_offset()
  local ranges = assert(p.client:request_sync('table/ranges', { sessionId = p.session }, 5000))
  return ranges.contentOffset.y
end

local function box_of(lines, id)
  local start = T.find_line(lines, '┌─ ' .. id .. ' ')
  T.ok(start, 'no box for ' .. id .. ' in:\n    ' .. table.concat(lines, '\n    '))
  local stop = start
  while not lines[stop]:find('└', 1, true) do
    stop = stop + 1
  end
  return vim.list_slice(lines, start, stop), start
end

T.test(':LayoutdPreview opens a 50-row scenario', function()
  vim.cmd('LayoutdPreview ' .. T.fixtures .. '/feed50.json')
  p = preview.get()
  T.ok(p, 'no preview')
  T.ok(p:wait(10000), 'preview never became idle')
  T.eq(p.row_count, 50)
  T.eq(vim.api.nvim_get_current_buf(), p.buf, 'the preview is the current buffer')
  T.eq(vim.api.nvim_buf_get_option(p.buf, 'modifiable'), false, 'modifiable')
  T.eq(vim.api.nvim_buf_get_option(p.buf, 'buftype'), 'nofile', 'buftype')
  T.ok(vim.api.nvim_buf_get_name(p.buf):find('layoutd://feed50.json', 1, true), 'buffer name')
  T.ok(T.process_alive(layoutd.client.pid), 'daemon running')
end)

T.test('the buffer draws the viewport: ids, heights, states, markers', function()
  local lines = T.lines(p.buf)
  T.has_line(lines, 'layoutd · feed50.json · session s1')
  T.has_line(lines, 'offset 0 of 3585 · content 320 × 4065 · viewport 320 × 480')
  T.has_line(lines, '══ viewport top · y 0 ')
  T.has_line(lines, '══ viewport bottom · y 480 ')
  local top, bottom = T.find_line(lines, 'viewport top'), T.find_line(lines, 'viewport bottom')
  -- rows 0..6 intersect [0, 480): 44.5+60.5+80.5+100.5+120.5+44.5 = 451 < 480
  for i = 0, 6 do
    local box, at = box_of(lines, 'row' .. i)
    T.ok(at > top and at < bottom, 'row' .. i .. ' is drawn inside the viewport markers')
    T.ok(box[1]:find(H[i % 5 + 1] .. ' pt', 1, true), 'row' .. i .. ' height in ' .. box[1])
    T.ok(box[2]:find('visible · display · preload', 1, true), 'row' .. i .. ' state in ' .. box[2])
    T.ok(box[3]:find('[0, ' .. i .. ']', 1, true), 'index path of row' .. i)
    -- box height scaled from points: round(h / 10) lines, at least 3
    T.eq(#box, math.max(3, math.floor(H[i % 5 + 1] / 10 + 0.5)), 'lines of row' .. i .. "'s box")
  end
  -- row7 and row8 are in the display range below the viewport (minimum mode: 0.25 screens), dimmed
  local box7, at7 = box_of(lines, 'row7')
  T.ok(at7 > bottom, 'row7 after the viewport bottom')
  T.ok(box7[2]:find('display · preload', 1, true) and not box7[2]:find('visible'), 'row7 state: ' .. box7[2])
  T.eq(T.find_line(lines, '┌─ row20 '), nil, 'row20 is not drawn')
end)

T.test('highlights: visible, dimmed rows, viewport markers', function()
  local marks = vim.api.nvim_buf_get_extmarks(p.buf, vim.api.nvim_create_namespace('layoutd_preview'), 0, -1,
    { details = true })
  local groups = {}
  for _, m in ipairs(marks) do
    groups[m[4].hl_group] = true
  end
  for _, g in ipairs({ 'LayoutdVisible', 'LayoutdDim', 'LayoutdViewport', 'LayoutdRowId', 'LayoutdHeader' }) do
    T.ok(groups[g], 'no ' .. g .. ' highlight; got ' .. vim.inspect(vim.tbl_keys(groups)))
  end
end)

T.test('j / 3j / k scroll by the step (table/scrollBy, drag)', function()
  keys('j')
  T.eq(p.offset, 20)
  keys('3j')
  T.eq(p.offset, 80)
  keys('k')
  T.eq(p.offset, 60)
  T.eq(daemon_offset(), 60, 'the daemon agrees')
  T.eq(p.range_mode, 'full', 'a drag switches to the full range mode')
  T.has_line(T.lines(p.buf), 'offset 60 of 3585')
  T.has_line(T.lines(p.buf), '══ viewport top · y 60 ')
end)

T.test('<C-d> <C-u> <C-f> <C-b> scroll by half / whole screens', function()
  keys('<C-d>')
  T.eq(p.offset, 300)
  keys('<C-u>')
  T.eq(p.offset, 60)
  keys('<C-f>')
  T.eq(p.offset, 540)
  keys('<C-b>')
  T.eq(p.offset, 60)
  keys('<C-b>')
  T.eq(p.offset, 0, 'clamped at the top')
end)

T.test('G / gg / 5G (table/scrollToRow)', function()
  keys('G')
  T.eq(p.offset, 3585, 'G: the last row at the bottom')
  local lines = T.lines(p.buf)
  local _, at = box_of(lines, 'row49')
  T.ok(at > T.find_line(lines, 'viewport top') and at < T.find_line(lines, 'viewport bottom'), 'row49 visible')
  T.ok(box_of(lines, 'row49')[2]:find('visible', 1, true), 'row49 state visible')
  T.eq(T.find_line(lines, '┌─ row0 '), nil, 'row0 no longer drawn')
  keys('gg')
  T.eq(p.offset, 0, 'gg: the first row at the top')
  keys('5G')
  T.eq(p.offset, 286, '5G: row4 at the top')
  T.eq(daemon_offset(), 286, 'the daemon agrees')
  keys('gg')
end)

T.test('a live height change (cell/setNeedsLayout) shows old → new', function()
  local before = p.stats['table/heightChanged'] or 0
  p:set_needs_layout('row1', { type = 'node', style = { height = 100 } })
  T.wait_for(function()
    return (p.stats['table/heightChanged'] or 0) > before and p:idle()
  end, 'table/heightChanged')
  local lines = T.lines(p.buf)
  local box = box_of(lines, 'row1')
  T.ok(box[1]:find('100.5 pt', 1, true), 'new height in ' .. box[1])
  T.ok(box[3]:find('60.5 → 100.5', 1, true), 'note in ' .. box[3])
  T.has_line(lines, 'content 320 × 4105')
  local note_line = T.find_line(lines, '60.5 → 100.5') - 1
  local marks = vim.api.nvim_buf_get_extmarks(p.buf, vim.api.nvim_create_namespace('layoutd_preview'),
    { note_line, 0 }, { note_line, -1 }, { details = true })
  local found = false
  for _, m in ipairs(marks) do
    found = found or m[4].hl_group == 'LayoutdNote'
  end
  T.ok(found, 'the note is highlighted LayoutdNote')
end)

T.test(':LayoutdSetCell and :LayoutdScroll / :LayoutdScrollTo / :LayoutdRow', function()
  vim.cmd('LayoutdSetCell row2 {"type": "node", "style": {"height": 30}}')
  T.wait_for(function()
    return T.find_line(T.lines(p.buf), '80.5 → 30.5') ~= nil and p:idle()
  end, 'the row2 note')
  vim.cmd('LayoutdScroll 100')
  T.ok(p:wait(5000))
  T.eq(p.offset, 100)
  vim.cmd('LayoutdScrollTo 1000')
  T.ok(p:wait(5000))
  T.eq(p.offset, 1000)
  vim.cmd('LayoutdRow row30 top')
  T.ok(p:wait(5000))
  local frame = assert(p.client:request_sync('table/rowFrame', { sessionId = p.session, row = 'row30' }, 5000))
  T.eq(p.offset, frame.frame.y, 'row30 at the top')
  T.has_line(T.lines(p.buf), '══ viewport top · y ' .. preview.fmt(frame.frame.y) .. ' ')
end)

T.test('anchoring: a row above the viewport grows, the offset follows', function()
  local before = p.offset
  p:set_needs_layout('row0', { type = 'node', style = { height = 100 } })
  T.wait_for(function()
    return p.offset == before + 56 and p:idle()
  end, 'the anchored offset')
  T.has_line(T.lines(p.buf), 'anchored: offset ' .. preview.fmt(before) .. ' → ' .. preview.fmt(before + 56))
  T.eq(daemon_offset(), before + 56)
end)

T.test('a single cell spec file, scripted changes, q closes and disposes', function()
  local q = preview.open(T.fixtures .. '/cell.json')
  T.ok(q and q:wait(5000), 'cell.json preview')
  T.eq(q.row_count, 1)
  local lines = T.lines(q.buf)
  T.ok(box_of(lines, 'r1')[1]:find('57.5 pt', 1, true), 'text 17 + node 40 + separator')
  local c = preview.open(T.fixtures .. '/changes.json')
  T.ok(c and c:wait(5000), 'changes.json preview')
  T.eq(c.row_count, 5)
  T.has_line(T.lines(c.buf), '┌─ item-3 ')
  T.wait_for(function()
    return T.find_line(T.lines(c.buf), ' → 90.5') ~= nil
  end, 'the scripted change of row b')
  local sid, cbuf = c.session, c.buf
  vim.api.nvim_set_current_buf(cbuf)
  keys('q')
  T.ok(not vim.api.nvim_buf_is_valid(cbuf), 'q wiped the buffer')
  local _, err = p.client:request_sync('table/contentSize', { sessionId = sid }, 5000)
  T.eq(err and err.message, 'unknown session "' .. sid .. '"', 'the session is disposed')
end)

T.test(':LayoutdPreview without a file previews the current buffer (unsaved text too)', function()
  vim.cmd('tabnew')
  vim.api.nvim_buf_set_lines(0, 0, -1, false, { '{"rows": [', '{"id": "only", "cell": {"type": "node",',
    '"style": {"height": 33}}}]}' })
  vim.cmd('LayoutdPreview')
  local b = preview.get()
  T.ok(b and b ~= p and b:wait(5000), 'buffer preview')
  T.ok(box_of(T.lines(b.buf), 'only')[1]:find('33.5 pt', 1, true), 'the buffer row')
  T.ok(T.find_line(T.lines(b.buf), 'layoutd · buffer '), 'titled after the unnamed buffer')
  vim.cmd('tabclose!')
end)

T.test('bad scenarios are refused with their reason', function()
  local _, e1 = preview.parse_scenario('{"rows": [{"id": "a"}]}', 'f.json')
  T.eq(e1, 'f.json: rows[0]: missing "cell"')
  local _, e2 = preview.parse_scenario('nope', 'f.json')
  T.ok(e2:find('not a JSON document', 1, true), e2)
  local _, e3 = preview.parse_scenario('{"rows": [{"cell": {"type": "node"}, "repeat": 0}]}', 'f.json')
  T.eq(e3, 'f.json: rows[0].repeat: expected a positive integer')
  local s = assert(preview.parse_scenario('[{"type": "node"}, {"id": "x", "cell": {"type": "node"}}]'))
  T.eq(#s.rows, 2)
  T.eq(s.rows[2].id, 'x')
end)

T.test('the daemon refuses a typo and a missing font with the path; lenientFonts passes through', function()
  local file = vim.fn.tempname() .. '.json'
  vim.fn.writefile({ '{"rows": [{"id": "t", "cell": {"type": "text", "text": "x", "fontsize": 3}}]}' }, file)
  local a = preview.open(file, { open_cmd = 'none' })
  T.ok(a and a:wait(5000), 'typo preview')
  T.ok(a.last_error:find('table/insertRows: params.rows[0].cell.fontsize: unknown member of a text element', 1, true),
    a.last_error)
  T.ok(T.find_line(T.lines(a.buf), 'error: table/insertRows: params.rows[0].cell.fontsize'), 'the error is drawn')
  T.eq(a.row_count, 0)
  a:close()
  local cell = '{"type": "text", "text": "x", "fontFamily": "NoSuchFont"}'
  vim.fn.writefile({ '{"rows": [{"id": "f", "cell": ' .. cell .. '}]}' }, file)
  local b = preview.open(file, { open_cmd = 'none' })
  T.ok(b and b:wait(5000), 'font preview')
  T.ok(b.last_error:find('params.rows[0].cell.fontFamily: font family "NoSuchFont" is not installed', 1, true),
    b.last_error)
  b:close()
  local s = assert(preview.parse_scenario('{"lenientFonts": true, "rows": [{"id": "f", "cell": ' .. cell .. '}]}'))
  T.eq(s.session, { lenientFonts = true })
  vim.fn.writefile({ '{"lenientFonts": true, "rows": [{"id": "f", "cell": ' .. cell .. '}]}' }, file)
  local c = preview.open(file, { open_cmd = 'none' })
  T.ok(c and c:wait(5000), 'lenient preview')
  T.eq(c.last_error, nil)
  T.eq(c.row_count, 1)
  T.ok(box_of(T.lines(c.buf), 'f')[1]:find('0.5 pt', 1, true), 'the row fails to lay out: 0 pt + the separator')
  c:close()
  vim.fn.delete(file)
end)

T.test('the clamp: the content shrinks at the end, the offset comes up; a reloaded row is a new node', function()
  local c = preview.open(T.fixtures .. '/shrink.json') -- scrollAnchoring false: only the clamp moves the offset
  T.ok(c and c:wait(5000), 'shrink.json preview')
  c:scroll_to(520) -- the end: 10 rows of 100 pt, viewport 480
  T.ok(c:wait(5000))
  T.eq(c.offset, 520)
  T.ok(c.client:request_sync('table/deleteRows', { sessionId = c.session, rows = { 'x-10' } }, 5000))
  T.wait_for(function()
    return c.offset == 420 and c:idle()
  end, 'the clamped offset')
  T.has_line(T.lines(c.buf), 'clamped: offset 520 → 420')
  T.eq(T.find_line(T.lines(c.buf), '┌─ x-10 '), nil, 'the deleted row is gone')
  -- reloading a visible row releases its node; the new node is visible again after the commit's range update
  local released = c.stats['cell/nodeReleased'] or 0
  T.ok(c.client:request_sync('table/reloadRows', { sessionId = c.session,
    rows = { { row = 'x-8', cell = { type = 'node', style = { height = 49.5 } } } } }, 5000))
  T.wait_for(function()
    return (c.stats['cell/nodeReleased'] or 0) > released and c:idle()
  end, 'cell/nodeReleased')
  local box = box_of(T.lines(c.buf), 'x-8')
  T.ok(box[1]:find('50 pt', 1, true), 'the reloaded height in ' .. box[1])
  T.ok(box[2]:find('visible · display · preload', 1, true), 'the new node is visible: ' .. box[2])
  c:close()
end)

T.test('an inverted scenario: row 0 at the bottom, visual offsets, gg / G to the top and bottom rows', function()
  local chat = assert(preview.open(T.fixtures .. '/chat.json'))
  T.ok(chat:wait(10000), 'inverted preview never became idle')
  -- 10 rows of 100.5: content 1005; the table starts with its newest row (m0) at the bottom: visual offset
  -- 1005 - 480 = 525, which is also the largest.
  local lines = T.lines(chat.buf)
  T.ok(lines[1]:find(' · inverted', 1, true), 'header: ' .. lines[1])
  T.has_line(lines, 'offset 525 of 525 · content 320 × 1005 · viewport 320 × 480')
  -- m0 (visual 904.5) is drawn below m1 (804), the rows top to bottom on screen.
  local m0, m1 = T.find_line(lines, '┌─ m0 '), T.find_line(lines, '┌─ m1 ')
  T.ok(m0 and m1 and m1 < m0, 'm1 above m0')
  -- gg: the top row of an inverted table is the last one, m9, at visual 0.
  vim.api.nvim_set_current_buf(chat.buf)
  vim.api.nvim_feedkeys('gg', 'mx', false)
  T.ok(chat:wait(5000), 'busy after gg')
  T.eq(chat.offset, 0)
  vim.api.nvim_feedkeys('G', 'mx', false)
  T.ok(chat:wait(5000), 'busy after G')
  T.eq(chat.offset, 525)
  chat:close()
end)

T.test('sections: headers and footers drawn where they are, pinned while their section scrolls', function()
  -- S0 = header 24 + a 40 + b 60 → [0, 124); S1 = header cell h1 16 + c 100 + footer 8 → [124, 248); S2 = header 24
  -- + d 300 → [248, 572). Viewport 100.
  local s = preview.open(T.fixtures .. '/sections.json')
  T.ok(s and s:wait(5000), 'sections.json preview')
  T.eq(s.row_count, 4)
  T.has_line(T.lines(s.buf), 'content 200 × 572')
  T.has_line(T.lines(s.buf), '╔═ header 0 ')
  -- Offset 60 lies in S0: its header is pinned at min(max(0, 60), 124 − 24) = 60; S1's footer (its place 124 + 16 +
  -- 100 = 240) is drawn at the bottom edge: max(min(240, 160 − 8), 124) = 152.
  s:scroll_to(60)
  T.ok(s:wait(5000))
  local lines = T.lines(s.buf)
  T.has_line(lines, 'pinned at y 60 (its place: y 0)')
  T.has_line(lines, '╔═ footer 1 ')
  T.has_line(lines, 'pinned at y 152 (its place: y 240)')
  -- Offset 130 lies in S1: h1 pinned at min(max(124, 130), 248 − 16) = 130.
  s:scroll_to(130)
  T.ok(s:wait(5000))
  lines = T.lines(s.buf)
  T.has_line(lines, '╔═ header 1 · h1 ')
  T.has_line(lines, 'pinned at y 130 (its place: y 124)')
  -- A header cell's height change shows like a row's: 16 → 30.
  s:set_needs_layout('h1', { type = 'node', style = { height = 30 } })
  T.wait_for(function()
    return T.find_line(T.lines(s.buf), '16 → 30') ~= nil and s:idle()
  end, 'the h1 note')
  s:close()
end)

T.test(':LayoutdStop: shutdown + exit, buffers wiped, no orphan daemon', function()
  local client = layoutd.client
  local pid = client.pid
  local buf = p.buf
  vim.cmd('LayoutdStop')
  T.ok(client.exited, 'the daemon exited')
  T.eq(client.exit_code, 0, 'exit status 0 (after shutdown)')
  T.ok(not T.process_alive(pid), '/proc/' .. pid .. ' still exists')
  T.ok(not vim.api.nvim_buf_is_valid(buf), 'the preview buffer is wiped')
  T.eq(layoutd.client, nil)
  local methods = {}
  for _, line in ipairs(vim.fn.readfile(trace)) do
    local entry = vim.fn.json_decode(line)
    if entry.direction == 'in' and type(entry.message) == 'table' and entry.message.method then
      methods[#methods + 1] = entry.message.method
    end
  end
  T.eq(vim.list_slice(methods, #methods - 1), { 'shutdown', 'exit' }, 'the last messages the daemon read')
  T.eq(client.errors, {}, 'client errors')
end)

T.finish('test_preview')

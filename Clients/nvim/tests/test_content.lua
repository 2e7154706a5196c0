-- The preview draws what the cells hold (cell/displayList at terminal resolution: text lines at their positions,
-- image placeholders, nested nodes as outlines), a plain table's header pushed up by the next section's, and every
-- container kind: a vertical grid and a horizontal collection drawn side by side, a pager paged with h / l / gg / G.
--
-- Every expected position is derived from the specs by hand. The scale is 8 points a column (the default; the grid,
-- the row of stories and the pager use 10) and 10 points a line. The text is Ahem, the default font: every glyph,
-- the space included, is a 1 em square, a line is 1 em tall and its baseline 0.8 em below its top (the Ahem font's
-- ascent). The preview puts a text line on the canvas line holding the point 0.3 em above its baseline — for Ahem
-- the middle of the line, (top + 0.5 em) — from the column of its x; a frame [a, a + len) covers the cells
-- round(a / scale) … round((a + len) / scale) − 1.
local T = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h') .. '/helper.lua')
T.load_plugin()
local layoutd = require('layoutd')
local preview = require('layoutd.preview')

T.out('test_content\n')

layoutd.setup({ note_ms = 0 })

--- The lines of the box whose top border is `┌─ ID ` (or `╔═ … ID`), up to its bottom border.
local function box_of(lines, title, bottom)
  local start = T.find_line(lines, title)
  T.ok(start, 'no box ' .. title .. ' in:\n    ' .. table.concat(lines, '\n    '))
  local stop = start + 1
  while not lines[stop]:find(bottom or '└─', 1, true) do
    stop = stop + 1
  end
  return vim.list_slice(lines, start, stop)
end

--- `n` characters of `line` from display column `col` (0-based; the preview's glyphs are all one column wide).
local function at(line, col, n)
  return vim.fn.strcharpart(line, col, n)
end

local function dump(lines)
  return '\n    ' .. table.concat(lines, '\n    ')
end

T.test('a row shows its text at its position and its image as a placeholder', function()
  local p = assert(preview.open(T.fixtures .. '/content.json', { open_cmd = 'none' }))
  T.ok(p:wait(10000), 'content.json never became idle')
  -- card: an inset (top 20, left 40) holding a vertical stack (alignItems start) of an Ahem 10 text "Hello world"
  -- (11 glyphs: 110 × 10 at x 40, y 20) over a 96 × 40 image (x 40, y 30); the cell is 20 + 10 + 40 = 70 tall (no
  -- separators).
  local box = box_of(T.lines(p.buf), '┌─ card ')
  T.ok(box[1]:find('70 pt', 1, true), box[1])
  T.ok(box[2]:find('visible · display · preload', 1, true), 'the state line stays: ' .. box[2])
  T.ok(box[3]:find('[0, 0] · y 0', 1, true), 'the index path line stays: ' .. box[3])
  -- then the cell at scale: ceil(70 / 10) = 7 lines between the borders, each `│ ` + 44 columns (the box is 48
  -- wide: 320 / 8 = 40 columns fit) + ` │`
  T.eq(#box, 1 + 2 + 7 + 1, 'box lines' .. dump(box))
  -- the text: baseline 20 + 8 = 28, 0.3 em above it is 25 → canvas line 2 (box line 4 + 2 = 6); x 40 → column 5
  -- (display column 2 + 5 = 7)
  T.eq(at(box[6], 7, 11), 'Hello world', 'the title line' .. dump(box))
  T.eq(at(box[6], 2, 5), '     ', 'nothing left of the text')
  -- the image: columns round(40 / 8) = 5 … round(136 / 8) − 1 = 16 (12 columns), lines 3 … round(70 / 10) − 1 = 6;
  -- its first line is labelled "[img 96×40]" (11 columns), the rest filled
  T.eq(at(box[7], 7, 12), '[img 96×40]░', 'the image label' .. dump(box))
  for k = 8, 10 do
    T.eq(at(box[k], 7, 12), string.rep('░', 12), 'the image fill on box line ' .. k .. dump(box))
    T.eq(at(box[k], 19, 1), ' ', 'the image ends at column 16')
  end

  -- boxed: a node (80 × 30 at x 80, y 10, the inset's room) in a 50-point cell: a dotted outline over columns
  -- round(80 / 8) = 10 … round(160 / 8) − 1 = 19 and lines 1 … round(40 / 10) − 1 = 3 (5 canvas lines)
  local boxed = box_of(T.lines(p.buf), '┌─ boxed ')
  T.eq(#boxed, 1 + 2 + 5 + 1, 'boxed lines' .. dump(boxed))
  T.eq(at(boxed[4], 2, 44), string.rep(' ', 44), 'canvas line 0 is empty')
  T.eq(at(boxed[5], 12, 10), '╭' .. string.rep('┄', 8) .. '╮', 'the node top' .. dump(boxed))
  T.eq(at(boxed[6], 12, 10), '┆        ┆', 'the node sides')
  T.eq(at(boxed[7], 12, 10), '╰' .. string.rep('┄', 8) .. '╯', 'the node bottom')

  -- para: Ahem 20 "alpha beta gamma" in an inset leaving it exactly 320 − 16 − 184 = 120 points at x 16 breaks at
  -- every space ((5 + 1 + 4) × 20 = 200 > 120): three lines, tops 0, 20, 40, middles 10, 30, 50 → canvas lines 1,
  -- 3, 5; x 16 → column 2 (display column 4)
  local para = box_of(T.lines(p.buf), '┌─ para ')
  T.eq(#para, 1 + 2 + 6 + 1, 'para lines' .. dump(para))
  T.eq(at(para[5], 4, 6), 'alpha ', 'line 1' .. dump(para))
  T.eq(at(para[7], 4, 5), 'beta ', 'line 2')
  T.eq(at(para[9], 4, 6), 'gamma ', 'line 3')
  T.eq(at(para[6], 2, 44), string.rep(' ', 44), 'no text between the lines')

  -- highlights: the text LayoutdText, the image LayoutdImage, the node's outline LayoutdFrame
  local groups = {}
  for _, m in ipairs(vim.api.nvim_buf_get_extmarks(p.buf, vim.api.nvim_create_namespace('layoutd_preview'), 0, -1,
    { details = true })) do
    groups[m[4].hl_group] = true
  end
  for _, g in ipairs({ 'LayoutdText', 'LayoutdImage', 'LayoutdFrame' }) do
    T.ok(groups[g], 'no ' .. g .. ' highlight')
  end

  -- A new cell from the preview (same height: no table/heightChanged) is drawn once its list is fetched again.
  p:set_needs_layout('card', { type = 'inset', insets = { top = 20, left = 40, bottom = 0, right = 0 },
    child = { type = 'stack', direction = 'vertical', alignItems = 'start', children = {
      { type = 'text', text = 'Bye', fontSize = 10 }, { type = 'image', size = { 96, 40 } } } } })
  T.wait_for(function()
    local b = box_of(T.lines(p.buf), '┌─ card ')
    return at(b[6], 7, 11) == 'Bye        ' and p:idle()
  end, 'the new title')
  -- A change sent by another client reaches the preview as the row's new display pass (cell/didDisplay).
  T.ok(p.client:request_sync('cell/setNeedsLayout', { sessionId = p.session, row = 'para', cell = { type = 'inset',
    insets = { top = 0, left = 16, bottom = 0, right = 184 }, child = { type = 'text', text = 'omega beta gamma',
      fontSize = 20 } } }, 5000))
  T.wait_for(function()
    return at(box_of(T.lines(p.buf), '┌─ para ')[5], 4, 6) == 'omega ' and p:idle()
  end, 'the other client\'s text')
  p:close()
end)

T.test('display lists are fetched for the drawn rows only', function()
  local p = assert(preview.open(T.fixtures .. '/feed50.json', { open_cmd = 'none' }))
  T.ok(p:wait(10000), 'feed50 never became idle')
  -- the viewport (rows 0 … 6) and the dimmed context rows are drawn; row20 (y > 1000) is not
  T.ok(p.content.row3 ~= nil, 'row3 fetched')
  T.eq(p.content.row20, nil, 'row20 is not fetched')
  -- a plain node fills its cell: nothing to draw inside, the box keeps its scaled height (100.5 pt: 10 lines)
  local lines = T.lines(p.buf)
  local start = T.find_line(lines, '┌─ row3 ')
  local stop = T.find_line(lines, '└', start)
  T.eq(stop - start + 1, 10, 'row3 box' .. dump(lines))
  p:close()
end)

T.test('sticky header: pinned at the top, pushed up by the next section, with its cell content', function()
  -- S0 = header cell h0 (inset top 3, Ahem 10 "Top", bottom 3: 16 tall) + a 40 + b 60 → [0, 116); S1 = header 24 +
  -- c 100 → [116, 240). Viewport 100 (content 240: offsets up to 140).
  local s = assert(preview.open(T.fixtures .. '/sticky.json', { open_cmd = 'none' }))
  T.ok(s:wait(10000), 'sticky.json never became idle')
  -- Offset 50 lies in S0: h0 pinned at min(max(0, 50), 116 − 16) = 50.
  s:scroll_to(50)
  T.ok(s:wait(5000))
  local lines = T.lines(s.buf)
  T.has_line(lines, 'pinned at y 50 (its place: y 0)')
  -- Offset 110: h0 would be pinned at 110 but S0 ends at 116: pushed up to 116 − 16 = 100, above the viewport top;
  -- S1's header is still at its place (116 > 110).
  s:scroll_to(110)
  T.ok(s:wait(5000))
  lines = T.lines(s.buf)
  T.has_line(lines, 'pinned at y 100 (its place: y 0)')
  local h = box_of(lines, '╔═ header 0 · h0 ', '╚')
  -- The header's content after its two status lines (where, state): ceil(16 / 10) = 2 lines; "Top" (baseline 3 + 8
  -- = 11, middle 6) on canvas line 0, x 8 → column 1 (display column 3 after `║ `).
  T.eq(#h, 1 + 2 + 2 + 1, 'header box' .. dump(h))
  T.eq(at(h[4], 0, 6), '║  Top', 'the header text' .. dump(h))
  T.has_line(lines, '╔═ header 1 ')
  T.has_line(lines, 'y 116')
  s:close()
end)

T.test('a vertical grid: three items side by side at their frames, scrolled with j', function()
  layoutd.setup({ note_ms = 0, points_per_column = 10 })
  -- 320 wide, itemSize 100 × 100, spacings 10: a full line holds ⌊330 / 110⌋ = 3, gap (320 − 300) / 2 = 10: x 0,
  -- 110, 220; lines at y 0, 110, 220 (item 7 alone); content 320 × 320, viewport 200 (offsets up to 120).
  local g = assert(preview.open(T.fixtures .. '/grid.json', { open_cmd = 'none' }))
  T.ok(g:wait(10000), 'grid.json never became idle')
  local lines = T.lines(g.buf)
  T.has_line(lines, 'vertical collection · offset 0 of 120 · content 320 × 320 · viewport 320 × 200')
  T.has_line(lines, '7 items')
  -- the canvas: 320 / 10 = 32 columns, 200 / 10 = 20 lines, between the viewport markers. Items cover columns 0 … 9,
  -- 11 … 20, 22 … 31 and lines 0 … 9, 11 … 20 (the second line cut at 19).
  local top = T.find_line(lines, '══ viewport top · y 0 ')
  T.ok(top, 'viewport marker' .. dump(lines))
  local c = vim.list_slice(lines, top + 1, top + 20)
  T.eq(c[1], '│┌g-1─────┐ ┌g-2─────┐ ┌g-3─────┐│', 'line 0' .. dump(lines))
  -- the text "Item" (Ahem 10, baseline 8: middle 5) on the item's first inner line, at its first inner column
  T.eq(c[2], '││Item    │ │Item    │ │Item    ││', 'line 1')
  T.eq(c[10], '│└VDP─────┘ └VDP─────┘ └VDP─────┘│', 'line 9: all three visible, display, preload')
  T.eq(c[11], '│' .. string.rep(' ', 32) .. '│', 'line 10: the line spacing')
  T.eq(c[12], '│┌g-4─────┐ ┌g-5─────┐ ┌g-6─────┐│', 'line 11')
  T.ok(lines[top + 21]:find('══ viewport bottom · y 200 ', 1, true), 'bottom marker')
  -- s on the canvas's line 1, column 12 (display column 13, inside g-2's columns 11 … 20) selects g-2
  vim.api.nvim_set_current_buf(g.buf)
  vim.api.nvim_win_set_cursor(0, { top + 2, vim.str_byteindex(lines[top + 2], 13) })
  vim.api.nvim_feedkeys('s', 'mx', false)
  T.ok(g:wait(5000), 'busy after s')
  local selected = assert(g.client:request_sync('table/selectedRows', { sessionId = g.session }, 5000))
  T.ok(vim.inspect(selected):find('g-2', 1, true), 'the daemon selected g-2: ' .. vim.inspect(selected))
  lines = T.lines(g.buf)
  T.eq(lines[top + 1], '│┌g-1─────┐ ┌g-2 ●───┐ ┌g-3─────┐│', 'the selection mark' .. dump(lines))
  -- j scrolls along y: 6j = 120 (the end). Items 4 … 6 at lines 11 − 12 = −1 … 8 (top border cut), item 7 at lines
  -- 22 − 12 = 10 … 19.
  vim.api.nvim_set_current_buf(g.buf)
  vim.api.nvim_feedkeys('6j', 'mx', false)
  T.ok(g:wait(5000), 'busy after 6j')
  T.eq(g.offset, 120)
  lines = T.lines(g.buf)
  top = T.find_line(lines, '══ viewport top · y 120 ')
  T.ok(top, 'moved marker' .. dump(lines))
  c = vim.list_slice(lines, top + 1, top + 20)
  T.eq(c[1], '││Item    │ │Item    │ │Item    ││', 'line 0 after the scroll' .. dump(lines))
  T.eq(at(c[11], 0, 12), '│┌g-7─────┐ ', 'item 7 at line 10')
  T.eq(at(c[11], 12, 22), string.rep(' ', 21) .. '│', 'alone on its line')
  g:close()
end)

T.test("a collection's header (headerReferenceSize) is a dotted box across the collection", function()
  -- 320 × 200, itemSize 100 × 100, headerReferenceSize height 20: the header spans the width at y 0 … 20 (columns
  -- 0 … 31, lines 0 … 1), the items start below it (y 20: lines 2 … 11) at x 0 and 110 (all the same size: the
  -- columns of a full line of 3).
  layoutd.setup({ note_ms = 0, points_per_column = 10 })
  local file = vim.fn.tempname() .. '.json'
  vim.fn.writefile({ vim.fn.json_encode({ kind = 'collection', viewport = { width = 320, height = 200 },
    layout = { itemSize = { width = 100, height = 100 }, headerReferenceSize = { width = 0, height = 20 } },
    rows = { { id = 'h', cell = { type = 'node' }, ['repeat'] = 2 } } }) }, file)
  local g = assert(preview.open(file, { open_cmd = 'none' }))
  T.ok(g:wait(10000), 'never became idle')
  local lines = T.lines(g.buf)
  local top = T.find_line(lines, '══ viewport top · y 0 ')
  T.ok(top, 'viewport marker' .. dump(lines))
  T.eq(lines[top + 1], '│╭header 0' .. string.rep('┄', 22) .. '╮│', 'the header top' .. dump(lines))
  T.eq(lines[top + 2], '│╰' .. string.rep('┄', 30) .. '╯│', 'the header bottom')
  T.eq(lines[top + 3], '│┌h-1─────┐ ┌h-2─────┐' .. string.rep(' ', 11) .. '│', 'the items below it')
  g:close()
  vim.fn.delete(file)
end)

T.test('a horizontal collection: items side by side, h / l scroll along x', function()
  -- 320 × 100, scrollDirection horizontal, itemSize 100 × 80, spacings 10: a line (a column) holds
  -- ⌊(100 + 10) / (80 + 10)⌋ = 1 item, centred in the room: y 10; lines 10 apart along x: 0, 110, 220, 330, 440;
  -- content 540 × 100 (offsets up to 220). Columns 0 … 9, 11 … 20, 22 … 31; lines round(10 / 10) = 1 …
  -- round(90 / 10) − 1 = 8.
  local s = assert(preview.open(T.fixtures .. '/stories.json', { open_cmd = 'none' }))
  T.ok(s:wait(10000), 'stories.json never became idle')
  local lines = T.lines(s.buf)
  T.has_line(lines, 'horizontal collection · offset x 0 of 220 · content 540 × 100 · viewport 320 × 100')
  local top = T.find_line(lines, '══ viewport x 0 … 320 ')
  T.ok(top, 'viewport marker' .. dump(lines))
  T.eq(lines[top + 1], '│' .. string.rep(' ', 32) .. '│', 'line 0: above the items' .. dump(lines))
  T.eq(lines[top + 2], '│┌s-1─────┐ ┌s-2─────┐ ┌s-3─────┐│', 'line 1')
  T.eq(lines[top + 9], '│└VDP─────┘ └VDP─────┘ └VDP─────┘│', 'line 8')
  -- 11l: 11 × 20 = 220 points right, the end: items 3 … 5 at x 0, 110, 220 of the viewport
  vim.api.nvim_set_current_buf(s.buf)
  vim.api.nvim_feedkeys('11l', 'mx', false)
  T.ok(s:wait(5000), 'busy after 11l')
  T.eq(s.offset_x, 220)
  local ranges = assert(s.client:request_sync('table/ranges', { sessionId = s.session }, 5000))
  T.eq(ranges.contentOffset.x, 220, 'the daemon agrees')
  lines = T.lines(s.buf)
  top = T.find_line(lines, '══ viewport x 220 … 540 ')
  T.ok(top, 'moved marker' .. dump(lines))
  T.eq(lines[top + 2], '│┌s-3─────┐ ┌s-4─────┐ ┌s-5─────┐│', 'line 1 at the end' .. dump(lines))
  -- h: 20 back; the items move 2 columns right (s-2's right edge, x 210 − 200 = 10: column 0)
  vim.api.nvim_feedkeys('h', 'mx', false)
  T.ok(s:wait(5000), 'busy after h')
  T.eq(s.offset_x, 200)
  lines = T.lines(s.buf)
  top = T.find_line(lines, '══ viewport x 200 … 520 ')
  T.eq(at(lines[top + 2], 0, 5), '│┐ ┌s', 's-2 cut at the left' .. dump(lines))
  s:close()
end)

T.test('a pager: one page a screen, h / l / gg / G page with pager/scrollToPage', function()
  layoutd.setup({ note_ms = 0, points_per_column = 10 })
  -- pages are the viewport, 200 × 60: 20 columns × 6 lines; a page's text "Page N" (Ahem 10, middle at 5) on its
  -- first inner line
  local pg = assert(preview.open(T.fixtures .. '/pager.json', { open_cmd = 'none' }))
  T.ok(pg:wait(10000), 'pager.json never became idle')
  local function page_lines()
    local lines = T.lines(pg.buf)
    local top = T.find_line(lines, '══ viewport x ')
    T.ok(top, 'viewport marker' .. dump(lines))
    return lines, vim.list_slice(lines, top + 1, top + 6)
  end
  local lines, c = page_lines()
  T.has_line(lines, 'page 1 of 4 · pager · offset x 0 of 600 · content 800 × 60 · viewport 200 × 60')
  T.eq(c[1], '│┌p0────────────────┐│', 'page 0 top' .. dump(lines))
  T.eq(c[2], '││Page 0            ││', 'page 0 text')
  T.eq(c[6], '│└VDP───────────────┘│', 'page 0 bottom')
  vim.api.nvim_set_current_buf(pg.buf)
  local function press(k, x, n)
    vim.api.nvim_feedkeys(k, 'mx', false)
    T.ok(pg:wait(5000), 'busy after ' .. k)
    T.eq(pg.offset_x, x, 'offset after ' .. k)
    local l2, c2 = page_lines()
    T.has_line(l2, 'page ' .. (n + 1) .. ' of 4 · pager · offset x ' .. x .. ' ')
    T.eq(c2[2], '││Page ' .. n .. '            ││', 'page ' .. n .. ' text after ' .. k .. dump(l2))
  end
  press('l', 200, 1) -- page 1: x = 1 × 200
  press('G', 600, 3) -- the last page: 3 × 200
  press('l', 600, 3) -- clamped to the last page
  press('gg', 0, 0)
  press('2l', 400, 2)
  press('h', 200, 1)
  local cur = assert(pg.client:request_sync('pager/currentPage', { sessionId = pg.session }, 5000))
  T.eq(cur, { page = 1, pageCount = 4 }, 'the daemon agrees')
  pg:close()
end)

layoutd.stop()
T.finish('test_content')

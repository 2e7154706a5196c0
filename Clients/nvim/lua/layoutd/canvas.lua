-- A character canvas at terminal resolution: a grid of cells (one display column each) with a highlight group per
-- cell, onto which the preview draws boxes (row and item frames) and cells' display lists (`cell/displayList`: text
-- lines at their positions, image placeholders, nested boxes as outlines), then turns into buffer lines and
-- highlight ranges (byte offsets).
--
-- The scale: one column is `ppc` points wide and one line `ppl` points tall. A point (x, y) falls in column
-- floor(x / ppc) and line floor(y / ppl); a frame [x, x + w) covers the columns round(x / ppc) … round((x + w) /
-- ppc) − 1 (and the lines likewise), so two frames that do not overlap in points never share a cell, and a frame
-- narrower than half a column covers none.
local M = {}

local Canvas = {}
Canvas.__index = Canvas

--- A blank canvas of `cols` × `rows` cells.
function M.new(cols, rows)
  local cells, groups = {}, {}
  for r = 1, rows do
    local line, hl = {}, {}
    for c = 1, cols do
      line[c] = ' '
      hl[c] = false
    end
    cells[r], groups[r] = line, hl
  end
  return setmetatable({ cols = cols, rows = rows, cells = cells, groups = groups }, Canvas)
end

--- Rounds half up (frames at .5 columns go to the next cell on both edges, consistently).
local function round(v)
  return math.floor(v + 0.5)
end
M.round = round

--- The cells a span [a, a + len) of points covers at `scale` points a cell: first, last (0-based, inclusive; last <
--- first when the span covers no cell).
function M.span(a, len, scale)
  return round(a / scale), round((a + len) / scale) - 1
end

--- Sets cell (col, row) (0-based) to `ch` (a string of display width 1, or '' for the right half of a wide
--- character) with highlight `group`; cells outside the canvas or the clip rect are left alone.
function Canvas:set(col, row, ch, group, clip)
  if col < 0 or row < 0 or col >= self.cols or row >= self.rows then
    return false
  end
  if clip and (col < clip[1] or col > clip[3] or row < clip[2] or row > clip[4]) then
    return false
  end
  self.cells[row + 1][col + 1] = ch
  if group ~= nil then
    self.groups[row + 1][col + 1] = group
  end
  return true
end

--- The characters of `text` with their display widths: {{ch, width}}; composing characters stay with their base.
local function chars(text)
  local out = {}
  for _, ch in ipairs(vim.fn.split(text, '\\zs')) do
    if ch:byte(1) < 32 or ch:byte(1) == 127 then
      ch = ' ' -- a tab or another control character: one blank column (the buffer shows no control characters)
    end
    local w = vim.fn.strdisplaywidth(ch)
    if w == 0 and #out > 0 then
      out[#out][1] = out[#out][1] .. ch
    elseif w > 0 then
      out[#out + 1] = { ch, w }
    end
  end
  return out
end
M.chars = chars

--- Writes `text` from cell (col, row), one character a column (a wide character takes two), clipped to the canvas
--- and to `clip` ({c0, r0, c1, r1}, inclusive) when given. Returns the column after the last character.
function Canvas:text(col, row, text, group, clip)
  for _, cw in ipairs(chars(text)) do
    local ch, w = cw[1], cw[2]
    if w == 1 then
      self:set(col, row, ch, group, clip)
    else
      -- both halves must be inside, else a blank keeps the columns aligned
      local inside = self:_inside(col, row, clip) and self:_inside(col + 1, row, clip)
      if inside then
        self:set(col, row, ch, group, clip)
        self:set(col + 1, row, '', group, clip)
      else
        self:set(col, row, ' ', group, clip)
      end
    end
    col = col + w
  end
  return col
end

--- True when cell (col, row) is on the canvas and inside `clip` (when given).
function Canvas:_inside(col, row, clip)
  if col < 0 or row < 0 or col >= self.cols or row >= self.rows then
    return false
  end
  return not clip or (col >= clip[1] and col <= clip[3] and row >= clip[2] and row <= clip[4])
end

--- Draws an outline over cells c0..c1 × r0..r1 (inclusive) with light (`style` 'light', default), heavy or dotted
--- lines; a 1-cell-wide or -tall frame is drawn as a line. `group` highlights it.
function Canvas:outline(c0, r0, c1, r1, group, clip, style)
  if c1 < c0 or r1 < r0 then
    return
  end
  local g = ({
    light = { '┌', '┐', '└', '┘', '─', '│' },
    dotted = { '╭', '╮', '╰', '╯', '┄', '┆' },
  })[style or 'light']
  for c = c0, c1 do
    self:set(c, r0, g[5], group, clip)
    self:set(c, r1, g[5], group, clip)
  end
  for r = r0, r1 do
    self:set(c0, r, g[6], group, clip)
    self:set(c1, r, g[6], group, clip)
  end
  if c1 > c0 and r1 > r0 then
    self:set(c0, r0, g[1], group, clip)
    self:set(c1, r0, g[2], group, clip)
    self:set(c0, r1, g[3], group, clip)
    self:set(c1, r1, g[4], group, clip)
  end
end

--- Fills cells c0..c1 × r0..r1 with `ch`.
function Canvas:fill(c0, r0, c1, r1, ch, group, clip)
  for r = r0, r1 do
    for c = c0, c1 do
      self:set(c, r, ch, group, clip)
    end
  end
end

--- True when `display_list` would draw something of `items` (a text, an image, or a node or box other than the
--- cell's own bounds), without drawing.
function M.has_content(items, size)
  for _, item in ipairs(items or {}) do
    if item.kind == 'text' or item.kind == 'image' then
      return true
    elseif item.kind == 'rect' and (item.type == 'node' or item.type == 'box') then
      local f = item.frame or {}
      local whole = f.x == 0 and f.y == 0 and size and f.width == size.width and f.height == size.height
      if not whole then
        return true
      end
    end
  end
  return false
end

--- Draws a display list (`cell/displayList`'s items, frames relative to the cell) with the cell's origin at cell
--- (col0, row0), clipped to `clip`. Returns the number of items drawn.
--- - a text item: each line on the canvas line holding the point 0.3 em above its baseline (the middle of a
---   lowercase letter; with the Ahem font, whose ascent is 0.8 em, the middle of the line), from the column of its
---   x, one character a column;
--- - an image: its frame filled with `░` and labelled `[img W×H]` (or `[img]`, or nothing) as far as it fits;
--- - a node or a box other than the cell's own bounds: its frame outlined (dotted) when it covers at least 2 × 2
---   cells (layout specs — stacks, insets, … — draw nothing in Texture and are left out).
--- `size` is the cell's size (its own rect is not drawn: the caller draws the cell's box).
function Canvas:display_list(items, size, col0, row0, ppc, ppl, clip, groups)
  groups = groups or {}
  local drawn = 0
  for _, item in ipairs(items or {}) do
    local f = item.frame or { x = 0, y = 0, width = 0, height = 0 }
    local c0, c1 = M.span(f.x, f.width, ppc)
    local r0, r1 = M.span(f.y, f.height, ppl)
    if item.kind == 'rect' then
      local whole = f.x == 0 and f.y == 0 and size and f.width == size.width and f.height == size.height
      local drawable = item.type == 'node' or item.type == 'box'
      if drawable and not whole and c1 > c0 and r1 > r0 then
        self:outline(col0 + c0, row0 + r0, col0 + c1, row0 + r1, groups.rect, clip, 'dotted')
        drawn = drawn + 1
      end
    elseif item.kind == 'image' then
      if c1 >= c0 and r1 >= r0 then
        self:fill(col0 + c0, row0 + r0, col0 + c1, row0 + r1, '░', groups.image, clip)
        local label = string.format('[img %s×%s]', M.fmt(f.width), M.fmt(f.height))
        local room = c1 - c0 + 1
        if vim.fn.strdisplaywidth(label) > room then
          label = room >= 5 and '[img]' or ''
        end
        self:text(col0 + c0, row0 + r0, label, groups.image, clip)
        drawn = drawn + 1
      end
    elseif item.kind == 'text' then
      local em = (item.font and item.font.size) or 16
      for _, line in ipairs(item.lines or {}) do
        local r = math.floor(((line.baseline or 0) - 0.3 * em) / ppl)
        local c = math.floor((line.x or 0) / ppc)
        self:text(col0 + c, row0 + r, line.text or '', groups.text, clip)
      end
      drawn = drawn + 1
    end
  end
  return drawn
end

--- Numbers as the preview writes them: integers plain, else up to two decimals.
function M.fmt(n)
  if type(n) ~= 'number' then
    return '?'
  end
  if n == math.floor(n) then
    return string.format('%d', n)
  end
  local s = string.format('%.2f', n):gsub('0+$', ''):gsub('%.$', '')
  return s
end

--- Line `row` (0-based) as a string and its highlights {{group, byte_start, byte_end}} relative to the string's
--- start.
function Canvas:line(row)
  local cells, groups = self.cells[row + 1], self.groups[row + 1]
  local parts, hls, pos = {}, {}, 0
  local run_group, run_start = false, 0
  for c = 1, self.cols do
    local ch, g = cells[c], groups[c]
    if g ~= run_group then
      if run_group then
        hls[#hls + 1] = { run_group, run_start, pos }
      end
      run_group, run_start = g, pos
    end
    parts[#parts + 1] = ch
    pos = pos + #ch
  end
  if run_group then
    hls[#hls + 1] = { run_group, run_start, pos }
  end
  return table.concat(parts), hls
end

return M

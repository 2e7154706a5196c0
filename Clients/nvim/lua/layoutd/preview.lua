-- The preview buffer: one layoutd session drawn as text boxes (row id, height, interface state), scrolled with
-- buffer-local keys that drive table/scrollBy, table/scrollToOffset and table/scrollToRow (and `s`, which selects or
-- deselects the row under the cursor: table/selectRow, table/deselectRow), redrawn on cell/interfaceStateChanged,
-- cell/nodeReleased, table/heightChanged, table/didCommit, table/contentOffsetChanged and table/selectionChanged.
-- A row's box shows its selection, accessory, content width and height range in its top border.
-- Each drawn cell's content (cell/displayList, fetched lazily and cached per row) is drawn inside its box at terminal
-- resolution (canvas.lua); a collection or a pager is drawn as one canvas of the viewport with its items side by side
-- at their frames, scrolled along its axis (h / l) or by pages (pager/scrollToPage).
local layoutd = require('layoutd')
local canvas = require('layoutd.canvas')

local M = {}

local islist = vim.islist or vim.tbl_islist -- vim.islist: 0.10+; vim.tbl_islist: 0.7 (deprecated later)

local previews = {} -- bufnr -> Preview
local last_buf = nil
local ns = vim.api.nvim_create_namespace('layoutd_preview')

local function define_highlights()
  for name, target in pairs({
    LayoutdHeader = 'Title',
    LayoutdViewport = 'Statement',
    LayoutdRowId = 'Identifier',
    LayoutdVisible = 'String',
    LayoutdDisplay = 'Type',
    LayoutdPreload = 'Special',
    LayoutdDim = 'Comment',
    LayoutdNote = 'WarningMsg',
    LayoutdError = 'ErrorMsg',
    LayoutdText = 'Normal',
    LayoutdImage = 'Constant',
    LayoutdFrame = 'NonText',
  }) do
    vim.cmd('highlight default link ' .. name .. ' ' .. target)
  end
end

-- Scenario files ----------------------------------------------------------------------------------

local SESSION_KEYS = { 'scale', 'separators', 'scrollAnchoring', 'lenientFonts', 'inverted', 'allowsSelection',
  'allowsMultipleSelection', 'style', 'groupedSectionSpacing', 'kind', 'layout' }

--- A row's members beside its cell (Protocol.md "A row's members"), passed through to table/insertRows.
local ROW_KEYS = { 'neverShowPlaceholders', 'heightRange', 'accessoryType', 'selectionStyle', 'separatorInset' }

--- `entry`'s row members copied into `row`.
local function copy_row_keys(entry, row)
  for _, key in ipairs(ROW_KEYS) do
    row[key] = entry[key]
  end
  return row
end

--- Parses a scenario or cell-spec document (JSON text). Returns {viewport, session, rows, sections?, changes} or
--- nil, err.
--- Forms: a scenario object {"viewport"?, "scale"?, "separators"?, "scrollAnchoring"?, "lenientFonts"?,
--- "inverted"?, "allowsSelection"?, "allowsMultipleSelection"?, "style"?, "groupedSectionSpacing"?, "rows": [ROW] or
--- "sections": [{"header"?, "footer"?, "rows": [ROW]}], "changes"?} (a header or footer is {"height": h} or
--- {"id"?, "cell": SPEC}, passed to the daemon as it is);
--- a single SPEC (an object with "type"); a JSON array of ROWs. ROW is {"id"?, "cell": SPEC, "repeat"?,
--- "neverShowPlaceholders"?, "heightRange"?, "accessoryType"?, "selectionStyle"?, "separatorInset"?} or a bare SPEC. CHANGE is {"afterMs", "row", "cell"?} or {"afterMs", "row", "element",
--- "spec"}: a cell/setNeedsLayout sent that long after the preview opened.
function M.parse_scenario(text, name)
  name = name or 'scenario'
  local ok, doc = pcall(vim.fn.json_decode, text)
  if not ok then
    return nil, name .. ': not a JSON document: ' .. tostring(doc)
  end
  if type(doc) ~= 'table' then
    return nil, name .. ': expected an object or an array'
  end
  local scenario = { viewport = { width = 320, height = 480 }, session = {}, rows = {}, changes = {} }
  local entries
  if islist(doc) and next(doc) ~= nil then
    entries = doc
  elseif doc.type ~= nil then
    entries = { { cell = doc } }
  elseif doc.rows ~= nil or doc.sections ~= nil then
    if doc.sections ~= nil then
      if doc.rows ~= nil then
        return nil, name .. ': give either "rows" or "sections", not both'
      end
      if type(doc.sections) ~= 'table' or (next(doc.sections) ~= nil and not islist(doc.sections)) then
        return nil, name .. ': "sections" must be an array'
      end
      scenario.sections = {}
      entries = {}
    else
      if type(doc.rows) ~= 'table' or (next(doc.rows) ~= nil and not islist(doc.rows)) then
        return nil, name .. ': "rows" must be an array'
      end
      entries = doc.rows
    end
    if doc.viewport ~= nil then
      if type(doc.viewport) ~= 'table' or type(doc.viewport.width) ~= 'number' or type(doc.viewport.height) ~= 'number' then
        return nil, name .. ': "viewport" must be {"width": number, "height": number}'
      end
      scenario.viewport = { width = doc.viewport.width, height = doc.viewport.height }
    end
    for _, key in ipairs(SESSION_KEYS) do
      if doc[key] ~= nil then
        scenario.session[key] = doc[key]
      end
    end
    if doc.changes ~= nil then
      if type(doc.changes) ~= 'table' then
        return nil, name .. ': "changes" must be an array'
      end
      for i, change in ipairs(doc.changes) do
        if type(change) ~= 'table' or change.row == nil then
          return nil, string.format('%s: changes[%d]: missing "row"', name, i - 1)
        end
        scenario.changes[#scenario.changes + 1] = change
      end
    end
  else
    return nil, name .. ': expected a scenario {"rows": [...]} or {"sections": [...]}, a cell spec {"type": ...} or an '
      .. 'array of rows'
  end
  if scenario.sections then
    for i, section in ipairs(doc.sections) do
      local label = string.format('sections[%d]', i - 1)
      if type(section) ~= 'table' or (section.rows ~= nil and type(section.rows) ~= 'table') then
        return nil, string.format('%s: %s: expected {"header"?, "footer"?, "rows": [...]}', name, label)
      end
      local rows, err = M._expand_rows(section.rows or {}, name, label .. '.rows')
      if not rows then
        return nil, err
      end
      scenario.sections[i] = { header = section.header, footer = section.footer, rows = rows }
      for _, row in ipairs(rows) do
        scenario.rows[#scenario.rows + 1] = row
      end
    end
    return scenario
  end
  local rows, err = M._expand_rows(entries, name, 'rows')
  if not rows then
    return nil, err
  end
  scenario.rows = rows
  return scenario
end

--- The rows of a scenario's row list `entries` (at `label`, for messages): ROW objects or bare SPECs, `repeat`
--- expanded. Returns the rows, or nil and the reason.
function M._expand_rows(entries, name, label)
  local out = {}
  for i, entry in ipairs(entries) do
    if type(entry) ~= 'table' then
      return nil, string.format('%s: %s[%d]: expected an object', name, label, i - 1)
    end
    local row
    if entry.cell ~= nil then
      row = copy_row_keys(entry, { cell = entry.cell, id = entry.id })
    elseif entry.type ~= nil then
      row = { cell = entry }
    else
      return nil, string.format('%s: %s[%d]: missing "cell"', name, label, i - 1)
    end
    local count = entry.cell ~= nil and entry['repeat'] or nil
    if count ~= nil then
      if type(count) ~= 'number' or count < 1 or count % 1 ~= 0 then
        return nil, string.format('%s: %s[%d].repeat: expected a positive integer', name, label, i - 1)
      end
      for k = 1, count do
        out[#out + 1] = copy_row_keys(row, {
          cell = row.cell,
          id = row.id and (row.id .. '-' .. k) or nil,
        })
      end
    else
      out[#out + 1] = row
    end
  end
  return out
end

-- Formatting --------------------------------------------------------------------------------------

local function fmt(n)
  if type(n) ~= 'number' then
    return '?'
  end
  if n == math.floor(n) then
    return string.format('%d', n)
  end
  local s = string.format('%.2f', n):gsub('0+$', ''):gsub('%.$', '')
  return s
end
M.fmt = fmt

local function width_of(s)
  return vim.fn.strdisplaywidth(s)
end

local function pad(s, w)
  local d = w - width_of(s)
  if d > 0 then
    return s .. string.rep(' ', d)
  end
  return s
end

local function has(list, item)
  if type(list) ~= 'table' then
    return false
  end
  for _, v in ipairs(list) do
    if v == item then
      return true
    end
  end
  return false
end

--- The interface state as text, strongest first: "visible · display · preload", or "measured".
function M.state_text(state)
  local parts = {}
  for _, s in ipairs({ 'visible', 'display', 'preload' }) do
    if has(state, s) then
      parts[#parts + 1] = s
    end
  end
  if #parts == 0 then
    return 'measured'
  end
  return table.concat(parts, ' · ')
end

--- Glyphs of the accessories (UIKit draws a chevron, an info button and a chevron, a checkmark, an info button).
local ACCESSORY_GLYPHS = {
  disclosureIndicator = '›',
  detailDisclosureButton = 'ⓘ›',
  checkmark = '✓',
  detailButton = 'ⓘ',
}

--- The marks of a row's members for its box's top border: "● " when selected, the accessory's glyph and the width its
--- cell is laid out at, the height range; "" for a row with none of them.
function M.member_text(frame_row)
  local parts = {}
  if frame_row.selected then
    parts[#parts + 1] = '●'
  end
  local accessory = frame_row.accessoryType
  if accessory and accessory ~= 'none' then
    parts[#parts + 1] = (ACCESSORY_GLYPHS[accessory] or accessory) .. ' ' .. fmt(frame_row.contentWidth) .. 'w'
  end
  local range = frame_row.heightRange
  if type(range) == 'table' then
    parts[#parts + 1] = fmt(range.min or 0) .. '…' .. (range.max and fmt(range.max) or '∞')
  end
  if #parts == 0 then
    return ''
  end
  return table.concat(parts, ' ') .. ' '
end

local function state_group(state)
  if has(state, 'visible') then
    return 'LayoutdVisible'
  elseif has(state, 'display') then
    return 'LayoutdDisplay'
  elseif has(state, 'preload') then
    return 'LayoutdPreload'
  end
  return 'LayoutdDim'
end

-- Preview -----------------------------------------------------------------------------------------

local Preview = {}
Preview.__index = Preview

function Preview:_log_event(method, params)
  self.stats[method] = (self.stats[method] or 0) + 1
end

function Preview:_on_notification(method, params)
  if self.closed then
    return
  end
  self:_log_event(method, params)
  if method == 'cell/interfaceStateChanged' then
    self.states[params.rowId] = params.newState
  elseif method == 'cell/nodeReleased' then
    -- a commit ended the row's node; a reloaded or moved row's new node starts at measureLayout
    self.states[params.rowId] = nil
    self:_invalidate(params.rowId)
  elseif method == 'table/heightChanged' or method == 'table/supplementaryHeightChanged' then
    self:_invalidate(params.rowId)
    local note = { old = params.oldHeight, new = params.newHeight, at = vim.loop.now() }
    self.notes[params.rowId] = note
    self.content_size = params.contentSize or self.content_size
    local ms = layoutd.config.note_ms or 0
    if ms > 0 then
      vim.defer_fn(function()
        if self.notes[params.rowId] == note then
          self.notes[params.rowId] = nil
          self:schedule()
        end
      end, ms)
    end
  elseif method == 'table/didCommit' or method == 'table/contentSizeChanged' then
    self.content_size = params.contentSize or self.content_size
  elseif method == 'table/contentOffsetChanged' then
    local old, new = params.oldContentOffset, params.contentOffset
    if type(new) == 'table' then
      self.offset = new.y or self.offset
      self.offset_x = new.x or self.offset_x
    end
    -- the table moved the offset itself: anchoring, the clamp into content that shrank, or (inverted) the visual
    -- offset following the content height
    local what = ({ clamped = 'clamped', inverted = 'followed the content' })[params.reason] or 'anchored'
    local axis = self.horizontal and 'x' or 'y'
    self.anchor_note = string.format('%s: offset %s → %s', what, fmt(old and old[axis]), fmt(new and new[axis]))
  elseif method == 'cell/didDisplay' then
    -- a display pass made the row's content again (it entered the display range, or its layout changed): what is
    -- drawn of it is fetched again, lazily
    if params and params.rowId ~= nil and self.content[params.rowId] ~= nil then
      self:_invalidate(params.rowId)
      self:_render_soon()
    end
    return
  end
  self:schedule()
end

--- Coalesces redraws: notifications arrive in bursts (one per row on a scroll).
function Preview:schedule()
  if self.closed or self.scheduled then
    return
  end
  self.scheduled = true
  vim.schedule(function()
    self.scheduled = false
    self:refresh()
  end)
end

function Preview:_error(message)
  layoutd._log('preview ' .. self.title .. ': ' .. message)
  if self.closed then
    return -- answers still arriving for a closed preview (its session is disposed)
  end
  self.last_error = message
  vim.notify('layoutd: ' .. message, vim.log.levels.ERROR)
end

--- Asks the daemon for the ranges, the content size and the rows around the viewport, then draws.
function Preview:refresh()
  if self.closed then
    return
  end
  if self.inflight then
    self.dirty = true
    return
  end
  local client = self.client
  if not client:is_running() then
    self:render()
    return
  end
  self.inflight, self.dirty = true, false
  local snapshot, remaining, failed = {}, 2, nil
  local function finish()
    remaining = remaining - 1
    if remaining > 0 then
      return
    end
    self.inflight = false
    if failed then
      self:_error(failed)
    else
      self:_apply(snapshot)
    end
    self:render()
    if self.dirty then
      self:schedule()
    end
  end
  local sid = self.session
  client:request('table/contentSize', { sessionId = sid }, function(err, res)
    if err then
      failed = failed or err.message
    else
      snapshot.content_size = res
    end
    finish()
  end)
  local id = client:request('table/ranges', { sessionId = sid }, function(err, ranges)
    if err then
      failed = failed or err.message
      finish()
      return
    end
    snapshot.ranges = ranges
    if self.closed then
      finish()
      return
    end
    local vw, vh = self.viewport.width, self.viewport.height
    local rect
    if self.horizontal then
      -- along x: the viewport and the context on both sides
      local ctx = (layoutd.config.context_screens or 0) * vw
      local x = ranges.contentOffset.x or 0
      local left = math.max(0, x - ctx)
      rect = { x = left, y = 0, width = (x + vw + ctx) - left, height = vh }
    else
      local ctx = (layoutd.config.context_screens or 0) * vh
      local y = ranges.contentOffset.y
      local top = math.max(0, y - ctx)
      rect = { x = 0, y = top, width = vw, height = (y + vh + ctx) - top }
    end
    -- Rows, headers and footers where they are drawn (a plain table's header pinned at the top).
    local rid = client:request('table/elementsInRect', { sessionId = sid, rect = rect }, function(err2, res)
      if err2 then
        failed = failed or err2.message
      else
        snapshot.rows = res.elements
      end
      finish()
    end)
    if not rid then
      failed = failed or 'layoutd is not running'
      finish()
    end
  end)
  if not id then
    self.inflight = false
    self:render()
  end
end

function Preview:_apply(snapshot)
  local ranges = snapshot.ranges
  self.offset = ranges.contentOffset.y
  self.offset_x = ranges.contentOffset.x or 0
  self.range_mode = ranges.rangeMode
  self.container_visible = ranges.visible
  local states = {}
  for _, row in ipairs(ranges.rows or {}) do
    states[row.rowId] = row.state
  end
  self.states = states
  self.ranges_rows = ranges.rows or {}
  self.content_size = snapshot.content_size or self.content_size
  self.frames = snapshot.rows or {}
  self.drawn_once = true
end

--- Builds the buffer lines (and highlights) from the last snapshot.
function Preview:lines()
  local cfg = layoutd.config
  local lines, hls = {}, {}
  local function add(text, group)
    lines[#lines + 1] = text
    if group then
      hls[#hls + 1] = { #lines - 1, group, 0, -1 }
    end
  end
  local function hl(group, col_start, col_end)
    hls[#hls + 1] = { #lines - 1, group, col_start, col_end }
  end
  local vw, vh = self.viewport.width, self.viewport.height
  local cs = self.content_size or { width = vw, height = 0 }
  -- An inverted table's visual offset rests at content − viewport (its start, the newest row at the bottom), which
  -- is negative while the content is shorter than the viewport.
  local max_offset = self.inverted and (cs.height or 0) - vh or math.max(0, (cs.height or 0) - vh)
  add(string.format('layoutd · %s · session %s%s', self.title, self.session, self.inverted and ' · inverted' or ''),
    'LayoutdHeader')
  if self.kind == 'table' then
    add(string.format('offset %s of %s · content %s × %s · viewport %s × %s · mode %s · %d rows', fmt(self.offset),
      fmt(max_offset), fmt(cs.width), fmt(cs.height), fmt(vw), fmt(vh), tostring(self.range_mode or '-'),
      self.row_count or 0))
    add(string.format('j/k ±%spt  <C-d>/<C-u> ½ screen  <C-f>/<C-b> screen  gg/G first/last row  r redraw  q close',
      fmt(cfg.step)), 'LayoutdDim')
  else
    local along = self.horizontal and 'x ' .. fmt(self.offset_x) .. ' of ' .. fmt(math.max(0, (cs.width or 0) - vw))
      or fmt(self.offset) .. ' of ' .. fmt(max_offset)
    local page = ''
    if self.kind == 'pager' then
      page = string.format('page %d of %d · ', self:current_page() + 1, self.row_count or 0)
    end
    add(string.format('%s%s · offset %s · content %s × %s · viewport %s × %s · mode %s · %d %s', page,
      self.kind == 'pager' and 'pager' or (self.horizontal and 'horizontal collection' or 'vertical collection'),
      along, fmt(cs.width), fmt(cs.height), fmt(vw), fmt(vh), tostring(self.range_mode or '-'), self.row_count or 0,
      self.kind == 'pager' and 'pages' or 'items'))
    if self.kind == 'pager' then
      add('h/l previous/next page  gg/G first/last page  r redraw  q close', 'LayoutdDim')
    elseif self.horizontal then
      add(string.format('h/l ±%spt  <C-d>/<C-u> ½ screen  <C-f>/<C-b> screen  gg/G first/last item  r redraw  q close',
        fmt(cfg.step)), 'LayoutdDim')
    else
      add(string.format('j/k ±%spt  <C-d>/<C-u> ½ screen  <C-f>/<C-b> screen  gg/G first/last item  r redraw  q close',
        fmt(cfg.step)), 'LayoutdDim')
    end
  end
  if not self.client:is_running() then
    add('layoutd is not running (:LayoutdStop or the daemon exited)', 'LayoutdError')
  end
  if self.last_error then
    add('error: ' .. self.last_error, 'LayoutdError')
  end
  if self.anchor_note then
    add(self.anchor_note, 'LayoutdNote')
  end
  add('')

  local ppl = cfg.points_per_line or 10
  local ppc = cfg.points_per_column or 8
  if self.kind ~= 'table' then
    self:_grid_lines(add, hl, ppc, ppl, function()
      return #lines
    end)
    return lines, hls
  end
  -- boxes wide enough for a cell's content at ppc points a column (the cells are the table's width)
  local w = math.max(cfg.width or 48, 24, math.ceil(vw / ppc) + 4)
  local min_lines = math.max(cfg.min_box_lines or 3, 3)
  local max_lines = math.max(cfg.max_box_lines or 40, min_lines + 1)
  local top, bottom = self.offset or 0, (self.offset or 0) + vh

  --- The content of cell `id` (its display list) at ppc × ppl points a character cell, the cell's origin at the
  --- first column: a list of {text, spans} (spans: {group, byte start, byte end} within text), or nil while it is
  --- being fetched, when it failed, or when the list has nothing but the cell's own bounds. At most `max_rows`
  --- lines (the last one `⋮` when cut).
  local function content_block(id, max_rows, dim)
    local entry = self:_content(id)
    if not entry or not entry.items then
      return nil
    end
    local size = entry.size or { width = vw, height = 0 }
    -- drawn once per scale and box width (redraws on every scroll reuse it)
    local key = table.concat({ w, ppc, ppl, max_rows, dim and 1 or 0 }, ':')
    if entry.block_key == key then
      return entry.block
    end
    entry.block_key, entry.block = key, nil
    if not canvas.has_content(entry.items, size) then
      return nil
    end
    local rows = math.max(1, math.ceil((size.height or 0) / ppl))
    local cut = rows > max_rows
    if cut then
      rows = max_rows
    end
    local cv = canvas.new(w - 4, rows)
    local groups = dim and { rect = 'LayoutdDim', image = 'LayoutdDim', text = 'LayoutdDim' }
      or { rect = 'LayoutdFrame', image = 'LayoutdImage', text = 'LayoutdText' }
    if cv:display_list(entry.items, size, 0, 0, ppc, ppl, nil, groups) == 0 then
      return nil
    end
    if cut then
      cv:fill(0, rows - 1, w - 5, rows - 1, ' ', 'LayoutdDim')
      cv:text(0, rows - 1, '⋮', 'LayoutdDim')
    end
    local block = {}
    for r = 0, rows - 1 do
      local text, spans = cv:line(r)
      block[#block + 1] = { text, spans }
    end
    entry.block = block
    return block
  end

  --- Adds a content block's lines between `left` and `right` borders (highlighted `group` when dimmed).
  local function add_block(block, left, right, group)
    for _, line in ipairs(block or {}) do
      add(left .. line[1] .. right, group)
      if not group then
        for _, span in ipairs(line[2]) do
          if span[1] then
            hl(span[1], #left + span[2], #left + span[3])
          end
        end
      end
    end
  end

  --- A header or footer: a double-lined box titled `header 1` (and its cell id), saying where it is drawn and, when
  --- a plain table pins it away from its place, `pinned` with its content position; a header cell's content below.
  local function supplementary_box(element, dim)
    local f = element.frame
    local id = element.rowId
    local note = id and self.notes[id]
    local group = dim and 'LayoutdDim' or 'LayoutdHeader'
    local title = ' ' .. element.kind .. ' ' .. tostring(element.section) .. (id and (' · ' .. id) or '') .. ' '
    local right = ' ' .. fmt(f.height) .. ' pt '
    local fill = math.max(1, w - 4 - width_of(title) - width_of(right))
    add('╔═' .. title .. string.rep('═', fill) .. right .. '═╗', group)
    local start = #lines
    local where = 'y ' .. fmt(f.y)
    if element.floating then
      where = 'pinned at y ' .. fmt(f.y) .. ' (its place: y ' .. fmt(element.contentFrame.y) .. ')'
    end
    local contents = { where }
    if id then
      contents[#contents + 1] = M.state_text(self.states[id])
    end
    if note then
      contents[#contents + 1] = fmt(note.old) .. ' → ' .. fmt(note.new)
    end
    for _, text in ipairs(contents) do
      add('║ ' .. pad(text, w - 4) .. ' ║', group)
    end
    if id then
      add_block(content_block(id, max_lines, dim), '║ ', ' ║', dim and 'LayoutdDim' or nil)
    end
    add('╚' .. string.rep('═', w - 2) .. '╝', group)
    self.box_lines[id or (element.kind .. ' ' .. tostring(element.section))] = start + 1
  end

  local function box(frame_row, dim)
    if frame_row.kind == 'header' or frame_row.kind == 'footer' then
      return supplementary_box(frame_row, dim)
    end
    local f = frame_row.frame
    local id = frame_row.rowId
    local state = self.states[id]
    local note = self.notes[id]
    local n = math.floor(f.height / ppl + 0.5)
    n = math.max(n, min_lines, note and 4 or 0)
    local truncated = n > max_lines
    if truncated then
      n = max_lines
    end
    local title = ' ' .. id .. ' ' .. M.member_text(frame_row)
    local right = ' ' .. fmt(f.height) .. ' pt '
    local fill = math.max(1, w - 4 - width_of(title) - width_of(right))
    local row_group = dim and 'LayoutdDim' or nil
    add('┌─' .. title .. string.rep('─', fill) .. right .. '─┐', row_group)
    local box_start = #lines
    if not dim then
      hl('LayoutdRowId', #'┌─', #'┌─' + #title)
    end
    local contents = { { M.state_text(state), dim and 'LayoutdDim' or state_group(state) } }
    if note then
      contents[#contents + 1] = { fmt(note.old) .. ' → ' .. fmt(note.new), 'LayoutdNote' }
    end
    local ip = frame_row.indexPath or {}
    contents[#contents + 1] = {
      string.format('[%s, %s] · y %s', tostring(ip[1]), tostring(ip[2]), fmt(f.y)),
      dim and 'LayoutdDim' or nil,
    }
    -- With content to show: the status lines, then the cell at scale; else the box is the row's height at scale.
    local block = content_block(id, max_lines, dim)
    local status_lines = n - 2
    if block then
      status_lines, truncated = #contents, false
    end
    for i = 1, status_lines do
      local c = contents[i]
      local text = c and c[1] or ''
      if truncated and i == n - 2 then
        text = '⋮'
      end
      add('│ ' .. pad(text, w - 4) .. ' │', row_group)
      if c and c[2] and not dim then
        hl(c[2], #'│ ', #'│ ' + #text)
      elseif c and c[2] == 'LayoutdNote' then
        hl('LayoutdNote', #'│ ', #'│ ' + #text)
      end
    end
    add_block(block, '│ ', ' │', row_group)
    add('└' .. string.rep('─', w - 2) .. '┘', row_group)
    self.box_lines[id] = box_start
  end

  local function marker(label)
    local text = '══ ' .. label .. ' '
    add(text .. string.rep('═', math.max(2, w - width_of(text))), 'LayoutdViewport')
  end

  self.box_lines = {}
  local above, inside, below = {}, {}, {}
  for _, row in ipairs(self.frames or {}) do
    local f = row.frame
    if f.y + f.height <= top then
      above[#above + 1] = row
    elseif f.y >= bottom then
      below[#below + 1] = row
    else
      inside[#inside + 1] = row
    end
  end
  local function in_range(row)
    if row.rowId == nil then
      return false
    end
    local s = self.states[row.rowId]
    return has(s, 'display') or has(s, 'preload') or has(s, 'visible')
  end
  local drawn = {}
  for _, row in ipairs(above) do
    if in_range(row) then
      box(row, true)
      drawn[row.rowId or row] = true
    end
  end
  marker('viewport top · y ' .. fmt(top))
  self.viewport_top_line = #lines
  if #inside == 0 then
    add('  (no rows in the viewport)', 'LayoutdDim')
  end
  for _, row in ipairs(inside) do
    box(row, false)
    drawn[row.rowId or row] = true
  end
  marker('viewport bottom · y ' .. fmt(bottom))
  for _, row in ipairs(below) do
    if in_range(row) then
      box(row, true)
      drawn[row.rowId or row] = true
    end
  end
  -- Rows in the display/preload ranges beyond what is drawn.
  local more_above, more_below = 0, 0
  for _, row in ipairs(self.ranges_rows or {}) do
    if not drawn[row.rowId] and row.indexPath then
      local first_inside = inside[1]
      local ip, ref = row.indexPath or {}, first_inside and first_inside.indexPath or nil
      local is_above = ref and (ip[1] < ref[1] or (ip[1] == ref[1] and ip[2] < ref[2]))
      if is_above then
        more_above = more_above + 1
      else
        more_below = more_below + 1
      end
    end
  end
  if more_above + more_below > 0 then
    add(string.format('… beyond the drawn context: %d rows above, %d rows below in the display/preload ranges',
      more_above, more_below), 'LayoutdDim')
  end
  return lines, hls
end

--- A collection's or a pager's viewport as one canvas at ppc × ppl points a character cell (items side by side at
--- their flow frames): each item a box (its id on the top border, its interface state on the bottom one: V visible,
--- D display, P preload, m measured only) holding its content from its display list, the cell's origin at the
--- box's first inner cell; the layout's headers and footers as dotted boxes. Appends the lines with `add` / `hl`
--- (`count()` is the number of lines so far).
function Preview:_grid_lines(add, hl, ppc, ppl, count)
  local vw, vh = self.viewport.width, self.viewport.height
  local left, top = self.horizontal and (self.offset_x or 0) or 0, self.horizontal and 0 or (self.offset or 0)
  local cols, rows = math.ceil(vw / ppc), math.ceil(vh / ppl)
  local cv = canvas.new(cols, rows)
  local drawn = {}
  local function marker(label)
    local text = '══ ' .. label .. ' '
    add(text .. string.rep('═', math.max(2, cols + 2 - width_of(text))), 'LayoutdViewport')
  end
  if self.horizontal then
    marker(string.format('viewport x %s … %s', fmt(left), fmt(left + vw)))
  else
    marker('viewport top · y ' .. fmt(top))
  end
  self.viewport_top_line = count()
  self.grid_first_line = count() + 1 -- the buffer line (1-based) of the canvas's line 0
  self.grid_items = {}
  for _, el in ipairs(self.frames or {}) do
    local f = el.frame
    local c0, c1 = canvas.span(f.x - left, f.width, ppc)
    local r0, r1 = canvas.span(f.y - top, f.height, ppl)
    local on_screen = c1 >= 0 and c0 < cols and r1 >= 0 and r0 < rows and c1 >= c0 and r1 >= r0
    if on_screen and (el.kind == 'header' or el.kind == 'footer') then
      cv:outline(c0, r0, c1, r1, 'LayoutdHeader', nil, 'dotted')
      cv:text(c0 + 1, r0, el.kind .. ' ' .. tostring(el.section), 'LayoutdHeader', { c0 + 1, r0, c1 - 1, r1 })
    elseif on_screen and el.rowId ~= nil then
      drawn[el.rowId] = true
      self.grid_items[#self.grid_items + 1] = { row = el, c0 = c0, r0 = r0, c1 = c1, r1 = r1 }
      local state = self.states[el.rowId]
      local group = state_group(state)
      cv:outline(c0, r0, c1, r1, group)
      local inner = { c0 + 1, r0 + 1, c1 - 1, r1 - 1 }
      local entry = self:_content(el.rowId)
      if entry and entry.items then
        cv:display_list(entry.items, entry.size, c0 + 1, r0 + 1, ppc, ppl, inner,
          { rect = 'LayoutdFrame', image = 'LayoutdImage', text = 'LayoutdText' })
      end
      local title = el.rowId .. (el.selected and ' ●' or '')
      local note = self.notes[el.rowId]
      if note then
        title = title .. ' ' .. fmt(note.old) .. '→' .. fmt(note.new)
      end
      local edge = { c0 + 1, r0, c1 - 1, r1 }
      cv:text(c0 + 1, r0, title, note and 'LayoutdNote' or 'LayoutdRowId', edge)
      local letters = {}
      for _, pair in ipairs({ { 'visible', 'V' }, { 'display', 'D' }, { 'preload', 'P' } }) do
        if has(state, pair[1]) then
          letters[#letters + 1] = pair[2]
        end
      end
      if r1 > r0 then
        cv:text(c0 + 1, r1, #letters > 0 and table.concat(letters) or 'm', group, edge)
      end
    end
  end
  for r = 0, rows - 1 do
    local text, spans = cv:line(r)
    add('│' .. text .. '│')
    for _, span in ipairs(spans) do
      if span[1] then
        hl(span[1], #'│' + span[2], #'│' + span[3])
      end
    end
  end
  if self.horizontal then
    marker('viewport bottom')
  else
    marker('viewport bottom · y ' .. fmt(top + vh))
  end
  local more = 0
  for _, row in ipairs(self.ranges_rows or {}) do
    if row.rowId ~= nil and not drawn[row.rowId] then
      more = more + 1
    end
  end
  if more > 0 then
    local noun = self.kind == 'pager' and 'page' or 'item'
    add(string.format('… %d more %s in the display/preload ranges outside the viewport', more,
      more == 1 and noun or noun .. 's'), 'LayoutdDim')
  end
end

--- A pager's current page (0-based): the content offset x over the page width, truncated (Texture's
--- currentPageIndex).
function Preview:current_page()
  local vw = self.viewport.width
  if vw <= 0 then
    return 0
  end
  return math.floor((self.offset_x or 0) / vw)
end

function Preview:render()
  if self.closed or not vim.api.nvim_buf_is_valid(self.buf) then
    return
  end
  local lines, hls = self:lines()
  vim.api.nvim_buf_set_option(self.buf, 'modifiable', true)
  vim.api.nvim_buf_set_lines(self.buf, 0, -1, false, lines)
  vim.api.nvim_buf_set_option(self.buf, 'modifiable', false)
  vim.api.nvim_buf_set_option(self.buf, 'modified', false)
  vim.api.nvim_buf_clear_namespace(self.buf, ns, 0, -1)
  for _, h in ipairs(hls) do
    vim.api.nvim_buf_add_highlight(self.buf, ns, h[2], h[1], h[3], h[4])
  end
  self.renders = self.renders + 1
  self:_fetch_wanted()
  local target = math.min(self.viewport_top_line or 1, #lines)
  for _, win in ipairs(vim.fn.win_findbuf(self.buf)) do
    pcall(vim.api.nvim_win_set_cursor, win, { target, 0 })
  end
end

--- True when nothing is in flight: no scroll or edit waiting for its answer, no redraw pending.
function Preview:idle()
  return self.closed
    or (self.busy == 0 and not self.inflight and not self.scheduled and not self.dirty and self.fetching == 0
      and not self.render_scheduled)
end

-- Cell content ------------------------------------------------------------------------------------

--- The cached display list of row `id` ({items, size} or {error}), or nil when none was fetched yet; asks for it
--- (again) at the end of this draw when it is missing or stale (its row changed since).
function Preview:_content(id)
  if id == nil or layoutd.config.content == false then
    return nil
  end
  local entry = self.content[id]
  if entry == nil or entry.stale then
    self.want[id] = true
  end
  return entry
end

--- Marks what is drawn of row `id` out of date: its height changed, its node was released or displayed again.
function Preview:_invalidate(id)
  if id == nil then
    return
  end
  self.content_gen[id] = (self.content_gen[id] or 0) + 1
  if self.content[id] then
    self.content[id].stale = true
  end
end

--- Redraws from what is known (no daemon queries), once per main-loop turn.
function Preview:_render_soon()
  if self.closed or self.render_scheduled then
    return
  end
  self.render_scheduled = true
  vim.schedule(function()
    self.render_scheduled = false
    self:render()
  end)
end

--- Asks for the display lists the last draw wanted (`cell/displayList`, asynchronous; one request a row at a time),
--- each answer stored and drawn unless the row changed while it was on its way (then it is asked for again).
function Preview:_fetch_wanted()
  local want = self.want
  self.want = {}
  if self.closed or not self.client:is_running() then
    return
  end
  for id in pairs(want) do
    if not self.content_inflight[id] then
      local gen = self.content_gen[id] or 0
      self.content_inflight[id] = true
      self.fetching = self.fetching + 1
      local rid = self.client:request('cell/displayList', { sessionId = self.session, row = id }, function(err, res)
        self.fetching = self.fetching - 1
        self.content_inflight[id] = nil
        if self.closed then
          return
        end
        if (self.content_gen[id] or 0) == gen then
          if err then
            self.content[id] = { error = tostring(err.message) }
            layoutd._log('preview ' .. self.title .. ': cell/displayList ' .. tostring(id) .. ': ' .. tostring(err.message))
          else
            self.content[id] = { items = res.items or {}, size = res.size }
          end
        end
        self:_render_soon()
      end)
      if not rid then
        self.fetching = self.fetching - 1
        self.content_inflight[id] = nil
      end
    end
  end
end

--- Waits (running the event loop) until idle; returns true unless it timed out.
function Preview:wait(timeout_ms)
  return vim.wait(timeout_ms or 5000, function()
    return self:idle()
  end, 5)
end

--- Sends a session request counted as busy; redraws after its answer. callback(err, result) optional.
function Preview:send(method, params, callback)
  if self.closed then
    return nil
  end
  params = params or {}
  params.sessionId = self.session
  self.busy = self.busy + 1
  local id, err = self.client:request(method, params, function(e, res)
    self.busy = self.busy - 1
    if e then
      self:_error(method .. ': ' .. tostring(e.message))
    elseif type(res) == 'table' and type(res.contentOffset) == 'table' then
      self.offset = res.contentOffset.y or self.offset
      self.offset_x = res.contentOffset.x or self.offset_x
      self.range_mode = res.rangeMode or self.range_mode
      self.last_scroll = res
    end
    if callback then
      callback(e, res)
    end
    self:schedule()
  end)
  if not id then
    self.busy = self.busy - 1
    self:_error(method .. ': ' .. tostring(err))
  end
  return id
end

--- table/scrollBy along the scroll axis (dy, or dx for a horizontal collection or a pager).
function Preview:scroll_by(d)
  self.anchor_note = nil
  if self.horizontal then
    return self:send('table/scrollBy', { dx = d, drag = layoutd.config.drag })
  end
  return self:send('table/scrollBy', { dy = d, drag = layoutd.config.drag })
end

--- table/scrollToOffset along the scroll axis (y, or x for a horizontal collection or a pager).
function Preview:scroll_to(v)
  self.anchor_note = nil
  if self.horizontal then
    return self:send('table/scrollToOffset', { x = v, drag = layoutd.config.drag })
  end
  return self:send('table/scrollToOffset', { y = v, drag = layoutd.config.drag })
end

--- table/scrollToRow; a horizontal collection's positions are left / right (`top` and `bottom` are mapped to
--- them).
function Preview:scroll_to_row(row, position)
  self.anchor_note = nil
  position = position or 'top'
  if self.horizontal then
    position = ({ top = 'left', bottom = 'right' })[position] or position
  end
  return self:send('table/scrollToRow', { row = row, position = position })
end

--- pager/scrollToPage: page `page` (0-based, clamped to the pages there are) at the viewport's left edge.
function Preview:scroll_to_page(page)
  self.anchor_note = nil
  local last = math.max(0, (self.row_count or 1) - 1)
  return self:send('pager/scrollToPage', { page = math.max(0, math.min(page, last)) })
end

--- The drawn row whose box holds buffer line `line` (1-based) — in a collection or a pager the item whose box holds
--- the character at display column `col` (0-based) of that line — or nil.
function Preview:row_at_line(line, col)
  if self.kind ~= 'table' then
    local r, c = line - (self.grid_first_line or 0), (col or 0) - 1 -- the canvas starts after a `│`
    for _, item in ipairs(self.grid_items or {}) do
      if r >= item.r0 and r <= item.r1 and c >= item.c0 and c <= item.c1 then
        return item.row
      end
    end
    return nil
  end
  local best, best_start = nil, -1
  for _, row in ipairs(self.frames or {}) do
    local start = self.box_lines[row.rowId]
    if start and start <= line and start > best_start then
      best, best_start = row, start
    end
  end
  return best
end

--- table/selectRow or table/deselectRow for a drawn row (as it was last drawn).
function Preview:toggle_selection(row)
  if not row then
    return nil
  end
  return self:send(row.selected and 'table/deselectRow' or 'table/selectRow', { row = row.rowId })
end

--- cell/setNeedsLayout: `spec` replaces the row's cell (or the element `element` when given).
function Preview:set_needs_layout(row, spec, element)
  self:_invalidate(row)
  local params = { row = row }
  if element then
    params.element, params.spec = element, spec
  elseif spec then
    params.cell = spec
  end
  return self:send('cell/setNeedsLayout', params)
end

--- A pager's keys: h / l (and j / k, <C-f> / <C-b>) the previous / next page, gg / G the first / last page ({N}gg,
--- {N}G page N), each a pager/scrollToPage; r, s and q as in a table.
function Preview:_map_pager_keys(map)
  local function by(delta)
    return function()
      self:scroll_to_page(self:current_page() + delta * vim.v.count1)
    end
  end
  for _, lhs in ipairs({ 'l', 'j', '<Right>', '<Down>', '<C-f>', '<PageDown>' }) do
    map(lhs, by(1), 'layoutd: the next page')
  end
  for _, lhs in ipairs({ 'h', 'k', '<Left>', '<Up>', '<C-b>', '<PageUp>' }) do
    map(lhs, by(-1), 'layoutd: the previous page')
  end
  map('gg', function()
    self:scroll_to_page(vim.v.count > 0 and vim.v.count - 1 or 0)
  end, 'layoutd: the first page (or page N)')
  map('G', function()
    self:scroll_to_page(vim.v.count > 0 and vim.v.count - 1 or (self.row_count or 1) - 1)
  end, 'layoutd: the last page (or page N)')
  map('r', function()
    self:schedule()
  end, 'layoutd: redraw')
  map('s', function()
    self:toggle_selection(self:row_at_line(vim.api.nvim_win_get_cursor(0)[1], vim.fn.virtcol('.') - 1))
  end, 'layoutd: select or deselect the row (or item) under the cursor')
  map('q', function()
    self:close()
  end, 'layoutd: close the preview')
end

function Preview:_map_keys()
  local cfg = layoutd.config
  local buf = self.buf
  local function map(lhs, fn, desc)
    vim.keymap.set('n', lhs, fn, { buffer = buf, silent = true, nowait = true, desc = desc })
  end
  local vh = self.viewport.height
  if self.kind == 'pager' then
    return self:_map_pager_keys(map)
  end
  -- Keys that scroll by `distance()` points times the count (the distance is read when the key is pressed, so a
  -- changed `step` applies at once).
  local function scroll_keys(keys, distance, desc)
    for _, lhs in ipairs(keys) do
      map(lhs, function()
        self:scroll_by(distance() * vim.v.count1)
      end, desc)
    end
  end
  local function step()
    return cfg.step
  end
  local function back()
    return -cfg.step
  end
  if self.horizontal then
    vh = self.viewport.width -- a screen is the viewport's width
    scroll_keys({ 'l', '<Right>' }, step, 'layoutd: scroll right')
    scroll_keys({ 'h', '<Left>' }, back, 'layoutd: scroll left')
  end
  scroll_keys({ 'j', '<Down>' }, step, 'layoutd: scroll down')
  scroll_keys({ 'k', '<Up>' }, back, 'layoutd: scroll up')
  scroll_keys({ '<C-d>' }, function()
    return vh / 2
  end, 'layoutd: half a screen down')
  scroll_keys({ '<C-u>' }, function()
    return -vh / 2
  end, 'layoutd: half a screen up')
  scroll_keys({ '<C-f>', '<PageDown>' }, function()
    return vh
  end, 'layoutd: a screen down')
  scroll_keys({ '<C-b>', '<PageUp>' }, function()
    return -vh
  end, 'layoutd: a screen up')
  -- gg and G go to the top and the bottom of the screen's content: an inverted table has its last row on top and
  -- row 0 at the bottom. With a count, both go to row N.
  local function go_to_edge(edge)
    local count = vim.v.count
    local rows = self.row_count or 0
    if rows == 0 then
      self:scroll_to(0)
    elseif count > 0 then
      self:scroll_to_row({ 0, math.min(count, rows) - 1 }, 'top')
    else
      local at_top = (edge == 'top') ~= (self.inverted == true)
      self:scroll_to_row({ 0, at_top and 0 or rows - 1 }, edge)
    end
  end
  map('gg', function()
    go_to_edge('top')
  end, 'layoutd: the top row (or row N)')
  map('G', function()
    go_to_edge('bottom')
  end, 'layoutd: the bottom row (or row N)')
  map('r', function()
    self:schedule()
  end, 'layoutd: redraw')
  map('s', function()
    self:toggle_selection(self:row_at_line(vim.api.nvim_win_get_cursor(0)[1], vim.fn.virtcol('.') - 1))
  end, 'layoutd: select or deselect the row (or item) under the cursor')
  map('q', function()
    self:close()
  end, 'layoutd: close the preview')
end

function Preview:_map_keys()
  local cfg = layoutd.config
  local buf = self.buf
  local function map(lhs, fn, desc)
    vim.keymap.set('n', lhs, fn, { buffer = buf, silent = true, nowait = true, desc = desc })
  end
  local vh = self.viewport.height
  if self.kind == 'pager' then
    return self:_map_pager_keys(map)
  end
  if self.horizontal then
    vh = self.viewport.width -- a screen is the viewport's width
    map('l', function()
      self:scroll_by(cfg.step * vim.v.count1)
    end, 'layoutd: scroll right')
    map('h', function()
      self:scroll_by(-cfg.step * vim.v.count1)
    end, 'layoutd: scroll left')
    map('<Right>', function()
      self:scroll_by(cfg.step * vim.v.count1)
    end, 'layoutd: scroll right')
    map('<Left>', function()
      self:scroll_by(-cfg.step * vim.v.count1)
    end, 'layoutd: scroll left')
  end
  map('j', function()
    self:scroll_by(cfg.step * vim.v.count1)
  end, 'layoutd: scroll down')
  map('k', function()
    self:scroll_by(-cfg.step * vim.v.count1)
  end, 'layoutd: scroll up')
  map('<Down>', function()
    self:scroll_by(cfg.step * vim.v.count1)
  end, 'layoutd: scroll down')
  map('<Up>', function()
    self:scroll_by(-cfg.step * vim.v.count1)
  end, 'layoutd: scroll up')
  map('<C-d>', function()
    self:scroll_by(vh / 2 * vim.v.count1)
  end, 'layoutd: half a screen down')
  map('<C-u>', function()
    self:scroll_by(-vh / 2 * vim.v.count1)
  end, 'layoutd: half a screen up')
  map('<C-f>', function()
    self:scroll_by(vh * vim.v.count1)
  end, 'layoutd: a screen down')
  map('<PageDown>', function()
    self:scroll_by(vh * vim.v.count1)
  end, 'layoutd: a screen down')
  map('<C-b>', function()
    self:scroll_by(-vh * vim.v.count1)
  end, 'layoutd: a screen up')
  map('<PageUp>', function()
    self:scroll_by(-vh * vim.v.count1)
  end, 'layoutd: a screen up')
  -- gg and G go to the top and the bottom of the screen's content: an inverted table has its last row on top and
  -- row 0 at the bottom.
  local function row_at(edge)
    local last = (self.row_count or 1) - 1
    if self.inverted then
      return edge == 'top' and last or 0
    end
    return edge == 'top' and 0 or last
  end
  map('gg', function()
    local count = vim.v.count
    if (self.row_count or 0) == 0 then
      self:scroll_to(0)
    elseif count > 0 then
      self:scroll_to_row({ 0, math.min(count, self.row_count) - 1 }, 'top')
    else
      self:scroll_to_row({ 0, row_at('top') }, 'top')
    end
  end, 'layoutd: the top row (or row N)')
  map('G', function()
    local count = vim.v.count
    if (self.row_count or 0) == 0 then
      self:scroll_to(0)
    elseif count > 0 then
      self:scroll_to_row({ 0, math.min(count, self.row_count) - 1 }, 'top')
    else
      self:scroll_to_row({ 0, row_at('bottom') }, 'bottom')
    end
  end, 'layoutd: the bottom row (or row N)')
  map('r', function()
    self:schedule()
  end, 'layoutd: redraw')
  map('s', function()
    self:toggle_selection(self:row_at_line(vim.api.nvim_win_get_cursor(0)[1], vim.fn.virtcol('.') - 1))
  end, 'layoutd: select or deselect the row (or item) under the cursor')
  map('q', function()
    self:close()
  end, 'layoutd: close the preview')
end

--- Closes the preview: disposes its session (unless opts.dispose == false) and wipes the buffer.
function Preview:close(opts)
  if self.closed then
    return
  end
  self.closed = true
  previews[self.buf] = nil
  layoutd.listen(self.session, nil)
  if (not opts or opts.dispose ~= false) and self.client:is_running() then
    self.client:request('session/dispose', { sessionId = self.session })
  end
  if not (opts and opts.wiping) and vim.api.nvim_buf_is_valid(self.buf) then
    pcall(vim.api.nvim_buf_delete, self.buf, { force = true })
  end
end

local function unique_name(base)
  local name, k = base, 1
  while vim.fn.bufexists(name) == 1 do
    k = k + 1
    name = base .. ' (' .. k .. ')'
  end
  return name
end

--- Opens a preview of `file` (a scenario or cell-spec file), or of the current buffer's text when `file` is nil or
--- empty. opts.open_cmd: how to show it ('vsplit' by default, 'edit', 'split', 'tabnew', or 'none').
--- Returns the Preview, or nil and an error message (also reported with vim.notify).
function M.open(file, opts)
  opts = opts or {}
  local text, title
  if file and file ~= '' then
    local path = vim.fn.fnamemodify(vim.fn.expand(file), ':p')
    if vim.fn.filereadable(path) ~= 1 then
      local msg = 'cannot read ' .. file
      vim.notify('layoutd: ' .. msg, vim.log.levels.ERROR)
      return nil, msg
    end
    text = table.concat(vim.fn.readfile(path), '\n')
    title = vim.fn.fnamemodify(path, ':t')
  else
    text = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
    local bufname = vim.api.nvim_buf_get_name(0)
    title = bufname ~= '' and vim.fn.fnamemodify(bufname, ':t') or ('buffer ' .. vim.api.nvim_get_current_buf())
  end
  local scenario, perr = M.parse_scenario(text, title)
  if not scenario then
    vim.notify('layoutd: ' .. perr, vim.log.levels.ERROR)
    return nil, perr
  end
  local client, cerr = layoutd.ensure_client()
  if not client then
    vim.notify('layoutd: ' .. cerr, vim.log.levels.ERROR)
    return nil, cerr
  end
  local timeout = layoutd.config.timeout_ms
  local create = { viewport = scenario.viewport, interfaceStates = true }
  for k, v in pairs(scenario.session) do
    create[k] = v
  end
  local created, err = client:request_sync('session/create', create, timeout)
  if err then
    local msg = 'session/create: ' .. tostring(err.message)
    vim.notify('layoutd: ' .. msg, vim.log.levels.ERROR)
    return nil, msg
  end
  define_highlights()
  local buf = vim.api.nvim_create_buf(false, true)
  local self = setmetatable({
    buf = buf,
    client = client,
    session = created.sessionId,
    title = title,
    viewport = scenario.viewport,
    inverted = scenario.session.inverted == true,
    offset = scenario.session.inverted == true and -scenario.viewport.height or 0,
    content_size = { width = scenario.viewport.width, height = 0 },
    states = {},
    notes = {},
    content = {},
    content_gen = {},
    content_inflight = {},
    want = {},
    fetching = 0,
    render_scheduled = false,
    kind = scenario.session.kind or 'table',
    horizontal = scenario.session.kind == 'pager'
      or (scenario.session.kind == 'collection' and type(scenario.session.layout) == 'table'
        and scenario.session.layout.scrollDirection == 'horizontal'),
    offset_x = 0,
    frames = {},
    ranges_rows = {},
    box_lines = {},
    stats = {},
    busy = 0,
    renders = 0,
    row_count = 0,
    inflight = false,
    dirty = false,
    scheduled = false,
    closed = false,
  }, Preview)
  previews[buf] = self
  last_buf = buf
  layoutd.listen(self.session, function(method, params)
    self:_on_notification(method, params)
  end)
  vim.api.nvim_buf_set_name(buf, unique_name('layoutd://' .. title))
  vim.api.nvim_buf_set_option(buf, 'bufhidden', 'wipe')
  vim.api.nvim_buf_set_option(buf, 'swapfile', false)
  vim.api.nvim_buf_set_option(buf, 'filetype', 'layoutd')
  vim.api.nvim_buf_set_option(buf, 'modifiable', false)
  vim.api.nvim_create_autocmd('BufWipeout', {
    buffer = buf,
    once = true,
    callback = function()
      self:close({ wiping = true })
    end,
  })
  self:_map_keys()
  local open_cmd = opts.open_cmd or layoutd.config.open_cmd or 'vsplit'
  if open_cmd ~= 'none' then
    if open_cmd ~= 'edit' then
      vim.cmd(open_cmd)
    end
    vim.api.nvim_win_set_buf(0, buf)
    vim.api.nvim_win_set_option(0, 'wrap', false)
    vim.api.nvim_win_set_option(0, 'number', false)
    vim.api.nvim_win_set_option(0, 'relativenumber', false)
    vim.api.nvim_win_set_option(0, 'cursorline', true)
  end
  self:render()
  if scenario.sections then
    local sections = {}
    for i, section in ipairs(scenario.sections) do
      local rows = {}
      for k, row in ipairs(section.rows) do
        rows[k] = { id = row.id, cell = row.cell, neverShowPlaceholders = row.neverShowPlaceholders }
      end
      sections[i] = { header = section.header, footer = section.footer, rows = rows }
    end
    local loaded, lerr = client:request_sync('table/reloadData', { sessionId = self.session, sections = sections },
      timeout)
    if lerr then
      self.last_error = 'table/reloadData: ' .. tostring(lerr.message)
      vim.notify('layoutd: ' .. self.last_error, vim.log.levels.ERROR)
    else
      local ids = {}
      for _, group in ipairs(loaded.rowIds) do
        for _, rid in ipairs(group) do
          ids[#ids + 1] = rid
        end
      end
      self.row_count = #ids
      self.row_ids = ids
    end
  elseif #scenario.rows > 0 then
    local rows = {}
    for i, row in ipairs(scenario.rows) do
      rows[i] = copy_row_keys(row, { id = row.id, cell = row.cell })
    end
    local inserted, ierr = client:request_sync('table/insertRows', { sessionId = self.session, rows = rows }, timeout)
    if ierr then
      self.last_error = 'table/insertRows: ' .. tostring(ierr.message)
      vim.notify('layoutd: ' .. self.last_error, vim.log.levels.ERROR)
    else
      self.row_count = #inserted.rowIds
      self.row_ids = inserted.rowIds
    end
  end
  -- Draw once every row is committed (the didCommit notification also schedules a redraw).
  self:send('table/waitUntilAllUpdatesAreProcessed', {})
  for _, change in ipairs(scenario.changes) do
    vim.defer_fn(function()
      if not self.closed and self.client:is_running() then
        self:set_needs_layout(change.row, change.cell or change.spec, change.element)
      end
    end, math.max(0, tonumber(change.afterMs) or 0))
  end
  return self
end

--- The preview shown in buffer `buf` (default: the current buffer, else the last one opened).
function M.get(buf)
  if buf == nil or buf == 0 then
    buf = vim.api.nvim_get_current_buf()
    if previews[buf] then
      return previews[buf]
    end
    if last_buf and previews[last_buf] then
      return previews[last_buf]
    end
    local _, any = next(previews)
    return any
  end
  return previews[buf]
end

--- All open previews (bufnr -> Preview).
function M.all()
  return previews
end

--- Closes every preview (opts.dispose = false: leave the sessions to the daemon's shutdown).
function M.close_all(opts)
  for _, p in pairs(vim.tbl_values(previews)) do
    p:close(opts)
  end
end

M.Preview = Preview
return M

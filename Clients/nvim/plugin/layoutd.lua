-- layoutd.nvim commands. Requires Neovim 0.7 (nvim_create_user_command, nvim_create_autocmd).
if vim.g.loaded_layoutd then
  return
end
vim.g.loaded_layoutd = 1

local function preview_or_error()
  local p = require('layoutd.preview').get()
  if not p then
    vim.notify('layoutd: no preview is open (:LayoutdPreview [file])', vim.log.levels.ERROR)
  end
  return p
end

local function number_arg(text, what)
  local n = tonumber(text)
  if not n then
    vim.notify('layoutd: ' .. what .. ': expected a number, got ' .. vim.inspect(text), vim.log.levels.ERROR)
  end
  return n
end

local command = vim.api.nvim_create_user_command

command('LayoutdPreview', function(args)
  require('layoutd').preview(args.args)
end, { nargs = '?', complete = 'file', desc = 'layoutd: preview a scenario or cell-spec file (default: this buffer)' })

command('LayoutdScroll', function(args)
  local p, dy = preview_or_error(), number_arg(args.args, ':LayoutdScroll')
  if p and dy then
    p:scroll_by(dy)
  end
end, { nargs = 1, desc = 'layoutd: scroll the preview by {dy} points (table/scrollBy)' })

command('LayoutdScrollTo', function(args)
  local p, y = preview_or_error(), number_arg(args.args, ':LayoutdScrollTo')
  if p and y then
    p:scroll_to(y)
  end
end, { nargs = 1, desc = 'layoutd: scroll the preview to offset {y} (table/scrollToOffset)' })

command('LayoutdRow', function(args)
  local p = preview_or_error()
  if p then
    local row, position = args.fargs[1], args.fargs[2] or 'top'
    p:scroll_to_row(row, position)
  end
end, { nargs = '+', desc = 'layoutd: scroll to row {id} [top|middle|bottom|none] (table/scrollToRow)' })

command('LayoutdSetCell', function(args)
  local p = preview_or_error()
  if not p then
    return
  end
  local row, json = args.args:match('^(%S+)%s+(.+)$')
  if not row then
    vim.notify('layoutd: usage: :LayoutdSetCell {row} {cell-spec JSON}', vim.log.levels.ERROR)
    return
  end
  local ok, spec = pcall(vim.fn.json_decode, json)
  if not ok then
    vim.notify('layoutd: :LayoutdSetCell: not JSON: ' .. tostring(spec), vim.log.levels.ERROR)
    return
  end
  p:set_needs_layout(row, spec)
end, { nargs = '+', desc = 'layoutd: give row {id} a new cell spec (cell/setNeedsLayout)' })

command('LayoutdStop', function()
  require('layoutd').stop()
end, { nargs = 0, desc = 'layoutd: close previews and shut the daemon down' })

command('LayoutdLog', function()
  local log = require('layoutd').log
  if #log == 0 then
    vim.notify('layoutd: the log is empty')
  else
    vim.notify(table.concat(log, '\n'))
  end
end, { nargs = 0, desc = 'layoutd: recent errors and daemon log messages' })

local group = vim.api.nvim_create_augroup('layoutd', { clear = true })
vim.api.nvim_create_autocmd('VimLeavePre', {
  group = group,
  callback = function()
    local layoutd = package.loaded['layoutd']
    if layoutd and layoutd.client then
      layoutd.stop()
    end
  end,
})

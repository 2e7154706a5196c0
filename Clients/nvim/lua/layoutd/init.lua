-- layoutd.nvim: configuration, finding the binary, and the one shared daemon.
local rpc = require('layoutd.rpc')

local M = {}

M.defaults = {
  binary = nil, -- path or name of the layoutd binary (else g:layoutd_binary, $LAYOUTD_BINARY, the repo's builds, PATH)
  args = {}, -- extra arguments for the daemon, e.g. { '--log-level', 'info' }
  log_level = 'error', -- passed as --log-level (Neovim 0.7 shows every stderr chunk of jobs it logs; keep it quiet)
  points_per_line = 10, -- box height: one buffer line per this many points
  min_box_lines = 3, -- a box is never shorter than this (border, state line, border)
  points_per_column = 8, -- cell content and collection canvases: one column per this many points
  content = true, -- draw the cells' content (their display lists, fetched with cell/displayList for drawn rows)
  width = 48, -- box width in columns
  step = 20, -- j / k scroll this many points (times the count)
  context_screens = 0.5, -- rows in the display/preload ranges this many viewports above/below are drawn, dimmed
  note_ms = 4000, -- how long a height change note ("42.5 → 60.5") stays; 0 = until the next height change of the row
  drag = true, -- j/k/<C-d>/... scroll as user drags (Texture switches to the full range mode)
  initialization_options = nil, -- sent as initialize's initializationOptions
  -- 'coalesced' (one notification per change set, layout pass or range update, expanded by the plugin into the
  -- per-row ones) or 'perRow'; initialization_options.notifications, when set, wins
  notifications = 'coalesced',
  timeout_ms = 10000, -- synchronous requests (initialize, session/create, insert)
}

M.config = vim.deepcopy(M.defaults)

--- Merges `opts` into the configuration.
function M.setup(opts)
  M.config = vim.tbl_deep_extend('force', vim.deepcopy(M.defaults), opts or {})
  return M
end

local function is_executable(path)
  return path ~= nil and path ~= '' and vim.fn.executable(path) == 1
end

--- Directories that may hold a layoutd checkout: the ancestors of this plugin file and of the cwd.
local function repo_roots()
  local roots, seen = {}, {}
  local function walk(dir)
    while dir and dir ~= '' do
      if vim.fn.filereadable(dir .. '/Package.swift') == 1 and not seen[dir] then
        seen[dir] = true
        roots[#roots + 1] = dir
      end
      local parent = vim.fn.fnamemodify(dir, ':h')
      if parent == dir then
        break
      end
      dir = parent
    end
  end
  local source = debug.getinfo(1, 'S').source
  if source:sub(1, 1) == '@' then
    walk(vim.fn.fnamemodify(source:sub(2), ':p:h'))
  end
  walk(vim.fn.getcwd())
  return roots
end

--- The daemon binary: setup's `binary`, g:layoutd_binary, $LAYOUTD_BINARY, <repo>/.build/release/layoutd,
--- <repo>/.build/debug/layoutd, `layoutd` on PATH. Returns path, tried (list of strings); path is nil when nothing
--- was found. An explicit choice (option, variable, environment) that is not executable is an error, never a silent
--- fallback to another build.
function M.find_binary()
  local tried = {}
  local explicit = {
    { M.config.binary, 'setup option binary' },
    { vim.g.layoutd_binary, 'g:layoutd_binary' },
    { vim.env.LAYOUTD_BINARY, '$LAYOUTD_BINARY' },
  }
  for _, choice in ipairs(explicit) do
    local value, origin = choice[1], choice[2]
    if value ~= nil and value ~= '' and value ~= vim.NIL then
      local path = vim.fn.exepath(value)
      if path ~= '' and is_executable(path) then
        return path, { value .. ' (' .. origin .. ')' }
      end
      return nil, { value .. ' (' .. origin .. '): not an executable file' }
    end
    tried[#tried + 1] = origin .. ' (not set)'
  end
  for _, root in ipairs(repo_roots()) do
    for _, config in ipairs({ 'release', 'debug' }) do
      local candidate = root .. '/.build/' .. config .. '/layoutd'
      tried[#tried + 1] = candidate
      if is_executable(candidate) then
        return candidate, tried
      end
    end
  end
  local on_path = vim.fn.exepath('layoutd')
  if on_path ~= '' then
    return on_path, tried
  end
  tried[#tried + 1] = 'layoutd on PATH'
  return nil, tried
end

-- The shared daemon -------------------------------------------------------------------------------

M.client = nil -- the running rpc client, if any
local listeners = {} -- sessionId -> function(method, params)
M.log = {} -- recent errors and log messages (:LayoutdLog)

local function log(message)
  M.log[#M.log + 1] = os.date('%H:%M:%S ') .. message
  if #M.log > 500 then
    table.remove(M.log, 1)
  end
end
M._log = log

local function on_notification(method, params)
  if method == 'window/logMessage' then
    log('layoutd: ' .. tostring(params.message))
    return
  end
  local listener = params and params.sessionId and listeners[params.sessionId]
  if listener then
    listener(method, params)
  end
end

--- Routes notifications of `session_id` to `fn(method, params)` (nil removes it).
function M.listen(session_id, fn)
  listeners[session_id] = fn
end

--- Returns the running client, starting the daemon and initializing it first if needed; or nil, err.
function M.ensure_client()
  if M.client and M.client:is_running() then
    return M.client
  end
  local binary, tried = M.find_binary()
  if not binary then
    return nil, 'layoutd binary not found (see :checkhealth layoutd). Tried:\n  ' .. table.concat(tried, '\n  ')
  end
  local cmd = { binary }
  if M.config.log_level then
    vim.list_extend(cmd, { '--log-level', M.config.log_level })
  end
  vim.list_extend(cmd, M.config.args or {})
  local client, err = rpc.start(cmd, {
    on_notification = on_notification,
    on_error = function(message)
      log(message)
    end,
    on_exit = function(code)
      log('layoutd exited with status ' .. tostring(code))
      if M.client and M.client.exited then
        M.client = nil
      end
      -- Previews show that their daemon is gone.
      local ok_preview, preview = pcall(require, 'layoutd.preview')
      if ok_preview then
        for _, p in pairs(preview.all()) do
          p:schedule()
        end
      end
    end,
  })
  if not client then
    return nil, 'cannot start ' .. binary .. ': ' .. tostring(err)
  end
  local options = vim.tbl_extend('keep', M.config.initialization_options or {}, {
    notifications = M.config.notifications,
  })
  local _, ierr = client:initialize(options, M.config.timeout_ms)
  if ierr then
    client:stop(1000)
    return nil, 'initialize failed: ' .. tostring(ierr.message)
  end
  M.client = client
  return client
end

--- Closes every preview and shuts the daemon down (`shutdown` + `exit`). Returns true when it has exited.
function M.stop()
  local ok_preview, preview = pcall(require, 'layoutd.preview')
  if ok_preview then
    preview.close_all({ dispose = false })
  end
  local client = M.client
  M.client = nil
  listeners = {}
  if client then
    return client:stop(2000)
  end
  return true
end

--- :LayoutdPreview [file]
function M.preview(file)
  return require('layoutd.preview').open(file)
end

return M

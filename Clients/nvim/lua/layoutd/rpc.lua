-- JSON-RPC 2.0 over stdio with LSP Content-Length framing, for Neovim 0.7+.
--
-- Only Neovim 0.7 APIs: vim.fn.jobstart (raw stdout chunks, framed here), vim.fn.chansend,
-- vim.fn.json_encode / json_decode (empty params are sent as `{}` via vim.empty_dict()).
local M = {}

local function encode_json(value)
  return vim.fn.json_encode(value)
end

local function decode_json(text)
  return vim.fn.json_decode(text)
end

-- Framing -----------------------------------------------------------------------------------------

--- Frames one JSON body: `Content-Length: N\r\n\r\n` + body (N = byte count; Lua strings are bytes).
function M.frame(body)
  return 'Content-Length: ' .. #body .. '\r\n\r\n' .. body
end

local Framer = {}
Framer.__index = Framer

--- A reader that turns byte chunks (split anywhere, even inside a header or a UTF-8 sequence) into
--- message bodies.
function M.new_framer()
  return setmetatable({ buf = '' }, Framer)
end

--- Feeds one chunk; returns the list of complete bodies (strings) and an error string or nil.
--- A header block without Content-Length is skipped and reported.
function Framer:feed(chunk)
  local bodies, err = {}, nil
  if chunk and #chunk > 0 then
    self.buf = self.buf .. chunk
  end
  -- Frames are read at an offset and the buffer is cut once at the end: cutting it after every frame copied the
  -- rest each time, quadratic in a chunk holding thousands of small frames.
  local buf, pos = self.buf, 1
  while true do
    local sep = buf:find('\r\n\r\n', pos, true)
    if not sep then
      break
    end
    local length
    for line in (buf:sub(pos, sep - 1) .. '\r\n'):gmatch('(.-)\r\n') do
      local name, value = line:match('^%s*([^:]-)%s*:%s*(.-)%s*$')
      if name and name:lower() == 'content-length' then
        length = tonumber(value)
      end
    end
    if not length or length < 0 then
      err = 'frame without a valid Content-Length header: ' .. buf:sub(pos, math.min(sep - 1, pos + 79))
      pos = sep + 4
    else
      local body_start = sep + 4
      if #buf < body_start + length - 1 then
        break
      end
      bodies[#bodies + 1] = buf:sub(body_start, body_start + length - 1)
      pos = body_start + length
    end
  end
  if pos > 1 then
    self.buf = buf:sub(pos)
  end
  return bodies, err
end

-- Client ------------------------------------------------------------------------------------------

local Client = {}
Client.__index = Client

local function empty_params(params)
  if params == nil or (type(params) == 'table' and next(params) == nil and getmetatable(params) == nil) then
    return vim.empty_dict()
  end
  return params
end

--- Spawns `cmd` (a list: binary and arguments) and returns a client, or nil and an error message.
--- opts.on_notification(method, params), opts.on_exit(code), opts.on_error(message): all called on the main loop.
--- opts.trace(direction, body): sees every body read ("in") and written ("out").
function M.start(cmd, opts)
  opts = opts or {}
  local self = setmetatable({
    cmd = cmd,
    opts = opts,
    next_id = 1,
    pending = {},
    framer = M.new_framer(),
    inbox = { first = 1, last = 0 }, -- bodies read and not handled yet (see _drain)
    stderr = {},
    errors = {},
    exited = false,
    exit_code = nil,
    initialized = false,
  }, Client)
  local ok, job = pcall(vim.fn.jobstart, cmd, {
    on_stdout = function(_, data)
      self:_on_stdout(data)
    end,
    on_stderr = function(_, data)
      self:_on_stderr(data)
    end,
    on_exit = function(_, code)
      self:_on_exit(code)
    end,
  })
  if not ok then
    return nil, tostring(job)
  end
  if job == 0 then
    return nil, 'invalid arguments to jobstart'
  elseif job == -1 then
    return nil, cmd[1] .. ' is not executable'
  end
  self.job = job
  self.pid = vim.fn.jobpid(job)
  return self
end

function Client:_report(message)
  self.errors[#self.errors + 1] = message
  if self.opts.on_error then
    pcall(self.opts.on_error, message)
  end
end

--- Milliseconds of message handling per main-loop turn: a flood of answers and notifications is handled in slices,
--- in order, so the editor keeps responding (Neovim draws at 60 Hz: 16 ms a frame).
M.slice_ms = 8

function Client:_on_stdout(data)
  -- jobstart hands over the chunk split at "\n"; joining restores the raw bytes.
  local chunk = table.concat(data, '\n')
  local bodies, err = self.framer:feed(chunk)
  if err then
    self:_report(err)
  end
  local inbox = self.inbox
  for _, body in ipairs(bodies) do
    inbox.last = inbox.last + 1
    inbox[inbox.last] = body
  end
  self:_drain(M.slice_ms)
end

--- Handles queued bodies in arrival order for up to `budget_ms` (all of them when nil), then leaves the rest to a
--- later turn of the main loop. A handler that waits (request_sync) drains the same queue from its head, so the
--- order holds however handlers nest.
function Client:_drain(budget_ms)
  local inbox = self.inbox
  local deadline = budget_ms and (vim.loop.hrtime() + budget_ms * 1e6)
  while inbox.first <= inbox.last do
    local body = inbox[inbox.first]
    inbox[inbox.first] = nil
    inbox.first = inbox.first + 1
    self:_dispatch(body)
    if deadline and vim.loop.hrtime() >= deadline and inbox.first <= inbox.last then
      if not self.drain_scheduled then
        self.drain_scheduled = true
        vim.schedule(function()
          self.drain_scheduled = false
          self:_drain(M.slice_ms)
        end)
      end
      return
    end
  end
end

function Client:_on_stderr(data)
  local text = table.concat(data, '\n')
  if text ~= '' then
    self.stderr[#self.stderr + 1] = text
    if #self.stderr > 200 then
      table.remove(self.stderr, 1)
    end
  end
end

function Client:_on_exit(code)
  self:_drain(nil) -- answers that arrived before the exit are delivered first
  self.exited = true
  self.exit_code = code
  local pending = self.pending
  self.pending = {}
  for _, entry in pairs(pending) do
    pcall(entry.callback, { code = -32099, message = 'layoutd exited (status ' .. tostring(code) .. ')' }, nil)
  end
  if self.opts.on_exit then
    pcall(self.opts.on_exit, code)
  end
end

--- The per-row notifications { {method, params}, ... } a coalesced notification (`table/heightsChanged`,
--- `cell/interfaceStatesChanged`: Protocol.md "Coalesced notifications") stands for, in order; any other
--- notification comes back alone.
function M.expand_coalesced(method, params)
  if (method ~= 'table/heightsChanged' and method ~= 'cell/interfaceStatesChanged') or type(params) ~= 'table' then
    return { { method, params } }
  end
  local out = {}
  for _, entry in ipairs(type(params.changes) == 'table' and params.changes or {}) do
    if type(entry) == 'table' then
      local expanded = { sessionId = params.sessionId }
      local name
      if method == 'table/heightsChanged' then
        name = entry.indexPath ~= nil and 'table/heightChanged' or 'table/supplementaryHeightChanged'
        for k, v in pairs(entry) do
          expanded[k] = v
        end
        expanded.contentSize = params.contentSize
        expanded.seq = params.seq
      elseif entry.released then
        name = 'cell/nodeReleased'
        expanded.rowId = entry.rowId
        expanded.state = entry.state
      else
        name = 'cell/interfaceStateChanged'
        for k, v in pairs(entry) do
          expanded[k] = v
        end
      end
      out[#out + 1] = { name, expanded }
    end
  end
  return out
end

function Client:_dispatch(body)
  if self.opts.trace then
    pcall(self.opts.trace, 'in', body)
  end
  local ok, msg = pcall(decode_json, body)
  if not ok or type(msg) ~= 'table' then
    self:_report('unreadable message from layoutd: ' .. body:sub(1, 200))
    return
  end
  if msg.method ~= nil then
    if msg.id ~= nil and msg.id ~= vim.NIL then
      -- A daemon-to-client request: nothing is implemented (as Neovim's LSP client answers).
      self:_send({ jsonrpc = '2.0', id = msg.id, error = { code = -32601, message = 'method not found: ' .. msg.method } })
      return
    end
    if self.opts.on_notification then
      local params = msg.params
      if params == vim.NIL then
        params = {}
      end
      -- A coalesced notification is handed on as the per-row notifications it stands for, in order.
      for _, note in ipairs(M.expand_coalesced(msg.method, params or {})) do
        local cb_ok, cb_err = pcall(self.opts.on_notification, note[1], note[2])
        if not cb_ok then
          self:_report('notification handler for ' .. note[1] .. ' failed: ' .. tostring(cb_err))
        end
      end
    end
    return
  end
  local entry = self.pending[msg.id]
  if not entry then
    self:_report('response to an unknown id: ' .. body:sub(1, 200))
    return
  end
  self.pending[msg.id] = nil
  local err, result = nil, nil
  if msg.error ~= nil and msg.error ~= vim.NIL then
    err = msg.error
  else
    result = msg.result
  end
  local cb_ok, cb_err = pcall(entry.callback, err, result)
  if not cb_ok then
    self:_report('response handler for ' .. entry.method .. ' failed: ' .. tostring(cb_err))
  end
end

function Client:_send(msg)
  if self.exited or not self.job then
    return false, 'layoutd is not running'
  end
  local body = encode_json(msg)
  if self.opts.trace then
    pcall(self.opts.trace, 'out', body)
  end
  local ok, err = pcall(vim.fn.chansend, self.job, M.frame(body))
  if not ok then
    return false, tostring(err)
  end
  return true
end

--- Sends a request; callback(err, result) runs on the main loop (err = {code, message, data?}).
--- Returns the request id, or nil and an error message (callback not called then).
function Client:request(method, params, callback)
  local id = self.next_id
  self.next_id = id + 1
  self.pending[id] = { method = method, callback = callback or function() end }
  local ok, err = self:_send({ jsonrpc = '2.0', id = id, method = method, params = empty_params(params) })
  if not ok then
    self.pending[id] = nil
    return nil, err
  end
  return id
end

--- Sends a request and waits for its answer (vim.wait keeps the event loop running).
--- Returns result, err (err = {code, message} or {code = -32098, message = 'timeout ...'}).
function Client:request_sync(method, params, timeout_ms)
  local done, res, rerr = false, nil, nil
  local id, send_err = self:request(method, params, function(e, r)
    done, rerr, res = true, e, r
  end)
  if not id then
    return nil, { code = -32099, message = send_err }
  end
  local finished = vim.wait(timeout_ms or 5000, function()
    return done
  end, 5)
  if not finished then
    self.pending[id] = nil
    self:notify('$/cancelRequest', { id = id })
    return nil, { code = -32098, message = 'timeout waiting for ' .. method }
  end
  return res, rerr
end

--- Sends a notification.
function Client:notify(method, params)
  return self:_send({ jsonrpc = '2.0', method = method, params = empty_params(params) })
end

--- Number of requests still waiting for an answer.
function Client:pending_count()
  local n = 0
  for _ in pairs(self.pending) do
    n = n + 1
  end
  return n
end

function Client:is_running()
  return not self.exited and self.job ~= nil
end

--- `initialize` (synchronous); returns the result or nil, err.
function Client:initialize(options, timeout_ms)
  local result, err = self:request_sync('initialize', {
    processId = vim.fn.getpid(),
    clientInfo = { name = 'layoutd.nvim', version = '0.1.0' },
    initializationOptions = options or vim.NIL,
  }, timeout_ms or 10000)
  if result then
    self.initialized = true
    self.server_info = result.serverInfo
    self.capabilities = result.capabilities
    self:notify('initialized', {})
  end
  return result, err
end

--- Clean shutdown: `shutdown`, then `exit`, then wait for the process; SIGTERM after `timeout_ms`.
--- Returns true when the daemon has exited (and its exit status).
function Client:stop(timeout_ms)
  timeout_ms = timeout_ms or 2000
  if self.exited then
    return true, self.exit_code
  end
  self:request_sync('shutdown', nil, timeout_ms)
  self:notify('exit', nil)
  local exited = vim.wait(timeout_ms, function()
    return self.exited
  end, 5)
  if not exited then
    pcall(vim.fn.jobstop, self.job)
    exited = vim.wait(timeout_ms, function()
      return self.exited
    end, 5)
  end
  return exited, self.exit_code
end

M.Client = Client
return M

-- VimLeavePre: quitting Neovim with a preview open shuts the daemon down (shutdown + exit), no orphan.
local T = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h') .. '/helper.lua')

T.out('test_shutdown\n')

T.test('quitting a child Neovim with a preview open leaves no daemon behind', function()
  local pidfile, trace = vim.fn.tempname(), vim.fn.tempname()
  local script = vim.fn.tempname() .. '.lua'
  vim.fn.writefile({
    string.format('require("layoutd").setup({ args = { "--trace", %q } })', trace),
    string.format('local p = assert(require("layoutd.preview").open(%q))', T.fixtures .. '/feed50.json'),
    'assert(p:wait(10000), "preview busy")',
    'vim.cmd("normal 2j")',
    'assert(p:wait(5000), "scroll busy")',
    string.format('vim.fn.writefile({ tostring(require("layoutd").client.pid), tostring(p.offset) }, %q)', pidfile),
  }, script)
  local output = {}
  local job = vim.fn.jobstart({ vim.v.progpath, '--headless', '-u', 'NONE', '-i', 'NONE', '-n',
    '-c', 'set rtp+=' .. T.plugin_dir, '-c', 'runtime plugin/layoutd.lua', '-c', 'luafile ' .. script,
    '-c', 'qall!' }, {
    on_stdout = function(_, d) vim.list_extend(output, d) end,
    on_stderr = function(_, d) vim.list_extend(output, d) end,
  })
  T.ok(job > 0, 'cannot start ' .. vim.v.progpath)
  local status = vim.fn.jobwait({ job }, 30000)[1]
  T.eq(status, 0, 'child nvim exit status; output:\n' .. table.concat(output, '\n'))
  local written = vim.fn.readfile(pidfile)
  local pid = tonumber(written[1])
  T.eq(written[2], '40', 'the child scrolled with 2j')
  T.ok(pid and pid > 0, 'no daemon pid')
  T.wait_for(function()
    return not T.process_alive(pid)
  end, '/proc/' .. pid .. ' to disappear', 3000)
  local methods = {}
  for _, line in ipairs(vim.fn.readfile(trace)) do
    local entry = vim.fn.json_decode(line)
    if entry.direction == 'in' and type(entry.message) == 'table' and entry.message.method then
      methods[#methods + 1] = entry.message.method
    end
  end
  T.eq(vim.list_slice(methods, #methods - 1), { 'shutdown', 'exit' }, 'the last messages the daemon read')
end)

T.finish('test_shutdown')

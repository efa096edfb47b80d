-- The end-to-end check of `lint-lua lsp` with Neovim's built-in client
-- (TestNeovim): open a script, wait for the diagnostics, hover
-- ZRANGEBYSCORE, apply the fix of setnx-then-expire as a code action, and
-- wait for the diagnostics of the fixed text. Every step is written to
-- $LINT_LUA_LOG; any failure exits non-zero. Written for Neovim 0.7 and
-- later (vim.lsp.start_client, which newer versions still have).
local bin, file = os.getenv('LINT_LUA_BIN'), os.getenv('LINT_LUA_FILE')
local logf = assert(io.open(os.getenv('LINT_LUA_LOG'), 'w'))
local function log(fmt, ...)
  logf:write(string.format(fmt, ...) .. '\n')
  logf:flush()
end
local severities = { 'error', 'warning', 'info', 'hint' }

local function code_of(d)
  if d.code then return d.code end
  local lsp = d.user_data and d.user_data.lsp
  return lsp and lsp.code or '?'
end

local function dump(buf)
  local ds = vim.diagnostic.get(buf)
  table.sort(ds, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
  for _, d in ipairs(ds) do
    log('  %d:%d %s [%s] %s', d.lnum + 1, d.col + 1, severities[d.severity] or '?', code_of(d), (d.message:gsub('\n', '\n      ')))
  end
  return ds
end

local function run()
  log('$ nvim --headless  (Neovim %s)', tostring(vim.version().major .. '.' .. vim.version().minor .. '.' .. vim.version().patch))
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  log('opened %s:', vim.fn.fnamemodify(file, ':t'))
  for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do log('  %2d | %s', i, l) end

  local id = vim.lsp.start_client({ name = 'lint-lua', cmd = { bin, 'lsp' }, root_dir = vim.fn.fnamemodify(file, ':h') })
  assert(id, 'lint-lua lsp did not start')
  vim.lsp.buf_attach_client(buf, id)
  local client = vim.lsp.get_client_by_id(id)
  assert(vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 50), 'no diagnostics within 30 s')
  log('')
  log('diagnostics (textDocument/publishDiagnostics):')
  dump(buf)

  -- Hover on ZRANGEBYSCORE.
  local row, col
  for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local c = l:find('ZRANGEBYSCORE', 1, true)
    if c then row, col = i - 1, c + 2 break end
  end
  assert(row, 'no ZRANGEBYSCORE in the file')
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = row, character = col } }
  local resp = client.request_sync('textDocument/hover', params, 10000, buf)
  assert(resp and resp.result, 'no hover: ' .. vim.inspect(resp))
  log('')
  log('hover at %d:%d (textDocument/hover):', row + 1, col + 1)
  for l in (resp.result.contents.value .. '\n'):gmatch('(.-)\n') do log('  %s', l) end

  -- The fix of setnx-then-expire, applied as the editor applies it.
  local target
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if code_of(d) == 'setnx-then-expire' then target = d end
  end
  assert(target, 'no setnx-then-expire finding')
  local range = { start = { line = target.lnum, character = target.col }, ['end'] = { line = target.lnum, character = target.col } }
  resp = client.request_sync('textDocument/codeAction', { textDocument = params.textDocument, range = range, context = { diagnostics = {} } }, 10000, buf)
  assert(resp and resp.result, 'no code actions: ' .. vim.inspect(resp))
  log('')
  log('code actions at %d:%d (textDocument/codeAction):', target.lnum + 1, target.col + 1)
  local fix
  for _, a in ipairs(resp.result) do
    log('  - %s', a.title)
    if a.title:find('(setnx-then-expire)', 1, true) and not a.title:find('^ignore') then fix = a end
  end
  assert(fix, 'no fix of setnx-then-expire')
  vim.lsp.util.apply_workspace_edit(fix.edit, client.offset_encoding or 'utf-16')
  log('applied "%s":', fix.title)
  for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do log('  %2d | %s', i, l) end

  assert(vim.wait(30000, function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if code_of(d) == 'setnx-then-expire' then return false end
    end
    return true
  end, 50), 'setnx-then-expire still reported after the fix')
  log('')
  log('diagnostics after the fix (from the unsaved buffer):')
  dump(buf)
  vim.lsp.stop_client(id)
  log('')
  log('ok')
end

local ok, err = pcall(run)
if not ok then
  log('FAILED: %s', tostring(err))
  logf:close()
  vim.cmd('cquit 1')
end
logf:close()
vim.cmd('qa!')

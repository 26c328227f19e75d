-- Drives the mcp-hints language server from a real, headless Neovim (0.7 API: start_client + buf_attach_client)
-- and writes what Neovim saw as JSON for test/neovim/neovim.test.ts to judge. It asserts nothing itself: every
-- step records its result, or the Lua error it hit, so a failure shows up in node with its reason.
--
-- Run: nvim --headless --clean -n -i NONE --cmd 'set noswapfile' -c 'luafile test/neovim/check.lua'
-- Environment:
--   MCP_HINTS_SERVER  absolute path of dist/server.js
--   MCP_HINTS_FILE    absolute path of the fixture copy to open
--   MCP_HINTS_ROOT    the workspace root handed to the server
--   MCP_HINTS_OUT     where to write the JSON results
--   MCP_HINTS_NODE    the node binary (defaults to `node`)
--   MCP_HINTS_WAIT_MS how long to wait for diagnostics (default 20000)

local out_path = os.getenv('MCP_HINTS_OUT')
local wait_ms = tonumber(os.getenv('MCP_HINTS_WAIT_MS') or '') or 20000
local source_name = 'mcp-hints'
local tool_name = 'delete_user'

local results = {
  nvim_version = tostring(vim.version().major) .. '.' .. vim.version().minor .. '.' .. vim.version().patch,
  errors = {},
  steps = {},
}

local function write_results()
  local encoded = vim.fn.json_encode(results)
  local file = assert(io.open(out_path, 'w'))
  file:write(encoded)
  file:close()
end

-- Runs one step and records its error (with a traceback). Each step needs the ones before it, so after a failure
-- the rest are skipped (listed in `skipped`) rather than each waiting out its own timeout.
local failed = false
local function step(name, fn)
  if failed then
    results.skipped = results.skipped or {}
    results.skipped[#results.skipped + 1] = name
    return
  end
  local ok, err = xpcall(fn, debug.traceback)
  if ok then
    results.steps[#results.steps + 1] = name
  else
    failed = true
    results.errors[#results.errors + 1] = name .. ': ' .. tostring(err)
  end
end

local function lsp_diagnostics_from_nvim(bufnr)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    found[#found + 1] = {
      lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      severity = d.severity, message = d.message, source = d.source, code = d.code,
    }
  end
  return found
end

local function has_missing_annotations(bufnr)
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.source == source_name and d.code == 'missing-annotations' then
      return true
    end
  end
  return false
end

-- The 0-based line and UTF-16 character of the first occurrence of `needle` (the fixture is ASCII).
local function position_of(bufnr, needle)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    local col = line:find(needle, 1, true)
    if col then
      return { line = i - 1, character = col - 1 }
    end
  end
  error('text not found in buffer: ' .. needle)
end

local client = nil
local exited = nil

local function main()
  local server = assert(os.getenv('MCP_HINTS_SERVER'), 'MCP_HINTS_SERVER is not set')
  local file = assert(os.getenv('MCP_HINTS_FILE'), 'MCP_HINTS_FILE is not set')
  local root = assert(os.getenv('MCP_HINTS_ROOT'), 'MCP_HINTS_ROOT is not set')
  local node = os.getenv('MCP_HINTS_NODE') or 'node'

  vim.lsp.set_log_level('warn')
  results.lsp_log = vim.lsp.get_log_path()

  results.published = {}
  -- The setup docs/neovim.md shows for 0.7: on FileType, start the client once, then attach every such buffer.
  local client_id = nil
  vim.api.nvim_create_autocmd('FileType', {
    pattern = { 'typescript', 'javascript', 'typescriptreact', 'javascriptreact' },
    callback = function(args)
      if not (client_id and vim.lsp.get_client_by_id(client_id)) then
        client_id = vim.lsp.start_client({
          name = 'mcp-hints',
          cmd = { node, server, '--stdio' },
          root_dir = root,
          handlers = {
            -- Keep the raw notifications too (what the server sent), then let Neovim's own handler store them.
            ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
              results.published[#results.published + 1] = result
              return vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
            end,
          },
          on_exit = function(code, signal)
            exited = { code = code, signal = signal }
          end,
        })
      end
      vim.lsp.buf_attach_client(args.buf, client_id)
    end,
  })

  -- Filetype detection (on under --clean) must make the .ts file `typescript`, which fires the autocmd.
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  results.filetype = vim.bo[bufnr].filetype
  assert(client_id, 'the FileType autocmd did not start a client (filetype: ' .. results.filetype .. ')')
  client = vim.lsp.get_client_by_id(client_id)
  results.server_pid = client.rpc.pid
  assert(vim.lsp.buf_is_attached(bufnr, client_id), 'the buffer is not attached to the client')

  step('initialize', function()
    vim.wait(wait_ms, function() return client.initialized == true or exited ~= nil end, 50)
    assert(not exited, 'server exited during initialize: ' .. vim.inspect(exited) .. ' (its stderr is in lsp.log)')
    assert(client.initialized, 'server did not finish initialize within ' .. wait_ms .. ' ms')
    results.server_capabilities = {
      hoverProvider = client.server_capabilities.hoverProvider or false,
      codeActionProvider = client.server_capabilities.codeActionProvider or false,
      textDocumentSync = client.server_capabilities.textDocumentSync or vim.NIL,
    }
  end)

  local started = vim.loop.hrtime()
  step('diagnostics', function()
    local arrived = vim.wait(wait_ms, function() return has_missing_annotations(bufnr) or exited ~= nil end, 50)
    assert(not exited, 'server exited before publishing diagnostics: ' .. vim.inspect(exited))
    results.diagnostics_ms = math.floor((vim.loop.hrtime() - started) / 1e6)
    results.diagnostics = lsp_diagnostics_from_nvim(bufnr)
    assert(arrived, 'no mcp-hints missing-annotations diagnostic within ' .. wait_ms .. ' ms')
  end)

  step('hover', function()
    local pos = position_of(bufnr, tool_name)
    pos.character = pos.character + 2 -- inside the name, not on its quote
    results.hover_position = pos
    local response, err = client.request_sync('textDocument/hover', {
      textDocument = { uri = vim.uri_from_bufnr(bufnr) },
      position = pos,
    }, 5000, bufnr)
    assert(response, 'hover request failed: ' .. tostring(err))
    assert(not response.err, 'hover error: ' .. vim.inspect(response.err))
    results.hover = response.result or vim.NIL
  end)

  local action = nil
  step('codeAction', function()
    local target = nil
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      if d.source == source_name and d.code == 'missing-annotations' then
        target = d
        break
      end
    end
    assert(target, 'no missing-annotations diagnostic to ask code actions for')
    -- What `:lua vim.lsp.buf.code_action()` sends in 0.7: the line's diagnostics converted back to LSP form.
    local context_diagnostics = vim.lsp.diagnostic.get_line_diagnostics(bufnr, target.lnum)
    local params = {
      textDocument = { uri = vim.uri_from_bufnr(bufnr) },
      range = {
        start = { line = target.lnum, character = target.col },
        ['end'] = { line = target.lnum, character = target.col },
      },
      context = { diagnostics = context_diagnostics },
    }
    local response, err = client.request_sync('textDocument/codeAction', params, 5000, bufnr)
    assert(response, 'codeAction request failed: ' .. tostring(err))
    assert(not response.err, 'codeAction error: ' .. vim.inspect(response.err))
    results.code_actions = response.result or {}
    -- The action that writes annotations, not one that disables the rule. Titles are the engine's wording (they
    -- name the inferred hints), so an action qualifies by its edit; a lazy one (no edit yet) by its title.
    local function writes_hints(candidate)
      return candidate.edit ~= nil and vim.inspect(candidate.edit):find('readOnlyHint', 1, true) ~= nil
    end
    local function qualifies(candidate)
      local title = type(candidate.title) == 'string' and candidate.title:lower() or ''
      if title:find('disable', 1, true) then return false end
      return writes_hints(candidate) or (candidate.edit == nil and title:find('annotat', 1, true) ~= nil)
    end
    for _, candidate in ipairs(results.code_actions) do
      if qualifies(candidate) and (action == nil or (candidate.isPreferred and not action.isPreferred)) then
        action = candidate
      end
    end
    assert(action, 'no code action that writes annotations')
    -- A lazy server returns the edit only on codeAction/resolve (Neovim 0.7 announces resolveSupport for `edit`).
    if not action.edit and action.data ~= nil then
      local resolved, rerr = client.request_sync('codeAction/resolve', action, 5000, bufnr)
      assert(resolved and not resolved.err, 'codeAction/resolve failed: ' .. vim.inspect(resolved and resolved.err or rerr))
      action = resolved.result
    end
    results.chosen_action = action
    assert(action.edit, 'the annotations action carries no workspace edit')
  end)

  step('applyEdit', function()
    assert(action and action.edit, 'no edit to apply')
    results.text_before = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')
    vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
    results.text_after = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')
  end)

  step('diagnosticsAfterFix', function()
    -- The edit went to the server as didChange; the warning for delete_user must go away.
    local cleared = vim.wait(wait_ms, function() return not has_missing_annotations(bufnr) end, 50)
    results.diagnostics_after_fix = lsp_diagnostics_from_nvim(bufnr)
    assert(cleared, 'missing-annotations still reported after applying the fix')
  end)

  step('undo', function()
    -- Undo is another didChange: the warning comes back.
    vim.cmd('silent undo')
    results.text_after_undo = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')
    local back = vim.wait(wait_ms, function() return has_missing_annotations(bufnr) or exited ~= nil end, 50)
    assert(back, 'missing-annotations did not come back after undo')
  end)

  step('settingsSeverity', function()
    -- What a user does in 0.7 to change settings: update `settings`, then tell the server. The server pulls
    -- them back with workspace/configuration (answered by Neovim from client.config.settings).
    client.config.settings = { ['mcp-hints'] = { rules = { ['missing-annotations'] = 'error' } } }
    client.notify('workspace/didChangeConfiguration', { settings = client.config.settings })
    local raised = vim.wait(wait_ms, function()
      for _, d in ipairs(vim.diagnostic.get(bufnr, { severity = vim.diagnostic.severity.ERROR })) do
        if d.code == 'missing-annotations' then return true end
      end
      return false
    end, 50)
    results.diagnostics_rule_error = lsp_diagnostics_from_nvim(bufnr)
    assert(raised, 'missing-annotations did not become an error with the rule set to "error"')
  end)

  step('settingsRuleOff', function()
    client.config.settings = { ['mcp-hints'] = { rules = { ['missing-annotations'] = 'off' } } }
    client.notify('workspace/didChangeConfiguration', { settings = client.config.settings })
    local gone = vim.wait(wait_ms, function() return not has_missing_annotations(bufnr) end, 50)
    results.diagnostics_rule_off = lsp_diagnostics_from_nvim(bufnr)
    assert(gone, 'missing-annotations still reported with the rule set to off')
  end)
end

local function shutdown()
  if not client then return end
  client.stop()
  local stopped = vim.wait(5000, function() return exited ~= nil end, 50)
  if not stopped then
    client.stop(true)
    vim.wait(2000, function() return exited ~= nil end, 50)
  end
  results.server_exit = exited or vim.NIL
  assert(stopped, 'server did not exit within 5 s of shutdown/exit')
end

step('main', main)
-- Always stop the server, even after a failure: no orphan may outlive Neovim.
failed = false
step('shutdown', shutdown)
local ok, err = pcall(write_results)
if not ok then
  io.stderr:write('check.lua could not write results: ' .. tostring(err) .. '\n')
  vim.cmd('cquit 3')
end
vim.cmd('qa!')

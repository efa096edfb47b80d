// The lint-lua extension: it starts `lint-lua lsp` (the language server in
// the lint-lua binary) for the documents lint-lua reads, the .lua files and
// the host-language files whose strings hold Redis scripts. Everything else
// (settings from .lint-lua.yaml, diagnostics, fixes, hover, completion) is
// the server's.
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

const languages = ['lua', 'python', 'javascript', 'javascriptreact', 'typescript', 'typescriptreact', 'java', 'kotlin', 'php', 'ruby', 'csharp'];

function activate(context) {
  const command = vscode.workspace.getConfiguration('lint-lua').get('path') || 'lint-lua';
  const serverOptions = { command, args: ['lsp'], transport: TransportKind.stdio };
  const clientOptions = {
    documentSelector: languages.map((language) => ({ scheme: 'file', language })),
    synchronize: {
      // The server lints again when a configuration changes on disk.
      fileEvents: vscode.workspace.createFileSystemWatcher('**/.lint-lua.{yaml,yml}'),
    },
  };
  client = new LanguageClient('lint-lua', 'lint-lua', serverOptions, clientOptions);
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };

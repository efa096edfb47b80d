// Package analyzer is lint-lua's go/analysis pass: it finds the Redis Lua
// that Go code embeds (go-redis, redigo, rueidis, redsync, and the
// project's own helpers and wrappers), lints it in place with every
// lint-lua rule, reporting at the exact line and column inside the Go
// string or the embedded .lua file, and checks what only the call site
// knows. lint-lua go, go vet -vettool=lint-lua-vet and the golangci-lint
// plugin all run Analyzer, or one made by New with the settings
// internal/settings resolves.
//
// A run of one package, in the order the data flows:
//
//   - clientapi.go: the client libraries' script APIs, as a data table,
//     extended by the script_apis: setting (settings.go);
//   - scripts.go finds the calls that take a script, and positions.go,
//     consteval.go, alternatives.go and assigns.go work out their text:
//     constants, concatenations, fmt.Sprintf, variables and unexported
//     struct fields set once, one of a few constants chosen at run time,
//     with each byte's place in the Go source;
//   - embedfs.go: the .lua files of an embed.FS the package hands to a
//     script API, its own or another package's;
//   - facts.go: a function whose parameter reaches a script API, or that
//     runs the script object it is passed, exports a fact, so that its
//     callers' arguments are scripts (as printf finds its wrappers);
//   - lualint.go lints each text with the rules and places the findings in
//     Go (fix.go turns a Lua fix into Go edits where the edit maps exactly
//     onto literal text);
//   - callsite_*.go: the checks that only the call site allows (the keys
//     and values passed, key slots, scripts built at run time,
//     check-then-act between separate commands, locks); analyzer.go lists
//     the checks explicitly, in the order they run;
//   - suppress.go reads the ignore comments with the one grammar
//     (lint.ParseIgnore), and report.go is where every check reports;
//   - result.go is what the pass returns: the scripts found, which
//     lint-lua go --list-scripts prints.
package analyzer

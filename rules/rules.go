// Package rules is lint-lua's rule catalogue: Catalogue, generated from the
// rule directories (catalogue_gen.go, by go generate: internal/rulegen),
// makes the value every command, the settings, the Go analyzer and the
// language server are given. Each rule is a directory of its own,
// rules/<id>/: its code (a package declaring `var Rule = &lint.Rule{...}`),
// its documentation (doc.md, read by ruleutil.Doc), its fixtures
// (testdata/*.lua) and its proof. What several rules share is in
// rules/ruleutil, and each rule ID is a constant of rules/ruleid. Only the
// entry points (cmd/lint-lua, lint-lua-vet, the golangci plugin) import
// this package; the tests here run every rule's fixtures and proofs.
package rules

//go:generate go run ../internal/tools/gencatalogue

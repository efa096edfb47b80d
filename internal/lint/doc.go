// Package lint is the engine that runs rules over one parsed script: the
// Rule and the Pass a rule reports through, the rule runner, the
// suppression comments and the fix loop. Its one entry point for linting is
// Run, and Fix for fixing; the vocabulary it reports in (Diagnostic,
// Severity, Fix, RuleInfo) is package diag's.
package lint

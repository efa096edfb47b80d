// Package lint is the engine that runs rules over one parsed script: the
// Rule and the Pass a rule reports through, the rule runner and the
// suppression comments. Its one entry point is Run; the fix loop, which
// applies the fixes and runs it again, is the driver's (MaxFixRounds bounds
// it). The vocabulary it reports in (Diagnostic, Severity, Fix, RuleInfo)
// is package diag's.
package lint

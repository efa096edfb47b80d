package diag

// Category groups rules by the kind of harm they prevent.
type Category string

const (
	Correctness Category = "correctness"
	Cluster     Category = "cluster"
	Atomicity   Category = "atomicity"
	Performance Category = "performance"
	Style       Category = "style"
)

// Option documents one rule option and its default.
type Option struct {
	Name    string
	Default any
	Doc     string
}

// Doc is a rule's documentation; `lint-lua explain`, docs/rules.md and the
// SARIF rule metadata are generated from it.
type Doc struct {
	// Summary is the rule's row in the README's rule table: what it
	// finds, in a line, with an example or the error Redis gives.
	Summary string
	// Title is lower-case, under 60 characters.
	Title string
	// Why says what goes wrong in Redis terms (markdown allowed).
	Why string
	// Bad and Good are examples, in Lua unless Lang says otherwise.
	Bad  string
	Good string
	// Lang is the examples' language for code fences: "lua" (default) or
	// "go" for the analyzer's call-site rules.
	Lang string
	// Redis names the Redis versions the rule applies to.
	Redis string
	// Lower says when and why a finding is reported at another severity
	// than the rule's default, below it (Finding.Lower, Finding.Info) or,
	// for an advice whose stronger form changes what the script does,
	// above it (Finding.Raise): the severity printed is a promise, and a
	// finding that keeps it only in part, or more than keeps it, says so
	// here. Empty when every finding has the rule's severity.
	Lower string
}

// RuleInfo is what the output formats, the configuration and the docs
// know of a rule: everything but how it runs.
type RuleInfo struct {
	// ID is a stable kebab-case name, never reused or renamed.
	ID       string
	Category Category
	// Severity is the rule's default severity.
	Severity Severity
	Doc      Doc
	Options  []Option
	// WholeScript says the rule's findings are about a script as a whole
	// and placed by a count (the line past max-lines), not at the code
	// they are about: a baseline keys them by rule and file alone, since
	// their place moves with every line inserted above it.
	WholeScript bool
}

// HelpURI is where the rule's documentation lives.
func (r *RuleInfo) HelpURI() string {
	return "https://github.com/lint-lua/lint-lua/blob/main/docs/rules.md#" + r.ID
}

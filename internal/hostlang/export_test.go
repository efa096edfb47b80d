package hostlang

// The internals the external tests (package hostlang_test, which imports
// the languages) check.

var (
	IsWord       = isWord
	Index        = index
	ReadTemplate = readTemplate
	CodeGrammars = codeGrammars
	CodeOnly     = codeOnly
)

// TemplateGrammar is a client's template grammar.
type TemplateGrammar = templateGrammar

// TemplateGrammars lists the template grammars.
var TemplateGrammars = templateGrammars

// Client names the grammar's client.
func (g *templateGrammar) Client() string { return g.client }

// Lookup is lookup.
func (t *APIs) Lookup(l Lang, name string) []int { return t.lookup(l, name) }

// At is the grammar's placeholder reader.
func (g *templateGrammar) At(src []byte, i int, inLua bool) (end, from, to int) {
	return g.at(src, i, inLua)
}

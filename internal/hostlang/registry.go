package hostlang

// The host languages, listed here and nowhere else: a language is a value
// of Language (lex_*.go), and the walker, the lexer loop, the API table and
// the driver find every one through Langs.
var (
	Python     Lang = python{}
	JavaScript Lang = javascript{}
	TypeScript Lang = typescript{}
	Java       Lang = java{}
	Kotlin     Lang = kotlin{}
	PHP        Lang = php{}
	Ruby       Lang = ruby{}
	CSharp     Lang = csharp{}
)

// Langs lists every language, in a stable order.
var Langs = []Lang{Python, JavaScript, TypeScript, Java, Kotlin, PHP, Ruby, CSharp}

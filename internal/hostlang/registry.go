package hostlang

// The host languages not yet in a package of their own; package langs
// lists every language.
var (
	CSharp Lang = csharp{}
)

package hostlang

// The host languages not yet in a package of their own; package langs
// lists every language.
var (
	JavaScript Lang = javascript{}
	TypeScript Lang = typescript{}
	Java       Lang = java{}
	Kotlin     Lang = kotlin{}
	PHP        Lang = php{}
	Ruby       Lang = ruby{}
	CSharp     Lang = csharp{}
)

package rules

import (
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
)

// The rules the engine reports itself (package lint): a script that does
// not compile, and an ignore comment that suppresses nothing. They have no
// Run; they are declared here so that their severity can be configured and
// `lint-lua rules`, `lint-lua explain` and docs/rules.md list them.

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       lint.SyntaxErrorID,
		Category: diag.Correctness,
		Severity: diag.SeverityError,
		Doc: diag.Doc{
			Title:   "the script does not compile as Lua 5.1",
			Summary: "the script does not compile as Lua 5.1 (goto, labels, BOM, more than 200 locals...)",
			Why: "Redis runs Lua 5.1 and refuses a script that does not compile (`ERR Error compiling script`). " +
				"Syntax from later Lua versions (`goto`, labels `::x::`, `//`, bitwise operators) is rejected: Redis answers " +
				"`'=' expected near 'continue'` for `goto continue`. A UTF-8 byte order mark at the start of the file is refused too.",
			Bad:   "for i = 1, 3 do\n  if i == 2 then goto continue end\n  ::continue::\nend",
			Good:  "for i = 1, 3 do\n  if i ~= 2 then\n    -- work\n  end\nend",
			Redis: "all",
			Lower: "Info for a byte order mark: Redis refuses it, but whether Redis sees it depends on the loader (.NET's StreamReader and Python's utf-8-sig drop it; Node's readFileSync and Java's readString keep it), which the file does not show. On the broad corpus the only BOMs were in .NET projects whose loader drops them. " +
				"Info too for a host-language string found by its text (not given to a script API, whose text is a whole script by contract) that does not parse as a script but does as an expression, such as `redis.call('HEXISTS', key .. pk, 'a')==0`: it is a condition or value that the program splices into a larger script it builds at run time (yii2-redis's LuaScriptBuilder), and Redis refuses it only if it is run alone. " +
				"Info as well for an error at a text that no Lua code starts with but client-side templates do (`@name`, `_:name`, `${x}`, `$1`, `{%`, `<%`, `%s`, `:name`, or a statement marker such as `__START_STEP__` alone on its line, which a host replaces with statements or nothing), in a file that lint-lua does not read as the template of a client it knows (docs/hostlang.md): the file is likely the text a client library rewrites before EVAL, not the script Redis runs, and the finding names the placeholder.",
		},
	},
})

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       lint.UnusedIgnore,
		Category: diag.Style,
		Severity: diag.SeverityInfo,
		Doc: diag.Doc{
			Title:   "an ignore comment that suppresses nothing",
			Summary: "an ignore comment that suppresses nothing",
			Why: "A `-- lint-lua: ignore RULE -- reason` comment that matches no finding is stale: the code it excused changed, " +
				"and it would silently hide a future finding on that line.",
			Bad:   "local n = 1 -- lint-lua: ignore undeclared-key -- legacy",
			Good:  "local n = 1",
			Redis: "all",
		},
	},
})

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       lint.InvalidIgnore,
		Category: diag.Style,
		Severity: diag.SeverityWarning,
		Doc: diag.Doc{
			Title:   "an ignore comment that names no rule or an unknown one",
			Summary: "an ignore comment that names no rule, or one that does not exist (with \"did you mean\"), a range not closed, no reason where one is required",
			Why: "An ignore suppresses only the rules it names, so one that names none, or misspells one " +
				"(`undeclared-keys` for `undeclared-key`), suppresses nothing while its author believes the finding is " +
				"handled. The grammar is the same in every language: `lint-lua: ignore RULE[,RULE] -- reason` in the " +
				"file's comment syntax, the first word after ignore being the rule list; the reason is optional unless the " +
				"configuration says `require_reason: true`. A range, `lint-lua: ignore-start RULE -- reason` ... " +
				"`lint-lua: ignore-end RULE`, covers nothing until it is closed, so an ignore-start with no ignore-end below " +
				"it and an ignore-end with no ignore-start above it are reported too.",
			Bad:   "local v = redis.call('GET', 'config') -- lint-lua: ignore undeclared-keys -- read-only, one node",
			Good:  "local v = redis.call('GET', 'config') -- lint-lua: ignore undeclared-key -- read-only, one node",
			Redis: "all",
		},
	},
})

package ruleutil

// What the rules share about the target server: the error texts they
// quote.

import "github.com/lint-lua/lint-lua/internal/target"

// QuoteError is the target's text of error id in single quotes, for a
// finding's help: "'ERR Unknown Redis command called from script'". Where
// the target's text is not known (Upstash), it names the error by what it
// is, without claiming a text.
func QuoteError(t target.Target, id target.ErrorID) string {
	text, ok := t.Error(id)
	if !ok {
		if name := errorNames[id]; name != "" {
			return "an error (" + name + ")"
		}
		return "an error"
	}
	return "'" + text + "'"
}

// Answers is "Redis answers 'text'" (Valkey, Upstash) for error id on
// the target, for a finding's help.
func Answers(t target.Target, id target.ErrorID) string {
	return t.Server().Product() + " answers " + QuoteError(t, id)
}

// errorNames say what each error is, where its text is not known.
var errorNames = [...]string{
	target.ErrUnknownCommand: "unknown command",
	target.ErrWrongArity:     "wrong number of arguments",
	target.ErrArgType:        "arguments must be strings or integers",
	target.ErrNoArgs:         "no command given",
	target.ErrNotAllowed:     "command not allowed from scripts",
	target.ErrReadOnlyWrite:  "write in a read-only script",
	target.ErrNoScript:       "no matching script",
	target.ErrBusy:           "busy running a script",
	target.ErrXReadBlock:     "XREAD BLOCK not allowed from scripts",
	target.ErrNoPermKey:      "no permission for a key",
}

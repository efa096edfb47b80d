package target

// ErrorID names a reply a script's failure produces, whose text differs
// between servers.
type ErrorID uint8

const (
	// ErrUnknownCommand: redis.call with a command the server lacks.
	ErrUnknownCommand ErrorID = iota
	// ErrWrongArity: redis.call with an argument count the command's
	// arity refuses.
	ErrWrongArity
	// ErrArgType: redis.call with an argument that is nil, a table or a
	// boolean.
	ErrArgType
	// ErrNoArgs: redis.call().
	ErrNoArgs
	// ErrNotAllowed: redis.call with a command scripts may not call.
	ErrNotAllowed
	// ErrReadOnlyWrite: a write command in a no-writes script, EVAL_RO or
	// FCALL_RO.
	ErrReadOnlyWrite
	// ErrNoScript: EVALSHA of a script the server does not have.
	ErrNoScript
	// ErrBusy: any command but SCRIPT KILL while a script runs past
	// busy-reply-threshold.
	ErrBusy
	// ErrXReadBlock: XREAD with BLOCK in a script, where refused.
	ErrXReadBlock
	// ErrNoPermKey: a script's key (KEYS or redis.call) outside the
	// user's ACL key patterns.
	ErrNoPermKey
)

// errorTexts holds each reply as Redis and as Valkey 8.0 send it. Redis's
// are observed on 7.0.15 (redis-facts.md C10, C11, C13) and unchanged on
// 7.2.6 and 7.4.1; Valkey 7.2 sends Redis's (H9, observed on 7.2.4-rc1
// and 7.2.7); Valkey 8.0 reworded four script errors, NOSCRIPT and BUSY
// (H9, H10, observed on 8.0.1; docs/facts-observed.md O7, O8, O9). Each text is the reply
// without the " script: <sha1>, on @user_script:<line>." suffix that
// redis.call adds.
var errorTexts = [...]struct{ redis, valkey8 string }{
	ErrUnknownCommand: {"ERR Unknown Redis command called from script", "ERR Unknown command called from script"},
	ErrWrongArity:     {"ERR Wrong number of args calling Redis command from script", "ERR Wrong number of args calling command from script"},
	ErrArgType:        {"ERR Lua redis lib command arguments must be strings or integers", "ERR Command arguments must be strings or integers"},
	ErrNoArgs:         {"ERR Please specify at least one argument for this redis lib call", "ERR Please specify at least one argument for this call"},
	ErrNotAllowed:     {"ERR This Redis command is not allowed from script", "ERR This Redis command is not allowed from script"},
	ErrReadOnlyWrite:  {"ERR Write commands are not allowed from read-only scripts.", "ERR Write commands are not allowed from read-only scripts."},
	ErrNoScript:       {"NOSCRIPT No matching script. Please use EVAL.", "NOSCRIPT No matching script."},
	// Valkey 8 names itself unless extended-redis-compatibility is yes
	// (H10, observed both ways on 8.0.1).
	ErrBusy:       {"BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.", "BUSY Valkey is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE."},
	ErrXReadBlock: {"ERR XREAD command is not allowed with BLOCK option from scripts", ""},
	// Redis 7.2 reworded it, and Valkey forked after (docs/facts-observed.md
	// O13: 7.0.15 gives redisNoPerm70; 7.2.6, 7.4.1 and every Valkey this
	// text); Error picks by version.
	ErrNoPermKey: {"NOPERM No permissions to access a key", "NOPERM No permissions to access a key"},
}

// redisNoPerm70 is ErrNoPermKey before Redis 7.2 (observed on 7.0.15; the
// key-as-value rule's proof).
const redisNoPerm70 = "NOPERM this user has no permissions to access one of the keys used as arguments"

// Error returns the text of reply id on the target. ok is false when the
// target does not send that reply (ErrXReadBlock where XREAD BLOCK runs),
// and on Upstash, whose texts are not known here: text is then Redis's,
// for a rule that words its message as Redis's.
func (t Target) Error(id ErrorID) (text string, ok bool) {
	e := errorTexts[id]
	if id == ErrXReadBlock && !t.XReadBlockRefused() {
		return "", false
	}
	switch {
	case id == ErrNoPermKey && t.server == Redis && !t.AtLeast("7.2"):
		return redisNoPerm70, true
	case t.server == Valkey && t.AtLeast("8.0"):
		return e.valkey8, true
	case t.server == Upstash:
		return e.redis, false
	}
	return e.redis, true
}

// ErrorLibName is how the server's error texts name the scripts' library
// table: "server" on Valkey 8.0 and later ("ERR second argument to
// server.register_function must be a function", "ERR server.setresp()
// requires one argument."), "redis" elsewhere (H9; observed on Valkey
// 8.0.1, and "redis" on 7.2.7 and on Redis). A rule quoting such an error
// writes this name, whichever name the script used.
func (t Target) ErrorLibName() string {
	if t.server == Valkey && t.AtLeast("8.0") {
		return "server"
	}
	return "redis"
}

package prove

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/redisdb"
)

// The search's instrumented runs. A script's text is changed in two ways,
// both on its first line (after a #! line) and in place of redis.call, so
// that every line keeps its number:
//   - checked: one call refuses an argument that is not a string or a
//     number with an error naming its index, blamed on the call's line as
//     Redis blames its own refusal; it tells which argument of a call
//     that spans lines Redis refused.
//   - traced: every call appends the command and then its reply to a
//     list (traceKey), which stays when the script fails; it tells which
//     reads found nothing, and so which keys a state must hold for the
//     script to go further (guide).
// Neither proves anything: a proof is always a run of the script as it
// is, on a state these runs found.

// checkedError starts the error a checked call gives.
const checkedError = "lint-lua:prove: argument "

// traceKey is the list a traced run records its calls in.
const traceKey = "lint-lua:prove:trace"

// prologueAt is where the instrumentation goes: the start of the script,
// or of its second line after a #! line.
func (s *Script) prologueAt() int {
	if strings.HasPrefix(s.Src, "#!") {
		if i := strings.IndexByte(s.Src, '\n'); i >= 0 {
			return i + 1
		}
		return len(s.Src)
	}
	return 0
}

// rewrite is the script with prologue added and the calls of sites
// replaced by the function names name gives.
func (s *Script) rewrite(prologue string, sites []callSite, name func(callSite) string) string {
	var b strings.Builder
	at := s.prologueAt()
	last := 0
	b.WriteString(s.Src[:at])
	b.WriteString(prologue)
	last = at
	for _, c := range sites {
		if c.from < last || c.to > len(s.Src) {
			continue
		}
		b.WriteString(s.Src[last:c.from])
		b.WriteString(name(c))
		last = c.to
	}
	b.WriteString(s.Src[last:])
	return b.String()
}

// checked is the script whose call site checks its arguments' types.
func (s *Script) checked(site *callSite) string {
	const prologue = "local function __lintlua_checked(...) local n, a = select('#', ...), {...} " +
		"for i = 1, n do local t = type(a[i]) if t ~= 'string' and t ~= 'number' then " +
		"error('" + checkedError + "' .. (i - 1) .. ' is ' .. t, 2) end end return redis.call(...) end "
	return s.rewrite(prologue, []callSite{*site}, func(callSite) string { return "__lintlua_checked" })
}

// traced is the script whose calls record themselves in traceKey.
func (s *Script) traced() string {
	const prologue = "local __lintlua_c, __lintlua_p = redis.call, redis.pcall " +
		"local function __lintlua_log(t) local ok, j = pcall(cjson.encode, t) " +
		"__lintlua_c('RPUSH', '" + traceKey + "', ok and j or '[]') end " +
		"local function __lintlua_call(...) __lintlua_log({...}) local r = __lintlua_c(...) __lintlua_log({r}) return r end " +
		"local function __lintlua_pcall(...) __lintlua_log({...}) local r = __lintlua_p(...) __lintlua_log({r}) return r end "
	return s.rewrite(prologue, s.calls, func(c callSite) string {
		if c.pcall {
			return "__lintlua_pcall"
		}
		return "__lintlua_call"
	})
}

// text is the script's text in r.
func (s *Script) text(r diag.Range) string {
	if s.file == nil || r.Start.Line < 1 {
		return ""
	}
	a, b := s.file.Offset(r.Start), s.file.Offset(r.End)
	if b < a {
		return ""
	}
	return s.Src[a:b]
}

// containsWord says whether text holds name as a whole identifier.
func containsWord(text, name string) bool {
	ident := func(c byte) bool {
		return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		j += i
		if (j == 0 || !ident(text[j-1])) && (j+len(name) == len(text) || !ident(text[j+len(name)])) {
			return true
		}
		i = j + 1
	}
}

// argOf is the innermost call site one of whose arguments holds r, and
// that argument's index (0: the command name).
func (s *Script) argOf(r diag.Range) (*callSite, int) {
	within := func(in, out diag.Range) bool {
		return !in.Start.Less(out.Start) && !out.End.Less(in.End)
	}
	var best *callSite
	arg := -1
	for i := range s.calls {
		c := &s.calls[i]
		for j, a := range c.args {
			if within(r, a) && (best == nil || within(a, best.args[arg])) {
				best, arg = c, j
			}
		}
	}
	return best, arg
}

// guideRuns is the most runs the guided states take of the budget (two
// each: the traced run and the script's own).
const guideRuns = 24

// guide runs the script on the states its own reads ask for: from an
// empty database, a traced run says which reads found nothing; each such
// key, given a value its command finds (populate), is a new state, the
// last read first (the one nearest where the run stopped). A state is
// run traced and as it is, until every finding is reproduced or
// guideRuns are spent.
func (sr *search) guide(args []string) error {
	if sr.s.library || len(sr.s.calls) == 0 {
		return nil
	}
	traced := sr.s.traced()
	queue := [][][]string{nil}
	seen := map[string]bool{"": true}
	start := sr.runs
	for len(queue) > 0 && sr.stopped == nil && sr.runs < budget && (sr.open > 0 || sr.answers) && sr.runs-start+2 <= guideRuns {
		setup := queue[0]
		queue = queue[1:]
		sr.runs++
		msg, trace, err := sr.r.Trace(setup, traced, sr.keys, args)
		if errors.Is(err, ErrRanOn) {
			sr.stopped = err
			return nil
		}
		if err != nil {
			return err
		}
		push := func(next [][]string, first bool) {
			k := stateKey(next)
			if seen[k] || len(next) > 8 {
				return
			}
			seen[k] = true
			if first {
				queue = append([][][]string{next}, queue...)
			} else {
				queue = append(queue, next)
			}
		}
		// A hash the state made that lacks a field the script reads:
		// the state with the field instead, and no proof from this one.
		// A hash whose fields come from other scripts' writes (a job's
		// record) may hold every one of them whenever it exists: a
		// missing field there is no input the script's text admits.
		if full, partial := complete(setup, trace); partial {
			push(full, true)
		} else if len(setup) > 0 {
			sr.guided = append(sr.guided, planned{stateName(setup), setup, args})
			if sr.open > 0 {
				if err := sr.attempt(stateName(setup), setup, args); err != nil {
					return err
				}
			}
		}
		// A key the state gave a type another read of it does not take
		// (EXISTS then HGET): the same key of that read's type instead.
		if strings.Contains(msg, "WRONGTYPE") && len(trace)%2 == 1 {
			if call := callArgs(trace[len(trace)-1]); call != nil {
				if cmd := populate(call); cmd != nil {
					next := make([][]string, 0, len(setup))
					for _, c := range setup {
						if len(c) > 1 && c[1] == cmd[1] {
							c = cmd
						}
						next = append(next, c)
					}
					push(next, true)
				}
			}
		}
		reads := emptyReads(trace)
		for i := len(reads) - 1; i >= 0; i-- {
			if cmd := populate(reads[i]); cmd != nil {
				push(append(append([][]string(nil), setup...), cmd), false)
			}
		}
	}
	return nil
}

// stateName describes a state built by commands.
func stateName(setup [][]string) string {
	parts := make([]string, len(setup))
	for i, c := range setup {
		q := make([]string, len(c))
		for j, a := range c {
			q[j] = a
			if j > 0 {
				q[j] = strconv.Quote(a)
			}
		}
		parts[i] = strings.Join(q, " ")
	}
	return "a database after " + strings.Join(parts, "; ")
}

func stateKey(setup [][]string) string {
	var b strings.Builder
	for _, c := range setup {
		b.WriteString(strings.Join(c, "\x00"))
		b.WriteByte('\x01')
	}
	return b.String()
}

// emptyReads are the calls of a traced run whose reply was empty: null,
// 0 or an empty array, each as its command and arguments.
func emptyReads(trace []string) [][]string {
	var out [][]string
	for i := 0; i+1 < len(trace); i += 2 {
		var call, reply []any
		if json.Unmarshal([]byte(trace[i]), &call) != nil || json.Unmarshal([]byte(trace[i+1]), &reply) != nil || len(call) < 2 {
			continue
		}
		empty := len(reply) == 0
		if len(reply) == 1 {
			switch v := reply[0].(type) {
			case nil:
				empty = true
			case bool:
				empty = !v
			case float64:
				empty = v == 0
			case []any:
				empty = len(v) == 0
			case map[string]any:
				empty = len(v) == 0
			}
		}
		if !empty {
			continue
		}
		if args := words(call); args != nil {
			out = append(out, args)
		}
	}
	return out
}

// callArgs is a traced call's command and arguments, nil when one is not
// a string or a number.
func callArgs(event string) []string {
	var call []any
	if json.Unmarshal([]byte(event), &call) != nil {
		return nil
	}
	return words(call)
}

func words(call []any) []string {
	args := make([]string, 0, len(call))
	for _, a := range call {
		switch v := a.(type) {
		case string:
			args = append(args, v)
		case float64:
			args = append(args, strconv.FormatFloat(v, 'f', -1, 64))
		default:
			return nil
		}
	}
	if len(args) < 2 {
		return nil
	}
	return args
}

// populate is the command that makes a read that found nothing find
// something: its key holding a value of the command's type, with the
// field or member it asked for.
func populate(read []string) []string {
	cmd := strings.ToUpper(read[0])
	c := redisdb.Lookup(cmd)
	if c == nil {
		return nil
	}
	key, rest := read[1], read[2:]
	first := func(def string) string {
		if len(rest) > 0 {
			return rest[0]
		}
		return def
	}
	switch c.Group {
	case "string":
		return []string{"SET", key, "1"}
	case "generic":
		if cmd == "EXISTS" || cmd == "TYPE" || cmd == "TTL" || cmd == "PTTL" {
			return []string{"SET", key, "1"}
		}
	case "hash":
		switch cmd {
		case "HGET", "HEXISTS", "HSTRLEN":
			return []string{"HSET", key, first("f"), "1"}
		case "HMGET":
			out := []string{"HSET", key}
			for _, f := range rest {
				out = append(out, f, "1")
			}
			if len(rest) == 0 {
				out = append(out, "f", "1")
			}
			return out
		default:
			return []string{"HSET", key, "f", "1"}
		}
	case "list":
		return []string{"RPUSH", key, "1"}
	case "set":
		if cmd == "SISMEMBER" {
			return []string{"SADD", key, first("1")}
		}
		return []string{"SADD", key, "1"}
	case "sorted_set":
		switch cmd {
		case "ZSCORE", "ZRANK", "ZREVRANK":
			return []string{"ZADD", key, "1", first("1")}
		case "ZRANGEBYSCORE", "ZREVRANGEBYSCORE", "ZCOUNT":
			// A score the range holds.
			score := "1"
			for _, b := range rest[:min(2, len(rest))] {
				if _, err := strconv.ParseFloat(strings.TrimPrefix(b, "("), 64); err == nil && !strings.HasPrefix(b, "(") {
					score = b
					break
				}
			}
			return []string{"ZADD", key, score, "1"}
		}
		return []string{"ZADD", key, "1", "1"}
	}
	return nil
}

// complete is setup with each hash it makes holding every field a call of
// trace reads from it (HGET, HMGET, HEXISTS), and whether one lacked one.
func complete(setup [][]string, trace []string) ([][]string, bool) {
	read := map[string][]string{}
	for i := 0; i < len(trace); i += 2 {
		call := callArgs(trace[i])
		if len(call) < 3 {
			continue
		}
		switch strings.ToUpper(call[0]) {
		case "HGET", "HEXISTS", "HSTRLEN":
			read[call[1]] = append(read[call[1]], call[2])
		case "HMGET":
			read[call[1]] = append(read[call[1]], call[2:]...)
		}
	}
	partial := false
	out := make([][]string, len(setup))
	for i, c := range setup {
		out[i] = c
		if len(c) < 2 || c[0] != "HSET" || len(read[c[1]]) == 0 {
			continue
		}
		has := map[string]bool{}
		for j := 2; j+1 < len(c); j += 2 {
			has[c[j]] = true
		}
		full := append([]string(nil), c...)
		for _, f := range read[c[1]] {
			if !has[f] {
				has[f] = true
				full = append(full, f, "1")
				partial = true
			}
		}
		out[i] = full
	}
	return out, partial
}

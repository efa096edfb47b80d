package model

import (
	"strings"

	"github.com/yuin/gopher-lua/ast"
)

// stringSetters leave their key holding a string whatever they reply: SET
// without XX (with NX it either writes or finds the key already there),
// and the commands that create the key when it is missing.
var stringSetters = map[string]bool{
	"SET": true, "SETNX": true, "SETEX": true, "PSETEX": true, "GETSET": true, "APPEND": true,
	"INCR": true, "INCRBY": true, "INCRBYFLOAT": true, "DECR": true, "DECRBY": true, "SETRANGE": true,
}

// fieldSetters leave the hash fields they name in place.
var fieldSetters = map[string]bool{"HSET": true, "HMSET": true, "HSETNX": true, "HINCRBY": true, "HINCRBYFLOAT": true}

// PresentReplies returns the GET and HGET calls that cannot reply null
// because, on every path that reaches them in their function, with no other
// write to the key in between:
//   - the script has just given the key a string value (SET, SET NX
//     whatever it replied, INCR...) or the field a value (HSET, HINCRBY...);
//   - or, for HGET h f, the path checked that a field g of h is there
//     (`if not HGET(h, g) then ... return end`) and every HSET of this
//     script that writes g writes f too: fields the script only writes
//     together are there together.
//
// A TTL does not change that: Redis does not expire keys while a script runs
// (observed on 7.0.15: SET k v PX 1 NX, a 50 ms busy loop, then GET k
// replies v; rules/key_written_proof_test.go).
//
// It is computed once per model; callers must not modify the map.
func (m *Model) PresentReplies() map[*Call]bool {
	if m.present == nil {
		m.present = m.computePresentReplies()
	}
	return m.present
}

func (m *Model) computePresentReplies() map[*Call]bool {
	type state = map[string]Value
	together := fieldsWrittenTogether(m)
	verdict := map[*Call]bool{}
	for _, fn := range m.Functions() {
		w := &PathWalk[state]{
			M:    m,
			Copy: func(s state) state { return cloneState(s) },
			Join: func(a, b state) state {
				out := state{}
				for id, v := range a {
					if _, ok := b[id]; ok {
						out[id] = v
					}
				}
				return out
			},
			Cond: func(cond ast.Expr, s state, truth bool) state {
				c := m.Value(cond).FromReply()
				if !truth || c == nil || m.Value(cond).Origin == Tonumber || !c.Is("HGET") || len(c.Args) < 3 {
					return s
				}
				id, ok := m.Identity(c.Args[1].Value)
				g, lit := c.Literal(2)
				if !ok || !lit {
					return s
				}
				s = cloneState(s)
				for f := range together[id+"\x00"+g] {
					s[id+"\x00"+f] = c.Args[1].Value
				}
				return s
			},
			Call: func(c *Call, s state) state {
				if c.Command == nil || len(c.Args) < 2 {
					return s
				}
				key := c.Args[1].Value
				id, known := m.Identity(key)
				switch c.Command.Name {
				case "GET", "HGET":
					slot := id
					if c.Command.Name == "HGET" {
						f, lit := c.Literal(2)
						known = known && lit
						slot = id + "\x00" + f
					}
					_, present := s[slot]
					prev, seen := verdict[c]
					verdict[c] = known && present && (!seen || prev)
					return s
				}
				if !c.Command.IsWrite() {
					return s
				}
				if len(c.Keys) == 0 {
					return state{} // FLUSHALL, or keys the table cannot place
				}
				// Any other write may delete, rename or retype a key it
				// names (DEL, GETDEL, HDEL, RENAME, EXPIRE 0...).
				s = cloneState(s)
				for slot, kv := range s {
					for _, i := range c.Keys {
						if i < len(c.Args) && m.MayBeSameKey(kv, c.Args[i].Value) {
							delete(s, slot)
						}
					}
				}
				if !known {
					return s
				}
				switch {
				case stringSetters[c.Command.Name] && !(c.Command.Name == "SET" && c.HasToken("XX")):
					s[id] = key
				case fieldSetters[c.Command.Name]:
					for _, f := range setFields(c) {
						s[id+"\x00"+f] = key
					}
				}
				return s
			},
		}
		w.Run(fn, state{})
	}
	for c, ok := range verdict {
		if !ok {
			delete(verdict, c)
		}
	}
	return verdict
}

// setFields lists the literal fields an HSET-like call writes.
func setFields(c *Call) []string {
	var out []string
	step := 2
	if c.Is("HSETNX", "HINCRBY", "HINCRBYFLOAT") {
		step = len(c.Args) // one field
	}
	for i := 2; i < len(c.Args); i += step {
		if f, ok := c.Literal(i); ok {
			out = append(out, f)
		}
	}
	return out
}

// fieldsWrittenTogether maps "hash identity \x00 field g" to the fields
// that every HSET/HMSET of the script writing g also writes (g included).
// A call whose fields are not all literals makes its hash unknown.
func fieldsWrittenTogether(m *Model) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	unknown := map[string]bool{}
	for _, c := range m.Calls {
		if c.Command == nil || len(c.Args) < 2 || !c.Command.IsWrite() || !c.Command.HasFlag("WRITE") {
			continue
		}
		id, ok := m.Identity(c.Args[1].Value)
		if !ok {
			continue
		}
		if !fieldSetters[c.Command.Name] {
			// HDEL and the like remove a field and keep the others.
			if c.Is("HDEL", "HGETDEL", "HEXPIRE", "HPEXPIRE", "HEXPIREAT", "HPEXPIREAT") {
				unknown[id] = true
			}
			continue
		}
		fields := map[string]bool{}
		for _, f := range setFields(c) {
			fields[f] = true
		}
		if len(fields) == 0 || len(fields) < fieldCount(c) {
			unknown[id] = true // a field the script computes may be any
			continue
		}
		for g := range fields {
			slot := id + "\x00" + g
			prev, seen := out[slot]
			if !seen {
				out[slot] = fields
				continue
			}
			both := map[string]bool{}
			for f := range prev {
				if fields[f] {
					both[f] = true
				}
			}
			out[slot] = both
		}
	}
	for slot := range out {
		id, _, _ := strings.Cut(slot, "\x00")
		if unknown[id] {
			delete(out, slot)
		}
	}
	return out
}

// fieldCount is how many fields an HSET-like call writes.
func fieldCount(c *Call) int {
	if c.Is("HSETNX", "HINCRBY", "HINCRBYFLOAT") {
		return 1
	}
	return (len(c.Args) - 2) / 2
}

func cloneState(s map[string]Value) map[string]Value {
	out := make(map[string]Value, len(s))
	for k, v := range s {
		out[k] = v
	}
	return out
}

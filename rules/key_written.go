package rules

import (
	"github.com/lint-lua/lint-lua/internal/model"
)

// stringSetters leave their key holding a string whatever they reply: SET
// without XX (with NX it either writes or finds the key already there),
// and the commands that create the key when it is missing.
var stringSetters = map[string]bool{
	"SET": true, "SETNX": true, "SETEX": true, "PSETEX": true, "GETSET": true, "APPEND": true,
	"INCR": true, "INCRBY": true, "INCRBYFLOAT": true, "DECR": true, "DECRBY": true, "SETRANGE": true,
}

// presentGets returns the GET calls whose key, on every path that reaches
// them in their function, the script has just given a string value (SET,
// SET NX, INCR...) with no write to that key in between: their reply is not
// null. A TTL does not change that: Redis does not expire keys while a
// script runs (observed on 7.0.15: SET k v PX 1 NX, a 50 ms busy loop, then
// GET k replies v; key_written_proof_test.go).
func presentGets(m *model.Model) map[*model.Call]bool {
	type state = map[string]model.Value
	verdict := map[*model.Call]bool{}
	for _, fn := range m.Functions() {
		w := &model.PathWalk[state]{
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
			Call: func(c *model.Call, s state) state {
				if c.Command == nil || len(c.Args) < 2 {
					return s
				}
				key := c.Args[1].Value
				id, known := m.Identity(key)
				if c.Command.Name == "GET" {
					_, present := s[id]
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
				s = cloneState(s)
				// Any other write may delete, rename or retype a key it
				// names (DEL, GETDEL, RENAME, EXPIRE 0...).
				for kid, kv := range s {
					for _, i := range c.Keys {
						if i < len(c.Args) && m.MayBeSameKey(kv, c.Args[i].Value) {
							delete(s, kid)
						}
					}
				}
				if known && stringSetters[c.Command.Name] && !(c.Command.Name == "SET" && c.HasToken("XX")) {
					s[id] = key
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

func cloneState(s map[string]model.Value) map[string]model.Value {
	out := make(map[string]model.Value, len(s))
	for k, v := range s {
		out[k] = v
	}
	return out
}

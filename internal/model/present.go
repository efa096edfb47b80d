package model

import (
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/gopher-lua/ast"
)

// Presence facts are kept per "slot": what one read asks about.
//
//	id             the key holds a value (GET, GETDEL, SET ... GET)
//	id \x00 f      field f of hash id, or member f of sorted set id
//	id \x00 #      the list, set or sorted set id is not empty
//
// id is the key's Identity and f the field's or member's.
const (
	slotSep      = "\x00"
	slotNonEmpty = "\x00#"
	// slotWritten marks a key the path has written (whatever it holds
	// now): no write removes the mark.
	slotWritten = "\x00!w"
	// slotRemoved, after a slot, marks it removed by the path (DEL of the
	// key, HDEL of the field...) and not written again since.
	slotRemoved = "\x00!rm"
	// slotExists, after a key's identity, marks the key there (a write
	// created it, or a test found it or a field of it), whatever it holds.
	slotExists = "\x00!e"
	// slotAbsent, after a key's identity, marks the key missing: a test
	// found it so (EXISTS k == 0) and nothing wrote it since.
	slotAbsent = "\x00!0"
	// markerSep starts both marks: no identity starts with '!'.
	markerSep = "\x00!"
)

// presence is what computePresentReplies found of each read.
type presence struct {
	// reads are the reads that cannot reply null (PresentReplies).
	reads map[*Call]bool
	// keyThere are the reads whose key is known to exist on every path
	// (a field or member of it was written or tested, or the key itself).
	keyThere map[*Call]bool
	// written are the reads whose key the script wrote before them on
	// every path.
	written map[*Call]bool
	// elements are the elements of ElementReads replies known not to be
	// null on every path (their slot was there when the command ran).
	elements map[ElementRef]bool
	// removed are the reads (N 0) and elements whose slot the path removed
	// before them, on every path.
	removed map[ElementRef]bool
	// members are the reads of a field or member (N 0 for a call's own
	// read, else its element) that the path found there in some key:
	// HGET(K1, m) tested, then ZSCORE(K2, m).
	members map[ElementRef]bool
	// records are the reads of a field named by a caller's value with
	// literal parts (`'type_' .. KEYS[5] .. '_capacity'`) where the path
	// found another field of the same key named by the same caller's values
	// with other literals (`'type_' .. KEYS[5] .. '_players'`): one record
	// of a table keyed by what the caller passes (RecordThere).
	records map[ElementRef]bool
	// mayCreate says, of each field write (HSET...) the walk reached,
	// whether it may create its key (computePresence).
	mayCreate map[*Call]bool
	// createsMissing are the field writes that run where a test found
	// their key missing, on every path.
	createsMissing map[*Call]bool
}

// ElementRef is element N of the reply of C.
type ElementRef struct {
	C *Call
	N int
}

// stringSetters leave their key holding a string whatever they reply: SET
// without XX (with NX it either writes or finds the key already there),
// and the commands that create the key when it is missing.
var stringSetters = map[string]bool{
	"SET": true, "SETNX": true, "SETEX": true, "PSETEX": true, "GETSET": true, "APPEND": true,
	"INCR": true, "INCRBY": true, "INCRBYFLOAT": true, "DECR": true, "DECRBY": true,
}

// fieldSetters leave the hash fields they name in place.
var fieldSetters = map[string]bool{"HSET": true, "HMSET": true, "HSETNX": true, "HINCRBY": true, "HINCRBYFLOAT": true}

// memberSetters leave the sorted-set members they name in place (ZADD
// without XX, which only updates members already there).
var memberSetters = map[string]bool{"ZADD": true, "ZINCRBY": true}

// fillers leave their collection not empty.
var fillers = map[string]bool{"LPUSH": true, "RPUSH": true, "SADD": true}

// keepers are writes that never remove a key, a field, a member or an
// element of the keys they name: what the path knew of those keys still
// holds after them. (A keeper of another kind than the key holds fails with
// WRONGTYPE, so the path does not go on.) Any other write may remove
// something (DEL, HDEL, ZREM, LPOP, RENAME, SET over a hash, EXPIRE 0...).
var keepers = map[string]bool{
	"HSET": true, "HMSET": true, "HSETNX": true, "HINCRBY": true, "HINCRBYFLOAT": true,
	"ZADD": true, "ZINCRBY": true, "GEOADD": true, "SADD": true, "LPUSH": true, "RPUSH": true, "LPUSHX": true, "RPUSHX": true,
	"INCR": true, "INCRBY": true, "INCRBYFLOAT": true, "DECR": true, "DECRBY": true, "APPEND": true,
	"SETRANGE": true, "SETBIT": true, "PFADD": true, "XADD": true, "PERSIST": true, "PUBLISH": true, "SPUBLISH": true,
}

// creators give their key a value when it has none (with XX, SET and ZADD
// do not).
var creators = map[string]bool{
	"SET": true, "SETNX": true, "SETEX": true, "PSETEX": true, "GETSET": true, "APPEND": true, "MSET": true,
	"INCR": true, "INCRBY": true, "INCRBYFLOAT": true, "DECR": true, "DECRBY": true, "SETRANGE": true, "SETBIT": true,
	"HSET": true, "HMSET": true, "HSETNX": true, "HINCRBY": true, "HINCRBYFLOAT": true,
	"ZADD": true, "ZINCRBY": true, "GEOADD": true, "SADD": true, "LPUSH": true, "RPUSH": true, "XADD": true, "PFADD": true,
}

// expirers remove their key when the time given is not in the future
// (EXPIRE k 0); with a positive literal or a value from the caller they
// are taken to set a TTL. Redis does not expire keys while a script runs
// (rules/key_written_proof_test.go), so a TTL removes nothing the script
// later reads.
var expirers = map[string]bool{"EXPIRE": true, "PEXPIRE": true, "EXPIREAT": true, "PEXPIREAT": true}

// PresentReplies returns the reads that cannot reply null because, on every
// path that reaches them in their function, with no write in between that
// may remove what they read:
//   - the script has just written it: SET, INCR... for GET; HSET, HINCRBY...
//     for HGET; ZADD or ZINCRBY of the member for ZSCORE, ZRANK and ZREVRANK;
//     LPUSH, RPUSH or SADD for LPOP, RPOP, LINDEX 0 or -1, SPOP...;
//   - or the path tested it: the same read's reply (directly, through a
//     local, or through tonumber of it) was found truthy, or not false or
//     nil; EXISTS k, HEXISTS h f, LLEN, SCARD, ZCARD or HLEN was found
//     not 0 (== 1, > 0, ~= 0...); TYPE k's status was found equal to a
//     type's name ('list', 'zset'...): the key is there, and a collection
//     Redis keeps only while it has elements is not empty;
//   - or, for HGET h f, the path found a field g of h there and every HSET
//     of this script that writes g writes f too: fields the script only
//     writes together are there together.
//   - or, for HGET h f, the path found h there and every field write of the
//     script that may create h writes f, and no other write of the script
//     changes what h holds but by deleting it (fieldInvariants):
//     `if EXISTS h == 0 then HSET h f ... end` fills what later reads read.
//
// A TTL does not change that: Redis does not expire keys while a script runs
// (observed on 7.0.15: SET k v PX 1 NX, a 50 ms busy loop, then GET k
// replies v; rules/key_written_proof_test.go).
//
// It is computed once per model; callers must not modify the map.
func (m *Model) PresentReplies() map[*Call]bool {
	return m.presence().reads
}

// KeyThere reports whether the key that read c names is known to exist
// wherever c runs: the path wrote or tested the key, or a field, member or
// element of it. (HGET of a field may still be null then.)
func (m *Model) KeyThere(c *Call) bool { return m.presence().keyThere[c] }

// WrittenBefore reports whether the script wrote the key that read c names
// before c on every path that reaches c.
func (m *Model) WrittenBefore(c *Call) bool { return m.presence().written[c] }

// RemovedBefore reports whether the script removed what v (a read, an
// element of one, or tonumber of one) asks about before it, on every path
// to the read: DEL of the key, HDEL of the field, ZREM of the member.
func (m *Model) RemovedBefore(v Value) bool {
	if v.Origin == Tonumber && v.Of != nil {
		v = *v.Of
	}
	n := 0
	if v.Origin == ReplyElement {
		n = int(v.Index)
	}
	return m.presence().removed[ElementRef{v.Call, n}]
}

// MemberThere reports whether the field or member that v (a read, an
// element of one, or tonumber of one) asks about was found there in some
// key on every path to the read: a record the caller named exists.
func (m *Model) MemberThere(v Value) bool {
	if v.Origin == Tonumber && v.Of != nil {
		v = *v.Of
	}
	n := 0
	if v.Origin == ReplyElement {
		n = int(v.Index)
	}
	return m.presence().members[ElementRef{v.Call, n}]
}

// RecordThere reports whether v, a read of a hash field that a caller's
// value names with literals around it (fishjoy's `'group_type_' ..
// group_type .. '_capacity'` of its 'cfg' hash), comes where the path found
// another field of the same hash named by the same caller's values (the
// script returned when `'group_type_' .. group_type .. '_total_players'`
// was missing): the caller's value names a record the path found, whose
// other fields whoever writes the record keeps, as it keeps a member found
// in another key (MemberThere).
func (m *Model) RecordThere(v Value) bool {
	if v.Origin == Tonumber && v.Of != nil {
		v = *v.Of
	}
	if v.Origin != Reply {
		return false
	}
	return m.presence().records[ElementRef{v.Call, 0}]
}

// callerParts are the KEYS and ARGV elements a concatenation's identity
// (Identity: `cat(lit:a|KEYS[5]|lit:b)`) joins with literals, in order, or
// "" when it has none, or no literal, or a part of another kind.
func callerParts(id string) string {
	inner, ok := strings.CutPrefix(id, "cat(")
	if !ok {
		return ""
	}
	var parts []string
	lit := false
	for _, p := range strings.Split(strings.TrimSuffix(inner, ")"), "|") {
		switch {
		case strings.HasPrefix(p, "KEYS[") || strings.HasPrefix(p, "ARGV["):
			parts = append(parts, p)
		case strings.HasPrefix(p, "lit:"):
			lit = true
		default:
			return ""
		}
	}
	if !lit || len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, "|")
}

// ElementPresent reports whether element n of the reply of c cannot be
// null: what it reads was there on every path that reaches c.
func (m *Model) ElementPresent(c *Call, n int) bool {
	return m.presence().elements[ElementRef{c, n}]
}

func (m *Model) presence() *presence {
	if m.present == nil {
		p := m.computePresence(nil)
		if inv := m.fieldInvariants(p.mayCreate); len(inv) > 0 {
			// The walk again, with what the script's own writes show of
			// a key it finds there (fieldInvariants).
			p = m.computePresence(inv)
		}
		m.present = p
	}
	return m.present
}

// ReadSlot names what a nullable read of c asks about (see the slot forms
// above), or "" when c reads nothing the presence facts follow.
func (m *Model) ReadSlot(c *Call) string {
	if c.Command == nil || c.Protected || len(c.Args) < 2 {
		return ""
	}
	id, ok := m.Identity(c.Args[1].Value)
	if !ok {
		return ""
	}
	switch c.Command.Name {
	case "GET", "GETDEL", "GETEX", "GETSET":
		return id
	case "SET":
		if c.HasToken("GET") {
			return id
		}
	case "HGET":
		if f, ok := m.argIdentity(c, 2); ok {
			return id + slotSep + f
		}
	case "ZSCORE", "ZRANK", "ZREVRANK":
		if f, ok := m.argIdentity(c, 2); ok {
			return id + slotSep + f
		}
	case "LPOP", "RPOP", "SPOP", "SRANDMEMBER", "RPOPLPUSH", "LMOVE":
		return id + slotNonEmpty
	case "LINDEX":
		if i, ok := c.Literal(2); ok && (i == "0" || i == "-1") {
			return id + slotNonEmpty
		}
	}
	return ""
}

// elementReads are the commands whose array reply holds a null (false in
// Lua) for each key, field or member that is missing, with the argument
// that element 1 reads: HMGET h f1 f2 replies {v1, false} when f2 is
// missing (observed on 7.0.15).
var elementReads = map[string]int{"HMGET": 2, "MGET": 1, "ZMSCORE": 2}

// ElementSlot names what element n of the reply of c reads (see ReadSlot),
// or "" when c is no ElementReads command or the element is not known.
func (m *Model) ElementSlot(c *Call, n int) string {
	first, ok := elementReads[c.Name]
	if !ok || c.Protected || n < 1 {
		return ""
	}
	at := first + n - 1
	if c.Variadic && at >= len(c.Args)-1 || at >= len(c.Args) {
		return ""
	}
	if c.Name == "MGET" {
		id, ok := m.Identity(c.Args[at].Value)
		if !ok {
			return ""
		}
		return id
	}
	id, ok := m.Identity(c.Args[1].Value)
	f, fok := m.Identity(c.Args[at].Value)
	if !ok || !fok {
		return ""
	}
	return id + slotSep + f
}

// SlotOf is the slot a value read from a reply asks about: the read's
// (ReadSlot), or its element's (ElementSlot), looking through tonumber.
func (m *Model) SlotOf(v Value) (c *Call, slot string) {
	if v.Origin == Tonumber && v.Of != nil {
		return m.SlotOf(*v.Of)
	}
	c = v.Call
	switch {
	case c == nil:
		return nil, ""
	case v.Origin == Reply:
		return c, m.ReadSlot(c)
	case v.Origin == ReplyElement && v.Index > 0:
		return c, m.ElementSlot(c, int(v.Index))
	}
	return c, ""
}

func (m *Model) argIdentity(c *Call, i int) (string, bool) {
	if i >= len(c.Args) {
		return "", false
	}
	return m.Identity(c.Args[i].Value)
}

// computePresence walks the paths of every function. inv holds, for a
// hash key, the fields that are there whenever the key is (fieldInvariants).
// It also returns the field writes (HSET...) that may create their key: the
// walk found the key there on some path that reaches them.
func (m *Model) computePresence(inv map[string]map[string]bool) *presence {
	type state = map[string]Value
	mayCreate := map[*Call]bool{}
	createsMissing := map[*Call]bool{}
	together := fieldsWrittenTogether(m)
	verdict := map[*Call]bool{}
	keyThere := map[*Call]bool{}
	written := map[*Call]bool{}
	elements := map[ElementRef]bool{}
	members := map[ElementRef]bool{}
	records := map[ElementRef]bool{}
	removed := map[ElementRef]bool{}
	// removedIn: the slot, or its whole key, carries a removal mark.
	removedIn := func(s state, slot string) bool {
		if slot == "" {
			return false
		}
		id, _, _ := strings.Cut(slot, slotSep)
		_, a := s[slot+slotRemoved]
		_, b := s[id+slotRemoved]
		return a || b
	}
	andRemoved := func(r ElementRef, ok bool) {
		prev, seen := removed[r]
		removed[r] = ok && (!seen || prev)
	}
	// memberThere: some slot of the state has field f, in any key.
	memberThere := func(s state, slot string) bool {
		_, f, ok := strings.Cut(slot, slotSep)
		if !ok || f == "#" {
			return false
		}
		for g := range s {
			if _, gf, ok := strings.Cut(g, slotSep); ok && gf == f && !strings.Contains(g, markerSep) {
				return true
			}
		}
		return false
	}
	andRef := func(r ElementRef, ok bool) {
		prev, seen := members[r]
		members[r] = ok && (!seen || prev)
	}
	// recordThere: the state found another field of the slot's key named
	// by the same caller's values (callerParts) with other literals.
	recordThere := func(s state, slot string) bool {
		id, f, ok := strings.Cut(slot, slotSep)
		parts := callerParts(f)
		if !ok || parts == "" {
			return false
		}
		for g := range s {
			gid, gf, ok := strings.Cut(g, slotSep)
			if ok && gid == id && gf != f && !strings.Contains(g, markerSep) && callerParts(gf) == parts {
				return true
			}
		}
		return false
	}
	andRecord := func(r ElementRef, ok bool) {
		prev, seen := records[r]
		records[r] = ok && (!seen || prev)
	}
	// and records a verdict that must hold on every path reaching c.
	and := func(in map[*Call]bool, c *Call, ok bool) {
		prev, seen := in[c]
		in[c] = ok && (!seen || prev)
	}
	incomplete := false
	// A local function used by one call only is walked where it is called
	// (Inline), with what the caller's path knows, and not alone, where
	// its walk would know nothing of its caller: its body is walked once
	// either way. A helper called from several places is walked alone.
	once := func(fe *ast.FunctionExpr) bool {
		fn := m.FunctionFor(fe)
		return fn != nil && m.singleCall(fn) != nil
	}
	for _, fn := range m.Functions() {
		if m.singleCall(fn) != nil {
			continue
		}
		w := &PathWalk[state]{
			M: m,
			// A local helper's calls take effect where it is called
			// (genkai's createIfNotExists(KEYS[1], ...) creates every
			// field it later reads): its parameters hold what the call
			// passes (singleCallArgs).
			Inline:   true,
			InlineIf: once,
			Copy:     func(s state) state { return cloneState(s) },
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
				if g, ok := m.missingKey(cond, truth); ok {
					s = cloneState(s)
					s[g.slot+slotAbsent] = g.key
				}
				facts := m.guardedSlots(cond, truth)
				if len(facts) == 0 {
					return s
				}
				s = cloneState(s)
				for _, g := range facts {
					s[g.slot] = g.key
					// The key is there, and with it what the script
					// writes whenever it creates it.
					id, _, _ := strings.Cut(g.slot, slotSep)
					s[id+slotExists] = g.key
					for f := range inv[id] {
						s[id+slotSep+f] = g.key
					}
					// HGET h g found g: the fields written with g are there.
					if id, f, ok := strings.Cut(g.slot, slotSep); ok {
						for t := range together[id+slotSep+f] {
							s[id+slotSep+t] = g.key
						}
					}
				}
				return s
			},
			Call: func(c *Call, s state) state {
				if c.Command == nil || len(c.Args) < 2 {
					return s
				}
				if fieldSetters[c.Command.Name] {
					id, ok := m.Identity(c.Args[1].Value)
					mayCreate[c] = mayCreate[c] || !ok || !keyKnown(s, id)
					_, missing := s[id+slotAbsent]
					and(createsMissing, c, ok && missing)
				}
				slot := m.ReadSlot(c)
				if slot != "" {
					_, present := s[slot]
					and(verdict, c, present)
					andRef(ElementRef{c, 0}, memberThere(s, slot))
					andRecord(ElementRef{c, 0}, recordThere(s, slot))
					andRemoved(ElementRef{c, 0}, removedIn(s, slot))
				} else if _, ok := elementReads[c.Name]; ok && c.Name != "MGET" {
					slot = m.ElementSlot(c, 1)
				} else if nonEmptyWhenThere(c) {
					// An array read whose reply holds an element whenever
					// its key exists: is the key there?
					slot, _ = m.Identity(c.Args[1].Value)
				}
				if slot != "" {
					id, _, _ := strings.Cut(slot, slotSep)
					_, w := s[id+slotWritten]
					and(written, c, w)
					there := false
					for f := range s {
						if (f == id || strings.HasPrefix(f, id+slotSep)) && !strings.Contains(f, markerSep) {
							there = true
							break
						}
					}
					and(keyThere, c, there)
				}
				if first, ok := elementReads[c.Name]; ok {
					for n := 1; first+n-1 < len(c.Args); n++ {
						r := ElementRef{c, n}
						andRef(r, memberThere(s, m.ElementSlot(c, n)))
						andRemoved(r, removedIn(s, m.ElementSlot(c, n)))
						_, there := s[m.ElementSlot(c, n)]
						prev, seen := elements[r]
						elements[r] = there && (!seen || prev)
					}
				}
				if !c.Command.IsWrite() {
					return s
				}
				if len(c.Keys) == 0 {
					return state{} // FLUSHALL, or keys the table cannot place
				}
				name := c.Command.Name
				if name != "DEL" && name != "UNLINK" {
					// Any other write may create a key it names.
					for slot, kv := range s {
						if !strings.HasSuffix(slot, slotAbsent) {
							continue
						}
						for _, i := range c.Keys {
							if i < len(c.Args) && m.MayBeSameKey(kv, c.Args[i].Value) {
								s = cloneState(s)
								delete(s, slot)
								break
							}
						}
					}
				}
				if !keepers[name] && !(expirers[name] && !expiresNow(c)) {
					// Any other write may delete, rename or retype a key it
					// names (DEL, GETDEL, HDEL, RENAME, LPOP, EXPIRE 0...).
					s = cloneState(s)
					for slot, kv := range s {
						if strings.Contains(slot, markerSep) && !strings.HasSuffix(slot, slotExists) {
							continue
						}
						for _, i := range c.Keys {
							if i < len(c.Args) && m.MayBeSameKey(kv, c.Args[i].Value) {
								delete(s, slot)
							}
						}
					}
				}
				s = cloneState(s)
				if creators[name] && !c.HasToken("XX") {
					for _, i := range c.Keys {
						if i < len(c.Args) {
							if id, ok := m.Identity(c.Args[i].Value); ok {
								s[id+slotWritten] = c.Args[i].Value
								s[id+slotExists] = c.Args[i].Value
								delete(s, id+slotRemoved)
							}
						}
					}
				}
				m.markRemoved(c, s)
				key := c.Args[1].Value
				id, known := m.Identity(key)
				if !known {
					return s
				}
				switch {
				case stringSetters[name] && !(name == "SET" && c.HasToken("XX")):
					s[id] = key
				case fieldSetters[name]:
					for _, f := range m.setFields(c) {
						s[id+slotSep+f] = key
						delete(s, id+slotSep+f+slotRemoved)
					}
				case memberSetters[name] && !c.HasToken("XX"):
					for _, f := range m.setMembers(c) {
						s[id+slotSep+f] = key
						delete(s, id+slotSep+f+slotRemoved)
					}
					s[id+slotNonEmpty] = key
				case fillers[name]:
					s[id+slotNonEmpty] = key
				}
				return s
			},
		}
		w.Run(fn, state{})
		incomplete = incomplete || w.Incomplete
	}
	if incomplete {
		// Some field write may not have been reached: none is known not
		// to create its key.
		mayCreate = nil
	}
	for _, in := range []map[*Call]bool{verdict, keyThere, written, createsMissing} {
		for c, ok := range in {
			if !ok {
				delete(in, c)
			}
		}
	}
	for _, in := range []map[ElementRef]bool{elements, members, removed} {
		for r, ok := range in {
			if !ok {
				delete(in, r)
			}
		}
	}
	return &presence{reads: verdict, keyThere: keyThere, written: written, elements: elements, members: members, records: records, removed: removed, mayCreate: mayCreate, createsMissing: createsMissing}
}

// keyKnown reports whether s knows key id is there: a write created it, or
// a test found it or a field, member or element of it.
func keyKnown(s map[string]Value, id string) bool {
	if _, ok := s[id+slotExists]; ok {
		return true
	}
	if _, ok := s[id]; ok {
		return true
	}
	for f := range s {
		if strings.HasPrefix(f, id+slotSep) && !strings.Contains(f, markerSep) {
			return true
		}
	}
	return false
}

// fieldInvariants maps the identity of a hash key to the fields the script
// itself keeps in it, so that whenever the key is there they are:
//
//	if redis.call('EXISTS', k) == 0 then
//	  redis.call('HSET', k, 'rate', ARGV[1], 'burst', ARGV[2])
//	end
//	local rate = tonumber(redis.call('HGET', k, 'rate'))  -- not null
//
// The fields of a key are those every field write of the script that may
// create it (mayCreate: one the paths reach without knowing the key there)
// writes. Any other write that may name the key, but deleting it or its
// TTL, keeps the script from saying what the key holds (HDEL of a field,
// SET, RENAME into it...), and so does a write whose keys are not known.
// What holds the key to this is that it is the script's own: other code
// that writes the key with fewer fields is not in the script, and a read of
// a field that no creating write sets is still reported.
func (m *Model) fieldInvariants(mayCreate map[*Call]bool) map[string]map[string]bool {
	if mayCreate == nil {
		return nil
	}
	var out map[string]map[string]bool
	for c, creates := range mayCreate {
		id, ok := m.Identity(c.Args[1].Value)
		if !ok || !creates {
			continue
		}
		if out == nil {
			out = map[string]map[string]bool{}
		}
		if _, seen := out[id]; !seen {
			out[id] = map[string]bool{}
			for _, f := range m.setFields(c) {
				out[id][f] = true
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	for _, c := range m.Calls {
		if c.Command == nil || !c.Command.IsWrite() {
			continue
		}
		if len(c.Keys) == 0 || len(c.Args) < 2 {
			return nil // FLUSHALL, or keys the table cannot place
		}
		name := c.Command.Name
		switch name {
		case "DEL", "UNLINK", "EXPIRE", "PEXPIRE", "EXPIREAT", "PEXPIREAT", "PERSIST":
			// The whole key goes, or stays: never a key without its fields.
			continue
		}
		for _, i := range c.Keys {
			if i >= len(c.Args) {
				continue
			}
			kid, kok := m.Identity(c.Args[i].Value)
			for id, fields := range out {
				if !MayBeSameIdentity(id, true, kid, kok) {
					continue
				}
				if !fieldSetters[name] || i != 1 {
					delete(out, id)
					continue
				}
				if creates, reached := mayCreate[c]; reached && !creates {
					continue // the key is there when it runs
				}
				// A write that may create the key keeps only the fields it
				// writes too (a computed field is none of them).
				mine := map[string]bool{}
				for _, f := range m.setFields(c) {
					mine[f] = true
				}
				for f := range fields {
					if !mine[f] {
						delete(fields, f)
					}
				}
			}
		}
	}
	for id, fields := range out {
		if len(fields) == 0 {
			delete(out, id)
		}
	}
	return out
}

// expiresNow reports whether an EXPIRE-like call gives a literal time that
// removes the key at once (0 or less for EXPIRE and PEXPIRE).
func expiresNow(c *Call) bool {
	t, ok := c.Literal(2)
	if !ok {
		return false
	}
	n, err := strconv.ParseFloat(t, 64)
	if err != nil {
		return false
	}
	if c.Is("EXPIRE", "PEXPIRE") {
		return n <= 0
	}
	return false
}

// slotFact is a slot known to be there, with the key it is of.
type slotFact struct {
	slot string
	key  Value
}

// guardedSlots lists what a condition that evaluated to truth shows to be
// there: the slot of a read whose reply it found not null, or of the key,
// field or collection that EXISTS, HEXISTS or a length found not 0.
func (m *Model) guardedSlots(cond ast.Expr, truth bool) []slotFact {
	switch x := cond.(type) {
	case *ast.RelationalOpExpr:
		if x.Operator != "==" && x.Operator != "~=" && x.Operator != "<" && x.Operator != "<=" &&
			x.Operator != ">" && x.Operator != ">=" {
			return nil
		}
		// The reply on one side, a literal on the other.
		for _, side := range [2]struct {
			reply, other ast.Expr
			op           string
		}{{x.Lhs, x.Rhs, x.Operator}, {x.Rhs, x.Lhs, FlipRelation(x.Operator)}} {
			rv := m.Value(side.reply)
			c := rv.FromReply()
			if c == nil || c.Protected {
				continue
			}
			ov := m.Value(side.other)
			switch {
			case ov.Origin == Literal && ov.Types&Falsy != 0 && (side.op == "==" || side.op == "~="):
				// R == false / R ~= nil...: the reply is not null on the
				// branch where the equality fails.
				if truth == (side.op == "~=") {
					if slot := m.ReadSlot(c); slot != "" && rv.Origin != ReplyElement {
						return []slotFact{{slot, c.Args[1].Value}}
					}
				}
			case ov.Origin == Literal && ov.Types == TNumber && rv.Origin == Reply:
				n, err := strconv.ParseFloat(ov.Lit, 64)
				if err != nil {
					continue
				}
				if nonZero(side.op, n, truth) {
					return m.countSlots(c)
				}
			case c.Name == "TYPE" && (rv.Origin == ReplyElement || rv.Origin == Reply) && ov.Origin == Literal && ov.IsString && ov.Lit != "none" && side.op == "==" && truth:
				// TYPE k == 'list' (its status's ok field): the key is
				// there, and a collection Redis keeps only while it has
				// elements is not empty. The whole status reply compared
				// with the name (reply-type-compare's error) is a table
				// and never equal, so the branch never runs and these
				// facts hold there too: what it reads is judged as the
				// author meant it, not reported a second time.
				if id, ok := m.Identity(c.Args[1].Value); ok && len(c.Args) == 2 {
					return []slotFact{{id, c.Args[1].Value}, {id + slotNonEmpty, c.Args[1].Value}}
				}
			case ov.Types != 0 && !ov.Types.MayBeFalsy() && side.op == "==" && truth && rv.Origin != ReplyElement:
				// R == 'x', R == ARGV[1]: a null reply is neither.
				if slot := m.ReadSlot(c); slot != "" {
					return []slotFact{{slot, c.Args[1].Value}}
				}
			}
		}
		return nil
	}
	if !truth {
		return nil
	}
	v := m.Value(cond)
	c := v.FromReply()
	if c == nil || c.Protected || v.Origin == ReplyElement {
		return nil
	}
	if slot := m.ReadSlot(c); slot != "" {
		return []slotFact{{slot, c.Args[1].Value}}
	}
	return nil
}

// countSlots is what a count reply of c found not 0 shows: EXISTS k, the
// key; HEXISTS h f, the field; LLEN, SCARD, ZCARD or HLEN, a collection
// that is not empty.
func (m *Model) countSlots(c *Call) []slotFact {
	if c.Command == nil || len(c.Args) < 2 {
		return nil
	}
	key := c.Args[1].Value
	id, ok := m.Identity(key)
	if !ok {
		return nil
	}
	switch c.Command.Name {
	case "EXISTS":
		if len(c.Args) == 2 {
			return []slotFact{{id, key}}
		}
	case "HEXISTS":
		if f, ok := m.argIdentity(c, 2); ok {
			return []slotFact{{id + slotSep + f, key}}
		}
	case "LLEN", "SCARD", "ZCARD":
		return []slotFact{{id + slotNonEmpty, key}}
	}
	return nil
}

// nonZero reports whether `count op n` having evaluated to truth means the
// count is not 0 (counts are never negative).
func nonZero(op string, n float64, truth bool) bool {
	if !truth {
		op = NegateRelation(op)
	}
	switch op {
	case "==":
		return n != 0
	case "~=":
		return n == 0
	case ">":
		return n >= 0
	case ">=":
		return n > 0
	}
	return false
}

// setFields lists the identities of the fields an HSET-like call writes.
func (m *Model) setFields(c *Call) []string {
	var out []string
	step := 2
	if c.Is("HSETNX", "HINCRBY", "HINCRBYFLOAT") {
		step = len(c.Args) // one field
	}
	for i := 2; i < len(c.Args); i += step {
		if f, ok := m.argIdentity(c, i); ok {
			out = append(out, f)
		}
	}
	return out
}

// setMembers lists the identities of the members a ZADD or ZINCRBY writes.
func (m *Model) setMembers(c *Call) []string {
	if c.Is("ZINCRBY") {
		if f, ok := m.argIdentity(c, 3); ok {
			return []string{f}
		}
		return nil
	}
	i := 2
	for ; i < len(c.Args); i++ {
		s, ok := c.Literal(i)
		if !ok {
			break
		}
		switch strings.ToUpper(s) {
		case "NX", "XX", "GT", "LT", "CH", "INCR":
			continue
		}
		break
	}
	var out []string
	for i++; i < len(c.Args); i += 2 {
		if f, ok := m.argIdentity(c, i); ok {
			out = append(out, f)
		}
	}
	return out
}

// fieldsWrittenTogether maps "hash identity \x00 field g" to the fields
// that every HSET/HMSET of the script writing g also writes (g included).
// A call whose fields are not all known makes its hash unknown.
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
		for _, f := range m.setFields(c) {
			fields[f] = true
		}
		if len(fields) == 0 || len(fields) < fieldCount(c) {
			unknown[id] = true // a field the script computes may be any
			continue
		}
		for g := range fields {
			slot := id + slotSep + g
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
		id, _, _ := strings.Cut(slot, slotSep)
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

// markRemoved marks in s what write c removes (removals).
func (m *Model) markRemoved(c *Call, s map[string]Value) {
	gone, _ := m.removedBy(c)
	for _, g := range gone {
		s[g.slot+slotRemoved] = g.key
	}
}

// removal is what a write removes, whatever it replies.
type removal struct {
	of removedPart
	// counts: the reply is how many of them it removed, 0 when none was
	// there, so a reply not 0 shows a one it names was there before.
	counts bool
	// now: it removes only with a time that is not in the future
	// (expiresNow), and then its reply is 1 when the key was there.
	now bool
}

type removedPart uint8

const (
	removedKeys    removedPart = iota // every key it names
	removedFirst                      // its first key
	removedMembers                    // the fields or members of its first key, from argument 2 on
)

// removals is the one table of what writes remove, which both the
// presence facts (a read after DEL k is null) and the flow (ZREM's count
// not 0 shows the member was there) read. RENAMENX is not in it: when the
// new name exists it replies 0 and keeps the old key (TestProofRemovals),
// so it does not remove on every path. Other writes may remove too (LPOP,
// SET over a hash); they are not keepers, so the facts of their keys go.
var removals = map[string]removal{
	"DEL":     {of: removedKeys, counts: true},
	"UNLINK":  {of: removedKeys, counts: true},
	"GETDEL":  {of: removedFirst},
	"RENAME":  {of: removedFirst},
	"EXPIRE":  {of: removedFirst, counts: true, now: true},
	"PEXPIRE": {of: removedFirst, counts: true, now: true},
	"HDEL":    {of: removedMembers, counts: true},
	"ZREM":    {of: removedMembers, counts: true},
	"SREM":    {of: removedMembers, counts: true},
}

// removedBy lists the slots write c removes (removals), each with the key
// it is of; all is false when c names one that has no identity.
func (m *Model) removedBy(c *Call) (gone []slotFact, all bool) {
	if c.Command == nil || len(c.Args) < 2 {
		return nil, false
	}
	r, ok := removals[c.Command.Name]
	if !ok || r.now && !expiresNow(c) {
		return nil, false
	}
	all = true
	key := c.Args[1].Value
	switch r.of {
	case removedKeys:
		for _, i := range c.Keys {
			if i >= len(c.Args) {
				continue
			}
			if id, ok := m.Identity(c.Args[i].Value); ok {
				gone = append(gone, slotFact{id, c.Args[i].Value})
			} else {
				all = false
			}
		}
	case removedFirst:
		if id, ok := m.Identity(key); ok {
			gone = append(gone, slotFact{id, key})
		} else {
			all = false
		}
	case removedMembers:
		id, ok := m.Identity(key)
		for i := 2; i < len(c.Args); i++ {
			if f, fok := m.argIdentity(c, i); ok && fok {
				gone = append(gone, slotFact{id + slotSep + f, key})
			} else {
				all = false
			}
		}
	}
	return gone, all
}

// createdWithout returns the line of a field write of the script that
// creates the key of a field slot (id \x00 f) where a test found it missing,
// without writing f, naming every field it writes; or 0. Where the script
// created the key, a read of f is null.
func (m *Model) createdWithout(slot string) int {
	id, f, ok := strings.Cut(slot, slotSep)
	if !ok || f == "#" {
		return 0
	}
	p := m.presence()
	for _, c := range m.Calls {
		if !p.createsMissing[c] || c.Variadic {
			continue
		}
		if kid, ok := m.Identity(c.Args[1].Value); !ok || kid != id {
			continue
		}
		fields := m.setFields(c)
		if len(fields) != fieldCount(c) || slices.Contains(fields, f) {
			continue
		}
		return m.Range(c.Expr).Start.Line
	}
	return 0
}

// writtenAt returns the line of a write of the script that sets the field
// or member of a slot (id \x00 f): an HSET-like call of hash id naming f,
// or a ZADD (without XX) or ZINCRBY of sorted set id naming member f; or 0.
func (m *Model) writtenAt(slot string) int {
	id, f, ok := strings.Cut(slot, slotSep)
	if !ok || f == "#" || strings.HasPrefix(f, "!") {
		return 0
	}
	for _, c := range m.Calls {
		if c.Command == nil || len(c.Args) < 2 {
			continue
		}
		var names []string
		switch {
		case fieldSetters[c.Command.Name]:
			names = m.setFields(c)
		case memberSetters[c.Command.Name] && !c.HasToken("XX"):
			names = m.setMembers(c)
		default:
			continue
		}
		if kid, ok := m.Identity(c.Args[1].Value); ok && kid == id && slices.Contains(names, f) {
			return m.Range(c.Expr).Start.Line
		}
	}
	return 0
}

// missingKey is the key that a condition having evaluated to truth shows
// missing: EXISTS k found 0 (== 0, < 1, ~= 1, not == 1...).
func (m *Model) missingKey(cond ast.Expr, truth bool) (slotFact, bool) {
	x, ok := cond.(*ast.RelationalOpExpr)
	if !ok {
		return slotFact{}, false
	}
	for _, side := range [2]struct {
		count, other ast.Expr
		op           string
	}{{x.Lhs, x.Rhs, x.Operator}, {x.Rhs, x.Lhs, FlipRelation(x.Operator)}} {
		rv := m.Value(side.count)
		c := rv.Call
		if rv.Origin != Reply || c == nil || c.Protected || c.Name != "EXISTS" || len(c.Args) != 2 {
			continue
		}
		n, ok := NumberLit(side.other)
		if !ok {
			continue
		}
		// EXISTS of one key replies 0 or 1: the key is missing when 0
		// makes the comparison come out as it did and 1 does not.
		if holds(0, side.op, n) != truth || holds(1, side.op, n) == truth {
			continue
		}
		if id, ok := m.Identity(c.Args[1].Value); ok {
			return slotFact{id, c.Args[1].Value}, true
		}
	}
	return slotFact{}, false
}

// holds is the truth of `a op b`.
func holds(a float64, op string, b float64) bool {
	switch op {
	case "==":
		return a == b
	case "~=":
		return a != b
	case "<":
		return a < b
	case "<=":
		return a <= b
	case ">":
		return a > b
	case ">=":
		return a >= b
	}
	return false
}

// Package redisdb holds the command tables: arity, flags, key positions,
// reply kinds and the version each command appeared in, for every command
// and subcommand of Redis (RedisTable, and Lookup and All), of Valkey
// (ValkeyTable) and of the modules Redis Open Source 8 bundles
// (ModuleTable: RedisJSON, RediSearch, RedisTimeSeries, RedisBloom).
//
// The tables are data generated from ../shared/redis-commands.json,
// valkey-commands.json and module-commands.json (facts extracted from the
// servers' and modules' sources), with the complexity and changed-in
// versions of command-docs.json (from the same sources' documentation), into commands_gen.go, valkey_gen.go and
// modules_gen.go, which are committed, so that the linter and its tests
// never read ../shared at run time. Redis's JSON comes from a Redis newer
// than 7.0.15, the server the project observed: it lists commands added
// later (check Since with SinceAtLeast), and the generator corrects the few
// facts that 7.0.15 was observed to contradict (see internal/gencore).
// Which table applies to a server, and which of its commands exist at a
// version, is the business of package target.
//
// The tables are shared and read-only: callers must not modify the commands
// or the slices they return.
package redisdb

//go:generate go run ./gen -kind redis -in ../../../shared/redis-commands.json -docs ../../../shared/command-docs.json -out commands_gen.go
//go:generate go run ./gen -kind valkey -in ../../../shared/valkey-commands.json -docs ../../../shared/command-docs.json -out valkey_gen.go
//go:generate go run ./gen -kind modules -in ../../../shared/module-commands.json -docs ../../../shared/command-docs.json -out modules_gen.go

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// ReplyKind is a set of reply types a command may send. Each constant says
// what the reply becomes in Lua under RESP2, the protocol scripts use unless
// they call redis.setresp(3), because that, not the wire type, is what a
// rule reasons about.
type ReplyKind uint16

const (
	ReplyNull    ReplyKind = 1 << iota // nil bulk / nil array: arrives in Lua (RESP2) as false
	ReplyBulk                          // bulk string: a Lua string
	ReplyStatus                        // simple string status reply: a Lua table {ok='OK'}
	ReplyInteger                       // a Lua number
	ReplyArray                         // a Lua table (array)
	ReplyMap                           // "object" in the schema: in RESP2 a flat array, so a Lua table
	ReplyDouble                        // "number": in RESP2 a bulk string
)

var replyNames = []string{"null", "bulk", "status", "integer", "array", "map", "double"}

// String lists the kinds in the set, as "null|bulk"; "" for the empty set,
// which means the schema does not say (EVAL, FCALL and containers).
func (k ReplyKind) String() string {
	var parts []string
	for i, n := range replyNames {
		if k&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, "|")
}

// Command describes a Redis command or subcommand.
type Command struct {
	Name       string   // upper case; subcommands as "CONFIG GET"
	Arity      int      // Redis arity: positive exact, negative minimum, counting the command name (and for subcommands counting container + sub)
	Flags      []string // command_flags, e.g. WRITE READONLY NOSCRIPT BLOCKING FAST DENYOOM
	Since      string   // version that introduced the command, "7.0.0" style: the server's (Valkey's own from 8.0), or for a module command the module's (redis-facts.md H17: never compare it with a server version)
	Group      string   // documentation group: string, list, generic, scripting...
	Deprecated string   // deprecated_since or ""
	// Complexity is the leading O(...) formula of the command's documented
	// time complexity ("O(log(N)+M)"), "" when its documentation gives
	// none; what N and M stand for is on the command's official page.
	Complexity string
	// ChangedIn lists the versions whose release changed the command
	// (its documentation's history), oldest first as documented.
	ChangedIn   []string
	Reply       ReplyKind // 0 when the schema does not say (EVAL, FCALL, containers, every module command)
	ReplyConsts []string  // raw const values e.g. `"OK"`, `0`, `1`
	KeySpecs    []KeySpec
	Args        []Arg      // argument tree from the JSON, in order
	Subcommands []*Command // sorted by name, nil if none

	// NoScriptUntil is set for a command that older servers refused in
	// scripts and that the JSON, from a newer one, lets them call: the
	// version from which scripts may call it. Where set, it decides, not
	// the flags (target.NoScript reads both): BLPOP and the other blocking
	// commands, refused by 7.0 and allowed from 7.2 (redis-facts.md C13,
	// H11), and WAITAOF, refused by 7.2 and allowed from 7.4
	// (docs/facts-observed.md). Their flags, the newest Redis's, lack
	// NOSCRIPT.
	NoScriptUntil string

	// Module is the module that registers the command, NoModule for the
	// server's own.
	Module Module
	// RegisteredKeys is what a module passed to RedisModule_CreateCommand
	// as first key, last key and step; zero when it passed 0,0,0 and states
	// its keys only in key specs (every JSON command at the table's
	// commit, redis-facts.md H18). KeySpecs already hold the spec Redis
	// builds from it when the module declares none.
	RegisteredKeys KeyRange
	// UndeclaredKeys reports a module command whose key specs omit keys it
	// reads: JSON.MGET declares only its first key and CMS.MERGE only its
	// destination (redis-facts.md H18, H21). Redis itself, and so cluster
	// routing and the script's key checks, sees only the declared ones;
	// KeyPositions returns them all, from the module's own reading of its
	// arguments.
	UndeclaredKeys bool
	// OnlyIf is the condition under which a module registers the command
	// ("cluster-enabled no" for FT.CONFIG, redis-facts.md H19), "" when
	// always.
	OnlyIf string
}

// KeyRange is a legacy key declaration: first key, last key (negative
// counts from the end) and step, as argv indexes.
type KeyRange struct {
	First, Last, Step int
}

// BeginSearch says how a key spec finds the first key.
type BeginSearch uint8

const (
	BeginUnknown BeginSearch = iota // only the command's own code knows (SORT's BY/GET/STORE)
	BeginIndex                      // at a fixed argv index
	BeginKeyword                    // just after a keyword found by searching argv
)

// FindKeys says how a key spec finds the keys after the first one.
type FindKeys uint8

const (
	FindUnknown FindKeys = iota
	FindRange            // from the first key up to LastKey, every Step
	FindKeynum           // a count argument (numkeys) says how many keys follow
)

// KeySpec is one of Redis's key specifications. Indexes count the whole argv
// as Redis sees it: 0 is the command name, and for a subcommand 0 is the
// container and 1 the subcommand.
type KeySpec struct {
	Flags []string // RO, RW, OW, RM, ACCESS, UPDATE, INSERT, DELETE, NOT_KEY, INCOMPLETE, VARIABLE_FLAGS

	Begin     BeginSearch
	Index     int    // BeginIndex: argv index of the first key
	Keyword   string // BeginKeyword: the keyword, matched case-insensitively
	StartFrom int    // BeginKeyword: search forward from this index, or backward from len(argv)+StartFrom when negative

	Find      FindKeys
	LastKey   int // FindRange: last key relative to the first, or counted from the end of argv when negative
	Step      int // FindRange, FindKeynum: distance between keys
	Limit     int // FindRange with negative LastKey: when > 1, keys take only 1/Limit of the remaining args (XREAD STREAMS)
	KeyNumIdx int // FindKeynum: index of numkeys relative to the begin index
	FirstKey  int // FindKeynum: index of the first key relative to the begin index
}

// Arg is a node of the argument tree from the command JSON.
type Arg struct {
	Name          string // e.g. "key", "seconds"
	Type          string // key, string, integer, double, pattern, unix-time, pure-token, oneof, block
	Token         string // literal keyword that introduces the argument, e.g. "EX"; "" if none
	Since         string // Redis version that added the argument, "" if as old as the command
	Optional      bool
	Multiple      bool
	MultipleToken bool  // the token repeats before each value (SORT ... GET a GET b)
	KeySpecIndex  int   // index into Command.KeySpecs, -1 when the argument holds no key
	Args          []Arg // members of a oneof or block
}

// Lookup returns Redis's command called name, ignoring case, or nil if Redis
// has no such command: RedisTable.Lookup. "CONFIG GET" (one space) finds
// the subcommand, the same as Lookup("CONFIG").Sub("GET").
func Lookup(name string) *Command { return RedisTable.Lookup(name) }

// upperASCII appends name in upper case to buf when it is ASCII (scripts
// write commands in lower case: strings.ToUpper allocated for each call
// site the model evaluates); ok is false for anything else, which
// strings.ToUpper folds by Unicode's rules.
func upperASCII(buf []byte, name string) (up []byte, ok bool) {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= utf8.RuneSelf {
			return nil, false
		}
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		buf = append(buf, c)
	}
	return buf, true
}

// Sub returns the subcommand called name, ignoring case, or nil. It is safe
// on a nil Command so that lookups chain.
func (c *Command) Sub(name string) *Command {
	if c == nil {
		return nil
	}
	var buf [24]byte
	up, ok := upperASCII(buf[:0], name)
	if !ok {
		up = []byte(strings.ToUpper(name))
	}
	at := len(c.Name) + 1
	i, found := slices.BinarySearchFunc(c.Subcommands, up, func(s *Command, up []byte) int {
		return strings.Compare(s.Name[at:], string(up))
	})
	if !found {
		return nil
	}
	return c.Subcommands[i]
}

// SubNames lists the own names of a container's subcommands, sorted.
func (c *Command) SubNames() []string {
	names := make([]string, len(c.Subcommands))
	for i, s := range c.Subcommands {
		names[i] = s.SubName()
	}
	return names
}

// SubName is a subcommand's own name: GET for CONFIG GET.
func (c *Command) SubName() string {
	_, sub, _ := strings.Cut(c.Name, " ")
	return sub
}

// HasFlag reports whether the command carries the command flag f, ignoring
// case.
func (c *Command) HasFlag(f string) bool {
	for _, x := range c.Flags {
		if strings.EqualFold(x, f) {
			return true
		}
	}
	return false
}

// IsWrite reports the WRITE flag: scripts flagged no-writes, EVAL_RO and
// FCALL_RO refuse these commands.
func (c *Command) IsWrite() bool { return c.HasFlag("WRITE") }

// NoScript reports the NOSCRIPT flag: redis.call refuses the command with
// "This Redis command is not allowed from script".
func (c *Command) NoScript() bool { return c.HasFlag("NOSCRIPT") }

// Blocking reports the BLOCKING flag.
func (c *Command) Blocking() bool { return c.HasFlag("BLOCKING") }

// CheckArity reports whether a call with argc arguments passes Redis's
// arity check. argc counts the full argv as Redis sees it, command name
// included (and for a subcommand, container and subcommand).
func (c *Command) CheckArity(argc int) bool {
	if c.Arity >= 0 {
		return argc == c.Arity
	}
	return argc >= -c.Arity
}

// All returns every top-level command of Redis, sorted by name:
// RedisTable.All.
func All() []*Command { return RedisTable.All() }

// SinceAtLeast reports whether version since is at most target, that is
// whether something introduced in since exists on a target server. Versions
// are dotted numbers ("7.0.15"); missing parts count as 0. An empty target
// means the latest version, so the answer is true.
func SinceAtLeast(since, target string) bool {
	if target == "" {
		return true
	}
	return compareVersions(since, target) <= 0
}

// compareVersions compares dotted versions without allocating: the model
// asks through a target for every call site it resolves, and rules for
// every option of a call.
func compareVersions(a, b string) int {
	for a != "" || b != "" {
		var x, y int
		x, a = versionPart(a)
		y, b = versionPart(b)
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

// versionPart reads the number before the first dot of v ("7" of
// "7.0.15") and returns the rest after the dot. A part that is not a
// number counts as 0, since versions here come from the table or from
// configuration that has already been validated.
func versionPart(v string) (n int, rest string) {
	part, rest, _ := strings.Cut(v, ".")
	for i := 0; i < len(part); i++ {
		c := part[i]
		if c < '0' || c > '9' || n > 1e6 {
			return 0, rest
		}
		n = n*10 + int(c-'0')
	}
	return n, rest
}

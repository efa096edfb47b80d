package target

import (
	"slices"

	"github.com/lint-lua/lint-lua/internal/redisdb"
)

// Presence says whether a target's scripts see a global or a field.
type Presence uint8

const (
	// Absent: reading it fails (a global) or gives nil (a field) on the
	// target; a rule may report it.
	Absent Presence = iota
	// Present: the target has it.
	Present
	// Unsure: it depends on how the server was built, or the target's
	// behaviour is not known here; a rule must not report it as an error.
	Unsure
)

var presenceNames = [...]string{"absent", "present", "unsure"}

func (p Presence) String() string { return presenceNames[p] }

// baseGlobals are the globals every target's sandbox gives EVAL scripts and
// function bodies: observed on 7.0.15 (redis-facts.md B7), and on each
// build of docs/facts-observed.md. KEYS and ARGV exist in EVAL scripts only
// (G), so they are the rules' business, not the target's.
var baseGlobals = []string{
	"load", "loadstring", "unpack", "bit", "cjson", "cmsgpack", "struct", "math", "string", "table", "coroutine",
	"pcall", "xpcall", "error", "assert", "select", "tostring", "tonumber", "rawget", "rawset", "rawequal",
	"setmetatable", "getmetatable", "next", "ipairs", "pairs", "type", "gcinfo", "collectgarbage", "_VERSION", "_G",
	"redis",
}

// buildGlobals are in the sandbox's allow-list (redis-facts.md H6) and
// present on every server built from source (docs/facts-observed.md O4:
// Redis 7.0.15, 7.2.6, 7.4.1, Valkey 7.2.4-rc1, 7.2.7, 8.0.1), but missing
// from Debian's redis-server 7.0.15 package (B7). Which build a target
// runs cannot be known, so they are Unsure.
var buildGlobals = []string{"getfenv", "setfenv", "newproxy"}

// Global says whether scripts on the target see the global name: the base
// sandbox (B7), `server` on Valkey (H1, H2, observed), `os` on Redis 7.4
// and later and Valkey 8.0 and later (H7, observed; it holds only clock,
// see OSFields).
func (t Target) Global(name string) Presence {
	switch {
	case slices.Contains(baseGlobals, name):
		return Present
	case slices.Contains(buildGlobals, name):
		return Unsure
	case name == "server":
		return t.ifValkey()
	case name == "os":
		if t.server == Upstash {
			return Unsure
		}
		if t.hasOS() {
			return Present
		}
		return Absent
	}
	if t.server == Upstash {
		// Upstash documents no sandbox of its own; only what every
		// server lacks is certain.
		return Unsure
	}
	return Absent
}

// Globals lists the globals scripts on the target certainly see, sorted
// as baseGlobals lists them, then server and os where Global says they
// are Present: what a definition file for other tools may declare. The
// build globals (getfenv, setfenv, newproxy) are left out, since Debian's
// package lacks them (B7), and so are KEYS and ARGV, which EVAL scripts
// have and function bodies do not (G).
func (t Target) Globals() []string {
	out := slices.Clone(baseGlobals)
	for _, g := range []string{"server", "os"} {
		if t.Global(g) == Present {
			out = append(out, g)
		}
	}
	return out
}

// ifValkey is Present on Valkey, Absent on Redis, Unsure on Upstash.
func (t Target) ifValkey() Presence {
	switch t.server {
	case Valkey:
		return Present
	case Upstash:
		return Unsure
	}
	return Absent
}

// hasOS: Redis 7.4 (commit 4a26555, first tag 7.4-rc1) and Valkey 8.0 give
// scripts an os table with os.clock only (H7; observed on 7.4.1 and 8.0.1,
// absent on 7.2.6 and Valkey 7.2.7).
func (t Target) hasOS() bool {
	switch t.server {
	case Redis:
		return t.AtLeast("7.4")
	case Valkey:
		return t.AtLeast("8.0")
	}
	return false
}

// OSFields lists the fields of the os table where the target has one
// (only clock: H7, observed), and nil elsewhere.
func (t Target) OSFields() []string {
	if t.hasOS() {
		return []string{"clock"}
	}
	return nil
}

// ServerAlias reports whether `server` is the `redis` table under a second
// name, in EVAL scripts, in function bodies and while a library loads
// (server.register_function): on every Valkey release and on no Redis
// (H1, H2, H3; observed on Valkey 7.2.4-rc1, its first tag, 7.2.7 and
// 8.0.1, and `server` undefined on Redis 7.0.15, 7.2.6 and 7.4.1:
// docs/facts-observed.md O1, O2). On Valkey, every
// rule must read server.call as redis.call.
func (t Target) ServerAlias() bool { return t.server == Valkey }

// RedisField says whether redis.<name> (and server.<name> on Valkey) is
// set, for the fields that differ between servers: VALKEY_VERSION,
// VALKEY_VERSION_NUM and SERVER_NAME on Valkey only; SERVER_VERSION and
// SERVER_VERSION_NUM nowhere, though a Valkey comment names them (H4,
// observed). Other fields are Present when the table is the same
// everywhere (REDIS_VERSION, call, pcall...), which this package does not
// track: Unsure.
func (t Target) RedisField(name string) Presence {
	switch name {
	case "REDIS_VERSION", "REDIS_VERSION_NUM":
		return Present
	case "VALKEY_VERSION", "VALKEY_VERSION_NUM", "SERVER_NAME":
		return t.ifValkey()
	case "SERVER_VERSION", "SERVER_VERSION_NUM":
		if t.server == Upstash {
			return Unsure
		}
		return Absent
	}
	return Unsure
}

// ReportedRedisVersion is what redis.REDIS_VERSION holds where it is not
// the server's own version: "7.2.4" (REDIS_VERSION_NUM 459268) on every
// Valkey (H4, observed on 7.2.7 and 8.0.1), so a version gate on it sees
// Valkey 8 as 7.2.4. It is "" elsewhere.
func (t Target) ReportedRedisVersion() string {
	if t.server == Valkey {
		return firstValkey
	}
	return ""
}

// NoScript reports whether redis.call refuses the command on the target
// with "This Redis command is not allowed from script": the command's
// NOSCRIPT flag, or its NoScriptUntil where set. Redis 7.0 refused BLPOP
// and the other blocking commands (C13), 7.2 dropped that (H11, observed
// on 7.2.6), and WAITAOF was refused until 7.4 (observed on 7.2.6 and
// 7.4.1): their NoScriptUntil says so, as their flags are the newest
// Redis's. Valkey's table has neither on the blocking commands (H11,
// observed on 7.2.7 and 8.0.1).
func (t Target) NoScript(c *redisdb.Command) bool {
	switch {
	case c == nil:
		return false
	case c.NoScriptUntil != "":
		return !t.AtLeast(c.NoScriptUntil)
	}
	return c.NoScript()
}

// BlockingRefused reports whether scripts are refused the blocking
// commands (BLPOP, BRPOP, BLMOVE, BRPOPLPUSH, BZPOPMIN, BZPOPMAX, WAIT):
// Redis before 7.2 (C13, observed on 7.0.15). From Redis 7.2 and on every
// Valkey they run without blocking, answering at once as on a timeout
// (H11, observed on 7.2.6, 7.4.1, Valkey 7.2.7 and 8.0.1).
func (t Target) BlockingRefused() bool {
	return t.server == Redis && !t.AtLeast("7.2")
}

// XReadBlockRefused reports whether XREAD and XREADGROUP with BLOCK fail
// in scripts ("ERR XREAD command is not allowed with BLOCK option from
// scripts"): Redis before 7.4 and Valkey before 8.0 (C13, H11; observed on
// 7.0.15, 7.2.6 and Valkey 7.2.7). Later, the call answers at once as on a
// timeout, with nil (observed on 7.4.1 and 8.0.1).
func (t Target) XReadBlockRefused() bool {
	switch t.server {
	case Redis:
		return !t.AtLeast("7.4")
	case Valkey:
		return !t.AtLeast("8.0")
	}
	return false
}

// HasShebang reports whether the target reads a `#!` first line (EVAL
// flags, Functions libraries): from Redis 7.0, which brought script flags
// with EVAL_RO and FUNCTION (both since 7.0.0 in the command table), and
// on every Valkey and on Upstash (whose documented allow-key-locking flag
// is set there).
func (t Target) HasShebang() bool {
	return t.server != Redis || t.AtLeast("7.0")
}

// shebangFlags are the EVAL shebang flags of Redis and Valkey: the same
// five on both (H8; all five observed accepted on 7.0.15, 7.2.6, 7.4.1,
// Valkey 7.2.7 and 8.0.1; C10, D17).
var shebangFlags = []string{"no-writes", "allow-oom", "allow-stale", "no-cluster", "allow-cross-slot-keys"}

// upstashFlags are the shebang flags only Upstash accepts: allow-key-locking
// makes a script lock only the keys in KEYS instead of the whole database,
// and then every key it touches must be in KEYS (documented at
// https://upstash.com/docs/redis/commands/scripting/eval and
// .../features/key-locking; @upstash/ratelimit sets it in its scripts).
// Redis and Valkey refuse it with "ERR Unexpected flag in script shebang:
// allow-key-locking" (observed on 7.0.15, 7.2.6, 7.4.1 and Valkey 8.0.1).
var upstashFlags = []string{"allow-key-locking"}

// ShebangFlags lists the flags an EVAL shebang takes on the target.
func (t Target) ShebangFlags() []string {
	if t.server == Upstash {
		return append(slices.Clone(shebangFlags), upstashFlags...)
	}
	return slices.Clone(shebangFlags)
}

// FunctionFlags lists the flags redis.register_function takes in its
// flags table: the five of an EVAL shebang on Redis and Valkey (G; H8),
// whatever else the target's shebang accepts.
func (t Target) FunctionFlags() []string { return slices.Clone(shebangFlags) }

// ShebangFlag reports whether an EVAL shebang may carry flag on the target
// (compared case-sensitively, as EVAL does: C10). When it may not but
// another service accepts it, owner names that service (Upstash for
// allow-key-locking), so that a finding can say where the flag belongs.
func (t Target) ShebangFlag(flag string) (ok bool, owner Server, known bool) {
	if slices.Contains(shebangFlags, flag) {
		return true, t.server, true
	}
	if slices.Contains(upstashFlags, flag) {
		return t.server == Upstash, Upstash, true
	}
	return false, 0, false
}

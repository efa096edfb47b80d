// Package target says what the server a script runs on has: which commands
// and with which facts (from Redis's, Valkey's or the modules' table), which
// sandbox globals, which shebang flags, which commands scripts may not call,
// and the error texts it prints. A Target is Redis at a version, Valkey at a
// version, or Upstash, with the modules it loads.
//
// Every fact here that is not in the command tables comes from
// ../shared/redis-facts.md (cited by row: C13, H7...) or from
// docs/facts-observed.md, where section-H rows were observed on servers
// built from source. Where a fact is known only for some targets (Upstash's
// Lua, which module release a Redis 8.x bundles), the answer leans to
// what makes no claim: a rule must not report an error it cannot prove.
package target

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/lint-lua/lint-lua/internal/redisdb"
)

// Server is a kind of server.
type Server uint8

const (
	Redis Server = iota
	Valkey
	// Upstash is Upstash's Redis-compatible service, whose documented
	// dialect is Redis's with a few additions (see ShebangFlag).
	Upstash
)

var serverNames = [...]struct{ id, product string }{
	Redis:   {"redis", "Redis"},
	Valkey:  {"valkey", "Valkey"},
	Upstash: {"upstash", "Upstash"},
}

// String is the server's name in a target: redis, valkey, upstash.
func (s Server) String() string { return serverNames[s].id }

// Product is the server's own name: Redis, Valkey, Upstash.
func (s Server) Product() string { return serverNames[s].product }

// Target is what scripts run on. The zero value is the default target: the
// newest Redis, with the modules it bundles.
type Target struct {
	server Server
	// name is the target as written, normalized ("redis-7.2"); "" for the
	// default.
	name string
	// version is the version compared with the tables' since values;
	// "" means the newest the tables know.
	version string
	// modules is the set of modules loaded, as bits 1<<Module, when
	// modulesSet; otherwise the server's default (defaultModules).
	modules    uint8
	modulesSet bool
}

// firstValkey is Valkey's first release: its first tag is 7.2.4-rc1
// (redis-facts.md H2; valkey-commands.json tags_in_mirror), forked from
// Redis 7.2.4 (H4). "valkey-7.2" means this release.
const firstValkey = "7.2.4"

// versionRE is a version as configuration and --redis-version take it:
// major.minor, optionally .patch (internal/config's CheckRedisVersion).
var versionRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[0-9]{1,3}\.[0-9]{1,3}(\.[0-9]{1,3})?$`)
})

// Names lists the targets to show in help and errors: each server, and the
// series each table knows.
func Names() []string {
	return []string{"redis", "redis-8.0", "redis-7.4", "redis-7.2", "redis-7.0", "redis-6.2", "valkey", "valkey-8.0", "valkey-7.2", "upstash"}
}

// Parse reads a target:
//
//	target  = server [ "-" version ] | version
//	server  = "redis" | "valkey" | "upstash"
//	version = major "." minor [ "." patch ]      (1 to 3 digits each)
//
// A plain version is Redis's, as --redis-version has always meant. A server
// without a version is its newest release the tables know; a version
// without a patch is the series' first release (Redis 7.2.0; Valkey 7.2
// is 7.2.4, its first release). Upstash takes no version. Case is ignored;
// "" is the default target. Modules are set apart, with WithModules.
func Parse(s string) (Target, error) {
	in := strings.ToLower(strings.TrimSpace(s))
	if in == "" {
		return Target{}, nil
	}
	server, version, hasServer := Redis, in, false
	for _, sv := range []Server{Redis, Valkey, Upstash} {
		if in == sv.String() {
			return Target{server: sv}, nil // "redis" is the zero Target
		}
		if v, ok := strings.CutPrefix(in, sv.String()+"-"); ok {
			server, version, hasServer = sv, v, true
			break
		}
	}
	if !versionRE().MatchString(version) {
		if !hasServer {
			return Target{}, fmt.Errorf("invalid target %q (want redis, valkey or upstash, optionally with -major.minor[.patch], or a Redis version such as 7.2: %s)", s, strings.Join(Names(), ", "))
		}
		return Target{}, fmt.Errorf("invalid target %q: %q is not a version (want major.minor or major.minor.patch, such as %s-8.0)", s, version, server)
	}
	t := Target{server: server, name: server.String() + "-" + version, version: version}
	switch server {
	case Upstash:
		return Target{}, fmt.Errorf("invalid target %q: upstash takes no version", s)
	case Valkey:
		if version+".4" == firstValkey {
			t.version = firstValkey // the 7.2 series begins at 7.2.4
		}
		if !redisdb.SinceAtLeast(firstValkey, t.version) {
			return Target{}, fmt.Errorf("invalid target %q: Valkey's first release is %s", s, firstValkey)
		}
	}
	return t, nil
}

// MustParse is Parse for constants in tests and tables; it panics on an
// invalid target.
func MustParse(s string) Target {
	t, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return t
}

// ParseModules reads a modules list (json, search, timeseries, bloom, or
// the modules' own names, in any case).
func ParseModules(names []string) ([]redisdb.Module, error) {
	var out []redisdb.Module
	for _, n := range names {
		m, ok := redisdb.ParseModule(strings.TrimSpace(n))
		if !ok {
			var valid []string
			for _, m := range redisdb.Modules() {
				valid = append(valid, m.String())
			}
			return nil, fmt.Errorf("unknown module %q (want %s)", n, strings.Join(valid, ", "))
		}
		out = append(out, m)
	}
	return out, nil
}

// WithModules returns the target with exactly these modules loaded, in
// place of its default (all four on Redis 8.0 and later, json on Upstash, none elsewhere).
// An empty list means none.
func (t Target) WithModules(mods []redisdb.Module) Target {
	t.modules, t.modulesSet = 0, true
	for _, m := range mods {
		t.modules |= 1 << m
	}
	return t
}

// Server is the kind of server.
func (t Target) Server() Server { return t.server }

// Version is the version the target compares with the tables' since
// values ("7.2.4" for valkey-7.2), "" for the newest the tables know.
func (t Target) Version() string { return t.version }

// String is the target as configuration writes it: "redis-7.2",
// "valkey-8.0", "upstash", or "redis" for the default; with the modules
// when they are not the default.
func (t Target) String() string {
	s := t.name
	if s == "" {
		s = t.server.String()
	}
	if t.modulesSet && t.modules != t.defaultModules() {
		var names []string
		for _, m := range t.Modules() {
			names = append(names, m.String())
		}
		s += " with modules [" + strings.Join(names, ", ") + "]"
	}
	return s
}

// Named reports whether the target names a version ("redis-7.2",
// "valkey"...), which a configuration or a flag wrote, rather than being
// the default, the newest Redis (also what a bare "redis" says).
func (t Target) Named() bool { return t.name != "" || t.server != Redis }

// Product names the server and version for a message: "Redis 7.2",
// "Valkey 8.0", "Upstash", "the newest Redis".
func (t Target) Product() string {
	switch {
	case t.server == Upstash:
		return "Upstash"
	case t.name == "":
		return "the newest " + t.server.Product()
	}
	_, v, _ := strings.Cut(t.name, "-")
	return t.server.Product() + " " + v
}

// AtLeast reports whether the target's version is v or later, in the
// target server's own numbering. The newest version is later than all.
func (t Target) AtLeast(v string) bool { return redisdb.SinceAtLeast(v, t.version) }

// defaultModules: Redis Open Source 8 bundles the four modules
// (redis-facts.md H16; module-commands.json bundled_by_redis), so a Redis
// target of 8.0 or later, or the newest, has them. Upstash documents the
// JSON commands (upstash.com/docs/redis/commands/json/json-set and the
// pages beside it; not observed, as no Upstash database is reachable
// here) and none of the other modules'. Valkey loads none unless told.
func (t Target) defaultModules() uint8 {
	switch {
	case t.server == Redis && t.AtLeast("8.0"):
		return 1<<redisdb.ModuleJSON | 1<<redisdb.ModuleSearch | 1<<redisdb.ModuleTimeSeries | 1<<redisdb.ModuleBloom
	case t.server == Upstash:
		return 1 << redisdb.ModuleJSON
	}
	return 0
}

func (t Target) moduleBits() uint8 {
	if t.modulesSet {
		return t.modules
	}
	return t.defaultModules()
}

// HasModule reports whether the target loads module m.
func (t Target) HasModule(m redisdb.Module) bool {
	return m != redisdb.NoModule && t.moduleBits()&(1<<m) != 0
}

// Modules lists the modules the target loads.
func (t Target) Modules() []redisdb.Module {
	var out []redisdb.Module
	for _, m := range redisdb.Modules() {
		if t.HasModule(m) {
			out = append(out, m)
		}
	}
	return out
}

// Table is the server's own command table: Valkey's for Valkey, Redis's
// for Redis and Upstash (whose commands are Redis's as far as its
// documentation says).
func (t Target) Table() *redisdb.Table {
	if t.server == Valkey {
		return redisdb.ValkeyTable
	}
	return redisdb.RedisTable
}

// Covered reports that the target names a release the tables describe
// whole, so that a command no table knows is certainly absent from it: a
// Valkey series whose release the table's commit follows (ValkeyReleases),
// or a Redis series older than the newest one the Redis table has commands
// from (the table is at a commit before 8.0's release, without HGETEX:
// 8.0 may be incomplete, the older series are not). On the default target
// (the newest release), a series the tables may not have whole and a
// version beyond them, a name they lack may be newer than they are.
// Upstash publishes no table.
func (t Target) Covered() bool {
	switch t.server {
	case Valkey:
		for _, r := range redisdb.ValkeyReleases() {
			if r.Tag != "" && t.version != "" && Series(t.version) == r.Series {
				return true
			}
		}
		return false
	case Redis:
		return t.version != "" && !redisdb.SinceAtLeast(Series(t.Table().NewestSince()), t.version)
	}
	return false
}

// Series is a version's major.minor, as targets name it: "7.4" of "7.4.0".
func Series(v string) string {
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return v
	}
	return parts[0] + "." + parts[1]
}

// otherTable is the table of the server the target is not.
func (t Target) otherTable() *redisdb.Table {
	if t.server == Valkey {
		return redisdb.RedisTable
	}
	return redisdb.ValkeyTable
}

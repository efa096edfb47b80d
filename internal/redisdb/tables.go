package redisdb

import (
	"strings"
	"sync"
)

// Table is one command table: a server's, or the modules'.
//
// A table holds no map, so that the linker lays it out whole and starting
// the program builds nothing: maps of the commands and of their
// subcommands, built in every process's initialization, cost 0.15 ms of
// every start on a quiet machine (0.7 ms under load), the most of any
// package. The index of the top-level commands is built on a table's first
// lookup, which a lint run makes in a worker; subcommands are searched in
// their sorted lists.
type Table struct {
	name   string
	cmds   []*Command
	once   sync.Once
	byName map[string]*Command
	newest string // the newest Since of a command or subcommand
}

// The tables. Each is laid out by the linker; see Table.
var (
	// RedisTable is Redis's table (redis-commands.json), with the
	// corrections observed on 7.0.15 (internal/gencore).
	RedisTable = &Table{name: "redis", cmds: commandTable}
	// ValkeyTable is Valkey's table (valkey-commands.json) at a commit
	// after 8.0.1; ValkeyReleases says how its release tags differ.
	ValkeyTable = &Table{name: "valkey", cmds: valkeyTable}
	// ModuleTable holds the commands of the modules Redis Open Source 8
	// bundles (module-commands.json); each says its Module.
	ModuleTable = &Table{name: "modules", cmds: moduleTable}
)

// Name is "redis", "valkey" or "modules".
func (t *Table) Name() string { return t.name }

// Lookup returns the command called name, ignoring case, or nil if the
// table has no such command. "CONFIG GET" (one space) finds the
// subcommand, the same as Lookup("CONFIG").Sub("GET").
func (t *Table) Lookup(name string) *Command {
	if container, sub, ok := strings.Cut(name, " "); ok {
		return t.Lookup(container).Sub(sub)
	}
	t.once.Do(t.index)
	var buf [24]byte
	if up, ok := upperASCII(buf[:0], name); ok {
		// A map index by string(bytes) copies nothing.
		return t.byName[string(up)]
	}
	return t.byName[strings.ToUpper(name)]
}

func (t *Table) index() {
	t.byName = make(map[string]*Command, len(t.cmds))
	for _, c := range t.cmds {
		t.byName[c.Name] = c
		for _, s := range append([]*Command{c}, c.Subcommands...) {
			if t.newest == "" || compareVersions(s.Since, t.newest) > 0 {
				t.newest = s.Since
			}
		}
	}
}

// NewestSince is the newest version that added a command or subcommand of
// the table: the table describes every release up to it, so a name it
// lacks is absent from them.
func (t *Table) NewestSince() string {
	t.once.Do(t.index)
	return t.newest
}

// All returns every top-level command, sorted by name. The slice is a copy;
// the commands are shared.
func (t *Table) All() []*Command {
	return append([]*Command(nil), t.cmds...)
}

// Release is one Valkey release series as valkey-commands.json records it:
// how the table at the series' newest tag differs from ValkeyTable.
type Release struct {
	Series string // "7.2", "8.0"
	Tag    string // the series' newest tag in the source mirror ("7.2.7"); "" when the series has no release yet
	Commit string

	// AddedAfter lists the commands ("CLIENT CAPA" for a subcommand) that
	// the table has and the tag lacks.
	AddedAfter []string
	// ChangedAfter lists the commands whose arguments, flags, reply or key
	// specs differ at the tag.
	ChangedAfter []string
}

// ValkeyReleases returns Valkey's release series, oldest first. The slice
// is shared.
func ValkeyReleases() []Release { return valkeyReleases }

// Module is one of the modules Redis Open Source 8 bundles.
type Module uint8

const (
	NoModule         Module = iota
	ModuleJSON              // RedisJSON: JSON.*
	ModuleSearch            // RediSearch: FT.*
	ModuleTimeSeries        // RedisTimeSeries: TS.*
	ModuleBloom             // RedisBloom: BF.*, CF.*, CMS.*, TOPK.*, TDIGEST.*
)

var moduleNames = [...]struct{ id, product string }{
	NoModule:         {"", ""},
	ModuleJSON:       {"json", "RedisJSON"},
	ModuleSearch:     {"search", "RediSearch"},
	ModuleTimeSeries: {"timeseries", "RedisTimeSeries"},
	ModuleBloom:      {"bloom", "RedisBloom"},
}

// Modules lists the modules, in the order of their constants.
func Modules() []Module {
	return []Module{ModuleJSON, ModuleSearch, ModuleTimeSeries, ModuleBloom}
}

// String is the name configuration uses: json, search, timeseries, bloom.
func (m Module) String() string {
	if int(m) < len(moduleNames) {
		return moduleNames[m].id
	}
	return "module(?)"
}

// Product is the module's own name: RedisJSON, RediSearch,
// RedisTimeSeries, RedisBloom.
func (m Module) Product() string {
	if int(m) < len(moduleNames) {
		return moduleNames[m].product
	}
	return "module(?)"
}

// ParseModule reads a module's configuration name (json, search,
// timeseries, bloom) or its product name (RedisJSON...), ignoring case.
func ParseModule(s string) (Module, bool) {
	for _, m := range Modules() {
		if strings.EqualFold(s, m.String()) || strings.EqualFold(s, m.Product()) {
			return m, true
		}
	}
	return NoModule, false
}

// ModuleSource is where a module's commands were read: its repository, the
// commit, and its release tags.
type ModuleSource struct {
	Module Module
	Repo   string
	Commit string
	Tags   []ModuleTag // oldest first
}

// ModuleTag is a module release tag and the commands of ModuleTable it
// lacks.
type ModuleTag struct {
	Tag      string // "v8.0.0"
	Commit   string
	NotInTag []string
}

// ModuleSources returns the sources of the four modules. The slice is
// shared.
func ModuleSources() []ModuleSource { return moduleSources }

package target

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lint-lua/lint-lua/internal/redisdb"
)

// Status says whether a target has a command, and if not, why.
type Status uint8

const (
	// Available: the target runs the command.
	Available Status = iota
	// NotYet: the target's server (or module) has the command from a
	// later version than the target's (Since).
	NotYet
	// ValkeyOnly: only Valkey has the command (CLIENT CAPA, SCRIPT SHOW:
	// redis-facts.md H13).
	ValkeyOnly
	// RedisOnly: only Redis has the command (HEXPIRE and the other
	// hash-field expiry commands, SFLUSH: H13).
	RedisOnly
	// NeedsModule: a module's command, and the target does not load the
	// module (Module).
	NeedsModule
	// Unknown: no server or module table has the command.
	Unknown
)

var statusNames = [...]string{"available", "not yet", "valkey only", "redis only", "needs module", "unknown"}

func (s Status) String() string { return statusNames[s] }

// Availability is the answer to "does the target have this command".
type Availability struct {
	Status Status
	// Command is the command, or the subcommand when one was asked for:
	// as the target runs it when Available, from the table that has it
	// otherwise. When Unknown, it is the container whose subcommand is
	// unknown (Sub), or nil.
	Command *redisdb.Command
	// Since is the version that added the command (NotYet, ValkeyOnly,
	// RedisOnly), in the numbering of the server that has it, or of the
	// module for a module command.
	Since string
	// Module is the module that registers the command, NoModule for a
	// server's own.
	Module redisdb.Module
	// Sub reports that the target has the container and the subcommand is
	// what is missing or too new.
	Sub bool
	// Unconfirmed marks a NotYet of a module command whose since is a
	// module release numbered like Redis's (FT.HYBRID 8.4.0, TS.READ
	// 8.10.0: redis-facts.md H17): which module releases a Redis 8.x
	// bundles cannot be read from the sources here (H16), so the verdict
	// is likely but unproven, worth a warning at most.
	Unconfirmed bool
}

// Check says whether the target has the command name, with the
// subcommand sub when name is a container ("" for none, or when the
// subcommand is not known statically). name may also be "CLIENT CAPA".
// Case is ignored.
func (t Target) Check(name, sub string) Availability {
	if sub == "" {
		name, sub, _ = strings.Cut(name, " ")
	}
	if c := t.Table().Lookup(name); c != nil {
		return t.checkOwn(c, sub)
	}
	if c := redisdb.ModuleTable.Lookup(name); c != nil {
		return t.checkModule(c, sub)
	}
	if c := t.otherTable().Lookup(name); c != nil {
		if s := c.Sub(sub); s != nil {
			c = s
		}
		return Availability{Status: t.otherOnly(), Command: c, Since: c.Since}
	}
	return Availability{Status: Unknown}
}

// otherOnly is the status of a command only the other server has.
func (t Target) otherOnly() Status {
	if t.server == Valkey {
		return RedisOnly
	}
	return ValkeyOnly
}

// checkOwn checks a command of the target server's table.
func (t Target) checkOwn(c *redisdb.Command, sub string) Availability {
	if !t.AtLeast(c.Since) {
		return Availability{Status: NotYet, Command: c, Since: c.Since}
	}
	if sub != "" && c.Subcommands != nil {
		s := c.Sub(sub)
		if s == nil {
			if o := t.otherTable().Lookup(c.Name).Sub(sub); o != nil {
				return Availability{Status: t.otherOnly(), Command: o, Since: o.Since, Sub: true}
			}
			return Availability{Status: Unknown, Command: c, Sub: true}
		}
		if !t.AtLeast(s.Since) {
			return Availability{Status: NotYet, Command: s, Since: s.Since, Sub: true}
		}
		c = s
	}
	return Availability{Status: Available, Command: t.facts(c)}
}

// checkModule checks a command of the modules' table.
func (t Target) checkModule(c *redisdb.Command, sub string) Availability {
	a := Availability{Status: Available, Command: c, Module: c.Module}
	if sub != "" && c.Subcommands != nil {
		s := c.Sub(sub)
		if s == nil {
			return Availability{Status: Unknown, Command: c, Module: c.Module, Sub: true}
		}
		a.Command, a.Sub = s, true
	}
	switch {
	case !t.HasModule(c.Module):
		a.Status = NeedsModule
	case t.server == Redis && moduleSinceLikeRedis(a.Command.Since) && !t.AtLeast(a.Command.Since):
		a.Status, a.Since, a.Unconfirmed = NotYet, a.Command.Since, true
	}
	return a
}

// moduleSinceLikeRedis reports a module since numbered like Redis's
// releases: the modules' releases follow Redis's numbers from 8.0 (their
// tags v8.0.0 ... v8.10.0; redis-facts.md H17), and older since values (1.0.0,
// 2.4.0) are module versions that no Redis version can be compared with.
func moduleSinceLikeRedis(since string) bool {
	return since != "" && redisdb.SinceAtLeast("8.0.0", since)
}

// facts returns the command as the target runs it. Valkey 7.2's table
// equals Redis 7.2.4's (redis-facts.md H12), so for the commands Valkey
// changed after its 7.2 tag (ZSCAN's NOSCORES, BITCOUNT's optional end:
// H14), a Valkey 7.2 target takes Redis's entry, whose later changes are
// dated.
func (t Target) facts(c *redisdb.Command) *redisdb.Command {
	if t.server != Valkey || t.AtLeast("8.0") {
		return c
	}
	for _, r := range redisdb.ValkeyReleases() {
		if _, changed := slices.BinarySearch(r.ChangedAfter, c.Name); r.Series == "7.2" && changed {
			if rc := redisdb.RedisTable.Lookup(c.Name); rc != nil {
				return rc
			}
		}
	}
	return c
}

// Lookup returns the command called name ("CONFIG GET" for a subcommand)
// as the target runs it, or nil when the target does not have it, for any
// reason Check gives.
func (t Target) Lookup(name string) *redisdb.Command {
	a := t.Check(name, "")
	if a.Status != Available {
		return nil
	}
	return a.Command
}

// Describe says why the target lacks the command, lower case and without a
// final period, for a finding's help: "HEXPIRE was added in Redis 7.4.0,
// and the target is Redis 7.2". It is "" when the command is available.
func (a Availability) Describe(t Target) string {
	name := "the command"
	if a.Command != nil {
		name = a.Command.Name
	}
	switch a.Status {
	case NotYet:
		if a.Module != redisdb.NoModule {
			return fmt.Sprintf("%s came with %s %s, which %s may not bundle", name, a.Module.Product(), a.Since, t.Product())
		}
		return fmt.Sprintf("%s was added in %s %s, and the target is %s", name, t.server.Product(), a.Since, t.Product())
	case ValkeyOnly:
		return fmt.Sprintf("%s exists only on Valkey (from %s), and the target is %s", name, a.Since, t.Product())
	case RedisOnly:
		return fmt.Sprintf("%s exists only on Redis (from %s), not on Valkey", name, a.Since)
	case NeedsModule:
		return fmt.Sprintf("%s is a %s command, and the target %s does not load %s (add %s to modules)", name, a.Module.Product(), t.Product(), a.Module.Product(), a.Module)
	case Unknown:
		if a.Sub && a.Command != nil {
			return fmt.Sprintf("%s has no such subcommand on Redis, Valkey or the bundled modules", name)
		}
		return "no Redis, Valkey or bundled module has this command"
	}
	return ""
}

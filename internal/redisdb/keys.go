package redisdb

import (
	"slices"
	"strconv"
	"strings"
)

// A linter sees a call before it runs: some arguments are literals, others
// (KEYS[1], ARGV[2], a concatenation) are only known at run time. Key
// extraction therefore works on argv entries that are either the literal
// text or nil, and says whether the answer is complete.
//
// One policy keeps the answers useful: a nil argument is assumed not to be
// a keyword. Treating every dynamic argument as a possible STREAMS or STORE
// would make XREAD with a dynamic COUNT, or any SORT of KEYS[1], incomplete
// and silence every rule that needs key positions. So a literal keyword that
// is found is trusted, and only a keyword that is not found among the
// literals, while nil arguments could hide it, makes the answer incomplete.

// keyRef is one key found in argv and the flags of the spec that covers it.
type keyRef struct {
	pos   int
	flags []string
}

// KeyPositions returns the argv indexes (0 = command name; for a subcommand
// 0 is the container name and 1 the subcommand) that are keys for this
// call, in ascending order. argv has one entry per argument; an entry is the
// literal text when known, or nil when not known statically.
//
// It follows Redis's key specs (getKeysUsingKeySpecs in db.c): begin_search
// index or keyword, then find_keys range or keynum. Where Redis itself does
// not trust the specs (MIGRATE's INCOMPLETE spec, SORT's unknown specs) it
// follows the command's own key function instead. Specs flagged NOT_KEY
// (SPUBLISH's shard channel) give no keys. A call that Redis would reject
// for its shape (numkeys larger than the arguments) yields the keys that are
// present.
//
// complete is false when some key positions cannot be determined: a numkeys
// that is not a literal non-negative integer, a SORT BY/GET pattern that
// names keys, a keyword search whose keyword is not found among the literal
// arguments while nil arguments exist, or a container called with a
// subcommand that is not a literal.
func (c *Command) KeyPositions(argv []*string) (positions []int, complete bool) {
	refs, complete := c.keyRefs(argv)
	for _, r := range refs {
		if !slices.Contains(r.flags, "NOT_KEY") {
			positions = append(positions, r.pos)
		}
	}
	slices.Sort(positions)
	return slices.Compact(positions), complete
}

// KeyFlagsAt returns the key spec flags (RO, RW, OW, RM, ACCESS, UPDATE,
// INSERT, DELETE...) of the spec that covers argv index i, or nil when i is
// not a key. A shard channel (SPUBLISH) reports NOT_KEY. Specs whose flags
// depend on the arguments (SET with or without GET, BITFIELD) report
// VARIABLE_FLAGS beside their widest flags.
func (c *Command) KeyFlagsAt(argv []*string, i int) []string {
	refs, _ := c.keyRefs(argv)
	for _, r := range refs {
		if r.pos == i {
			return r.flags
		}
	}
	return nil
}

// DeclaredKey reports whether argv index i, a key of the call, is one the
// command declares, which Redis itself sees: its cluster routing and
// slot checks and ACL key patterns. Every key of a command is, but for the
// modules' keys that their key specs omit (UndeclaredKeys: JSON.MGET's
// keys after the first, CMS.MERGE's sources; redis-facts.md H18, H21).
func (c *Command) DeclaredKey(argv []*string, i int) bool {
	if !c.UndeclaredKeys {
		return true
	}
	refs, _ := c.specKeys(argv)
	for _, r := range refs {
		if r.pos == i {
			return true
		}
	}
	return false
}

// keyRefs returns the keys of the call, NOT_KEY specs included, in spec
// order.
func (c *Command) keyRefs(argv []*string) ([]keyRef, bool) {
	if len(c.KeySpecs) == 0 && c.Subcommands != nil {
		// A container: the subcommand decides, and its specs already
		// count the container and subcommand.
		if len(argv) < 2 {
			return nil, true
		}
		if argv[1] == nil {
			return nil, !c.anySubHasKeys()
		}
		sub := c.Sub(*argv[1])
		if sub == nil {
			return nil, true // Redis rejects an unknown subcommand
		}
		return sub.keyRefs(argv)
	}
	switch c.Name {
	case "MIGRATE":
		return migrateKeys(c, argv)
	case "SORT":
		return sortKeys(c, argv, true)
	case "SORT_RO":
		return sortKeys(c, argv, false)
	case "JSON.MGET":
		if c.Module == ModuleJSON {
			return jsonMGetKeys(c, argv)
		}
	case "CMS.MERGE":
		if c.Module == ModuleBloom {
			return cmsMergeKeys(c, argv)
		}
	}
	return c.specKeys(argv)
}

func (c *Command) anySubHasKeys() bool {
	for _, s := range c.Subcommands {
		if len(s.KeySpecs) > 0 {
			return true
		}
	}
	return false
}

// specKeys applies the key specs in order, as Redis's getKeysUsingKeySpecs
// does.
func (c *Command) specKeys(argv []*string) ([]keyRef, bool) {
	argc := len(argv)
	complete := true
	var refs []keyRef
	isKey := func(i int) bool {
		return slices.ContainsFunc(refs, func(r keyRef) bool { return r.pos == i })
	}
	for j := range c.KeySpecs {
		ks := &c.KeySpecs[j]
		var first int
		switch ks.Begin {
		case BeginIndex:
			first = ks.Index
		case BeginKeyword:
			f, found, hidden := searchKeyword(argv, ks.Keyword, ks.StartFrom, isKey)
			if !found {
				// Redis skips the spec when the keyword is absent
				// (GEORADIUS without STORE), but a nil argument may be it.
				if hidden {
					complete = false
				}
				continue
			}
			first = f
		default:
			complete = false
			continue
		}

		var last, step int
		switch ks.Find {
		case FindRange:
			step = ks.Step
			switch {
			case ks.LastKey >= 0:
				last = first + ks.LastKey
			case ks.Limit == 0:
				last = argc + ks.LastKey
			default:
				// Keys are 1/Limit of what follows: XREAD STREAMS k1 k2 id1 id2.
				last = first + (argc-first)/ks.Limit + ks.LastKey
			}
		case FindKeynum:
			step = ks.Step
			idx := first + ks.KeyNumIdx
			if idx >= argc {
				continue // too few arguments: Redis rejects the call's arity
			}
			if argv[idx] == nil {
				complete = false
				continue
			}
			n, ok := parseNumKeys(*argv[idx])
			if !ok {
				// Redis rejects the call; which arguments were meant as
				// keys cannot be said.
				complete = false
				continue
			}
			first += ks.FirstKey
			last = first + n - 1
		default:
			complete = false
			continue
		}

		if first >= argc || last < first {
			continue // no keys (numkeys 0), or too few arguments
		}
		last = min(last, argc-1)
		for i := first; i <= last; i += step {
			refs = append(refs, keyRef{i, ks.Flags})
		}
	}
	return refs, complete
}

// searchKeyword finds keyword as Redis's keyword begin_search does: forward
// from startFrom up to (not including) the last argument, which could not be
// followed by a key, or backward from len(argv)+startFrom down to index 2.
// It returns the index after the keyword. hidden reports a nil argument in
// the searched range, other than a known key, that could be the keyword.
func searchKeyword(argv []*string, keyword string, startFrom int, isKey func(int) bool) (first int, found, hidden bool) {
	argc := len(argv)
	start, end := startFrom, argc-1
	if startFrom <= 0 {
		start, end = argc+startFrom, 1
	}
	dir := 1
	if start > end {
		dir = -1
	}
	for i := start; i != end; i += dir {
		if i >= argc || i < 1 {
			break
		}
		switch {
		case argv[i] == nil:
			if !isKey(i) {
				hidden = true
			}
		case strings.EqualFold(*argv[i], keyword):
			return i + 1, true, hidden
		}
	}
	return 0, false, hidden
}

// parseNumKeys reads numkeys the way Redis's string2ll does: a plain
// decimal integer, no sign other than '-', no spaces; negative is invalid.
func parseNumKeys(s string) (int, bool) {
	if s == "" || s[0] == '+' {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, false
	}
	return n, true
}

// keyRefs finds by the command's own function, rather than its key specs,
// the keys of the commands whose specs are INCOMPLETE or unknown (MIGRATE,
// SORT, SORT_RO: each mirrors the function of db.c named in its comment)
// and of the module commands whose specs omit keys (UndeclaredKeys). A
// switch rather than a map of functions, so that starting the program
// builds nothing.

// migrateKeys mirrors migrateGetKeys: MIGRATE host port key db timeout
// [COPY] [REPLACE] [AUTH pw | AUTH2 user pw] [KEYS key...]. The key is at 3,
// unless it is the empty string and a KEYS option (searched forward from 6)
// lists the keys instead.
func migrateKeys(c *Command, argv []*string) ([]keyRef, bool) {
	argc := len(argv)
	if argc < 4 || len(c.KeySpecs) == 0 {
		return nil, true
	}
	flags := c.KeySpecs[0].Flags
	complete := true
	if argv[3] == nil || *argv[3] == "" {
		for i := 6; i < argc; i++ {
			if argv[i] == nil {
				complete = false
				continue
			}
			if strings.EqualFold(*argv[i], "KEYS") {
				// A nil key argument here must be "": Redis rejects KEYS
				// with a non-empty key.
				var refs []keyRef
				for k := i + 1; k < argc; k++ {
					refs = append(refs, keyRef{k, flags})
				}
				return refs, true
			}
		}
	}
	return []keyRef{{3, flags}}, complete
}

// sortKeys mirrors sortGetKeys (SORT) and sortROGetKeys (SORT_RO): the key at
// 1, and for SORT the argument after the last STORE, skipping the arguments
// of LIMIT (2), BY and GET (1). BY and GET patterns containing '*' make SORT
// read keys built from the sorted elements, which cannot be known
// statically; Redis does not report them either. A pattern without '*' (BY
// nosort, GET #) reads no key.
func sortKeys(c *Command, argv []*string, store bool) ([]keyRef, bool) {
	argc := len(argv)
	if argc < 2 || len(c.KeySpecs) == 0 {
		return nil, true
	}
	refs := []keyRef{{1, c.KeySpecs[0].Flags}}
	storeAt := 0
	complete := true
	for i := 2; i < argc; i++ {
		if argv[i] == nil {
			if i != storeAt {
				complete = false // may be BY, GET or STORE
			}
			continue
		}
		switch strings.ToUpper(*argv[i]) {
		case "LIMIT":
			i += 2
		case "BY", "GET":
			i++
			if i < argc && (argv[i] == nil || strings.Contains(*argv[i], "*")) {
				complete = false
			}
		case "STORE":
			// Like Redis, do not skip the destination, and keep the last
			// STORE.
			if store && i+1 < argc {
				storeAt = i + 1
			}
		}
	}
	if storeAt > 0 {
		flags := []string{"OW", "UPDATE"}
		if len(c.KeySpecs) > 2 {
			flags = c.KeySpecs[2].Flags
		}
		refs = append(refs, keyRef{storeAt, flags})
	}
	return refs, complete
}

// jsonMGetKeys: JSON.MGET key [key ...] path. Every argument but the last
// (the path) is a key, though the module declares only the first
// (redis-facts.md H18).
func jsonMGetKeys(c *Command, argv []*string) ([]keyRef, bool) {
	if len(argv) < 2 || len(c.KeySpecs) == 0 {
		return nil, true
	}
	flags := c.KeySpecs[0].Flags
	refs := []keyRef{{1, flags}}
	for i := 2; i < len(argv)-1; i++ {
		refs = append(refs, keyRef{i, flags})
	}
	return refs, true
}

// cmsMergeKeys: CMS.MERGE destination numKeys source [source ...]
// [WEIGHTS weight ...]. The sources are keys, though the module declares
// only the destination (redis-facts.md H21); they are read, so they carry
// RO.
func cmsMergeKeys(c *Command, argv []*string) ([]keyRef, bool) {
	if len(argv) < 2 || len(c.KeySpecs) == 0 {
		return nil, true
	}
	refs := []keyRef{{1, c.KeySpecs[0].Flags}}
	if len(argv) < 3 {
		return refs, true
	}
	if argv[2] == nil {
		return refs, false
	}
	n, ok := parseNumKeys(*argv[2])
	if !ok {
		return refs, false
	}
	for i := 3; i < len(argv) && i < 3+n; i++ {
		refs = append(refs, keyRef{i, sourceFlags})
	}
	return refs, true
}

// sourceFlags are the flags of a key a command only reads.
var sourceFlags = []string{"RO"}

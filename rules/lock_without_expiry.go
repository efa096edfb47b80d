package rules

import (
	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/model"
)

var _ = register(&lint.Rule{
	RuleInfo: diag.RuleInfo{
		ID:       "lock-without-expiry",
		Category: diag.Atomicity,
		Severity: diag.SeverityError,
		Doc: diag.Doc{
			Title: "a SETNX or SET NX key that never expires",
			Why: "A key created by `SETNX`, or by `SET key value NX` without `EX`, `PX`, `EXAT` or `PXAT`, has no time to live: " +
				"`TTL` answers -1. Used as a lock, it is released only by the `DEL` of the client that holds it; if that client " +
				"crashes, times out or takes another path first, the key stays forever and every later attempt sees the lock " +
				"as taken. `SET key value NX KEEPTTL` is no better: with NX the key did not exist, so there is no TTL to keep " +
				"(observed: TTL -1). Give the expiry in the same command (`SET key value NX PX ms`), or set it with `EXPIRE` " +
				"in the same script, which runs atomically with the SETNX. A key created with NX that is meant to last (a " +
				"record rather than a lock) is reported too: suppress the finding with a reason.",
			Bad:   "if redis.call('SETNX', KEYS[1], ARGV[1]) == 1 then\n  return 1\nend\nreturn 0",
			Good:  "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then\n  return 1\nend\nreturn 0",
			Redis: "all; SET with NX and EX/PX since 2.6.12, EXAT/PXAT since 6.2",
		},
	},
	Run: runLockWithoutExpiry,
})

// expiryTokens are the SET options that give the key a time to live.
var expiryTokens = []string{"EX", "PX", "EXAT", "PXAT"}

func runLockWithoutExpiry(p *lint.Pass) {
	m := p.Model
	var ends []lifeEnd
	computed := false
	for _, c := range m.Calls {
		if !c.SetsIfAbsent() {
			continue
		}
		keepTTL := false
		if c.Name == "SET" {
			switch setExpiry(c) {
			case expiryYes, expiryUnknown:
				continue
			}
			keepTTL = c.HasToken("KEEPTTL")
		}
		if !computed {
			ends, computed = lifeEnds(m), true
		}
		if expiresOrDeletedLater(m, c, ends) {
			continue
		}
		key := m.Text(c.Args[1].Expr)
		switch {
		case c.Name == "SETNX":
			p.Report(m.Range(c.Expr), "key %s taken with SETNX never expires (TTL -1)", key).
				Help("the script sets no expiry on it, and a lock whose holder fails before deleting it stays forever; use SET %s value NX PX <ms>, or EXPIRE it in the same script", key)
		case keepTTL:
			p.Report(m.Range(c.Expr), "key %s set with NX KEEPTTL never expires", key).
				Help("with NX the key did not exist, so there is no TTL to keep (TTL -1); use PX <ms> or EX <s> instead of KEEPTTL")
		default:
			p.Report(m.Range(c.Expr), "key %s set with NX has no EX/PX and the script sets no expiry on it", key).
				Help("it never expires (TTL -1), and a lock whose holder fails before deleting it stays forever; add PX <ms> or EX <s>, unless the key is a record meant to last")
		}
	}
}

type expiry int

const (
	expiryNo expiry = iota
	expiryYes
	// expiryUnknown: an option is not a literal, so it may be EX or PX.
	expiryUnknown
)

// setExpiry says whether a SET call gives its key a time to live.
func setExpiry(c *model.Call) expiry {
	for _, t := range expiryTokens {
		if i := c.TokenIndex(t); i >= 3 {
			return expiryYes
		}
	}
	if c.Variadic {
		return expiryUnknown
	}
	for i := 3; i < len(c.Args); i++ {
		if _, ok := c.Literal(i); !ok {
			return expiryUnknown
		}
	}
	return expiryNo
}

// lifeEnd is a call that may end the life of a key: it gives it a time to
// live or deletes it.
type lifeEnd struct {
	call *model.Call
	// ordered: it acts on the lock only when it runs after it was taken
	// (EXPIRE and its kin, DEL); a SET, SETEX or GETEX with an expiry on
	// another path also shows the author chose when the key expires.
	ordered bool
	keys    []keyID
}

// keyID is a key's Identity, computed once.
type keyID struct {
	id string
	ok bool
}

// lifeEnds lists the calls of the file that may end a key's life.
func lifeEnds(m *model.Model) []lifeEnd {
	var out []lifeEnd
	for _, c := range m.Calls {
		ordered := false
		switch c.Name {
		case "EXPIRE", "PEXPIRE", "EXPIREAT", "PEXPIREAT", "DEL", "UNLINK", "GETDEL":
			ordered = true
		case "SETEX", "PSETEX":
		case "SET":
			if setExpiry(c) == expiryNo {
				continue
			}
		case "GETEX":
			if !anyToken(c, expiryTokens) && !c.Variadic && allLiteral(c, 2) {
				continue
			}
		default:
			continue
		}
		e := lifeEnd{call: c, ordered: ordered}
		for _, i := range keyArgs(c) {
			id, ok := m.Identity(c.Args[i].Value)
			e.keys = append(e.keys, keyID{id, ok})
		}
		out = append(out, e)
	}
	return out
}

// expiresOrDeletedLater reports whether the script may give the key taken by
// acq a time to live (EXPIRE and its kin, or a SET/SETEX/GETEX with an
// expiry of the same key on another path), or delete it itself (the lock is
// then released in the script: redundant-lock's business).
func expiresOrDeletedLater(m *model.Model, acq *model.Call, ends []lifeEnd) bool {
	id, ok := m.Identity(acq.Args[1].Value)
	start := m.Range(acq.Expr).Start
	for _, e := range ends {
		c := e.call
		if c == acq || !m.SameRun(c, acq) {
			continue
		}
		if e.ordered && c.Func == acq.Func && m.Range(c.Expr).End.Less(start) {
			continue
		}
		for _, k := range e.keys {
			if model.MayBeSameIdentity(id, ok, k.id, k.ok) {
				return true
			}
		}
	}
	return false
}

func anyToken(c *model.Call, toks []string) bool {
	for _, t := range toks {
		if c.HasToken(t) {
			return true
		}
	}
	return false
}

func allLiteral(c *model.Call, from int) bool {
	for i := from; i < len(c.Args); i++ {
		if _, ok := c.Literal(i); !ok {
			return false
		}
	}
	return true
}

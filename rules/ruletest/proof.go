package ruletest

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/lint"
	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/redistest"
	"github.com/lint-lua/lint-lua/internal/target"
)

// The helpers that the proofs on a real Redis (rules/<id>/proof_test.go)
// share: what lint-lua says about a script (Flags, RuleFindings,
// CmdMessages, ...), and the checks that run a script through lint-lua and
// on the server (ProveBadGood, CmdProve in ProveForTargets, OperandQuotes
// and OperandEvalError, CheckReplyRuleCases).
//
// A proof checks lint-lua's verdict first, which needs no server, and then
// runs the server's part through OnRedis or OnCluster, as the subtest
// "redis": without LINT_LUA_REDIS_ADDR only that subtest skips, so
// go test ./rules/... still checks every verdict a proof asserts (go test -v
// shows the proof passing and its redis subtest skipped).

// OnRedis runs the part of a proof that needs the test server, as the
// subtest "redis", with a connection from redistest.Client (which skips
// without LINT_LUA_REDIS_ADDR, and fails in CI). Call it after the lint
// verdicts.
func OnRedis(t *testing.T, run func(t *testing.T, c *redistest.Conn)) {
	t.Helper()
	t.Run("redis", func(t *testing.T) { run(t, redistest.Client(t)) })
}

// Main runs a test package's tests and then stops the cluster node its
// proofs share (redistest.Cluster): a package of proofs calls it from its
// TestMain.
func Main(m *testing.M) {
	code := m.Run()
	redistest.StopCluster()
	os.Exit(code)
}

// OnCluster is onRedis on a private one-node cluster (redistest.Cluster).
func OnCluster(t *testing.T, run func(t *testing.T, c *redistest.Conn)) {
	t.Helper()
	t.Run("redis", func(t *testing.T) { run(t, redistest.Cluster(t)) })
}

// noServerTarget is the target a proof lints for before it knows the test
// server's: the newest Redis, without the modules it bundles, since the
// test server loads none (redistest.ServerTarget).
var noServerTarget = target.Target{}.WithModules(nil)

// FlaggedBy reports whether lint-lua, with every rule on, reports rule id
// on src.
func FlaggedBy(id, src string) bool {
	for _, d := range LintSource("proof.lua", []byte(src), Cat.All(), nil) {
		if d.Rule == id {
			return true
		}
	}
	return false
}

// RuleFindings returns the texts of rule id's findings on src: headline
// and help, as wants match them (wantText).
func RuleFindings(id, src string) []string {
	var out []string
	for _, d := range LintSource("case.lua", []byte(src), Cat.All(), nil) {
		if d.Rule == id {
			out = append(out, WantText(d))
		}
	}
	return out
}

// MatchFindings checks that got holds exactly one message per regexp.
func MatchFindings(t *testing.T, src string, got, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%q: got %d findings %q, want %d", src, len(got), got, len(want))
		return
	}
	for _, w := range want {
		re := regexp.MustCompile(w)
		found := false
		for _, g := range got {
			if re.MatchString(g) {
				found = true
			}
		}
		if !found {
			t.Errorf("%q: no finding matches %q in %q", src, w, got)
		}
	}
}

// ReplyRuleCase is one script run on an emptied Redis after setup: want is
// the reply as redis-cli prints it (Reply.String), flagged whether rule id
// must report the script.
type ReplyRuleCase struct {
	Src     string
	Keys    []string
	Args    []string
	Setup   [][]string
	Want    string
	Flagged bool
}

// CheckReplyRuleCases checks each case through lint-lua, then on Redis.
func CheckReplyRuleCases(t *testing.T, id string, cases []ReplyRuleCase) {
	t.Helper()
	LintReplyRuleCases(t, id, cases)
	OnRedis(t, func(t *testing.T, c *redistest.Conn) { RunReplyRuleCases(t, c, cases) })
}

// LintReplyRuleCases checks that rule id flags exactly the cases marked
// flagged.
func LintReplyRuleCases(t *testing.T, id string, cases []ReplyRuleCase) {
	t.Helper()
	for _, tc := range cases {
		if got := FlaggedBy(id, tc.Src); got != tc.Flagged {
			t.Errorf("%q: %s flags it = %v, want %v", tc.Src, id, got, tc.Flagged)
		}
	}
}

// RunReplyRuleCases runs each case on an emptied Redis after its setup and
// checks the reply.
func RunReplyRuleCases(t *testing.T, c *redistest.Conn, cases []ReplyRuleCase) {
	t.Helper()
	for _, tc := range cases {
		c.MustDo(t, "FLUSHALL")
		for _, cmd := range tc.Setup {
			c.MustDo(t, cmd...)
		}
		if got := c.MustEval(t, tc.Src, tc.Keys, tc.Args...); got.String() != tc.Want {
			t.Errorf("%q on Redis gave %s, want %s", tc.Src, got, tc.Want)
		}
	}
}

// Flags reports whether lint-lua gives rule id a finding on src, for the
// newest Redis.
func Flags(t *testing.T, id, src string) bool {
	t.Helper()
	return flagsFor(t, id, src, target.Target{})
}

// flagsFor is flags for the target tg.
func flagsFor(t *testing.T, id, src string, tg target.Target) bool {
	t.Helper()
	for _, d := range LintSourceFor("proof.lua", []byte(src), Cat.All(), nil, tg) {
		if d.Rule == id {
			return true
		}
	}
	return false
}

// ProveBadGood checks a rule's documented examples both ways: lint-lua
// flags Bad and not Good, for the newest Redis and (in the redis part) for
// the test server's target, and the server fails Bad with wantErr and runs
// Good.
func ProveBadGood(t *testing.T, id string, keys []string, args []string, wantErr string) {
	t.Helper()
	ProveBadGoodFor(t, id, keys, args, func(target.Target) string { return wantErr })
}

// ProveBadGoodFor is proveBadGood where the error Bad fails with depends
// on the server's target.
func ProveBadGoodFor(t *testing.T, id string, keys []string, args []string, wantErr func(target.Target) string) {
	t.Helper()
	r := Cat.ByID(id)
	if r == nil {
		t.Fatalf("no rule %s", id)
	}
	check := func(t *testing.T, tg target.Target) {
		t.Helper()
		if !flagsFor(t, id, r.Doc.Bad, tg) {
			t.Errorf("%s: the Bad example is not flagged for %s", id, tg)
		}
		if flagsFor(t, id, r.Doc.Good, tg) {
			t.Errorf("%s: the Good example is flagged for %s", id, tg)
		}
	}
	check(t, target.Target{})
	OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		tg := redistest.ServerTarget(t, c)
		check(t, tg)
		bad := c.MustEval(t, r.Doc.Bad, keys, args...)
		if want := wantErr(tg); bad.Kind != redistest.Error || !strings.Contains(bad.Str, want) {
			t.Errorf("%s: Bad on %s gave %s, want an error containing %q", id, tg, bad, want)
		}
		good := c.MustEval(t, r.Doc.Good, keys, args...)
		if good.Kind == redistest.Error {
			t.Errorf("%s: Good on Redis failed: %s", id, good)
		}
	})
}

// operandLuaErrRE takes the Lua message out of an EVAL runtime error reply.
var operandLuaErrRE = regexp.MustCompile(`user_script:\d+: (.*) script: `)

// OperandFindings returns the texts (headline and help) rule id gives on
// src.
func OperandFindings(id, src string) []string {
	var out []string
	for _, d := range LintSource("proof.lua", []byte(src), Cat.All(), nil) {
		if d.Rule == id {
			out = append(out, WantText(d))
		}
	}
	return out
}

// OperandQuotes checks that rule id flags src once, with a message quoting
// wantErr, the Lua error operandEvalError expects from the server.
func OperandQuotes(t *testing.T, id, src, wantErr string) {
	t.Helper()
	msgs := OperandFindings(id, src)
	if len(msgs) != 1 {
		t.Errorf("%q: %s gives %d findings, want 1: %q", src, id, len(msgs), msgs)
		return
	}
	if !strings.Contains(msgs[0], "'"+wantErr+"'") {
		t.Errorf("%q: %s message %q does not quote %q", src, id, msgs[0], wantErr)
	}
}

// OperandEvalError runs src and checks that Redis raises exactly wantErr
// (the Lua message, without the user_script prefix and the script suffix).
func OperandEvalError(t *testing.T, c *redistest.Conn, src string, keys, args []string, wantErr string) {
	t.Helper()
	r := c.MustEval(t, src, keys, args...)
	m := operandLuaErrRE.FindStringSubmatch(r.Str)
	if r.Kind != redistest.Error || m == nil || m[1] != wantErr {
		t.Errorf("%q on Redis gave %s, want the error %q", src, r, wantErr)
	}
}

// CmdMessages returns the texts (headline and help) rule id gives on src
// for a target ("" for the newest Redis; a plain version is Redis's).
func CmdMessages(id, src, version string) []string {
	return CmdMessagesFor(id, src, target.MustParse(version))
}

// CmdMessagesFor is cmdMessages for the target tg.
func CmdMessagesFor(id, src string, tg target.Target) []string {
	var out []string
	for _, d := range CmdFindings(id, src, tg) {
		out = append(out, WantText(d))
	}
	return out
}

// CmdFindings returns the findings of rule id on src for the target tg.
func CmdFindings(id, src string, tg target.Target) []diag.Diagnostic {
	var out []diag.Diagnostic
	f := luasrc.Parse("proof.lua", []byte(src))
	for _, d := range lint.Run(f, lint.Config{Rules: Cat.All(), Target: tg}) {
		if d.Rule == id {
			out = append(out, d)
		}
	}
	return out
}

// CmdProve checks one script both ways: rule id, linting for the target
// tg, flags it exactly when wantErr is set, with a message quoting quote
// (when set), and the server fails it with an error containing wantErr (or
// runs it when wantErr is empty). Without a server (c nil, as
// proveForTargets passes it first) it checks lint-lua's side only.
func CmdProve(t *testing.T, c *redistest.Conn, id, src string, tg target.Target, wantErr, quote string, keys ...string) {
	t.Helper()
	msgs := CmdMessagesFor(id, src, tg)
	switch {
	case wantErr == "":
		if len(msgs) != 0 {
			t.Errorf("%q (target %s): %s flags it: %q", src, tg, id, msgs)
		}
	case len(msgs) != 1:
		t.Errorf("%q (target %s): %s gives %d findings, want 1: %q", src, tg, id, len(msgs), msgs)
	case quote != "" && !strings.Contains(msgs[0], quote):
		t.Errorf("%q: message %q does not quote %q", src, msgs[0], quote)
	}
	if c == nil {
		return
	}
	got := c.MustEval(t, src, keys)
	if wantErr == "" {
		if got.Kind == redistest.Error {
			t.Errorf("%q on %s failed: %s", src, tg, got)
		}
		return
	}
	if got.Kind != redistest.Error || !strings.Contains(got.Str, wantErr) {
		t.Errorf("%q on %s gave %s, want an error containing %q", src, tg, got, wantErr)
	}
}

// ProveForTargets runs a proof whose verdicts depend on the server's
// target twice: first for the newest Redis without its modules and without
// a server (c is nil: prove checks lint-lua's verdicts only), then in the
// redis part for the test server's target, with the server.
func ProveForTargets(t *testing.T, prove func(t *testing.T, tg target.Target, c *redistest.Conn)) {
	t.Helper()
	prove(t, noServerTarget, nil)
	OnRedis(t, func(t *testing.T, c *redistest.Conn) {
		prove(t, redistest.ServerTarget(t, c), c)
	})
}

// ServerText is the target's text of error id, which the proofs expect the
// server to answer and the findings to quote.
func ServerText(t *testing.T, tg target.Target, id target.ErrorID) string {
	t.Helper()
	text, ok := tg.Error(id)
	if !ok {
		t.Fatalf("%s has no text for error %d", tg, id)
	}
	return text
}

// ArgsError is the target's text of a call with an argument that is no
// string or number: "Lua redis lib command arguments must be strings or
// integers" on Redis (C13), reworded by Valkey 8 (H9).
func ArgsError(tg target.Target) string {
	text, _ := tg.Error(target.ErrArgType)
	return strings.TrimPrefix(text, "ERR ")
}

// HeaderCase is one file header, how Redis runs it (EVAL, or FUNCTION LOAD
// for a library), what Redis answers (redisErr, "" when it runs), and the
// findings lint-lua gives (regexps, none when the header is right). Most
// findings stand on the #! line, where a fixture's want comment cannot, so
// the header forms are checked here, and on Redis by the proof below.
type HeaderCase struct {
	Src      string
	Library  bool
	RedisErr string
	Want     []string
}

package rules

// What the rules share about the target server: the error texts they
// quote.

import "github.com/lint-lua/lint-lua/internal/target"

// quoteError is the target's text of error id in single quotes, for a
// finding's help: "'ERR Unknown Redis command called from script'". Where
// the target's text is not known (Upstash), it names the error by what it
// is, without claiming a text.
func quoteError(t target.Target, id target.ErrorID) string {
	text, ok := t.Error(id)
	if !ok {
		if name := errorNames[id]; name != "" {
			return "an error (" + name + ")"
		}
		return "an error"
	}
	return "'" + text + "'"
}

// answers is "Redis answers 'text'" (Valkey, Upstash) for error id on
// the target, for a finding's help.
func answers(t target.Target, id target.ErrorID) string {
	return t.Server().Product() + " answers " + quoteError(t, id)
}

// errorNames say what each error is, where its text is not known.
var errorNames = [...]string{
	target.ErrUnknownCommand: "unknown command",
	target.ErrWrongArity:     "wrong number of arguments",
	target.ErrArgType:        "arguments must be strings or integers",
	target.ErrNoArgs:         "no command given",
	target.ErrNotAllowed:     "command not allowed from scripts",
	target.ErrReadOnlyWrite:  "write in a read-only script",
	target.ErrNoScript:       "no matching script",
	target.ErrBusy:           "busy running a script",
	target.ErrXReadBlock:     "XREAD BLOCK not allowed from scripts",
	target.ErrNoPermKey:      "no permission for a key",
}

// clusterLower is the cluster rules' shared Lower documentation: what
// lint.Config.Cluster, lint.ClusterEvidence and lint.SelectsDatabase decide.
const clusterLower = "Info (a true statement, harmless where the script runs) on a script that nothing suggests will run on " +
	"Redis Cluster: no {hash tag} in a string of the script that names or builds a key (`'{orders}:last'`, `'}:cart'` " +
	"after a tag built in pieces) nor in the keys a host-language or Go call passes it (`[]string{\"{user}:\" + id}`), " +
	"and no `cluster: true` in `.lint-lua.yaml`; `cluster: false` makes them info whatever the script holds. Only a " +
	"cluster breaks on these findings, and most scripts never run on one: on a single node a key written into the " +
	"script works, so the finding stays visible as advice, and evidence of a cluster (or `cluster: true`) gives it the " +
	"rule's severity." + clusterSelectLower

// clusterSelectLower is the sentence about a script that cannot run on a
// cluster (lint.SelectsDatabase).
const clusterSelectLower = " Info, whatever the rule's severity, in a script that SELECTs a database that may not be 0 " +
	"(`redis.call('SELECT', KEYS[1])`), unless `cluster: true` says otherwise: Redis Cluster has only database 0 and " +
	"refuses that SELECT, so the script cannot run on a cluster and what would break only there is advice."

package cli

import (
	"strings"

	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/spf13/pflag"
)

// serverOptions are the flags that say which server the scripts run on,
// shared by lint-lua and lint-lua go: --target, --modules, and
// --redis-version, the older name of a Redis target.
type serverOptions struct {
	Target       string
	Modules      []string
	RedisVersion string
	// ModulesSet says --modules was given (an empty list loads none).
	ModulesSet bool
}

func (o *serverOptions) addServerFlags(f *pflag.FlagSet) {
	f.StringVar(&o.Target, "target", "", "server the scripts run on: "+strings.Join(target.Names(), ", ")+
		", or a server with -major.minor[.patch] such as valkey-7.2.7 (default: target from the configuration, else the newest Redis)")
	f.StringSliceVar(&o.Modules, "modules", nil, "modules the target loads: json, search, timeseries, bloom (repeatable or comma-separated; "+
		"default: modules from the configuration, else all four on Redis 8.0 and later, json on Upstash, none elsewhere; --modules= for none)")
	f.StringVar(&o.RedisVersion, "redis-version", "", "Redis version the scripts run on, such as 7.0 or 6.2.14: the target redis-<version> (a missing patch counts as 0; not with --target)")
}

package cli

import (
	"github.com/lint-lua/lint-lua/analyzer"
	"github.com/lint-lua/lint-lua/internal/config"
)

// goSettings are the Go analyzer's settings for `lint-lua go`: every
// severity, as for .lua files (--fail-on decides the exit), the Redis
// version from --redis-version or else the configuration, and the rules
// that the configuration's base rules section and --enable/--disable turn
// off or give another severity. Rule options and per-glob overrides are
// for .lua files: the analyzer does not read them.
func goSettings(opts *goOptions) (analyzer.Settings, error) {
	out := analyzer.Settings{MinSeverity: "info", RedisVersion: opts.RedisVersion, Severity: map[string]string{}}
	if opts.RedisVersion != "" {
		if err := config.CheckRedisVersion(opts.RedisVersion); err != nil {
			return out, &flagError{"--redis-version", err}
		}
	}
	enable, err := ruleList("--enable", opts.Enable)
	if err != nil {
		return out, err
	}
	disable, err := ruleList("--disable", opts.Disable)
	if err != nil {
		return out, err
	}
	wd := workDir(opts.IO)
	cfg, err := loadConfig(&lintOptions{ConfigPath: opts.ConfigPath}, wd)
	if err == nil {
		err = checkOptions(cfg)
	}
	if err != nil {
		return out, err
	}
	off := map[string]bool{}
	if cfg != nil {
		if out.RedisVersion == "" {
			out.RedisVersion = cfg.RedisVersion
		}
		for id, rs := range cfg.Rules {
			if rs.Enabled != nil && !*rs.Enabled {
				off[id] = true
			}
			if rs.Severity != nil {
				out.Severity[id] = rs.Severity.String()
			}
		}
	}
	// The flags win over the configuration, as for .lua files.
	for id := range enable {
		delete(off, id)
	}
	for id := range disable {
		off[id] = true
	}
	for id := range off {
		out.Disable = append(out.Disable, id)
	}
	return out, nil
}

// flagError names the flag whose value is wrong.
type flagError struct {
	flag string
	err  error
}

func (e *flagError) Error() string { return e.flag + ": " + e.err.Error() }

package cli

import (
	"github.com/lint-lua/lint-lua/analyzer"
	"github.com/lint-lua/lint-lua/internal/config"
)

// goSettings are the Go analyzer's settings for `lint-lua go`: every
// severity, as for .lua files (--fail-on decides the exit), the target
// and modules from --target (or --redis-version) and --modules or else the
// configuration's top level, and the rules that the configuration's base
// rules section and --enable/--disable turn off or give another severity.
// Rule options and per-glob overrides are for .lua files: the analyzer
// does not read them.
func goSettings(opts *goOptions) (analyzer.Settings, error) {
	out := analyzer.Settings{MinSeverity: "info", Severity: map[string]string{}, MaxFileSize: int64(opts.MaxFileSize)}
	flags, err := opts.serverOptions.server()
	if err != nil {
		return out, err
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
	var server config.Server
	if cfg != nil {
		server = cfg.Server
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
	server = server.Over(flags)
	if server.TargetSet {
		out.Target = server.Target.String()
	}
	if server.ModulesSet {
		out.Modules = []string{}
		for _, m := range server.Modules {
			out.Modules = append(out.Modules, m.String())
		}
	}
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

package cli

import (
	"fmt"

	"github.com/lint-lua/lint-lua/internal/config"
	"github.com/lint-lua/lint-lua/internal/driver/source"
	"github.com/lint-lua/lint-lua/internal/hostlang"
)

// hostSource is what the configuration says of host-language files: the
// languages a walk takes (languages:, every one when not set) and the
// script APIs of the user's own (script_apis:), added to the clients'.
func hostSource(cfg *config.Config) (*source.Host, error) {
	h := &source.Host{}
	if cfg == nil {
		return h, nil
	}
	if cfg.Languages != nil {
		h.Langs = map[hostlang.Lang]bool{}
		for _, name := range cfg.Languages {
			if l, ok := hostlang.ParseLang(name); ok {
				h.Langs[l] = true
			}
		}
	}
	if len(cfg.ScriptAPIs) == 0 {
		return h, nil
	}
	var extra []hostlang.API
	for _, a := range cfg.ScriptAPIs {
		api := hostlang.API{Client: "script_apis", Name: a.Name, Form: hostlang.Function, Script: a.Script}
		if a.Language != "" {
			api.Lang, _ = hostlang.ParseLang(a.Language)
		}
		if a.NumKeys >= 0 {
			api.Keys = append(api.Keys, hostlang.KeysAt{Arg: a.NumKeys, Form: hostlang.KeysCount})
		}
		if a.Keys >= 0 {
			api.Keys = append(api.Keys, hostlang.KeysAt{Arg: a.Keys, Form: hostlang.KeysList})
		}
		extra = append(extra, api)
	}
	apis, err := hostlang.NewAPIs(extra...)
	if err != nil {
		// The configuration checked each entry; a table that still
		// refuses one names the first entry.
		a := cfg.ScriptAPIs[0]
		return nil, fmt.Errorf("%s:%d:%d: script_apis: %v", cfg.Path, a.Line, a.Column, err)
	}
	h.APIs = apis
	return h, nil
}

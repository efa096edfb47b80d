package settings

import (
	"fmt"
	"sort"
	"strings"

	"github.com/lint-lua/lint-lua/internal/config"
	"github.com/lint-lua/lint-lua/internal/lint"
)

// checkOptions refuses rule options the rule does not declare, so that a
// typo (`max_lines` for `max-lines`) is an error rather than a silent
// default.
func checkOptions(cat *lint.Catalogue, cfg *config.Config) error {
	if cfg == nil {
		return nil
	}
	sections := []map[string]config.RuleSetting{cfg.Rules}
	for _, o := range cfg.Overrides {
		sections = append(sections, o.Rules)
	}
	var problems []string
	for _, sec := range sections {
		for id, rs := range sec {
			r := cat.ByID(id)
			if r == nil {
				continue
			}
			for name, val := range rs.Options {
				at := cfg.Path
				if pos := rs.OptionPos[name]; pos != "" {
					at = pos
				}
				known := false
				var names []string
				for _, o := range r.Options {
					names = append(names, o.Name)
					if o.Name == name {
						known = true
						if msg := typeMismatch(o.Default, val); msg != "" {
							problems = append(problems, fmt.Sprintf("%s: rule %s option %s: %s", at, id, name, msg))
						}
					}
				}
				if !known {
					valid := "it has no options"
					if len(names) > 0 {
						valid = "valid: " + strings.Join(names, ", ")
					}
					problems = append(problems, fmt.Sprintf("%s: rule %s has no option %q (%s)", at, id, name, valid))
				}
			}
		}
	}
	if len(problems) == 0 {
		return nil
	}
	sort.Strings(problems)
	return fmt.Errorf("%s", strings.Join(problems, "\n"))
}

// typeMismatch says what is wrong when an option's value is not of its
// default's type.
func typeMismatch(def, val any) string {
	switch def.(type) {
	case int:
		// Every number option is a count or a size: none is negative.
		var n float64
		switch v := val.(type) {
		case int:
			n = float64(v)
		case int64:
			n = float64(v)
		case float64:
			if v != float64(int64(v)) {
				return fmt.Sprintf("want a whole number, have %v", val)
			}
			n = v
		default:
			return fmt.Sprintf("want a whole number, have %v", val)
		}
		if n < 0 {
			return fmt.Sprintf("want 0 or more, have %v", val)
		}
		return ""
	case bool:
		if _, ok := val.(bool); !ok {
			return fmt.Sprintf("want true or false, have %v", val)
		}
	case string:
		if _, ok := val.(string); !ok {
			return fmt.Sprintf("want a string, have %v", val)
		}
	case []string:
		list, ok := val.([]any)
		if !ok {
			return fmt.Sprintf("want a list of names, have %v", val)
		}
		for _, x := range list {
			if _, ok := x.(string); !ok {
				return fmt.Sprintf("want a list of names, have %v in it", x)
			}
		}
	}
	return ""
}

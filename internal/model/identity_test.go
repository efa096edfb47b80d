package model_test

import (
	"fmt"
	"testing"

	"github.com/lint-lua/lint-lua/internal/model"
)

// TestIdentityText pins the identity strings built without fmt to what
// fmt printed: KEYS[i], ARGV[i] and var:%p.
func TestIdentityText(t *testing.T) {
	m := build(t, "local k = KEYS[3]\nlocal a = ARGV[12]\nlocal t = {}\nreturn {k, a, t}")
	var got []string
	for _, v := range m.Vars {
		if v.Name == "k" || v.Name == "a" || v.Name == "t" {
			id, ok := m.Identity(m.Value(v.Init))
			if v.Name == "t" {
				id, ok = m.Identity(model.Value{Var: v})
				if want := fmt.Sprintf("var:%p", v); id != want {
					t.Errorf("identity of t = %q, want %q", id, want)
				}
			}
			if !ok {
				t.Errorf("%s: no identity", v.Name)
			}
			got = append(got, id)
		}
	}
	if len(got) != 3 || got[0] != "KEYS[3]" || got[1] != "ARGV[12]" {
		t.Errorf("identities = %q", got)
	}
}

package report

import "testing"

func TestSARIFToolVersion(t *testing.T) {
	for in, want := range map[string]string{
		"v1.2.3":                             "1.2.3",
		"v0.0.0-20261130114753-b12f153aa1b2": "0.0.0-20261130114753-b12f153aa1b2",
		"1.2.3":                              "1.2.3",
		"dev":                                "0.0.0-dev",
		"vnext":                              "0.0.0-vnext",
		"":                                   "",
	} {
		if got := sarifToolVersion(in); got != want {
			t.Errorf("sarifToolVersion(%q) = %q, want %q", in, got, want)
		}
	}
}

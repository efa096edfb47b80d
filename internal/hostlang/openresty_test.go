package hostlang_test

import (
	"os"
	"testing"

	. "github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/langs"
)

// TestOpenResty: Lua hosting Lua finds the texts red:eval receives (long
// strings of any level, quoted strings), at their host offsets, and no
// other string, whatever it reads (APIOnly).
func TestOpenResty(t *testing.T) {
	src, err := os.ReadFile("testdata/openresty/sends.lua")
	if err != nil {
		t.Fatal(err)
	}
	f, err := Extract(langs.OpenResty, src, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, src, f)
	want := []string{
		"local v = redis.call('GET', KEYS[1])\nreturn v + 1 -- want:error \"v holds the GET reply\"\n",
		"local v = tonumber(redis.call('GET', KEYS[1])) or 0\nreturn v + 1\n",
		"return redis.call('GET', KEYS[2])",
		"return redis.call('MGET', KEYS[1], KEYS[2])",
	}
	if len(f.Scripts) != len(want) {
		t.Fatalf("%d scripts, want %d: %+v", len(f.Scripts), len(want), f.Scripts)
	}
	for i, s := range f.Scripts {
		if s.Text != want[i] {
			t.Errorf("script %d: %q, want %q", i, s.Text, want[i])
		}
		if len(s.Calls) != 1 {
			t.Errorf("script %d: %d calls, want the eval", i, len(s.Calls))
		}
	}
	// The long string's text starts on the line after its opener.
	if at := f.Scripts[0].Map.Span(0).Start; string(src[at:at+9]) != "local v =" {
		t.Errorf("first script's text starts at %q", src[at:at+9])
	}
	if MayHoldScript(langs.OpenResty, []byte("return redis.call('GET', KEYS[1])"), nil) {
		t.Error("a Redis script that sends none is taken for a host of scripts")
	}
}

package slot

import "testing"

// The slots observed on Redis 7.0.15 with CLUSTER KEYSLOT
// (../shared/redis-facts.md, section D).
var observed = map[string]int{
	"bar": 5061, "baz": 4813, "b": 3300, "k2": 449, "k6": 325,
	"{u1}:a": 4574, "{u1}:b": 4574,
	"c": 7365, "user:1": 10778, "foo": 12182, "a": 15495,
}

func TestObservedSlots(t *testing.T) {
	for k, want := range observed {
		if got := Of(k); got != want {
			t.Errorf("Of(%q) = %d, want %d", k, got, want)
		}
	}
}

func TestCRC16(t *testing.T) {
	// The check value of CRC16/XMODEM, also the one in Redis's crc16.c test.
	if got := CRC16("123456789"); got != 0x31c3 {
		t.Errorf("CRC16(123456789) = %#x, want 0x31c3", got)
	}
}

func TestTag(t *testing.T) {
	for key, want := range map[string]string{
		"{u1}:a":    "u1",
		"x{u1}y":    "u1",
		"{}u1":      "{}u1",
		"{u1":       "{u1",
		"u1}":       "u1}",
		"{a}{b}":    "a",
		"{{a}}":     "{a",
		"a{}{b}":    "a{}{b}",
		"":          "",
		"plain:key": "plain:key",
		"a{b}c{d}":  "b",
		"}{x}":      "x",
	} {
		if got := Tag(key); got != want {
			t.Errorf("Tag(%q) = %q, want %q", key, got, want)
		}
	}
}

func FuzzOf(f *testing.F) {
	f.Add("{u1}:a")
	f.Fuzz(func(t *testing.T, key string) {
		if s := Of(key); s < 0 || s >= Count {
			t.Fatalf("Of(%q) = %d", key, s)
		}
	})
}

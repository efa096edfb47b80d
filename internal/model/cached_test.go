package model_test

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/model"
)

// TestCached checks that a model computes a cached fact once per key and
// per model, and keeps keys apart.
func TestCached(t *testing.T) {
	var keyA, keyB byte
	calls := 0
	count := func() any { calls++; return calls }
	m := model.Build(luasrc.Parse("a.lua", []byte("return 1\n")))
	if got := m.Cached(&keyA, count); got != 1 {
		t.Fatalf("first: %v", got)
	}
	if got := m.Cached(&keyA, count); got != 1 || calls != 1 {
		t.Fatalf("second: %v after %d calls", got, calls)
	}
	if got := m.Cached(&keyB, count); got != 2 {
		t.Fatalf("other key: %v", got)
	}
	m2 := model.Build(luasrc.Parse("b.lua", []byte("return 2\n")))
	if got := m2.Cached(&keyA, count); got != 3 {
		t.Fatalf("other model: %v", got)
	}
}

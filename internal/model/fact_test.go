package model_test

import (
	"testing"

	"github.com/lint-lua/lint-lua/internal/luasrc"
	"github.com/lint-lua/lint-lua/internal/model"
)

var (
	factA = model.NewFact[int]("a")
	factB = model.NewFact[int]("b")
	// factC has factA's name and type: only its address tells it apart.
	factC = model.NewFact[int]("a")
	factS = model.NewFact[string]("s")
)

// TestGet checks that a model computes a fact once per fact and per model,
// and keeps facts apart, even of the same name and type.
func TestGet(t *testing.T) {
	calls := 0
	count := func() int { calls++; return calls }
	m := model.Build(luasrc.Parse("a.lua", []byte("return 1\n")))
	if got := model.Get(m, factA, count); got != 1 {
		t.Fatalf("first: %v", got)
	}
	if got := model.Get(m, factA, count); got != 1 || calls != 1 {
		t.Fatalf("second: %v after %d calls", got, calls)
	}
	if got := model.Get(m, factB, count); got != 2 {
		t.Fatalf("other fact: %v", got)
	}
	if got := model.Get(m, factC, count); got != 3 {
		t.Fatalf("same name, other fact: %v", got)
	}
	if got := model.Get(m, factS, func() string { return "s" }); got != "s" {
		t.Fatalf("string fact: %q", got)
	}
	if got := model.Get(m, factA, count); got != 1 {
		t.Fatalf("first again: %v", got)
	}
	m2 := model.Build(luasrc.Parse("b.lua", []byte("return 2\n")))
	if got := model.Get(m2, factA, count); got != 4 {
		t.Fatalf("other model: %v", got)
	}
	if factA.String() != "a" {
		t.Fatalf("name: %q", factA.String())
	}
}

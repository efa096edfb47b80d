// Package langs is the registry of the host languages: the one list that
// names them. The driver, the configuration and the CLI find every
// language here; the shared walker (package hostlang) names none.
package langs

import (
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/lint-lua/lint-lua/internal/hostlang"
	"github.com/lint-lua/lint-lua/internal/hostlang/clojure"
	"github.com/lint-lua/lint-lua/internal/hostlang/crystal"
	"github.com/lint-lua/lint-lua/internal/hostlang/csharp"
	"github.com/lint-lua/lint-lua/internal/hostlang/elixir"
	"github.com/lint-lua/lint-lua/internal/hostlang/java"
	"github.com/lint-lua/lint-lua/internal/hostlang/javascript"
	"github.com/lint-lua/lint-lua/internal/hostlang/kotlin"
	"github.com/lint-lua/lint-lua/internal/hostlang/openresty"
	"github.com/lint-lua/lint-lua/internal/hostlang/perl"
	"github.com/lint-lua/lint-lua/internal/hostlang/php"
	"github.com/lint-lua/lint-lua/internal/hostlang/python"
	"github.com/lint-lua/lint-lua/internal/hostlang/ruby"
	"github.com/lint-lua/lint-lua/internal/hostlang/rust"
	"github.com/lint-lua/lint-lua/internal/hostlang/scala"
)

// The languages, each the value its package exports.
var (
	Python     = python.Lang
	JavaScript = javascript.Lang
	TypeScript = javascript.TypeScript
	Java       = java.Lang
	Kotlin     = kotlin.Lang
	PHP        = php.Lang
	Ruby       = ruby.Lang
	CSharp     = csharp.Lang
	Rust       = rust.Lang
	Elixir     = elixir.Lang
	Crystal    = crystal.Lang
	Scala      = scala.Lang
	Perl       = perl.Lang
	Clojure    = clojure.Lang
	// OpenResty is Lua hosting Lua; it has no extension: the driver asks
	// it for the scripts a .lua file sends.
	OpenResty = openresty.Lang
)

// All lists every language, in a stable order.
var All = []hostlang.Lang{Python, JavaScript, TypeScript, Java, Kotlin, PHP, Ruby, CSharp, Rust, Elixir, Crystal, Scala, Perl, Clojure, OpenResty}

// Parse is the inverse of a language's String.
func Parse(s string) (hostlang.Lang, bool) {
	for _, l := range All {
		if l.String() == s {
			return l, true
		}
	}
	return nil, false
}

// byExt maps file extensions to languages.
var byExt = func() map[string]hostlang.Lang {
	m := map[string]hostlang.Lang{}
	for _, l := range All {
		for _, e := range l.Extensions() {
			m[e] = l
		}
	}
	return m
}()

// Of is the language of a file, from its extension.
func Of(path string) (hostlang.Lang, bool) {
	l, ok := byExt[strings.ToLower(filepath.Ext(path))]
	return l, ok
}

// Extensions lists the file extensions Of knows, sorted, for a directory
// walk.
func Extensions() []string {
	return slices.Sorted(maps.Keys(byExt))
}

// NewAPIs is the table of every language's script APIs, with extra
// entries (from configuration) after them.
func NewAPIs(extra ...hostlang.API) (*hostlang.APIs, error) {
	return hostlang.NewAPIs(All, extra...)
}

// DefaultAPIs is the built-in table of every language.
var DefaultAPIs = sync.OnceValue(func() *hostlang.APIs {
	t, err := NewAPIs()
	if err != nil {
		panic(err) // the built-in table is checked by the tests
	}
	return t
})

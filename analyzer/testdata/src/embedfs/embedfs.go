// Package embedfs keeps its scripts in a directory of .lua files, read in
// a ReadDir/ReadFile loop: every .lua file the directive covers is linted
// in that file (the _draft is not embedded; the templates are never handed
// to Redis).
package embedfs

import (
	"context"
	"embed"
	"path"
	"strings"

	"github.com/redis/go-redis/v9"
)

//go:embed lua
var luaFS embed.FS

//go:embed templates
var templates embed.FS

var scripts = map[string]*redis.Script{}

func init() {
	entries, err := luaFS.ReadDir("lua")
	if err != nil {
		panic(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		b, err := luaFS.ReadFile(path.Join("lua", e.Name()))
		if err != nil {
			panic(err)
		}
		scripts[strings.TrimSuffix(e.Name(), ".lua")] = redis.NewScript(string(b))
	}
}

func run(ctx context.Context, rdb *redis.Client, name string) {
	scripts[name].Run(ctx, rdb, []string{"k"})
}

// Package embedfsread loads its scripts from another package's embed.FS,
// in a ReadDir/ReadFile loop: the .lua files that package's fact lists are
// its scripts, linted in those files.
package embedfsread

import (
	"context"
	"io/fs"
	"path"

	"github.com/redis/go-redis/v9"

	"embedfsexport"
)

var scripts = map[string]*redis.Script{}

func init() {
	entries, err := fs.ReadDir(embedfsexport.Scripts, "lua")
	if err != nil {
		panic(err)
	}
	for _, e := range entries {
		b, err := fs.ReadFile(embedfsexport.Scripts, path.Join("lua", e.Name()))
		if err != nil {
			panic(err)
		}
		scripts[e.Name()] = redis.NewScript(string(b))
	}
	// Read by its own package too, which linted its files.
	b, _ := embedfsexport.Own.ReadFile("own/own.lua")
	scripts["own"] = redis.NewScript(string(b))
}

func run(ctx context.Context, rdb *redis.Client, name string) {
	scripts[name].Run(ctx, rdb, []string{"k"})
}

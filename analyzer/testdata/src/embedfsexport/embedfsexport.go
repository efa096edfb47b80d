// Package embedfsexport embeds a directory of scripts and exports it; it
// never reads it (embedfsread does). Those Lua files carry no want
// comments: their findings are the reading package's
// (TestEmbedFSAcrossPackages). Own it exports and reads itself: its
// files are linted here, and not again where another package reads it.
package embedfsexport

import (
	"embed"

	"github.com/redis/go-redis/v9"
)

// Scripts are read by another package.
//
//go:embed lua
var Scripts embed.FS // want Scripts:"embeds 2 .lua files"

// Templates are no scripts: nothing hands them to Redis.
//
//go:embed lua
var templates embed.FS

// Own is read here, and by embedfsread.
//
//go:embed own
var Own embed.FS // want Own:"embeds 1 .lua files, linted here"

var own = map[string]*redis.Script{}

func init() {
	entries, _ := Own.ReadDir("own")
	for _, e := range entries {
		b, _ := Own.ReadFile("own/" + e.Name())
		own[e.Name()] = redis.NewScript(string(b))
	}
}

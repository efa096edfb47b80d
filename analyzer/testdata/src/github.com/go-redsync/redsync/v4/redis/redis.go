// Package redis is a stub of redsync's connection abstraction.
package redis

// Script is a Lua script with its key count.
type Script struct {
	KeyCount int
	Src      string
	Hash     string
}

// NewScript makes a script.
func NewScript(keyCount int, src string) *Script { return &Script{KeyCount: keyCount, Src: src} }

// Conn is what redsync's adaptors implement.
type Conn interface {
	Eval(script *Script, keysAndArgs ...interface{}) (interface{}, error)
}

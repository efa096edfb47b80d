// Package ifacelib is a library whose users implement its client
// interface: nothing here implements Scripter, whose Eval takes a script,
// its keys and its arguments, so what the library passes there is a
// script. An interface of another shape stays silent.
package ifacelib

import "context"

// Scripter is implemented by the library's users over their client.
type Scripter interface {
	Eval(ctx context.Context, script string, keys []string, args ...interface{}) (interface{}, error) // want Eval:"script source parameter 1 reaches Eval"
}

// Store is implemented by users too; its Eval takes no script.
type Store interface {
	Eval(ctx context.Context, name string, fields []string) (interface{}, error)
}

const releaseScript = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`

// Release deletes the lock if the token still owns it.
func Release(ctx context.Context, s Scripter, key, token string) error {
	_, err := s.Eval(ctx, releaseScript, []string{key}, token)
	return err
}

// ReleaseNoToken forgets the token.
func ReleaseNoToken(ctx context.Context, s Scripter, key string) error {
	_, err := s.Eval(ctx, releaseScript, []string{key}) // want `the script reads ARGV\[1\] on line 20 but Eval passes 0 arguments`
	return err
}

func lookup(ctx context.Context, s Store) {
	s.Eval(ctx, "if redis.call('GET', KEYS[1]) == nil then return 1 end", []string{"f"})
}

// Package locks holds lock-without-expiry and unsafe-lock-release cases at
// Go call sites, each with its correct twin.
package locks

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

const lockKey = "lock:report"

func noTTL(ctx context.Context, rdb *redis.Client) bool {
	return rdb.SetNX(ctx, lockKey, "token", 0).Val() // want `lock lockKey taken with SetNX with expiration 0 never expires \(TTL -1\) \(lock-without-expiry\)`
}

func keepTTL(ctx context.Context, rdb *redis.Client) bool {
	return rdb.SetNX(ctx, lockKey, "token", redis.KeepTTL).Val() // want `lock lockKey set with NX and KEEPTTL never expires`
}

func setArgsNoTTL(ctx context.Context, rdb *redis.Client, key, token string) bool {
	_, err := rdb.SetArgs(ctx, key, token, redis.SetArgs{Mode: "NX"}).Result() // want `lock key taken with SetArgs never expires`
	return err != redis.Nil
}

// Correct: a record created once, never tested nor deleted, is no lock.
func createdAt(ctx context.Context, rdb *redis.Client, id string, now int64) {
	rdb.SetNX(ctx, "created:"+id, now, 0)
}

func separateExpire(ctx context.Context, rdb *redis.Client, key, token string) bool {
	ok, _ := rdb.SetNX(ctx, key, token, 0).Result() // want `lock key taken with SetNX gets its expiry from the separate Expire on line 35`
	if ok {
		rdb.Expire(ctx, key, 10*time.Second)
	}
	return ok
}

// Correct: the expiry in the same command.
func withTTL(ctx context.Context, rdb *redis.Client, key string, ttl time.Duration) bool {
	a := rdb.SetNX(ctx, key, "token", 10*time.Second).Val()
	b := rdb.SetNX(ctx, key, "token", ttl).Val()
	rdb.SetArgs(ctx, key, "token", redis.SetArgs{Mode: "NX", TTL: 5 * time.Second})
	rdb.SetArgs(ctx, key, "token", redis.SetArgs{Mode: "NX", ExpireAt: time.Now().Add(time.Minute)})
	rdb.SetArgs(ctx, key, "token", redis.SetArgs{Mode: "XX"})
	rdb.Set(ctx, key, "token", 0)
	return a && b
}

// Deleting a lock with a TTL without checking its owner.
func deferredDel(ctx context.Context, rdb *redis.Client, key, token string) error {
	ok, err := rdb.SetNX(ctx, key, token, 30*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	defer rdb.Del(ctx, key) // want `Del of lock key, taken with SetNX on line 53, does not check its owner \(unsafe-lock-release, warning\)`
	return nil
}

// A lock type: Lock and Unlock are methods of the same type.
type Mutex struct {
	rdb   *redis.Client
	key   string
	token string
}

func (m *Mutex) Lock(ctx context.Context) bool {
	return m.rdb.SetNX(ctx, m.key, m.token, time.Minute).Val()
}

func (m *Mutex) Unlock(ctx context.Context) {
	m.rdb.Del(ctx, m.key) // want `Del of lock m.key, taken with SetNX on line 69 in Lock, does not check`
}

// Correct: the release script compares the token.
var release = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`)

type SafeMutex struct {
	rdb   *redis.Client
	key   string
	token string
}

func (m *SafeMutex) Lock(ctx context.Context) bool {
	return m.rdb.SetNX(ctx, m.key, m.token, time.Minute).Val()
}

func (m *SafeMutex) Unlock(ctx context.Context) error {
	return release.Run(ctx, m.rdb, []string{m.key}, m.token).Err()
}

// Correct: a DEL of a key that no code here takes as a lock.
func cleanup(ctx context.Context, rdb *redis.Client, key string) {
	rdb.Del(ctx, key)
}

// Correct: a DEL before the lock is taken is no release.
func reset(ctx context.Context, rdb *redis.Client, key string) bool {
	rdb.Del(ctx, key)
	return rdb.SetNX(ctx, key, "t", time.Second).Val()
}

// Correct: a release under WATCH in a transaction.
func watchedRelease(ctx context.Context, rdb *redis.Client, key, token string) error {
	if !rdb.SetNX(ctx, key, token, time.Minute).Val() {
		return nil
	}
	return rdb.Watch(ctx, func(tx *redis.Tx) error {
		if tx.Get(ctx, key).Val() != token {
			return nil
		}
		_, err := tx.TxPipelined(ctx, func(p redis.Pipeliner) error {
			p.Del(ctx, key)
			return nil
		})
		return err
	}, key)
}

// A release handed back as a closure, and one in a goroutine.
func lockWithRelease(ctx context.Context, rdb *redis.Client, name string) (func(), bool) {
	key := "lock:" + name
	if !rdb.SetNX(ctx, key, "held", 10*time.Second).Val() {
		return nil, false
	}
	go func() {
		defer rdb.Del(ctx, key) // want `Del of lock key, taken with SetNX on line \d+, does not check`
	}()
	return func() {
		rdb.Del(ctx, key) // want `Del of lock key, taken with SetNX on line \d+, does not check`
	}, true
}

// A section serialised by a lock: the read and write of another key under
// it are not a race; the GET-compare-DEL release is (and is reported as
// one, not as an unchecked release).
func sellUnderLock(ctx context.Context, rdb *redis.Client, item, token string) {
	const lock = "lock:sale"
	for !rdb.SetNX(ctx, lock, token, 20*time.Second).Val() {
		time.Sleep(20 * time.Millisecond)
	}
	defer func() {
		if rdb.Get(ctx, lock).Val() == token {
			rdb.Del(ctx, lock) // want `Del of lock depends on the Get of the same key on line \d+`
		}
	}()
	n, _ := rdb.Get(ctx, item).Int()
	if n > 0 {
		rdb.Set(ctx, item, n-1, 0)
	}
}

// Correct: a queue's pause flag (asynq's Pause and Unpause) is tested and
// deleted, but neither its key nor its value (a timestamp) says lock.
type pauser struct{ rdb *redis.Client }

func pausedKey(q string) string { return "queues:" + q + ":paused" }

func (p *pauser) Pause(ctx context.Context, q string) bool {
	key := pausedKey(q)
	ok, _ := p.rdb.SetNX(ctx, key, time.Now().Unix(), 0).Result()
	return ok
}

func (p *pauser) Unpause(ctx context.Context, q string) {
	key := pausedKey(q)
	p.rdb.Del(ctx, key)
}

// Correct: a client library's wrapper only forwards the command.
type wrapper struct{ rdb *redis.Client }

func (w *wrapper) SetNX(ctx context.Context, key string, value interface{}) (bool, error) {
	return w.rdb.SetNX(ctx, key, value, 0).Result()
}

// A pause flag that is named a lock is one.
func (p *pauser) Lock(ctx context.Context, q string) bool {
	lockKey := "queues:" + q + ":lock"
	return p.rdb.SetNX(ctx, lockKey, time.Now().Unix(), 0).Val() // want `lock lockKey taken with SetNX with expiration 0 never expires`
}

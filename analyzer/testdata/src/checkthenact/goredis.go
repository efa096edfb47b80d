// Package checkthenact holds nonatomic-check-then-act cases, each with its
// correct twin.
package checkthenact

import (
	"context"
	"errors"
	"fmt"

	"github.com/redis/go-redis/v9"
)

var ErrSoldOut = errors.New("sold out")

const stockKey = "stock:42"

// The GET-then-DECR oversell: the guard tests the value read.
func buyGuarded(ctx context.Context, rdb *redis.Client) error {
	stock, err := rdb.Get(ctx, stockKey).Int()
	if err != nil || stock <= 0 {
		return ErrSoldOut
	}
	rdb.Decr(ctx, stockKey) // want `Decr of stockKey depends on the Get of the same key on line 19 \(nonatomic-check-then-act\)`
	return nil
}

// The write's argument computed from the read: a lost update.
func addPoints(ctx context.Context, rdb redis.Cmdable, user string, n int) {
	key := fmt.Sprintf("points:%s", user)
	cur, _ := rdb.Get(ctx, key).Int()
	total := cur + n
	rdb.Set(ctx, key, total, 0) // want `Set of key depends on the Get of the same key on line 30`
}

// The same key built twice with fmt.Sprintf of the same arguments.
func addPointsSprintf(ctx context.Context, rdb *redis.Client, user string, n int64) {
	cur, _ := rdb.HGet(ctx, fmt.Sprintf("user:%s", user), "points").Int64()
	if cur < n {
		return
	}
	rdb.HIncrBy(ctx, fmt.Sprintf("user:%s", user), "points", -n) // want `HIncrBy of fmt.Sprintf\("user:%s", user\) depends on the HGet`
}

// An existence test, then a write that adds to the key: two clients that
// both see it missing both add.
func seedQueue(ctx context.Context, rdb *redis.Client, queue string) {
	if rdb.Exists(ctx, queue).Val() == 0 {
		rdb.HIncrBy(ctx, queue, "jobs", 1) // want `HIncrBy of queue depends on the Exists`
	}
}

// An existence test through the null-reply error.
func initCounter(ctx context.Context, rdb *redis.Client, key string) {
	_, err := rdb.Get(ctx, key).Result()
	if err == redis.Nil {
		rdb.Incr(ctx, key) // want `Incr of key depends on the Get`
	}
	if rdb.Get(ctx, key).Err() == redis.Nil {
		rdb.Incr(ctx, key) // want `Incr of key depends on the Get`
	}
}

// Correct: a cache filled on a miss (two clients filling it both write
// the value), a TTL refreshed after a read.
func cached(ctx context.Context, rdb *redis.Client, key string, load func() string) string {
	v, err := rdb.Get(ctx, key).Result()
	if err == redis.Nil {
		v = load()
		rdb.Set(ctx, key, v, 0)
	}
	if rdb.Exists(ctx, key).Val() == 1 {
		rdb.Expire(ctx, key, 0)
	}
	if v != "" {
		rdb.Expire(ctx, key, 0)
	}
	return v
}

// Correct: the same inside Watch; the write in TxPipelined.
func buyWatched(ctx context.Context, rdb *redis.Client) error {
	return rdb.Watch(ctx, func(tx *redis.Tx) error {
		stock, err := tx.Get(ctx, stockKey).Int()
		if err != nil || stock <= 0 {
			return ErrSoldOut
		}
		_, err = tx.TxPipelined(ctx, func(pipe redis.Pipeliner) error {
			pipe.Decr(ctx, stockKey)
			return nil
		})
		return err
	}, stockKey)
}

// Correct: one atomic DECRBY whose reply is checked, then a compensation.
func buyAtomic(ctx context.Context, rdb *redis.Client, qty int64) error {
	left, err := rdb.DecrBy(ctx, stockKey, qty).Result()
	if err != nil {
		return err
	}
	if left < 0 {
		rdb.IncrBy(ctx, stockKey, qty)
		return ErrSoldOut
	}
	return nil
}

// Correct: different keys.
func copyCounter(ctx context.Context, rdb *redis.Client) {
	n, _ := rdb.Get(ctx, "counter:a").Int()
	if n > 0 {
		rdb.Set(ctx, "counter:b", n, 0)
	}
}

// Correct: the write does not depend on the read; an error check alone
// is not a test of the value.
func touch(ctx context.Context, rdb *redis.Client, key string) error {
	v, err := rdb.Get(ctx, key).Result()
	if err != nil {
		return err
	}
	fmt.Println(v)
	rdb.Expire(ctx, key, 0)
	return nil
}

// Correct: the write comes before the read.
func setThenGet(ctx context.Context, rdb *redis.Client, key string) string {
	rdb.Set(ctx, key, "v", 0)
	return rdb.Get(ctx, key).Val()
}

// Correct: the read and write in a script.
var buyScript = redis.NewScript(`
local stock = tonumber(redis.call('GET', KEYS[1]))
if not stock or stock <= 0 then return 0 end
redis.call('DECR', KEYS[1])
return 1`)

func buyScripted(ctx context.Context, rdb *redis.Client) (int, error) {
	return buyScript.Run(ctx, rdb, []string{stockKey}).Int()
}

// A struct field key, read and written through the receiver.
type counter struct {
	rdb *redis.Client
	key string
}

func (c *counter) takeOne(ctx context.Context) bool {
	n, _ := c.rdb.LLen(ctx, c.key).Result()
	switch {
	case n == 0:
		return false
	}
	c.rdb.Del(ctx, c.key) // want `Del of c.key depends on the LLen`
	return true
}

// Generic Do on go-redis.
func doGeneric(ctx context.Context, rdb *redis.Client, key string) {
	n, _ := rdb.Do(ctx, "GET", key).Int()
	if n > 10 {
		return
	}
	rdb.Do(ctx, "INCR", key) // want `Do\("INCR"\) of key depends on the Do\("GET"\)`
}

// A finding the author accepted, with a reason.
func acceptedRace(ctx context.Context, rdb *redis.Client, key string) {
	n, _ := rdb.Get(ctx, key).Int()
	//lint-lua:ignore nonatomic-check-then-act approximate counter, races are fine
	rdb.Set(ctx, key, n+1, 0)
}

// Correct: the members read, then removed. SREM of a member twice is
// harmless and a member added meanwhile is not among those removed: no
// race (issue 29). The same for the fields HKEYS lists.
func pruneMembers(ctx context.Context, rdb *redis.Client, key string) {
	members, _ := rdb.Do(ctx, "SMEMBERS", key).StringSlice()
	for _, m := range members {
		rdb.Do(ctx, "SREM", key, m)
	}
	fields, _ := rdb.Do(ctx, "HKEYS", key+":h").StringSlice()
	if len(fields) > 0 {
		rdb.Do(ctx, "HDEL", key+":h", fields[0])
	}
}

// Still races: DEL of the whole set loses the members added meanwhile;
// HDEL of a field after reading its value undoes a change made meanwhile;
// the delay queue that reads the due jobs by score and then removes them
// lets two consumers take the same job.
func pruneRacy(ctx context.Context, rdb *redis.Client, key string) {
	members, _ := rdb.Do(ctx, "SMEMBERS", key).StringSlice()
	if len(members) > 100 {
		rdb.Do(ctx, "DEL", key) // want `Do\("DEL"\) of key depends on the Do\("SMEMBERS"\) of the same key`
	}
	v, _ := rdb.Do(ctx, "HGET", key+":h", "f").Text()
	if v == "done" {
		rdb.Do(ctx, "HDEL", key+":h", "f") // want `Do\("HDEL"\) of key \+ ":h" depends on the Do\("HGET"\)`
	}
	due, _ := rdb.Do(ctx, "ZRANGEBYSCORE", key+":z", "-inf", "100").StringSlice()
	for _, job := range due {
		rdb.Do(ctx, "ZREM", key+":z", job) // want `Do\("ZREM"\) of key \+ ":z" depends on the Do\("ZRANGEBYSCORE"\)`
	}
}

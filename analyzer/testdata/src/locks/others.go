package locks

import (
	"context"
	"time"

	"github.com/gomodule/redigo/redis"
	"github.com/redis/rueidis"
)

func redigoSetNX(conn redis.Conn, key, token string) bool {
	ok, _ := redis.Int(conn.Do("SETNX", key, token)) // want `lock key taken with Do\("SETNX"\) never expires \(TTL -1\)`
	return ok == 1
}

func redigoSetNXNoTTL(conn redis.Conn, key, token string) {
	reply, _ := conn.Do("SET", key, token, "NX") // want `lock key taken with Do\("SET"\) never expires`
	if reply == nil {
		return
	}
}

func redigoSeparateExpire(conn redis.Conn, key, token string) {
	ok, _ := redis.Int(conn.Do("SETNX", key, token)) // want `lock key taken with Do\("SETNX"\) gets its expiry from the separate Do\("EXPIRE"\) on line 26`
	if ok == 1 {
		conn.Do("EXPIRE", key, 30)
	}
}

func redigoRelease(conn redis.Conn, key, token string) {
	ok, _ := redis.String(conn.Do("SET", key, token, "NX", "PX", 30000))
	if ok != "OK" {
		return
	}
	conn.Do("DEL", key) // want `Do\("DEL"\) of lock key, taken with Do\("SET"\) on line 31, does not check`
}

// Correct: the expiry in the command; an option that is not a constant
// may be the expiry.
func redigoGood(conn redis.Conn, key string, opt string) {
	conn.Do("SET", key, "token", "NX", "EX", 30)
	conn.Do("SET", key, "token", "NX", opt, 30)
	conn.Do("SET", key, "token")
}

func rueidisLocks(ctx context.Context, c rueidis.Client, lockKey string) {
	key := lockKey
	if rueidis.IsRedisNil(c.Do(ctx, c.B().Setnx().Key(key).Value("t").Build()).Error()) { // want `lock key taken with B\(\).Setnx\(\) never expires`
		return
	}
	if rueidis.IsRedisNil(c.Do(ctx, c.B().Set().Key(key).Value("t").Nx().Build()).Error()) { // want `lock key taken with B\(\).Set\(\) never expires`
		return
	}
	if rueidis.IsRedisNil(c.Do(ctx, c.B().Set().Key(key).Value("t").Nx().Keepttl().Build()).Error()) { // want `lock key set with NX and KEEPTTL never expires`
		return
	}
	// Correct: the expiry in the command.
	if rueidis.IsRedisNil(c.Do(ctx, c.B().Set().Key(key).Value("t").Nx().ExSeconds(10).Build()).Error()) {
		return
	}
	if rueidis.IsRedisNil(c.Do(ctx, c.B().Set().Key(key).Value("t").Nx().PxMilliseconds(5).Build()).Error()) {
		return
	}
	_ = time.Second
}

// Correct: an MSETNX-style helper whose replies are collected, not
// tested: records, not locks.
func rueidisRecords(ctx context.Context, c rueidis.Client, kvs map[string]string) []rueidis.RedisResult {
	var out []rueidis.RedisResult
	for k, v := range kvs {
		out = append(out, c.Do(ctx, c.B().Set().Key(k).Value(v).Nx().Build()))
	}
	return out
}

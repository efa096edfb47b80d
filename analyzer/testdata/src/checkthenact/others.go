package checkthenact

import (
	"context"

	redisv8 "github.com/go-redis/redis/v8"
	"github.com/gomodule/redigo/redis"
	"github.com/redis/rueidis"
)

func v8Buy(ctx context.Context, rdb *redisv8.Client, key string, qty int64) {
	n, _ := rdb.Get(ctx, key).Int()
	if int64(n) < qty {
		return
	}
	rdb.DecrBy(ctx, key, qty) // want `DecrBy of key depends on the Get of the same key on line 12`
}

func redigoBuy(conn redis.Conn, key string) error {
	stock, err := redis.Int(conn.Do("GET", key))
	if err != nil {
		return err
	}
	if stock > 0 {
		_, err = conn.Do("DECR", key) // want `Do\("DECR"\) of key depends on the Do\("GET"\) of the same key on line 20`
	}
	return err
}

// Correct: WATCH, then MULTI/EXEC.
func redigoWatched(conn redis.Conn, key string) error {
	if _, err := conn.Do("WATCH", key); err != nil {
		return err
	}
	stock, err := redis.Int(conn.Do("GET", key))
	if err != nil || stock <= 0 {
		return err
	}
	conn.Send("MULTI")
	conn.Send("DECR", key)
	_, err = conn.Do("EXEC")
	return err
}

func rueidisBuy(ctx context.Context, c rueidis.Client, key string) {
	n, err := c.Do(ctx, c.B().Get().Key(key).Build()).AsInt64()
	if err != nil || n <= 0 {
		return
	}
	c.Do(ctx, c.B().Decrby().Key(key).Decrement(1).Build()) // want `B\(\).Decrby\(\) of key depends on the B\(\).Get\(\) of the same key on line 46`
}

// Correct: different keys with rueidis.
func rueidisOther(ctx context.Context, c rueidis.Client, key, other string) {
	n, err := c.Do(ctx, c.B().Get().Key(key).Build()).AsInt64()
	if err != nil || n <= 0 {
		return
	}
	c.Do(ctx, c.B().Decrby().Key(other).Decrement(1).Build())
}

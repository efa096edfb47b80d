// Package valkeytarget holds scripts written for Valkey (settings_test.go
// runs it with Target valkey-8.0): server.call is redis.call there, and
// nothing is undefined.
package valkeytarget

import (
	"context"

	"github.com/redis/go-redis/v9"
)

var get = redis.NewScript(`return server.call('GET', KEYS[2])`)

// Valkey 8 words the unknown-command error without "Redis".
var hexpire = redis.NewScript(`return redis.call('HEXPIRE', KEYS[1], 60, 'FIELDS', 1, 'f')`) // want `HEXPIRE exists only on Redis \(from 7\.4\.0\), and the target is Valkey 8\.0`

func run(ctx context.Context, rdb *redis.Client) {
	get.Run(ctx, rdb, []string{"k"}) // want `the script reads KEYS\[2\] on line 12 but Run passes 1 key`
	hexpire.Run(ctx, rdb, []string{"h"})
}

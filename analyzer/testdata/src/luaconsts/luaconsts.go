// Package luaconsts holds a script constant used from another package.
package luaconsts

const Bad = "local x = 1\nreturn redis.call('HGETT', KEYS[1])"

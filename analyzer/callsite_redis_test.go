package analyzer

import "testing"

func TestGoRedisCommandName(t *testing.T) {
	for method, want := range map[string]string{
		"Get": "GET", "DecrBy": "DECRBY", "HIncrBy": "HINCRBY", "SetNX": "SETNX", "SetArgs": "SET",
		"SetXX": "SET", "SetEx": "SETEX", "ZAddNX": "ZADD", "ZRangeWithScores": "ZRANGE", "LLen": "LLEN",
		"SIsMember": "SISMEMBER", "TTL": "TTL", "PExpire": "PEXPIRE", "EvalRO": "EVAL_RO",
		"EvalShaRO": "EVALSHA_RO", "FCallRO": "FCALL_RO", "BLPop": "BLPOP", "MGet": "MGET",
		"Pipelined": "", "TxPipelined": "", "Hash": "",
	} {
		if got := goRedisCommandName(method); got != want {
			t.Errorf("goRedisCommandName(%q) = %q, want %q", method, got, want)
		}
	}
}

func TestRueidisCommandName(t *testing.T) {
	for method, want := range map[string]string{
		"Get": "GET", "Decrby": "DECRBY", "Setnx": "SETNX", "Hincrby": "HINCRBY", "EvalRo": "EVAL_RO",
		"EvalshaRo": "EVALSHA_RO", "ScriptLoad": "SCRIPT LOAD", "FunctionLoad": "FUNCTION LOAD", "Nope": "",
	} {
		if got, _ := rueidisCommandName(method); got != want {
			t.Errorf("rueidisCommandName(%q) = %q, want %q", method, got, want)
		}
	}
}

func TestRueidisToken(t *testing.T) {
	for method, want := range map[string]string{
		"Nx": "NX", "ExSeconds": "EX", "PxMilliseconds": "PX", "ExatTimestamp": "EXAT",
		"PxatMillisecondsTimestamp": "PXAT", "Keepttl": "KEEPTTL",
	} {
		if got := rueidisToken(method); got != want {
			t.Errorf("rueidisToken(%q) = %q, want %q", method, got, want)
		}
	}
}

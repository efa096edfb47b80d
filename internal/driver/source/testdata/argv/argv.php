<?php
// keys-count-mismatch for ARGV at PHP call sites.
const SRC = "return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])";
$predis->eval(SRC, 1, $key, $value); // want "passes 1 argument"
$predis->eval(SRC, 1, $key, $value, 100);
$predis->eval(SRC, 1, $key, ...$args);
$phpredis->eval(SRC, [$key, $value], 1); // want "passes 1 argument"
$phpredis->eval(SRC, [$key, $value, 100], 1);
$phpredis->eval(SRC, $args, 1);

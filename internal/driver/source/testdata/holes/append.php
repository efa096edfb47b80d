<?php
function run($redis, $guard) {
    $script = '';
    if ($guard) {
        $script .= "if redis.call('get', KEYS[1]) == false then return 0 end ";
    }
    $script .= "return redis.call('get', KEYS[2])";
    return $redis->eval($script, 1, 'k'); // want:error "keys-count-mismatch: the script reads KEYS\[2\] on line 7 but eval passes 1 key"
}

function once($redis) {
    $script = "return redis.call('get', KEYS[2])";
    return $redis->eval($script, 1, 'k'); // want:error "keys-count-mismatch: the script reads KEYS\[2\]"
}

function looped($redis, $xs) {
    $script = '';
    foreach ($xs as $x) {
        $script .= "redis.call('del', KEYS[1]) ";
    }
    return $redis->eval($script, 1, 'k'); // want:info "dynamic-script: the script passed to eval is built at run time"
}

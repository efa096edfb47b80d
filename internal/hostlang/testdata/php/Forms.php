<html><body>Inline HTML: don't read "redis.call('x')" here.</body></html>
<?php

namespace Example;

use Illuminate\Support\Facades\Redis;

class LuaScripts
{
    /**
     * A static method returning a heredoc (Laravel's LuaScripts style).
     */
    public static function size()
    {
        return <<<'LUA'
return redis.call('llen', KEYS[1]) + redis.call('zcard', KEYS[2])
LUA;
    }

    // A flexible (PHP 7.3+) nowdoc: the closing marker's indentation goes.
    public static function pop(): string
    {
        return <<<'LUA'
            local job = redis.call('lpop', KEYS[1])
            if job ~= false then
                redis.call('zadd', KEYS[2], ARGV[1], job)
            end
            return job
            LUA;
    }
}

class Queue
{
    private $script = 'return redis.call(\'get\', KEYS[1])';

    public function size($queue)
    {
        return $this->redis->eval(LuaScripts::size(), 2, $queue, $queue.':delayed');
    }

    public function pop($queue)
    {
        return Redis::eval(LuaScripts::pop(), 2, $queue, $queue.':reserved', time());
    }

    public function get($key)
    {
        return $this->redis->eval($this->script, 1, $key);
    }

    // Double quotes: escapes and interpolation; a heredoc with holes.
    public function release($key, $token, $ttl)
    {
        $this->redis->eval("if redis.call('get', KEYS[1]) == '{$token}' then\n\treturn redis.call('del', KEYS[1])\nend\nreturn 0", 1, $key);
        $lua = <<<LUA
            redis.call('expire', KEYS[1], $ttl)
            return redis.call('ttl', KEYS[1]) .. "\$x"
            LUA;
        return $this->redis->eval($lua, 1, $key);
    }

    // Concatenation with the dot operator, a constant and sprintf.
    const PREFIX = "local key = KEYS[1] ";

    public function touch($connection, $n)
    {
        $connection->eval(self::PREFIX . 'return redis.call("expire", key, ' . $n . ')', 1, 'k');
        $connection->eval(sprintf("return redis.call('incrby', KEYS[1], %d)", $n), 1, 'k');
        // phpredis: eval($script, $args, $numKeys).
        $this->phpredis->eval("return redis.call('exists', KEYS[1])", ['k'], 1);
        # lint-lua: ignore undeclared-key -- the key is fixed on purpose
        return $connection->script('load', "return redis.call('get', 'fixed')");
    }
}
?>
<p>After the closing tag: KEYS[1] is HTML text.</p>
<?= "return redis.call('echo', 'short tag')" ?>

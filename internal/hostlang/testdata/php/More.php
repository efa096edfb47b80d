<?php
// Predis' script('load') and phpredis' case; # comments and #[attributes].
#[Attribute]
class More
{
    public function load($client)
    {
        # lint-lua: ignore undeclared-key -- a hash comment
        return $client->script('load', 'return redis.call("get", "fixed")');
    }

    public function esc()
    {
        return "return redis.call('echo', '\x41\101\u{e9}\$x\q')";
    }
}

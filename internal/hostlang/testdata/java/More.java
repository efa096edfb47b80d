class More {
    // Java 15 formatted(): %d is a hole; %% a percent.
    String s = "return redis.call('expire', KEYS[1], %d) .. '%%'".formatted(ttl);

    /* lint-lua: ignore undeclared-key -- a block comment, own line */
    String fixed = "return redis.call('get', 'fixed')";

    // A char literal that is a quote does not open a string.
    char q = '"'; String after = "return redis.call('ping')";
}

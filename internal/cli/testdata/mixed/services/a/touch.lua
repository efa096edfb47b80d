return server.call('SET', 'last-touch', ARGV[1])

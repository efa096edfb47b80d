-- fixture: target=valkey-7.2
-- Valkey 7.2 has no os table (H7: from 8.0, observed on 7.2.7 and 8.0.1);
-- server is redis (H1).
local t0 = os.clock() -- want:error "os does not exist in the Lua sandbox of Valkey 7.2"
local v = server.SERVER_VERSION -- want:warning "server.SERVER_VERSION is not set on Redis or Valkey"
local name = server.SERVER_NAME
local env = getfenv(1)
return {t0, v, name, env, server.VALKEY_VERSION}

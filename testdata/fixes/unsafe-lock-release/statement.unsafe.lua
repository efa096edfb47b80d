-- A release as a statement, with tabs and double quotes.
if ARGV[1] == "acquire" then
	if redis.call("SET", KEYS[1], ARGV[2], "NX", "EX", 30) then
		return "acquired"
	end
	return "busy"
end
redis.call("DEL", KEYS[1])
return "released"

-- fixture: target=upstash
-- Upstash documents no sandbox of its own (target.Global is unsure of
-- every name outside the base sandbox): nothing is reported.
local t0 = os.clock()
local f = io.open('/tmp/x')
return {t0, f}

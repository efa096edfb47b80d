-- fixture: target=valkey-8.0
-- The consequence names the target's server: Valkey is the one that
-- serves no other client meanwhile (H10: its BUSY reply names Valkey).
local n = 0
while true do -- want "never ends.* — Valkey serves no other client meanwhile"
  n = n + 1
end

--- @include "c"
local function b() end

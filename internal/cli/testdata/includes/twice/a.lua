--- @include "b"
--- @include "b.lua"
return 1

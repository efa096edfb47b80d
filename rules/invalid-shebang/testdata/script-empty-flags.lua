#!lua flags=
-- An empty flags= list sets no flag, and Redis accepts it.
return 1

import redis

r = redis.Redis()
# The loader reads the file by path and prepends its helpers before sending it.
move_task = r.register_script(open("lua/move_task.lua").read())

# Called from main.py's loop: a function in another file, for traces that follow calls.
def is_negative(v):
    negative = v < 0
    return negative

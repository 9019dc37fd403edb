x = 21
y = x * 2
print("y", y)

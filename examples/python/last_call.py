"""The traced function is the program's last call: its return ends the program."""


def restock_plan(levels, target):
    plan = {}
    for name, level in levels.items():
        missing = target - level
        if missing > 0:
            plan[name] = missing
    return plan


print("plan", restock_plan({"apple": 1, "pear": 4}, 8))

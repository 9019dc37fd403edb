"""Code under test for the debug_test examples: a shopping cart's totals."""


def line_total(price, qty, discount=0):
    # discount is meant as a fraction (0.1 = 10 %), but callers pass percents
    return round(price * qty * (1 - discount), 2)


def cart_total(items):
    total = 0
    for item in items:
        total += line_total(item["price"], item["qty"], item.get("discount", 0))
    return total

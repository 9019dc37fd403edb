# Prints the subtotal of the first items of an order. Reported: "subtotal of 3 items: 32", while the
# first three prices (5, 7, 9) add up to 21.


def subtotal(prices, count):
    """Sum of the first `count` prices."""
    total = 0
    for i in range(count + 1):
        total += prices[i]
    return total


def main():
    prices = [5, 7, 9, 11, 13]
    total = subtotal(prices, 3)
    print("subtotal of 3 items:", total)


main()

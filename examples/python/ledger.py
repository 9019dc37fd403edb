"""A running total that goes wrong: find where `total` turns negative."""


class Account:
    def __init__(self, owner):
        self.owner = owner
        self.entries = []

    def post(self, amount):
        fee = 1 if amount < 0 else 0
        self.entries.append(amount - fee)
        return self.balance()

    def balance(self):
        return sum(self.entries)


def main():
    acct = Account("ada")
    meta = {"region": "eu", "tags": ["a", "b"], "limits": {"daily": 250}}
    total = 0
    for step, amount in enumerate([40, -15, 70, 5, -90, -12]):
        total = acct.post(amount)
    print("final", total, meta["region"])
    return total


if __name__ == "__main__":
    main()

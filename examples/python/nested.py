"""A nested data structure to explore with debug_variables paths."""
from dataclasses import dataclass, field


@dataclass
class Item:
    sku: str
    qty: int
    price: float


@dataclass
class Order:
    id: int
    customer: dict
    items: list = field(default_factory=list)

    def total(self):
        return sum(i.qty * i.price for i in self.items)


def build():
    order = Order(7, {"name": "Grace", "address": {"city": "Arlington", "zip": "22201"}})
    for n in range(30):
        order.items.append(Item(f"sku-{n}", n % 4 + 1, 2.5 * (n + 1)))
    matrix = [[r * c for c in range(5)] for r in range(5)]
    big = list(range(1000))
    amount = order.total()
    print("order", order.id, "amount", amount, len(matrix), len(big))
    return amount


build()

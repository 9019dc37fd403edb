from cart import cart_total, line_total


def test_plain_total():
    items = [{"price": 10.0, "qty": 2}, {"price": 2.5, "qty": 4}]
    assert cart_total(items) == 30.0


def test_discounted_total():
    items = [{"price": 10.0, "qty": 2}, {"price": 5.0, "qty": 4, "discount": 10}]
    expected = 20.0 + 18.0
    total = cart_total(items)
    assert total == expected


def test_line_total_rounds():
    assert line_total(0.1, 3) == 0.3

import unittest

from cart import line_total


class LineTotalTest(unittest.TestCase):
    def test_discount(self):
        price, qty, discount = 8.0, 5, 25
        self.assertEqual(line_total(price, qty, discount), 30.0)

    def test_no_discount(self):
        self.assertEqual(line_total(8.0, 5), 40.0)


if __name__ == "__main__":
    unittest.main()

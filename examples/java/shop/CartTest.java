package shop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class CartTest {
    @Test
    void plainTotal() {
        List<Cart.Item> items = List.of(new Cart.Item(10, 2), new Cart.Item(2.5, 4));
        assertEquals(30.0, Cart.total(items));
    }

    @Test
    void discountedTotal() {
        List<Cart.Item> items = List.of(new Cart.Item(10, 2), new Cart.Item(5, 4, 10));
        double expected = 20 + 18;
        double total = Cart.total(items);
        assertEquals(expected, total);
    }
}

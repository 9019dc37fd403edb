package dev.dapgate.javadebughost.breakpoints;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class MethodNameTest {
    @Test
    void everyFormNamesTheSameMethod() {
        for (String text : List.of("Ports.parsePort", "Ports#parsePort", " Ports . parsePort".replace(" ", ""))) {
            MethodName n = MethodName.parse(text);
            assertEquals("Ports", n.typeName());
            assertEquals("parsePort", n.method());
            assertNull(n.parameters(), "no parameter list: every overload");
            assertEquals("Ports#parsePort", n.canonical());
        }
        MethodName q = MethodName.parse("shop.Cart#total");
        assertEquals("shop.Cart", q.typeName());
        assertEquals("Cart", q.simpleType());
    }

    @Test
    void aParameterListPicksOneOverload() {
        MethodName n = MethodName.parse("Ports.parseOrDefault(String, int)");
        assertEquals(List.of("String", "int"), n.parameters());
        assertEquals(List.of(), MethodName.parse("App.run()").parameters());
        assertEquals(List.of("String[]"), MethodName.parse("App.main(String...)").parameters());
    }

    @Test
    void classesMatchBySimpleOrQualifiedNameAndNestedClassesByEitherSeparator() {
        assertTrue(MethodName.parse("Ports.parsePort").matchesType("Ports"));
        assertTrue(MethodName.parse("Ports.parsePort").matchesType("net.Ports"));
        assertFalse(MethodName.parse("Ports.parsePort").matchesType("net.MyPorts"));
        assertTrue(MethodName.parse("Outer.Inner.run").matchesType("pkg.Outer$Inner"));
        assertTrue(MethodName.parse("Outer$Inner#run").matchesType("pkg.Outer$Inner"));
        assertFalse(MethodName.parse("shop.Cart.total").matchesType("other.Cart"));
    }

    @Test
    void aNameWithoutClassOrMethodIsRefusedWithTheFormsToUse() {
        for (String bad : List.of("parsePort", "Ports.", ".parsePort", "Ports.parse(int", "a b.c")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MethodName.parse(bad), bad);
            assertTrue(e.getMessage().contains("Class.method") || e.getMessage().contains("')'"), e.getMessage());
        }
    }
}

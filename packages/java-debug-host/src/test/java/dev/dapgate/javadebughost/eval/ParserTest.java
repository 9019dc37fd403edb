package dev.dapgate.javadebughost.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dapgate.javadebughost.eval.Node.Binary;
import dev.dapgate.javadebughost.eval.Node.Call;
import dev.dapgate.javadebughost.eval.Node.Conditional;
import dev.dapgate.javadebughost.eval.Node.FieldAccess;
import dev.dapgate.javadebughost.eval.Node.ArrayIndex;
import dev.dapgate.javadebughost.eval.Node.Literal;
import dev.dapgate.javadebughost.eval.Node.Name;
import dev.dapgate.javadebughost.eval.Node.Unary;
import org.junit.jupiter.api.Test;

import java.util.List;

class ParserTest {
    private static Node parse(String s) throws EvalException {
        return Parser.parse(s);
    }

    private static String error(String s) {
        EvalException e = assertThrows(EvalException.class, () -> Parser.parse(s));
        assertTrue(e.isSyntaxError(), "parse errors are syntax errors: " + e.getMessage());
        return e.getMessage();
    }

    @Test
    void precedenceAndAssociativity() throws EvalException {
        assertEquals(new Binary("+", new Name("a"), new Binary("*", new Name("b"), new Name("c"))), parse("a + b * c"));
        assertEquals(new Binary("-", new Binary("-", new Name("a"), new Name("b")), new Name("c")), parse("a - b - c"));
        assertEquals(new Binary("||", new Name("a"), new Binary("&&", new Name("b"), new Name("c"))), parse("a || b && c"));
        assertEquals(new Binary("==", new Binary("<", new Name("a"), new Name("b")), new Literal(true)), parse("a < b == true"));
        assertEquals(new Binary("*", new Binary("+", new Name("a"), new Name("b")), new Name("c")), parse("(a + b) * c"));
        assertEquals(new Unary("-", new Unary("!", new Name("a"))), parse("-!a"));
        assertEquals(new Conditional(new Name("a"), new Literal(1), new Conditional(new Name("b"), new Literal(2), new Literal(3))),
            parse("a ? 1 : b ? 2 : 3"));
    }

    @Test
    void postfixChains() throws EvalException {
        assertEquals(new Call(new FieldAccess(new Name("a"), "b"), "c", List.of(new Literal(1), new Literal("s"))),
            parse("a.b.c(1, \"s\")"));
        assertEquals(new FieldAccess(new ArrayIndex(new Name("arr"), new Binary("+", new Name("i"), new Literal(1))), "length"),
            parse("arr[i + 1].length"));
        assertEquals(new Call(null, "f", List.of()), parse("f()"));
        assertEquals(new FieldAccess(new Node.This(), "x"), parse("this.x;"), "one trailing ';' is allowed");
    }

    @Test
    void literalValues() throws EvalException {
        assertEquals(new Literal(2147483647), parse("2147483647"));
        assertEquals(new Literal(10L), parse("10L"));
        assertEquals(new Literal(255), parse("0xFF"));
        assertEquals(new Literal(5), parse("0b101"));
        assertEquals(new Literal(1.5f), parse("1.5f"));
        assertEquals(new Literal(1e3), parse("1e3"));
        assertEquals(new Literal('\n'), parse("'\\n'"));
        assertEquals(new Literal("a\"b\u0041"), parse("\"a\\\"b\\u0041\""));
        assertEquals(new Literal(null), parse("null"));
    }

    @Test
    void unsupportedSyntaxIsNamed() {
        assertEquals("object creation ('new') is not supported", error("new Foo()"));
        assertEquals("lambda expressions are not supported", error("(a) -> a"));
        assertTrue(error("(String) o").startsWith("casts are not supported"));
        assertEquals("'instanceof' is not supported", error("o instanceof String"));
        assertEquals("qualified 'Outer.this' is not supported", error("Outer.this"));
        assertEquals("explicit generic type arguments are not supported", error("List.<String>of()"));
    }

    @Test
    void malformedInput() {
        assertEquals("empty expression", error("   "));
        assertEquals("unexpected end of expression", error("a +"));
        assertEquals("unexpected end of expression", error("f(a, "));
        assertTrue(error("f(a b").startsWith("expected ')' but found"), error("f(a b"));
        assertEquals("integer number too large: 2147483648", error("2147483648"));
        assertTrue(error("a b").contains("position 3"), error("a b"));
    }
}

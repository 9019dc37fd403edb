package dev.dapgate.javadebughost.eval;

import java.util.List;

/** Expression tree produced by {@link Parser}. */
public sealed interface Node {
    /** A literal: Integer, Long, Float, Double, Boolean, Character, String or null. */
    record Literal(Object value) implements Node {
    }

    /** A simple name: local variable, field, type or package prefix. */
    record Name(String name) implements Node {
    }

    record This() implements Node {
    }

    /** {@code target.name}. */
    record FieldAccess(Node target, String name) implements Node {
    }

    /** {@code array[index]}. */
    record ArrayIndex(Node array, Node index) implements Node {
    }

    /** {@code target.name(args)}; target is null for an unqualified call. */
    record Call(Node target, String name, List<Node> args) implements Node {
    }

    /** {@code op operand} with op one of - + !. */
    record Unary(String op, Node operand) implements Node {
    }

    record Binary(String op, Node left, Node right) implements Node {
    }

    /** {@code condition ? whenTrue : whenFalse}. */
    record Conditional(Node condition, Node whenTrue, Node whenFalse) implements Node {
    }
}

package dev.dapgate.javadebughost.eval;

import dev.dapgate.javadebughost.eval.Lexer.Kind;
import dev.dapgate.javadebughost.eval.Lexer.Token;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Recursive-descent parser for the supported subset of Java expressions. Anything outside
 * the subset fails with an {@link EvalException} naming the unsupported construct.
 */
public final class Parser {
    private static final int MAX_LENGTH = 20_000;
    private static final int MAX_DEPTH = 200;
    private static final Set<String> PRIMITIVES =
        Set.of("int", "long", "double", "float", "boolean", "char", "byte", "short", "void");

    private final List<Token> tokens;
    private int index;
    private int depth;

    private Parser(List<Token> tokens) {
        this.tokens = tokens;
    }

    /** Parses one expression (a single trailing ';' is tolerated). */
    public static Node parse(String expression) throws EvalException {
        if (expression == null || expression.isBlank()) {
            throw new EvalException("empty expression", true);
        }
        if (expression.length() > MAX_LENGTH) {
            throw new EvalException("expression too long (" + expression.length() + " characters)", true);
        }
        Parser parser = new Parser(Lexer.tokenize(expression));
        Node node = parser.expression();
        if (parser.peek().is(";") && parser.peek(1).kind() == Kind.EOF) {
            parser.index++;
        }
        Token rest = parser.peek();
        if (rest.kind() != Kind.EOF) {
            throw parser.unexpected(rest);
        }
        return node;
    }

    private Token peek() {
        return tokens.get(index);
    }

    private Token peek(int ahead) {
        return tokens.get(Math.min(index + ahead, tokens.size() - 1));
    }

    private Token advance() {
        Token t = tokens.get(index);
        if (t.kind() != Kind.EOF) {
            index++;
        }
        return t;
    }

    private boolean accept(String op) {
        if (peek().kind() == Kind.OP && peek().text().equals(op)) {
            index++;
            return true;
        }
        return false;
    }

    private void expect(String op) throws EvalException {
        if (!accept(op)) {
            Token t = peek();
            throw new EvalException("expected '" + op + "' but found " + describe(t) + " at position " + (t.pos() + 1), true);
        }
    }

    private static String describe(Token t) {
        return t.kind() == Kind.EOF ? "end of expression" : "'" + t.text() + "'";
    }

    private EvalException unexpected(Token t) {
        String why = unsupportedReason(t);
        if (why != null) {
            return new EvalException(why, true);
        }
        return new EvalException("unexpected " + describe(t) + " at position " + (t.pos() + 1), true);
    }

    /** A clear message when a token starts a construct this evaluator does not support. */
    private static String unsupportedReason(Token t) {
        if (t.kind() == Kind.IDENT) {
            switch (t.text()) {
                case "new": return "object creation ('new') is not supported";
                case "instanceof": return "'instanceof' is not supported";
                case "super": return "'super' is not supported";
                case "switch": return "switch expressions are not supported";
                default: return null;
            }
        }
        if (t.kind() != Kind.OP) {
            return null;
        }
        switch (t.text()) {
            case "=": case "+=": case "-=": case "*=": case "/=": case "%=": case "&=": case "|=": case "^=":
            case "<<=": case ">>=": case ">>>=":
                return "assignments are not supported (expressions cannot modify variables)";
            case "++": case "--": return "increment/decrement operators are not supported";
            case "->": return "lambda expressions are not supported";
            case "::": return "method references are not supported";
            case "&": case "|": case "^": case "~": case "<<": case ">>": case ">>>":
                return "bitwise and shift operators ('" + t.text() + "') are not supported";
            case "{": case "}": case ";": return "statements and blocks are not supported; enter a single expression";
            case "@": return "annotations are not supported";
            case "...": return "varargs syntax is not supported";
            default: return null;
        }
    }

    private void enter() throws EvalException {
        if (++depth > MAX_DEPTH) {
            throw new EvalException("expression nested too deeply", true);
        }
    }

    private Node expression() throws EvalException {
        enter();
        try {
            Node n = conditional();
            String why = unsupportedReason(peek());
            if (why != null && !peek().is(";")) {
                throw new EvalException(why, true);
            }
            return n;
        } finally {
            depth--;
        }
    }

    private Node conditional() throws EvalException {
        Node cond = binary(0);
        if (accept("?")) {
            Node a = expression();
            expect(":");
            Node b = conditional();
            return new Node.Conditional(cond, a, b);
        }
        return cond;
    }

    private static final String[][] LEVELS = {
        {"||"}, {"&&"}, {"==", "!="}, {"<", "<=", ">", ">="}, {"+", "-"}, {"*", "/", "%"},
    };

    private Node binary(int level) throws EvalException {
        if (level == LEVELS.length) {
            return unary();
        }
        Node left = binary(level + 1);
        while (true) {
            Token t = peek();
            String op = null;
            if (t.kind() == Kind.OP) {
                for (String candidate : LEVELS[level]) {
                    if (candidate.equals(t.text())) {
                        op = candidate;
                        break;
                    }
                }
            }
            if (op == null) {
                if (level == 3 && t.is("instanceof")) {
                    throw new EvalException("'instanceof' is not supported", true);
                }
                return left;
            }
            advance();
            enter();
            try {
                Node right = binary(level + 1);
                left = new Node.Binary(op, left, right);
            } finally {
                depth--;
            }
        }
    }

    private Node unary() throws EvalException {
        Token t = peek();
        if (t.kind() == Kind.OP && (t.text().equals("-") || t.text().equals("+") || t.text().equals("!"))) {
            advance();
            enter();
            try {
                Token next = peek();
                if (t.text().equals("-") && next.kind() == Kind.LITERAL && next.value() instanceof Long l
                        && l == Integer.MAX_VALUE + 1L && !next.text().toLowerCase().endsWith("l")) {
                    advance();
                    return postfix(new Node.Literal(Integer.MIN_VALUE));
                }
                return new Node.Unary(t.text(), unary());
            } finally {
                depth--;
            }
        }
        if (t.kind() == Kind.OP && (t.text().equals("++") || t.text().equals("--") || t.text().equals("~"))) {
            throw unexpected(t);
        }
        if (t.is("(")) {
            checkCast();
        }
        return postfix(primary());
    }

    /** Rejects {@code (Type) expr} casts with a clear message. */
    private void checkCast() throws EvalException {
        Token first = peek(1);
        if (first.kind() == Kind.IDENT && PRIMITIVES.contains(first.text())) {
            throw new EvalException("casts are not supported: (" + first.text() + ") ...", true);
        }
        if (first.kind() != Kind.IDENT) {
            return;
        }
        int i = 2;
        while (peek(i).is(".") && peek(i + 1).kind() == Kind.IDENT) {
            i += 2;
        }
        if (peek(i).is("<")) {
            return; // comparison such as (a < b) or a generic cast: let the parser decide
        }
        while (peek(i).is("[") && peek(i + 1).is("]")) {
            i += 2;
        }
        if (!peek(i).is(")")) {
            return;
        }
        Token after = peek(i + 1);
        boolean startsOperand = after.kind() == Kind.IDENT && !after.text().equals("instanceof")
            || after.kind() == Kind.LITERAL || after.is("(") || after.is("!") || after.is("~");
        if (startsOperand) {
            throw new EvalException("casts are not supported: (" + first.text() + "...) ...", true);
        }
    }

    private Node postfix(Node node) throws EvalException {
        while (true) {
            if (accept(".")) {
                Token name = advance();
                if (name.is("<")) {
                    throw new EvalException("explicit generic type arguments are not supported", true);
                }
                if (name.is("new") || name.is("super")) {
                    throw unexpected(name);
                }
                if (name.kind() != Kind.IDENT) {
                    throw new EvalException("expected a member name after '.' but found " + describe(name), true);
                }
                if (name.text().equals("this")) {
                    throw new EvalException("qualified 'Outer.this' is not supported", true);
                }
                if (peek().is("(")) {
                    node = new Node.Call(node, name.text(), arguments());
                } else {
                    node = new Node.FieldAccess(node, name.text());
                }
            } else if (accept("[")) {
                if (peek().is("]")) {
                    throw new EvalException("array types are not supported", true);
                }
                Node idx = expression();
                expect("]");
                node = new Node.ArrayIndex(node, idx);
            } else if (peek().is("++") || peek().is("--") || peek().is("->") || peek().is("::")) {
                throw unexpected(peek());
            } else {
                return node;
            }
        }
    }

    private List<Node> arguments() throws EvalException {
        expect("(");
        List<Node> args = new ArrayList<>();
        if (accept(")")) {
            return args;
        }
        do {
            args.add(expression());
        } while (accept(","));
        if (peek().is("->")) {
            throw unexpected(peek());
        }
        expect(")");
        return args;
    }

    private Node primary() throws EvalException {
        Token t = advance();
        switch (t.kind()) {
            case LITERAL:
                if (t.value() instanceof Long l && l == Integer.MAX_VALUE + 1L && !t.text().toLowerCase().endsWith("l")) {
                    throw new EvalException("integer number too large: " + t.text(), true);
                }
                return new Node.Literal(t.value());
            case IDENT: {
                String name = t.text();
                switch (name) {
                    case "true": return new Node.Literal(Boolean.TRUE);
                    case "false": return new Node.Literal(Boolean.FALSE);
                    case "null": return new Node.Literal(null);
                    case "this": return new Node.This();
                    default: break;
                }
                String why = unsupportedReason(t);
                if (why != null) {
                    throw new EvalException(why, true);
                }
                if (PRIMITIVES.contains(name)) {
                    throw new EvalException("'" + name + "' is a type; type expressions are not supported", true);
                }
                if (peek().is("->")) {
                    throw unexpected(peek());
                }
                if (peek().is("(")) {
                    return new Node.Call(null, name, arguments());
                }
                return new Node.Name(name);
            }
            case OP:
                if (t.text().equals("(")) {
                    if (peek().is(")") && peek(1).is("->")) {
                        throw new EvalException("lambda expressions are not supported", true);
                    }
                    Node inner = expression();
                    if (peek().is(",") || peek().is("->")) {
                        throw new EvalException("lambda expressions are not supported", true);
                    }
                    expect(")");
                    if (peek().is("->")) {
                        throw new EvalException("lambda expressions are not supported", true);
                    }
                    return inner;
                }
                throw unexpected(t);
            default:
                throw new EvalException("unexpected end of expression", true);
        }
    }
}

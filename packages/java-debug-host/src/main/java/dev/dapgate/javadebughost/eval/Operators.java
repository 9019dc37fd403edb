package dev.dapgate.javadebughost.eval;

import com.sun.jdi.BooleanValue;
import com.sun.jdi.ClassType;
import com.sun.jdi.Method;
import com.sun.jdi.PrimitiveValue;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StringReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VirtualMachine;

import java.util.List;

/** Unary and binary operators with Java's numeric promotion, and Java's {@code ==}. */
final class Operators {
    private final Interpreter in;
    private final VirtualMachine vm;
    private final ThreadReference thread;
    private final Invoker invoker;

    Operators(Interpreter in) {
        this.in = in;
        this.vm = in.vm();
        this.thread = in.thread();
        this.invoker = in.invoker();
    }

    Object unary(String op, Object v) throws EvalException {
        if (op.equals("!")) {
            return vm.mirrorOf(!in.asBoolean(v));
        }
        PrimitiveValue p = numeric(v, op);
        String kind = promote(Interpreter.primitiveKind(p), "int");
        boolean neg = op.equals("-");
        switch (kind) {
            case "double": return vm.mirrorOf(neg ? -p.doubleValue() : p.doubleValue());
            case "float": return vm.mirrorOf(neg ? -p.floatValue() : p.floatValue());
            case "long": return vm.mirrorOf(neg ? -p.longValue() : p.longValue());
            default: return vm.mirrorOf(neg ? -p.intValue() : p.intValue());
        }
    }

    private PrimitiveValue numeric(Object v, String op) throws EvalException {
        PrimitiveValue p = in.unbox(v);
        if (p == null || p instanceof BooleanValue) {
            throw new EvalException("operator '" + op + "' cannot be applied to " + Interpreter.typeName(v));
        }
        return p;
    }

    /** Binary numeric promotion of two primitive kinds. */
    private static String promote(String a, String b) {
        if (a.equals("double") || b.equals("double")) {
            return "double";
        }
        if (a.equals("float") || b.equals("float")) {
            return "float";
        }
        if (a.equals("long") || b.equals("long")) {
            return "long";
        }
        return "int";
    }

    Object binary(Node.Binary b) throws EvalException {
        String op = b.op();
        if (op.equals("&&")) {
            return vm.mirrorOf(in.asBoolean(in.value(in.eval(b.left()))) && in.asBoolean(in.value(in.eval(b.right()))));
        }
        if (op.equals("||")) {
            return vm.mirrorOf(in.asBoolean(in.value(in.eval(b.left()))) || in.asBoolean(in.value(in.eval(b.right()))));
        }
        Object l = in.value(in.eval(b.left()));
        Object r = in.value(in.eval(b.right()));
        switch (op) {
            case "==": return vm.mirrorOf(equal(b.left(), l, b.right(), r));
            case "!=": return vm.mirrorOf(!equal(b.left(), l, b.right(), r));
            case "+":
                if (Interpreter.isStringish(l) || Interpreter.isStringish(r)) {
                    return in.stringify(l) + in.stringify(r);
                }
                return arithmetic(op, l, r);
            case "-": case "*": case "/": case "%":
                return arithmetic(op, l, r);
            case "<": case "<=": case ">": case ">=":
                return vm.mirrorOf(compare(op, l, r));
            default:
                throw new EvalException("operator '" + op + "' is not supported");
        }
    }

    private Object arithmetic(String op, Object l, Object r) throws EvalException {
        PrimitiveValue a = numeric(l, op);
        PrimitiveValue b = numeric(r, op);
        switch (promote(Interpreter.primitiveKind(a), Interpreter.primitiveKind(b))) {
            case "double": {
                double x = a.doubleValue();
                double y = b.doubleValue();
                return vm.mirrorOf(op.equals("+") ? x + y : op.equals("-") ? x - y : op.equals("*") ? x * y
                    : op.equals("/") ? x / y : x % y);
            }
            case "float": {
                float x = a.floatValue();
                float y = b.floatValue();
                return vm.mirrorOf(op.equals("+") ? x + y : op.equals("-") ? x - y : op.equals("*") ? x * y
                    : op.equals("/") ? x / y : x % y);
            }
            case "long": {
                long x = a.longValue();
                long y = b.longValue();
                if ((op.equals("/") || op.equals("%")) && y == 0) {
                    throw new EvalException("ArithmeticException: / by zero");
                }
                return vm.mirrorOf(op.equals("+") ? x + y : op.equals("-") ? x - y : op.equals("*") ? x * y
                    : op.equals("/") ? x / y : x % y);
            }
            default: {
                int x = a.intValue();
                int y = b.intValue();
                if ((op.equals("/") || op.equals("%")) && y == 0) {
                    throw new EvalException("ArithmeticException: / by zero");
                }
                return vm.mirrorOf(op.equals("+") ? x + y : op.equals("-") ? x - y : op.equals("*") ? x * y
                    : op.equals("/") ? x / y : x % y);
            }
        }
    }

    private boolean compare(String op, Object l, Object r) throws EvalException {
        PrimitiveValue a = numeric(l, op);
        PrimitiveValue b = numeric(r, op);
        String kind = promote(Interpreter.primitiveKind(a), Interpreter.primitiveKind(b));
        int c;
        if (kind.equals("double") || kind.equals("float")) {
            double x = a.doubleValue();
            double y = b.doubleValue();
            // NaN compares false for every operator, as in Java
            if (Double.isNaN(x) || Double.isNaN(y)) {
                return false;
            }
            c = Double.compare(x, y);
            if (x == y) {
                c = 0; // -0.0 == 0.0
            }
        } else {
            c = Long.compare(a.longValue(), b.longValue());
        }
        switch (op) {
            case "<": return c < 0;
            case "<=": return c <= 0;
            case ">": return c > 0;
            default: return c >= 0;
        }
    }

    /**
     * Java {@code ==} (JLS 15.21): numeric or boolean equality when at least one side is a
     * primitive (the other is unboxed), otherwise reference identity, also for strings and
     * boxed values. A string literal is the interned instance, as in Java.
     */
    private boolean equal(Node leftNode, Object l, Node rightNode, Object r) throws EvalException {
        if (l instanceof PrimitiveValue || r instanceof PrimitiveValue) {
            PrimitiveValue a = in.unbox(l);
            PrimitiveValue b = in.unbox(r);
            if (a == null || b == null) {
                throw new EvalException("incomparable types: " + Interpreter.typeName(l) + " and " + Interpreter.typeName(r));
            }
            if (a instanceof BooleanValue || b instanceof BooleanValue) {
                if (!(a instanceof BooleanValue x) || !(b instanceof BooleanValue y)) {
                    throw new EvalException("incomparable types: " + Interpreter.typeName(l) + " and " + Interpreter.typeName(r));
                }
                return x.value() == y.value();
            }
            String kind = promote(Interpreter.primitiveKind(a), Interpreter.primitiveKind(b));
            if (kind.equals("double") || kind.equals("float")) {
                return a.doubleValue() == b.doubleValue();
            }
            return a.longValue() == b.longValue();
        }
        if (l == null || r == null) {
            return l == r;
        }
        if (l instanceof String || r instanceof String) {
            return stringIdentity(leftNode, l, rightNode, r);
        }
        return l.equals(r); // JDI mirrors of the same object are equal
    }

    /** Identity of strings where one side exists only here (a literal or a concatenation). */
    private boolean stringIdentity(Node leftNode, Object l, Node rightNode, Object r) throws EvalException {
        boolean leftLiteral = leftNode instanceof Node.Literal;
        boolean rightLiteral = rightNode instanceof Node.Literal;
        if (l instanceof String && !leftLiteral || r instanceof String && !rightLiteral) {
            throw new EvalException("'==' on a string built with '+' compares object identity with a new object; "
                + "use .equals(...) to compare contents");
        }
        if (!Interpreter.isStringish(l) || !Interpreter.isStringish(r)) {
            return false; // a literal is never the same object as a non-string
        }
        if (!in.stringify(l).equals(in.stringify(r))) {
            return false;
        }
        if (l instanceof String && r instanceof String) {
            return true; // two equal literals are the same interned string
        }
        // equal contents: the debuggee's string is the literal only if it is the interned instance
        StringReference ref = (StringReference) (l instanceof StringReference ? l : r);
        Method intern = findMethod(ref.referenceType(), "intern", "()Ljava/lang/String;");
        if (intern == null) {
            throw new EvalException("cannot tell whether the string is the interned literal: String.intern() not found");
        }
        in.markInvoked();
        return ref.equals(invoker.invoke(thread, ref, intern, List.of(), false));
    }

    private static Method findMethod(ReferenceType type, String name, String signature) {
        return type instanceof ClassType ct ? ct.concreteMethodByName(name, signature) : null;
    }

}
